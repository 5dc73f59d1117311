import { mkdtempSync, readFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Browser, Page } from 'playwright-core';
import { apply, legalActions, lossChoices, planKey, seatToAct, type GameState, type LossPlan, type Scenario, type ScenarioInput } from '@lames/rules';
import { startServer, type RunningServer } from '../../packages/server/src/app';
import { readConfig } from '../../packages/server/src/config';
import { checkBrowserPrerequisites, launchChromium, tearDown } from './chromium';
import { hooks, waitReady } from './lames-page';
import { PlayerPages } from './player-pages';
import { followLink, invitesOf } from './seats';

/**
 * The formation scenario (La Butte aux Boucliers, issue 10) for the browser
 * tests: its input to modify, its hexes by label, and a copy of the battle
 * kept with the rules beside the server's (same scenario, same seed, same
 * actions: the same dice), to know what both screens must show.
 */

export const SHIELD_HILL = 'the-shield-hill';
const COLS = 14;
export const hexOf = (label: string) => (Number(label.slice(2)) - 1) * COLS + Number(label.slice(0, 2)) - 1;

export function shieldHillInput(): ScenarioInput {
  return JSON.parse(readFileSync(join(__dirname, '../../packages/rules/src/scenarios/the-shield-hill.json'), 'utf8')) as ScenarioInput;
}

/** The battle as the rules play it: every action applied, refused ones thrown. */
export class Rehearsal {
  constructor(public state: GameState) {}

  play(seat: string, action: Record<string, unknown>): GameState {
    const r = apply(this.state, seat, action as never);
    if (!r.ok) throw new Error(`${seat} ${JSON.stringify(action)} refused: ${r.rejection.code}`);
    this.state = r.state;
    return this.state;
  }

  /** The plan a test picks to absorb the pending losses: the first without a recoil (the unit stays in contact), else the first. */
  lossPlan(): { seat: string; plan: LossPlan } {
    const seat = seatToAct(this.state);
    const plans = lossChoices(this.state, seat);
    return { seat, plan: plans.find((p) => p.recoil === undefined && p.exit === undefined) ?? plans[0] };
  }

  /** Ends the turn of the seat to act, then the other's: the first seat plays again. Null when a seat may not end it (a piece bound to act). */
  endRound(): boolean {
    const first = seatToAct(this.state);
    for (let i = 0; i < 2; i++) {
      const seat = seatToAct(this.state);
      if (!legalActions(this.state, seat, '').find((l) => l.type === 'endTurn')?.allowed) return false;
      this.play(seat, { type: 'endTurn' });
    }
    return seatToAct(this.state) === first && this.state.status === 'playing';
  }

  unit(id: string) {
    return this.state.units.find((u) => u.id === id)!;
  }
}

/** Picks a loss plan on the page of the seat that decides it, among the chips its losses panel shows, and confirms. */
export async function absorbOnPage(page: Page, plan: LossPlan): Promise<void> {
  await page.waitForSelector('[data-testid="losses"]', { timeout: 30_000 });
  const offered = (await hooks(page)).lossChoices as LossPlan[];
  const i = offered.findIndex((p) => planKey(p) === planKey(plan));
  if (i < 0) throw new Error(`the page does not offer the plan ${JSON.stringify(plan)}`);
  const before = await page.evaluate(() => (window as unknown as { __lames: { actionCount: number } }).__lames.actionCount);
  await page.click(`[data-testid="losses"] button[data-plan="${i}"]`);
  await page.click('button[data-action="confirm-losses"]');
  // Accepted once the page has drawn the action: the panel may stay for the next losses it decides (a second stack, a second combat).
  await page.waitForFunction((n) => (window as unknown as { __lames: { actionCount: number } }).__lames.actionCount > n, before, { timeout: 30_000 });
}

/** Alice creates a shield-hill battle and takes the Horde; Bruno follows the Alliance's invitation: both pages on the battle. */
export async function seatBoth(browser: Browser, pages: PlayerPages, base: string, battleName: string): Promise<{ horde: Page; alliance: Page }> {
  const horde = await pages.open(browser, base, 'Alice');
  await horde.waitForSelector(`#scenario option[value="${SHIELD_HILL}"]`, { state: 'attached' });
  await horde.selectOption('#scenario', SHIELD_HILL);
  await horde.fill('#battle-name', battleName);
  await horde.check('#seat-scarlet-horde');
  await horde.click('#create');
  await waitReady(horde);
  const invites = await invitesOf(horde);
  const alliance = await pages.blank(browser, 'Bruno');
  await followLink(alliance, invites.alliance, 'Bruno');
  await waitReady(alliance);
  return { horde, alliance };
}

/** The first of `prefix-1` … `prefix-<tries-1>` that `fits` (a seed on which the rules play the test's story), or throws `none`. */
export function firstSeed(prefix: string, fits: (seed: string) => boolean, none: string, tries = 100): string {
  for (let i = 1; i < tries; i++) if (fits(`${prefix}-${i}`)) return `${prefix}-${i}`;
  throw new Error(none);
}

/** A server playing `sc` as the shield hill on `seed` (in a fresh data folder), and chromium: what a formation browser test starts with. */
export async function serveShieldHill(sc: Scenario, seed: string, tag: string): Promise<{ server: RunningServer; browser: Browser; dataDir: string; base: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), `lames-e2e-${tag}-`));
  const server = await startServer(readConfig({ PORT: '0', HOST: '127.0.0.1', LAMES_DATA_DIR: dataDir }), {
    logError: () => undefined,
    reconnectSeconds: 2,
    seed: () => seed,
    scenarios: { [SHIELD_HILL]: sc },
  });
  return { server, browser: await launchChromium(), dataDir, base: `http://127.0.0.1:${server.port}/` };
}

/**
 * What a formation browser test stands on, set up before its tests and torn
 * down after them: the modified scenario, its seed (`seedOf`: a fixed one,
 * or the first on which the rules play the test's story), a server playing
 * it, chromium, and the players' pages.
 */
export function shieldHillSuite(tag: string, scenario: () => Scenario, seedOf: (sc: Scenario) => string) {
  const suite = {
    sc: undefined as unknown as Scenario,
    seed: '',
    pages: new PlayerPages({ width: 1280, height: 800 }),
    server: undefined as RunningServer | undefined,
    browser: undefined as Browser | undefined,
    dataDir: '',
    base: '',
  };
  beforeAll(async () => {
    checkBrowserPrerequisites();
    suite.sc = scenario();
    suite.seed = seedOf(suite.sc);
    Object.assign(suite, await serveShieldHill(suite.sc, suite.seed, tag));
  });
  afterAll(() => tearDown(suite));
  return suite;
}
