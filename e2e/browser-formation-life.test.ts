/**
 * A formation's life from two browsers (issue 10): on the shield hill the
 * Horde constitutes a formation from the panel (§3.3.10), changes its mode
 * (§3.3.14), moves it by a pivot (§3.3.7, FORM-52) and shocks with both its
 * hexes, one attack each (§3.3.8); the Alliance absorbs the losses on its
 * own page. After each step both screens are checked: the Alliance's map
 * shows the new double counter, its mode marker, its new hexes and facing,
 * and both pages hold what the rules give (a copy of the battle kept here
 * with the rules: same scenario, same seed, same actions).
 *
 * Set-up (a modified scenario, as browser-formation-attacks does): the
 * Manipule (h-legion-2) stands on 0805 facing the west vertex (9) beside a
 * second maniple of the same type on 0806; both are autonomous, free of the
 * wing's attack directive, since a constitution needs a regroup directive
 * or a special order (sheet 001) and the formation, on its own counter,
 * then follows the wing's attack directive to close with the enemy. Every
 * action the test is about goes through the UI; the ends of turns too
 * (the "Fin du tour" button). The seed is found here, with the rules, as the
 * first on which the first shock leaves the second to make.
 * Screenshots of the pivot's preview and of the pass button at 390, 1366
 * and 1920 px wide, in French and English, go to artifacts/screens-formations/.
 * Needs the built client (npm run build -w @lames/client) and /usr/bin/chromium.
 */
import type { Page } from 'playwright-core';
import { createGame, formationChoices, loadScenario, reachable, shockOptions, type BodyStep, type GameState, type Scenario, type ScenarioInput, type ShockOption } from '@lames/rules';
import { clickHex, colourShare, hexCenter, hooks } from './helpers/lames-page';
import { counterBox, nextFrame, type Box } from './helpers/map-hooks';
import { langShots } from './helpers/lang-shots';
import { activate, endTurn, waitActiveSide, waitPicker } from './helpers/game-ui';
import { absorbOnPage, firstSeed, hexOf, Rehearsal, seatBoth, shieldHillSuite, shieldHillInput } from './helpers/shield-hill';

const HORDE = 'scarlet-horde';
const ALLIANCE = 'alliance';
const FORMING = 'h-legion-2';
const PARTNER = 'h-legion-3';
/**
 * The move: a pivot, 0806 kept and 0805 swung onto 0706 (the facing turns
 * 60° towards the enemy), then the body one hex forward into contact —
 * under the wing's attack directive each of them must lower the
 * formation's own cost to engage its nearest enemy (§2.6.11.1, §3.3.7:
 * a pivot is a hex entered), so the formation starts turned away from the
 * enemy, where the pivot is its way to it.
 */
const PIVOT: BodyStep = { pivot: hexOf('0806'), onto: hexOf('0706') };
const MOVE: BodyStep[] = [PIVOT, { shift: 3 }];
/** The mode markers' colours (counters-model.ts MODE_COLOURS). */
const MODE_RGB: Record<string, [number, number, number]> = { shieldWall: [0x3d, 0x5a, 0x80], rotatingRanks: [0x2f, 0x6f, 0x6a], hedgehog: [0x7a, 0x3b, 0x2e], tortoise: [0x5a, 0x4a, 0x8a] };

jest.setTimeout(240_000);

function scenario(): Scenario {
  const input = shieldHillInput();
  type In = ScenarioInput['units'][number];
  const maniple = input.units.find((u) => u.id === FORMING)! as In & { profiles: { command: { class: string } } };
  Object.assign(maniple, { hex: '0805', facing: 9 });
  maniple.profiles.command.class = 'autonomous';
  input.units.push({ ...structuredClone(maniple), id: PARTNER, name: 'Manipule du Gué', hex: '0806' });
  return loadScenario(input);
}

/**
 * What the Horde picks, from what the rules offer: rotating ranks (with Manoeuvre), which keep the
 * march's movement (§3.3.6), so that the pivot into contact stays within its allowance (the shield
 * wall and the tortoise lower it a rank).
 */
