/**
 * The formations' panels and previews as a player sees them (issue 10), at
 * a phone's, a laptop's and a large screen's width, in French and English:
 * screenshots to artifacts/screens-formations/ for a person to look at, and
 * checks of what a player must be able to read there — the size against the
 * command's limit when joining (§3.3.11) and constituting (§3.3.10), the
 * place and cost of a pivot, an advance and a half-turn (§3.3.7), the panel
 * never wider than the screen and no chip cut.
 *
 * Set-up (a modified shield hill): the Legion's wing under a regroup
 * directive (the formation actions need it, sheet 001), a maniple stacked
 * behind the Legion on 0803 to join it (10 + 2 = 12 steps, the Legion's
 * limit), and two autonomous maniples side by side on 1006 and 0906 to
 * constitute one (as browser-formation-life). Nothing is sent but the pass
 * that ends the Legion's activation.
 * Needs the built client (npm run build -w @lames/client) and /usr/bin/chromium.
 */
import type { Page } from 'playwright-core';
import { createGame, loadScenario, reachable, type Arrival, type GameState, type MoveMode, type Scenario, type ScenarioInput } from '@lames/rules';
import { clickHex } from './helpers/lames-page';
import { langShots, shotPath, SHOT_SIZES } from './helpers/lang-shots';
import { mapScale, nextFrame } from './helpers/map-hooks';
import { R } from '../packages/client/src/map/layout';
import { READABLE_RADIUS } from '../packages/client/src/map/readable-zoom';
import { activate, waitActivation, waitPicker } from './helpers/game-ui';
import { Rehearsal, seatBoth, shieldHillSuite, shieldHillInput } from './helpers/shield-hill';

const HORDE = 'scarlet-horde';
const LEGION = 'h-legion';
const FORMING = 'h-legion-2';
const PARTNER = 'h-legion-3';
const JOINING = 'h-legion-4';

jest.setTimeout(300_000);

function scenario(): Scenario {
  const input = shieldHillInput();
  type In = ScenarioInput['units'][number];
  const legionWing = input.units.find((u) => u.id === LEGION)!.wing;
  input.sides.find((s) => s.id === HORDE)!.wings.find((w) => w.id === legionWing)!.directive = 'regroup';
  const maniple = input.units.find((u) => u.id === FORMING)! as In & { profiles: { command: { class: string } } };
  // behind the Legion in its stack on 0803 (listed after it), as a troop joining must be (§3.3.11)
  input.units.splice(input.units.findIndex((u) => u.id === LEGION) + 1, 0, { ...structuredClone(maniple), id: JOINING, name: 'Manipule des Saules', hex: '0803', facing: 7 });
  Object.assign(maniple, { hex: '1006', facing: 7 });
  maniple.profiles.command.class = 'autonomous';
  input.units.push({ ...structuredClone(maniple), id: PARTNER, name: 'Manipule du Gué', hex: '0906' });
  return loadScenario(input);
}

/** The first place the rules offer the Legion whose path is these kinds of step ('pivot', 'shift', 'face'). */
function placeOf(s: GameState, mode: MoveMode, kinds: string[]): Arrival {
  const kind = (st: object) => ('pivot' in st ? 'pivot' : 'shift' in st ? 'shift' : 'face' in st ? 'face' : 'hex');
  const a = reachable(s, HORDE, LEGION, mode).find((x) => JSON.stringify(x.steps.map(kind)) === JSON.stringify(kinds));
  if (!a) throw new Error(`the rules offer the Legion no ${kinds.join(', ')} in a ${mode} move`);
  return a;
}

const suite = shieldHillSuite('formation-screens', scenario, () => 'formation-screens');

