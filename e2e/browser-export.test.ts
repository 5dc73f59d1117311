/**
 * Dice anyone can check, in the browser (issue 12): a spectator's page shows
 * the hash of the dice seed while the battle is played (and nothing of the
 * seed); when the battle ends its result card reveals the seed beside the
 * hash and offers the battle's export, which verifies (verifyExport, what
 * `npm run verify` runs). A one-turn battle of the-ford, played by two
 * @colyseus/sdk players, so that it ends in some twenty actions.
 * Needs the built client (npm run build -w @lames/client) and /usr/bin/chromium.
 */
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Browser, Page } from 'playwright-core';
import { EVENTS_MESSAGE, seedHash, verifyExport } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { randomGame } from '@lames/rules/testing';
import { checkBrowserPrerequisites, launchChromium, SHOTS, tearDown } from './helpers/chromium';
import { PlayerPages } from './helpers/player-pages';
import { startServer, type RunningServer } from '../packages/server/src/app';
import { readConfig } from '../packages/server/src/config';
import { waitReady } from './helpers/lames-page';
import { followLink } from './helpers/seats';

const SEED = '5eed5eed5eed5eed5eed5eed5eed5eed';
const SHORT = { ...scenarioById('the-ford')!, id: 'short-ford', turnLimit: 1 };
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];

jest.setTimeout(180_000);

let server: RunningServer | undefined;
let browser: Browser | undefined;
let dataDir = '';
let base = '';
const pages = new PlayerPages(SIZES[1]);

type SdkRoom = import('@colyseus/sdk').Room;
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, what: string): Promise<void> {
  for (const start = Date.now(); !check(); await settle(20)) if (Date.now() - start > 10_000) throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  checkBrowserPrerequisites();
  dataDir = mkdtempSync(join(tmpdir(), 'lames-e2e-export-'));
  server = await startServer(readConfig({ PORT: '0', HOST: '127.0.0.1', LAMES_DATA_DIR: dataDir }), {
    logError: () => undefined,
    seed: () => SEED,
    scenarios: { [SHORT.id]: SHORT },
  });
  base = `http://127.0.0.1:${server.port}/`;
  browser = await launchChromium();
});

afterAll(() => tearDown({ server, pages, browser, dataDir }));

it('the seed hash while playing, the seed and a verifiable export at the end, in French and English', async () => {
  // Required once the server has provided the global WebSocket the SDK needs on Node 20.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Client } = require('@colyseus/sdk') as typeof import('@colyseus/sdk');
  const events = new Map<SdkRoom, number>();
  const seat = (room: SdkRoom) => {
    events.set(room, 0);
    room.onMessage(EVENTS_MESSAGE, () => events.set(room, events.get(room)! + 1));
    room.onMessage('*', () => undefined);
    return room;
  };
  const creator = seat(await new Client(base).create('battle', { scenarioId: SHORT.id, seat: 'ardenne', playerName: 'Alice' }));
  const welcome = await new Promise<{ battleId: string; invites: { seat: string; token: string }[] }>((resolve) => creator.onMessage('welcome', resolve));
  const token = (s: string) => welcome.invites.find((i) => i.seat === s)!.token;
  const players: Record<string, SdkRoom> = {
    ardenne: creator,
    'black-teeth': seat(await new Client(base).joinById(welcome.battleId, { invite: token('black-teeth'), playerName: 'Bruno' })),
  };

  const watcher: Page = await pages.blank(browser!, 'Spectatrice');
  await followLink(watcher, `${base}#/b/${welcome.battleId}/i/${token('spectator')}`, 'Sybille');
  await waitReady(watcher);
  const hashLine = watcher.locator('[data-testid="seed-hash"]');
  await hashLine.waitFor();
  await expect(hashLine.innerText()).resolves.toContain(seedHash(SEED).slice(0, 16));
  await expect(hashLine.getAttribute('title')).resolves.toMatch(/SHA-256/);
  await expect(watcher.content()).resolves.not.toContain(SEED);
  await watcher.screenshot({ path: join(SHOTS, 'export-fr-playing-1280.png') });

  const game = randomGame(SHORT, SEED);
  for (const [i, { seat: by, action }] of game.script.entries()) {
    const room = players[by];
    const before = events.get(room)!;
    await settle(100); // within the message budget
    room.send('action', action);
    await until(() => events.get(room)! > before, `action ${i}`);
  }
  const check = watcher.locator('[data-testid="dice-check"]');
  await check.waitFor();
  await expect(check.locator('[data-testid="seed"]').innerText()).resolves.toBe(SEED);
  await expect(check.locator('[data-testid="seed-hash"]').innerText()).resolves.toBe(seedHash(SEED));
  const link = check.locator('[data-testid="export-link"]');
  await expect(link.getAttribute('href')).resolves.toBe(`/api/battles/${welcome.battleId}/export`);
  await expect(link.getAttribute('download')).resolves.toBe(`lames-${welcome.battleId}.json`);
  // What the link downloads, fetched by the page itself.
  const file = await watcher.evaluate(async (href) => (await fetch(href)).json(), `/api/battles/${welcome.battleId}/export`);
  expect(verifyExport(file, (id) => (id === SHORT.id ? SHORT : undefined))).toMatchObject({ ok: true, actions: game.script.length });

  for (const lang of ['fr', 'en'] as const) {
    if (lang === 'en') await watcher.click('#lang-toggle');
    await check.locator('a', { hasText: lang === 'fr' ? 'Télécharger la bataille' : 'Download the battle' }).waitFor();
    for (const size of SIZES) {
      await watcher.setViewportSize(size);
      await settle(200);
      await check.scrollIntoViewIfNeeded();
      await watcher.screenshot({ path: join(SHOTS, `export-${lang}-${size.width}.png`) });
    }
  }
  expect(pages.realErrors()).toEqual([]);
  for (const room of Object.values(players)) await room.leave(true).catch(() => undefined);
});
