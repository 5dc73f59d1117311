/**
 * Issue 11 in the browser: the end of a battle lifts every cover. The ford
 * is resumed from its save at its last moment (the Black Teeth's ambush in
 * the wood at 1303 and its decoy at 1204 still under their covers, every
 * Black Teeth wing in retreat); Alice (Ardenne) and Bruno (Dents Noires)
 * come back by their personal links. Until Bruno ends his turn Alice's page
 * knows nothing of the ambush nor of the decoy; after it, her map holds the
 * ambush and the decoy as such, and the end card says the turns played and
 * what every cover hid, in French and in English. Screenshots at 390×844,
 * 1280×800 and 1920×1080 in both languages go to artifacts/screenshots.
 */
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Browser, Page } from 'playwright-core';
import { apply, fixedDice, type GameState } from '@lames/rules';
import { fordGame, FORD_DECOY } from '@lames/rules/testing';
import { checkBrowserPrerequisites, launchChromium, SHOTS, tearDown } from './helpers/chromium';
import { PlayerPages } from './helpers/player-pages';
import { forceSend, hooks, waitReady } from './helpers/lames-page';
import { followLink } from './helpers/seats';
import { startServer, type RunningServer } from '../packages/server/src/app';
import { readConfig } from '../packages/server/src/config';
import { openFileStore } from '../packages/server/src/persistence/file-store';
import { hashToken } from '../packages/server/src/rooms/seat-keys';

const BATTLE = 'end-reveal';
const KEYS = { ardenne: 'ArdenneKey-0123456789a', 'black-teeth': 'BlackTeethKey-01234567' };

/** The ford after Ardenne's first turn, every Black Teeth wing in retreat: their end of turn ends the battle (§2.4). */
function lastMoment(): GameState {
  const game = fordGame('browser end reveal');
  const r = apply(game, game.activeSide, { type: 'endTurn' }, { dice: fixedDice([]) });
  if (!r.ok) throw new Error(r.rejection.code);
  for (const w of r.state.wings.filter((x) => x.side === 'black-teeth')) w.directive = 'retreat';
  return r.state;
}

async function saveBattle(dataDir: string, state: GameState): Promise<void> {
  const store = await openFileStore(dataDir);
  const seat = async (key: string, playerName: string) => ({ keyHash: await hashToken(key), inviteHash: null, playerName });
  await store.save({
    id: BATTLE,
    battleName: 'Le gué, dernier tour',
    scenarioId: state.scenarioId,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    status: 'playing',
    state,
    log: [],
    access: {
      listed: false,
      creatorSeat: 'ardenne',
      seats: { ardenne: await seat(KEYS.ardenne, 'Alice'), 'black-teeth': await seat(KEYS['black-teeth'], 'Bruno') },
      spectatorHash: await hashToken('SpectatorKey-012345678'),
      othersClaimed: true,
    },
  });
  await store.close();
}

let server: RunningServer | undefined;
let browser: Browser | undefined;
const pages = new PlayerPages({ width: 1280, height: 800 });
let dataDir = '';
let base = '';
let alice: Page;
let bruno: Page;
const state = lastMoment();
const ambush = state.units.find((u) => u.id === 'o-ambush')!;
/** The turn the rules' result names (the Black Teeth's end of turn 1 starts turn 2, where the sudden death is found). */
const endTurn = (() => {
  const r = apply(state, 'black-teeth', { type: 'endTurn' });
  if (!r.ok || !r.state.result) throw new Error('the last moment does not end the battle');
  return r.state.result.turn;
})();

beforeAll(async () => {
  checkBrowserPrerequisites();
  dataDir = mkdtempSync(join(tmpdir(), 'lames-e2e-end-reveal-'));
  await saveBattle(dataDir, state);
  server = await startServer(readConfig({ PORT: '0', HOST: '127.0.0.1', LAMES_DATA_DIR: dataDir }), { logError: () => undefined, reconnectSeconds: 2 });
  base = `http://127.0.0.1:${server.port}/`;
  browser = await launchChromium();
  alice = await pages.blank(browser, 'Alice');
  await followLink(alice, `${base}#/b/${BATTLE}/k/${KEYS.ardenne}`, 'Alice');
  await waitReady(alice);
  bruno = await pages.blank(browser, 'Bruno');
  await followLink(bruno, `${base}#/b/${BATTLE}/k/${KEYS['black-teeth']}`, 'Bruno');
  await waitReady(bruno);
}, 120_000);
afterAll(() => tearDown({ server, pages, browser, dataDir }));