describe("the formations' panels and previews at every width, in French and English (issue 10)", () => {
  let a: Page;
  let mirror: Rehearsal;

  /** The actions' panel fits the screen and no chip's text is cut, at the page's width now. */
  async function faultsNow(p: Page): Promise<string[]> {
    return p.evaluate(() => {
      const panel = document.querySelector('[data-testid="actions"]') as HTMLElement;
      const out: string[] = [];
      if (panel.getBoundingClientRect().right > window.innerWidth + 1) out.push(`panel ${panel.getBoundingClientRect().right} > ${window.innerWidth}`);
      for (const el of Array.from(panel.querySelectorAll<HTMLElement>('button, .chip'))) if (el.scrollWidth > el.clientWidth + 1) out.push(`cut: ${el.textContent}`);
      return out;
    });
  }

  /** At each width the actions' panel is legible (faultsNow). */
  async function legible(p: Page): Promise<void> {
    for (const [width, height] of SHOT_SIZES) {
      await p.setViewportSize({ width, height });
      await nextFrame(p);
      expect({ width, faults: await faultsNow(p) }).toEqual({ width, faults: [] });
    }
    await p.setViewportSize({ width: 1280, height: 800 });
  }

  /** The place picked on the map (a click on one of its hexes), then among that hex's places in the panel: both its hexes and its facing. */
  async function pick(place: Arrival): Promise<void> {
    await clickHex(a, place.second !== undefined && place.second !== place.hex ? place.second : place.hex);
    const wanted = [`${place.hex}-${place.second}`, `${place.second}-${place.hex}`];
    let found = false;
    for (const c of await a.locator(`[data-testid="body-panel"] button.chip[data-facing="${place.facing}"]`).all()) {
      if (found || !wanted.includes((await c.getAttribute('data-place')) ?? '')) continue;
      await c.click();
      found = true;
    }
    expect(found).toBe(true);
    await nextFrame(a);
  }

  /**
   * The Legion's move of `mode` to the place of these steps, picked afresh
   * at each width and language as a player there would (the map fitted
   * first): on the phone the preview zooms in to be read, elsewhere the
   * fitted map is readable already and stays. Each preview is shot.
   */
  async function preview(name: string, mode: MoveMode, kinds: string[]): Promise<void> {
    const place = placeOf(mirror.state, mode, kinds);
    for (const lang of ['fr', 'en']) {
      for (const [width, height] of SHOT_SIZES) {
        await a.setViewportSize({ width, height });
        await a.click('[data-testid="zoom-fit"]');
        await nextFrame(a);
        const fitted = await mapScale(a);
        await a.click(`button[data-action="move-${mode}"]`);
        await waitPicker(a, 'move');
        await pick(place);
        const scale = await mapScale(a);
        if (fitted * R < READABLE_RADIUS) expect(scale * R).toBeGreaterThanOrEqual(READABLE_RADIUS - 0.01);
        else expect(scale).toBeCloseTo(fitted, 5);
        await expect(a.locator('[data-testid="body-panel"] button.chip.chosen').textContent()).resolves.toMatch(/\d/);
        expect({ width, faults: await faultsNow(a) }).toEqual({ width, faults: [] });
        await a.locator('[data-testid="body-panel"] button.chip.chosen').scrollIntoViewIfNeeded();
        await nextFrame(a);
        await a.screenshot({ path: shotPath(name, width, lang) });
        await a.click('button[data-action="cancel"]');
        await waitPicker(a, null);
      }
      await a.click('#lang-toggle');
    }
    await a.setViewportSize({ width: 1280, height: 800 });
    await a.click('[data-testid="zoom-fit"]');
  }

  /** Opens a formation action's panel, checks what it says, shoots it and closes it. */
  async function formationPanel(type: string, name: string, text: RegExp): Promise<void> {
    await a.click(`button[data-action="${type}"]`);
    await waitPicker(a, type);
    await expect(a.locator('[data-testid="actions"]').textContent()).resolves.toMatch(text);
    await legible(a);
    await langShots(a, name, `[data-testid="${type}-panel"]`);
  }

  it('seats the Horde and the Alliance on the modified shield hill', async () => {
    mirror = new Rehearsal(createGame(suite.sc, suite.seed));
    ({ horde: a } = await seatBoth(suite.browser!, suite.pages, suite.base, 'Écrans des formations E2E'));
  });

  it('§3.3.7 the Legion’s pivot, advance and half-turn previews, each with its place and cost', async () => {
    await activate(a, LEGION);
    mirror.play(HORDE, { type: 'activate', piece: LEGION });
    await preview('formation-move-pivot', 'normal', ['pivot']);
    await preview('formation-move-advance', 'normal', ['pivot', 'shift']);
    await preview('formation-move-half-turn', 'minimal', ['face']);
  });

  it('§3.3.14/§3.3.11 the mode change, and the join with its size against the limit (10 + 2 = 12 / 12)', async () => {
    await formationPanel('changeMode', 'formation-change-mode', /Mur de boucliers|Tortue/);
    await a.click('button[data-action="cancel"]');
    await waitPicker(a, null);
    await formationPanel('joinFormation', 'formation-join', /10 \+ 2 = 12 \/ 12/);
    await a.click('button[data-action="cancel"]');
    await waitPicker(a, null);
    await a.click('button[data-action="pass"]');
    await waitActivation(a, null);
  });

  it('§3.3.10 the constitution, its partner picked on the map, with its size against the limit', async () => {
    await activate(a, FORMING);
    await a.click('button[data-action="constitute"]');
    await waitPicker(a, 'constitute');
    await clickHex(a, mirror.unit(PARTNER).hex);
    await a.waitForFunction((p) => (window as unknown as { __lames: { interaction: { chosen: string | null } } }).__lames.interaction?.chosen === p, PARTNER);
    await expect(a.locator('[data-testid="formation-detail"]').first().textContent()).resolves.toContain('2 + 2 = 4');
    await legible(a);
    await langShots(a, 'formation-constitute', '[data-testid="constitute-panel"]');
    expect(suite.pages.realErrors()).toEqual([]);
  });
});
