/**
 * A formation's second attack offered by itself, then passed, from two
 * browsers (issue 10, §3.3.8): on the shield hill the Horde's Legion, moved
 * up on 0707–0807 against the dwarves' shield wall (as
 * browser-formation-attacks), shocks once from 0807; the Alliance absorbs
 * the losses on its own page without recoiling. The Horde's panel then opens
 * by itself on the second attack (from the other hex, its targets with their
 * odds, as the rules give them, the map zoomed in on them on the Horde's
 * phone) with the "Passer la seconde attaque" button;
 * the Horde clicks it, and both pages show the activation over as the rules
 * have it (a copy of the battle kept here with the rules: same scenario,
 * same seed, same actions): no activation, the Legion's activated marker,
 * the end of its activation in each log.
 * The seed is found here, with the rules, as the first on which the first
 * shock leaves the wall losses to absorb in place and the second attack open.
 * Screenshots of the second attack's panel at 390, 1366 and 1920 px wide, in
 * French and English, go to artifacts/screens-formations/.
 * Needs the built client (npm run build -w @lames/client) and /usr/bin/chromium.
 */
import type { Page } from 'playwright-core';
import { createGame, loadScenario, shockOptions, type GameState, type Scenario, type ShockOption } from '@lames/rules';
import { clickHex, hooks } from './helpers/lames-page';
import { langShots, SHOT_SIZES } from './helpers/lang-shots';
import { mapScale, nextFrame } from './helpers/map-hooks';
import { R } from '../packages/client/src/map/layout';
import { READABLE_RADIUS } from '../packages/client/src/map/readable-zoom';
import { activate, waitPicker } from './helpers/game-ui';
import { absorbOnPage, firstSeed, hexOf, Rehearsal, seatBoth, shieldHillSuite, shieldHillInput } from './helpers/shield-hill';

const HORDE = 'scarlet-horde';
const ALLIANCE = 'alliance';
const LEGION = 'h-legion';
const FIRST = { type: 'shock', piece: LEGION, target: 'a-hammers', supported: true, from: hexOf('0807') };

jest.setTimeout(180_000);

function scenario(): Scenario {
  const input = shieldHillInput();
  Object.assign(input.units.find((u) => u.id === LEGION)!, { hex: '0707', secondHex: '0807' });
  return loadScenario(input);
}

/** The rules' open options of the second attack: the formation's, of the kind it is bound to. */
const secondOptions = (s: GameState): ShockOption[] => shockOptions(s, HORDE, LEGION).filter((o) => o.type === 'shock');

/** Plays the first shock and its losses with the rules: whether this seed gets the battle between the two attacks. */
function rehearse(sc: Scenario, seed: string): boolean {
  try {
    const r = new Rehearsal(createGame(sc, seed));
    r.play(HORDE, { type: 'activate', piece: LEGION });
    r.play(HORDE, FIRST);
    if (!r.state.pendingLosses) return false;
    const { seat, plan } = r.lossPlan();
    if (plan.recoil !== undefined) return false;
    r.play(seat, { type: 'absorbLosses', ...plan });
    const between = r.state.activation?.piece === LEGION && !!r.state.activation.attacks;
    return between && secondOptions(r.state).some((o) => o.allowed);
  } catch {
    return false;
  }
}

const suite = shieldHillSuite('second-attack', scenario, (sc) =>
  firstSeed('second-attack', (s) => rehearse(sc, s), 'no seed in 100 leaves the Legion its second attack: has the set-up stopped being legal?'),
);

type PageView = { activation: { piece: string } | null; units: { id: string; order: string }[] };
type PageLog = { type: string; piece?: string }[];

