/**
 * Issue 10's "done when": two players play the formation scenario (La Butte
 * aux Boucliers) to its end from two browsers. The rules' random player
 * (`randomPlayer`, @lames/rules/testing) chooses every action on a copy of
 * the battle kept here (same scenario, same seed as the server: the same
 * dice), and each action goes through the page of the seat that plays it:
 *
 * - through the UI where the page has one for it: activating a piece (a click
 *   on its hex, then "Activer"), the one-click actions of the panel (pass,
 *   rest, reorganise, rally, distribute orders…), absorbing losses (the plan's
 *   chip in the losses panel, then confirm) and ending the turn ("Fin du
 *   tour", confirmed when pieces are left);
 * - through the page's own send path (window.__lames.send, the one its
 *   panels call) for the actions whose choices the random player draws
 *   itself — a move's or a formation's steps, a fire's shots, a shock's
 *   option, a withdrawal, a face, a return, an order, a wing's morale, a
 *   formation action — whose UI the other browser tests drive.
 *
 * After each action the test waits until both pages have drawn it (the room's
 * action count); at each end of turn both pages show what the rules give
 * (every unit's hexes, facing and steps); at the end both show the end card
 * with the same winner as the rules. The full game (8 turns, the scenario's
 * own limit) is played; the seed is fixed.
 * Needs the built client (npm run build -w @lames/client) and /usr/bin/chromium.
 */
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Browser, Page } from 'playwright-core';
import { apply, createGame, viewFor, type LossPlan } from '@lames/rules';
import { randomPlayer } from '@lames/rules/testing';
import { scenarioById } from '@lames/rules/scenarios';
import { checkBrowserPrerequisites, launchChromium, SHOTS, tearDown } from './helpers/chromium';
import { PlayerPages } from './helpers/player-pages';
import { startServer, type RunningServer } from '../packages/server/src/app';
import { readConfig } from '../packages/server/src/config';
import { forceSend } from './helpers/lames-page';
import { endTurn, select } from './helpers/game-ui';
import { absorbOnPage, seatBoth, SHIELD_HILL } from './helpers/shield-hill';

/** A game of 154 actions that plays a change of mode, shocks and fire; the Horde wins at the turn limit. */
const SEED = 'shield-hill-browsers-26';
const HILL = scenarioById(SHIELD_HILL)!;
/** The panel's one-click actions for the selected piece (ui/actions.ts ONE_CLICK), but activate, which needs the piece selected first. */
const ONE_CLICK = new Set(['pass', 'rest', 'reorganise', 'rally', 'resign', 'distributeOrders']);

jest.setTimeout(300_000);

let server: RunningServer | undefined;
let browser: Browser | undefined;
let dataDir = '';
let base = '';
const pages = new PlayerPages({ width: 1280, height: 800 });

beforeAll(async () => {
  checkBrowserPrerequisites();
  dataDir = mkdtempSync(join(tmpdir(), 'lames-e2e-shield-hill-game-'));
  server = await startServer(readConfig({ PORT: '0', HOST: '127.0.0.1', LAMES_DATA_DIR: dataDir }), { logError: () => undefined, reconnectSeconds: 2, seed: () => SEED });
  base = `http://127.0.0.1:${server.port}/`;
  browser = await launchChromium();
});

afterAll(() => tearDown({ server, pages, browser, dataDir }));

type Win = { __lames: { actionCount: number; view: { units: PageUnit[] } | null } };
type PageUnit = { id: string; hex: number; secondHex?: number; facing: number; steps: number };

/** Waits until the page has drawn `n` accepted actions. */
const waitCount = (p: Page, n: number) => p.waitForFunction((k) => (window as unknown as Win).__lames.actionCount >= k, n, { timeout: 30_000 });

/** Every unit the seat sees, as the rules have it and as the page shows it: hexes, facing, steps. */
const fingerprint = (units: PageUnit[]) =>
  units
    .map((u) => `${u.id}:${u.hex}:${u.secondHex ?? -1}:${u.facing}:${u.steps}`)
    .sort()
    .join(' ');
const pageUnits = (p: Page) => p.evaluate(() => (window as unknown as Win).__lames.view!.units);

describe('the shield hill played to its end from two browsers (issue 10)', () => {
  let pageOf: Record<string, Page>;

  it('seats the Horde and the Alliance', async () => {
    const { horde, alliance } = await seatBoth(browser!, pages, base, 'Butte E2E');
    pageOf = { 'scarlet-horde': horde, alliance };
  });

  /** Sends one action through the seat's page: the UI where it has one, else its send path. */
  async function send(page: Page, action: { type: string } & Record<string, unknown>): Promise<void> {
    const piece = typeof action.piece === 'string' ? action.piece : null;
    if (action.type === 'activate' && piece) {
      await select(page, piece);
      await page.click('button[data-action="activate"]');
    } else if (ONE_CLICK.has(action.type) && piece) {
      // the piece under activation is the page's selection
      await page.click(`button[data-action="${action.type}"]`);
    } else if (action.type === 'absorbLosses') {
      const { type: _type, ...plan } = action;
      await absorbOnPage(page, plan as unknown as LossPlan);
    } else if (action.type === 'endTurn') {
      await endTurn(page);
    } else {
      await forceSend(page, action);
    }
  }

  it('§3.3 both players play every action of the random player through their page, to the end; both see the end card with the rules’ winner', async () => {
    const next = randomPlayer(SEED);
    let state = createGame(HILL, SEED);
    let count = 0;
    const through = { ui: 0, send: 0 };
    while (state.status === 'playing') {
      const { seat, action } = next(state);
      const page = pageOf[seat];
      await send(page, action);
      if (['activate', 'absorbLosses', 'endTurn'].includes(action.type) || ONE_CLICK.has(action.type)) through.ui += 1;
      else through.send += 1;
      const r = apply(state, seat, action as never);
      if (!r.ok) throw new Error(`the random player's ${JSON.stringify(action)} is refused: ${r.rejection.code}`);
      state = r.state;
      count += 1;
      for (const p of Object.values(pageOf)) await waitCount(p, count);
      // at each end of turn, both screens show the units as the rules have them for their seat
      if (action.type === 'endTurn' || state.status !== 'playing')
        for (const [s, p] of Object.entries(pageOf)) expect(fingerprint(await pageUnits(p))).toBe(fingerprint(viewFor(state, s).units));
    }
    expect(state.result?.winner).toBeDefined();
    expect(through.ui).toBeGreaterThan(0);
    for (const [s, p] of Object.entries(pageOf)) {
      const card = p.locator('[data-testid="result"]');
      await card.waitFor({ timeout: 30_000 });
      await expect(card.getAttribute('data-winner')).resolves.toBe(state.result!.winner ?? '');
      await card.scrollIntoViewIfNeeded();
      await p.screenshot({ path: join(SHOTS, `shield-hill-end-${s}.png`) });
    }
    expect(pages.realErrors()).toEqual([]);
  });
});