const modeOf = (s: GameState) => formationChoices(s, HORDE, FORMING).changeMode.find((m) => m === 'rotatingRanks')!;
const arrival = (s: GameState, steps: BodyStep[]) => reachable(s, HORDE, FORMING, 'normal').find((a) => JSON.stringify(a.steps) === JSON.stringify(steps));
/** The shock the page makes by default (the first open option) or from a hex: the first open one. */
const shockOf = (s: GameState): ShockOption | undefined => shockOptions(s, HORDE, FORMING).find((o) => o.type === 'shock' && o.allowed);
const shockAction = (o: ShockOption) => ({ type: 'shock', piece: FORMING, target: o.target, supported: o.supported, ...(o.breath ? { breath: true } : {}), from: o.from });

/** Plays the whole test with the rules: false when this seed does not reach the second attack. */
function rehearse(sc: Scenario, seed: string): boolean {
  try {
    const r = new Rehearsal(createGame(sc, seed));
    r.play(HORDE, { type: 'activate', piece: FORMING });
    r.play(HORDE, { type: 'constitute', piece: FORMING, with: PARTNER });
    if (!r.endRound()) return false;
    r.play(HORDE, { type: 'activate', piece: FORMING });
    r.play(HORDE, { type: 'changeMode', piece: FORMING, mode: modeOf(r.state) });
    if (!r.endRound()) return false;
    r.play(HORDE, { type: 'activate', piece: FORMING });
    if (!arrival(r.state, MOVE)) return false;
    r.play(HORDE, { type: 'move', piece: FORMING, mode: 'normal', steps: MOVE });
    if (!r.endRound()) return false;
    r.play(HORDE, { type: 'activate', piece: FORMING });
    for (let attack = 0; attack < 2; attack++) {
      const o = shockOf(r.state);
      if (!o || r.state.activation?.piece !== FORMING) return false;
      r.play(HORDE, shockAction(o));
      while (r.state.pendingLosses) {
        const { seat, plan } = r.lossPlan();
        r.play(seat, { type: 'absorbLosses', ...plan });
      }
    }
    return true;
  } catch {
    return false;
  }
}

const suite = shieldHillSuite('formation-life', scenario, (sc) =>
  firstSeed('formation-life', (s) => rehearse(sc, s), 'no seed in 100 lets the formation make its two attacks: has the set-up stopped being legal?'),
);

type PageUnit = { id: string; hex: number; secondHex?: number; facing: number; steps: number; formationMode?: string; destroyed?: boolean };
const inside = (b: Box, p: { x: number; y: number }) => p.x > b.x && p.x < b.x + b.width && p.y > b.y && p.y < b.y + b.height;