describe("a formation's second attack offered by itself, then passed, from two browsers (issue 10, §3.3.8)", () => {
  let a: Page;
  let b: Page;
  let mirror: Rehearsal;


  it('seats the Horde and the Alliance on the shield hill, the Legion against the wall', async () => {
    mirror = new Rehearsal(createGame(suite.sc, suite.seed));
    ({ horde: a, alliance: b } = await seatBoth(suite.browser!, suite.pages, suite.base, 'Seconde attaque E2E'));
  });

  it('§3.3.8 the Legion shocks once from 0807 and the Alliance absorbs in place on its page', async () => {
    await activate(a, LEGION);
    mirror.play(HORDE, { type: 'activate', piece: LEGION });
    await a.click('button[data-action="shock"]');
    await waitPicker(a, 'attack');
    await clickHex(a, FIRST.from);
    await clickHex(a, mirror.unit(FIRST.target).hex);
    const facts = (await hooks(a)).interaction as { from: number; target: string };
    expect([facts.from, facts.target]).toEqual([FIRST.from, FIRST.target]);
    await a.click('button[data-action="confirm-shock"]');
    await waitPicker(a, null);
    mirror.play(HORDE, FIRST);
    const { seat, plan } = mirror.lossPlan();
    expect(seat).toBe(ALLIANCE);
    // the Horde plays on a phone: the second attack will open there
    await a.setViewportSize({ width: 390, height: 844 });
    await absorbOnPage(b, plan);
    mirror.play(seat, { type: 'absorbLosses', ...plan });
    expect(mirror.state.activation?.attacks?.from).toEqual([FIRST.from]);
  });

  it('§3.3.8 the panel opens by itself on the second attack from 0707, its targets with the rules’ odds, and the pass button', async () => {
    // no click: the page opens the second attack as soon as the losses are absorbed
    await waitPicker(a, 'attack');
    // on the phone the map zooms in on the attacking hexes and their targets, to be read
    await nextFrame(a);
    expect((await mapScale(a)) * R).toBeGreaterThanOrEqual(READABLE_RADIUS - 0.01);
    if (await a.locator('button[data-action="close-result"]').isVisible()) await a.click('button[data-action="close-result"]');
    await langShots(a, 'second-attack-panel', 'button[data-action="pass-second"]', { width: 1280, height: 800 }, [SHOT_SIZES[0]]);
    // the larger screens as their players see them: the map fitted, readable already
    await a.click('[data-testid="zoom-fit"]');
    const panel = a.locator('[data-testid="attack-panel"]');
    await expect(panel.locator('[data-testid="second-attack"]').textContent()).resolves.toContain('Seconde attaque');
    await expect(panel.locator('button[data-action="pass-second"]').textContent()).resolves.toBe('Passer la seconde attaque');
    const facts = (await hooks(a)).interaction as { from: number; options: ShockOption[] };
    expect(facts.from).toBe(hexOf('0707'));
    const rules = secondOptions(mirror.state).filter((o) => o.from === hexOf('0707'));
    expect(rules.some((o) => o.allowed)).toBe(true);
    expect(facts.options.map((o) => [o.target, o.allowed, o.odds])).toEqual(rules.map((o) => [o.target, o.allowed, o.odds]));
    // each open target's card shows its odds bar
    for (const target of new Set(rules.filter((o) => o.allowed).map((o) => o.target))) {
      await expect(panel.locator(`[data-target="${target}"] .odds`).count()).resolves.toBeGreaterThan(0);
    }
    await langShots(a, 'second-attack-panel', 'button[data-action="pass-second"]', { width: 1280, height: 800 }, SHOT_SIZES.slice(1));
    await expect(panel.locator('button[data-action="pass-second"]').textContent()).resolves.toBe('Passer la seconde attaque');
  });

  it('§3.3.8 "Passer la seconde attaque" ends the Legion’s activation on both pages, as the rules have it', async () => {
    await a.click('button[data-action="pass-second"]');
    mirror.play(HORDE, { type: 'pass', piece: LEGION });
    const want = { activation: mirror.state.activation?.piece ?? null, order: mirror.unit(LEGION).order };
    expect(want).toEqual({ activation: null, order: 'activated' });
    for (const p of [a, b]) {
      await p.waitForFunction(
        ({ id, want }) => {
          const l = (window as unknown as { __lames: { view: PageView; log: PageLog } }).__lames;
          const u = l.view?.units.find((x) => x.id === id);
          const ended = l.log.some((e) => e.type === 'activationEnded' && e.piece === id);
          return (l.view?.activation?.piece ?? null) === want.activation && u?.order === want.order && ended;
        },
        { id: LEGION, want },
        { timeout: 30_000 },
      );
      // the log's last line says so (the Legion's name aside: its wing shares its id on this map, and the log names the wing),
      // once the page has drawn the event its state already holds (the list is drawn after the state changes)
      await p
        .waitForFunction(() => /^Fin de l'activation de /.test(document.querySelector('[data-testid="log"] li:last-child')?.textContent ?? ''), undefined, { timeout: 10_000 })
        .catch(() => undefined);
      await expect(p.locator('[data-testid="log"] li').last().textContent()).resolves.toMatch(/^Fin de l'activation de .+\.§2\.4\.3$/);
    }
    // the Horde's panel is back to its actions: no second attack to offer any more
    await waitPicker(a, null);
    await expect(a.locator('button[data-action="pass-second"]').count()).resolves.toBe(0);
    expect(suite.pages.realErrors()).toEqual([]);
  });
});