describe('issue 11: at the end of the battle every cover is lifted, on the map and in the end card', () => {
  it('while the battle lasts Alice knows nothing of the ambush nor of the decoy', async () => {
    const view = (await hooks(alice)).view!;
    expect(view.units.some((u) => u.id === 'o-ambush')).toBe(false);
    expect(view.decoys).toEqual([]);
    expect(view.covers).toHaveLength(2);
  });

  it('Bruno ends his turn, the battle ends: Alice sees the ambush and the decoy, and the card says what each cover hid', async () => {
    await forceSend(bruno, { type: 'endTurn' });
    const card = alice.locator('[data-testid="result"]');
    await card.waitFor({ timeout: 30_000 });
    const view = (await hooks(alice)).view!;
    expect(view.units.find((u) => u.id === 'o-ambush')).toMatchObject({ hex: ambush.hex, hidden: true });
    expect(view.decoys.map((d) => d.id)).toEqual([FORD_DECOY]);
    await expect(alice.locator('[data-testid="result-turns"]').textContent()).resolves.toBe(`Terminée au tour ${endTurn} sur 8`);
    const revealed = alice.locator('[data-testid="result-revealed"]');
    await expect(revealed.textContent()).resolves.toContain(`${ambush.name} en 1303`);
    await expect(revealed.textContent()).resolves.toContain(`Leurre en 1204 (imitait ${ambush.name})`);
    await expect(card.textContent()).resolves.not.toMatch(/victory\.|\(field\)|\{/);
  }, 60_000);

  it('the end card in English, and screenshots at three sizes in both languages', async () => {
    for (const size of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
      { width: 1920, height: 1080 },
    ]) {
      await alice.setViewportSize(size);
      await alice.locator('[data-testid="result"]').scrollIntoViewIfNeeded();
      await alice.screenshot({ path: join(SHOTS, `end-reveal-${size.width}-fr.png`) });
      await alice.click('#lang-toggle');
      await expect(alice.locator('[data-testid="result-revealed"]').textContent()).resolves.toContain(`Decoy at 1204 (posing as ${ambush.name})`);
      await expect(alice.locator('[data-testid="result-turns"]').textContent()).resolves.toBe(`Ended in turn ${endTurn} of 8`);
      await alice.locator('[data-testid="result"]').scrollIntoViewIfNeeded();
      await alice.screenshot({ path: join(SHOTS, `end-reveal-${size.width}-en.png`) });
      await alice.click('#lang-toggle');
    }
  }, 60_000);

  it('a lobby error reads in one language, and is written again when the player switches languages', async () => {
    const dora = await pages.blank(browser!, 'Dora');
    await dora.goto(base);
    await dora.evaluate(() => localStorage.setItem('lames.lang', 'en'));
    await followLink(dora, `${base}#/b/${BATTLE}/k/${'A'.repeat(22)}`, 'Dora');
    const alert = dora.locator('[data-testid="pending-link"] [role="alert"]');
    await alert.waitFor({ timeout: 30_000 });
    await expect(alert.textContent()).resolves.toBe('Could not join the battle: This link or request gives no seat in this battle.');
    await dora.screenshot({ path: join(SHOTS, 'end-reveal-lobby-error-en.png') });
    await dora.click('#lang-toggle');
    await expect(alert.textContent()).resolves.toBe('Impossible de rejoindre la bataille : Ce lien ou cette demande ne donne accès à aucun siège de cette bataille.');
  }, 60_000);

  it('no page reported an error', () => {
    expect(pages.realErrors()).toEqual([]);
  });
});