describe('a formation constituted, its mode changed, moved by a pivot and shocking twice, from two browsers (issue 10)', () => {
  let a: Page;
  let b: Page;
  let mirror: Rehearsal;

  /** Both pages show the unit as the rules have it: hexes, facing, steps, mode. */
  async function bothShow(id: string): Promise<void> {
    const u = mirror.unit(id);
    const want = { hex: u.hex, secondHex: u.secondHex ?? -1, facing: u.facing, steps: u.steps, mode: u.formationMode ?? 'march' };
    for (const p of [a, b]) {
      await p.waitForFunction(
        ({ id, want }) => {
          const v = (window as unknown as { __lames: { view: { units: PageUnit[] } } }).__lames.view?.units.find((x) => x.id === id);
          return !!v && v.hex === want.hex && (v.secondHex ?? -1) === want.secondHex && v.facing === want.facing && v.steps === want.steps && (v.formationMode ?? 'march') === want.mode;
        },
        { id, want },
        { timeout: 30_000 },
      );
    }
  }

  /** The Alliance's map draws one double counter over both hexes of the formation. */
  async function doubleCounterOn(p: Page, id: string): Promise<Box> {
    await nextFrame(p);
    const u = mirror.unit(id);
    const box = await counterBox(p, id);
    expect(box).not.toBeNull();
    for (const hex of [u.hex, u.secondHex!]) expect(inside(box!, await hexCenter(p, hex))).toBe(true);
    return box!;
  }

  /** The share of a colour over a counter (its mode marker), read from a screenshot of the canvas. */
  async function shareOver(p: Page, id: string, rgb: [number, number, number]): Promise<number> {
    const box = (await counterBox(p, id))!;
    return colourShare(p, { x: box.x + box.width / 2, y: box.y + box.height / 2 }, rgb, Math.round(Math.max(box.width, box.height) / 2));
  }

  /** Both seats end their turn from the panel; the Horde plays again. */
  async function endRound(): Promise<void> {
    expect(mirror.endRound()).toBe(true);
    await endTurn(a);
    await waitActiveSide(b, ALLIANCE);
    await endTurn(b);
    await waitActiveSide(a, HORDE);
    await waitActiveSide(b, HORDE);
  }


  it('seats the Horde and the Alliance on the modified shield hill', async () => {
    mirror = new Rehearsal(createGame(suite.sc, suite.seed));
    ({ horde: a, alliance: b } = await seatBoth(suite.browser!, suite.pages, suite.base, 'Vie d’une formation E2E'));
  });

  it('§3.3.10 the Horde constitutes the formation from the panel, its partner picked on the map; the Alliance sees one double counter on 0805–0806', async () => {
    await activate(a, FORMING);
    mirror.play(HORDE, { type: 'activate', piece: FORMING });
    await a.click('button[data-action="constitute"]');
    await waitPicker(a, 'constitute');
    await clickHex(a, hexOf('0806'));
    await a.waitForFunction((p) => (window as unknown as { __lames: { interaction: { chosen: string | null } } }).__lames.interaction?.chosen === p, PARTNER);
    await expect(a.locator('[data-testid="formation-detail"]').first().textContent()).resolves.toContain('2 + 2 = 4');
    await a.click('button[data-action="confirm-constitute"]');
    mirror.play(HORDE, { type: 'constitute', piece: FORMING, with: PARTNER });
    expect(mirror.unit(FORMING).secondHex).toBe(hexOf('0806'));
    await bothShow(FORMING);
    // the partner's counter is gone into the formation, on both screens
    for (const p of [a, b]) await p.waitForFunction((id) => !(window as unknown as { __lames: { view: { units: PageUnit[] } } }).__lames.view.units.some((u) => u.id === id && u.hex >= 0), PARTNER);
    await doubleCounterOn(b, FORMING);
    await endRound();
  });

  it('§3.3.14 the Horde changes its mode away from the enemy; the Alliance’s map shows the marker and its panel the mode', async () => {
    await activate(a, FORMING);
    mirror.play(HORDE, { type: 'activate', piece: FORMING });
    const mode = modeOf(mirror.state);
    const before = await shareOver(b, FORMING, MODE_RGB[mode]);
    await a.click('button[data-action="changeMode"]');
    await waitPicker(a, 'changeMode');
    await a.click(`[data-testid="changeMode-panel"] [data-choice="${mode}"]`);
    await a.click('button[data-action="confirm-changeMode"]');
    mirror.play(HORDE, { type: 'changeMode', piece: FORMING, mode });
    await bothShow(FORMING);
    await doubleCounterOn(b, FORMING);
    expect(await shareOver(b, FORMING, MODE_RGB[mode])).toBeGreaterThan(before);
    await clickHex(b, mirror.unit(FORMING).hex);
    await b.locator(`[data-testid="selection"] [data-unit="${FORMING}"]`).waitFor();
    await expect(b.locator('[data-testid="selection"] [data-mode]').getAttribute('data-mode')).resolves.toBe(mode);
    await endRound();
  });

  it('§3.3.7 the Horde moves it by a pivot (0806 kept, 0805 onto 0706) and on into contact, the place picked on the map and its path previewed; the Alliance sees the new hexes and facing', async () => {
    const start = { ...mirror.unit(FORMING) };
    await activate(a, FORMING);
    mirror.play(HORDE, { type: 'activate', piece: FORMING });
    await a.click('button[data-action="move-normal"]');
    await waitPicker(a, 'move');
    type Chosen = { chosen: { path: { hex: number; second: number; facing: number }[]; action: { steps: BodyStep[] } } | null };
    const chosen = async () => ((await hooks(a)).interaction as unknown as Chosen).chosen;
    // the place is picked on the map: a click on one of its hexes
    const end = arrival(mirror.state, MOVE)!;
    for (let i = 0; i < 8 && JSON.stringify((await chosen())?.action.steps) !== JSON.stringify(MOVE); i++) {
      await clickHex(a, end.hex);
      await a.waitForTimeout(50);
    }
    const c = (await chosen())!;
    expect(c.action.steps).toEqual(MOVE);
    // the preview's path, stage by stage: the start, the pivot (0806 kept, 0706 taken), the place
    expect(c.path.map((st) => [st.hex, st.second].sort((x, y) => x - y))).toEqual([
      [start.hex, start.secondHex!].sort((x, y) => x - y),
      [hexOf('0806'), hexOf('0706')].sort((x, y) => x - y),
      [end.hex, end.second!].sort((x, y) => x - y),
    ]);
    const place = (await a.locator('[data-testid="body-panel"] button.chip.chosen').getAttribute('data-place'))!;
    expect(place.split('-').map(Number).sort((x, y) => x - y)).toEqual([end.hex, end.second!].sort((x, y) => x - y));
    await langShots(a, 'formation-pivot-preview', '[data-testid="body-panel"] button.chip.chosen');
    await a.click('button[data-action="confirm-move"]');
    mirror.play(HORDE, { type: 'move', piece: FORMING, mode: 'normal', steps: MOVE });
    const moved = mirror.unit(FORMING);
    expect([moved.hex, moved.secondHex, moved.facing]).toEqual([end.hex, end.second, end.facing]);
    expect(moved.facing).not.toBe(start.facing);
    await bothShow(FORMING);
    const box = await doubleCounterOn(b, FORMING);
    // the hex the pivot swung away is bare of it on the Alliance's map (the kept one, 0806, lies beside the new body)
    expect(inside(box, await hexCenter(b, start.hex))).toBe(false);
    await endRound();
  });

  it('§3.3.8 the Horde shocks from one hex, the Alliance absorbs on its page, the panel offers the second attack or a pass by itself, and the second hex shocks; both screens show the results', async () => {
    await activate(a, FORMING);
    mirror.play(HORDE, { type: 'activate', piece: FORMING });
    const froms: number[] = [];
    for (let attack = 0; attack < 2; attack++) {
      const o = shockOf(mirror.state)!;
      froms.push(o.from!);
      // the first shock from the panel's button; the second's panel opens by itself once the losses are absorbed
      if (attack === 0) await a.click('button[data-action="shock"]');
      await waitPicker(a, 'attack');
      if (attack === 0) {
        await clickHex(a, o.from!);
        await clickHex(a, mirror.unit(o.target).hex);
      } else {
        // between the two attacks: the second from the other hex, or the pass button (§3.3.8)
        const hexes = a.locator('[data-testid="attack-hexes"]');
        await expect(hexes.locator('[data-testid="second-attack"]').textContent()).resolves.toContain('Seconde attaque');
        await expect(hexes.locator('button[data-action="pass-second"]').textContent()).resolves.toBe('Passer la seconde attaque');
        // the first shock's result card is put away, as a player does, to read the panel under it
        if (await a.locator('button[data-action="close-result"]').isVisible()) await a.click('button[data-action="close-result"]');
        await langShots(a, 'formation-pass-second', 'button[data-action="pass-second"]');
        await expect(hexes.locator('button[data-action="pass-second"]').textContent()).resolves.toBe('Passer la seconde attaque');
      }
      const facts = (await hooks(a)).interaction as { from: number; target: string };
      expect([facts.from, facts.target]).toEqual([o.from, o.target]);
      await a.click('button[data-action="confirm-shock"]');
      mirror.play(HORDE, shockAction(o));
      while (mirror.state.pendingLosses) {
        const { seat, plan } = mirror.lossPlan();
        await absorbOnPage(seat === ALLIANCE ? b : a, plan);
        mirror.play(seat, { type: 'absorbLosses', ...plan });
      }
      for (const id of [FORMING, o.target]) if (mirror.unit(id).hex >= 0) await bothShow(id);
    }
    // one attack from each of its hexes (§3.3.8), whichever enemy each engages
    expect(new Set(froms).size).toBe(2);
    // both attacks are in each page's log
    for (const p of [a, b]) {
      await p.waitForFunction(() => (window as unknown as { __lames: { log: { type: string; attacker?: string }[] } }).__lames.log.filter((e) => e.type === 'combat').length >= 2, null, { timeout: 30_000 });
    }
    await doubleCounterOn(b, FORMING);
    expect(suite.pages.realErrors()).toEqual([]);
  });
});
