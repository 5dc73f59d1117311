/**
 * The in-battle chat in the browser (issue 12): Alice and Bruno talk at the
 * table, Sam (come by the spectator link) reads none of it, neither on his
 * page nor in any WebSocket frame; he talks among spectators, which the
 * players do not read. A line too long is stopped with its reason, the
 * sixth line within seconds is refused with the server's reason, a folded
 * chat counts the lines that came meanwhile, and a reload gives the history
 * back. Needs the built client (npm run build -w @lames/client) and /usr/bin/chromium.
 */
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Browser, Page } from 'playwright-core';
import { checkBrowserPrerequisites, launchChromium, SHOTS, tearDown } from './helpers/chromium';
import { PlayerPages } from './helpers/player-pages';
import { startServer, type RunningServer } from '../packages/server/src/app';
import { readConfig } from '../packages/server/src/config';
import { waitReady } from './helpers/lames-page';
import { followLink, invitesOf } from './helpers/seats';

jest.setTimeout(180_000);

let server: RunningServer | undefined;
let browser: Browser | undefined;
let dataDir = '';
let base = '';
const pages = new PlayerPages({ width: 1280, height: 800 });

const frames = new Map<Page, string[]>();
function recordFrames(page: Page): void {
  const got: string[] = [];
  frames.set(page, got);
  page.on('websocket', (ws) => ws.on('framereceived', (f) => got.push(typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8'))));
}

const chatLines = (page: Page) => page.locator('[data-testid="chat-list"] .chat-text').allInnerTexts();

async function say(page: Page, text: string): Promise<void> {
  await page.fill('[data-testid="chat-input"]', text);
  await page.press('[data-testid="chat-input"]', 'Enter');
}

async function waitLine(page: Page, text: string): Promise<void> {
  await page.locator('[data-testid="chat-list"] .chat-text', { hasText: text }).first().waitFor({ timeout: 20_000 });
}

beforeAll(async () => {
  checkBrowserPrerequisites();
  dataDir = mkdtempSync(join(tmpdir(), 'lames-e2e-chat-'));
  server = await startServer(readConfig({ PORT: '0', HOST: '127.0.0.1', LAMES_DATA_DIR: dataDir }), { logError: () => undefined });
  base = `http://127.0.0.1:${server.port}/`;
  browser = await launchChromium();
});

afterAll(() => tearDown({ server, pages, browser, dataDir }));

describe('chat in the browser', () => {
  let alice: Page;
  let bruno: Page;
  let sam: Page;

  it('two players chat; the spectator sees none of it, and the players none of the spectators’ lines', async () => {
    alice = await pages.open(browser!, base, 'Alice');
    await alice.fill('#battle-name', 'Causerie E2E');
    // the battle's chat option, chosen at creation: spectators among themselves (the default)
    await expect(alice.locator('#spectator-chat').inputValue()).resolves.toBe('amongThemselves');
    await alice.click('#create');
    await waitReady(alice);
    const invites = await invitesOf(alice);
    const side = Object.keys(invites).find((s) => s !== 'spectator' && s !== 'referee')!;
    bruno = await pages.blank(browser!, 'Bruno');
    await followLink(bruno, invites[side], 'Bruno');
    await waitReady(bruno);
    sam = await pages.blank(browser!, 'Sam');
    recordFrames(sam);
    await followLink(sam, invites.spectator, 'Sam');
    await waitReady(sam);

    await say(alice, 'Bonjour Bruno, <b>prêt</b> ?');
    await waitLine(bruno, 'Bonjour Bruno');
    // plain text: the markup is shown as typed, never made into an element
    expect(await chatLines(bruno)).toEqual(['Bonjour Bruno, <b>prêt</b> ?']);
    expect(await bruno.locator('[data-testid="chat-list"] b').count()).toBe(0);
    expect(await bruno.locator('[data-testid="chat-list"] .chat-author').first().innerText()).toBe('Alice');
    await say(bruno, 'Prêt. Je tiens le gué.');
    await waitLine(alice, 'Je tiens le gué');

    await say(sam, 'Le public salue');
    await waitLine(sam, 'Le public salue');
    await alice.waitForTimeout(500);
    expect(await chatLines(sam)).toEqual(['Le public salue']);
    expect(await chatLines(alice)).toEqual(['Bonjour Bruno, <b>prêt</b> ?', 'Prêt. Je tiens le gué.']);
    expect(frames.get(sam)!.length).toBeGreaterThan(0);
    expect(frames.get(sam)!.filter((f) => f.includes('Bonjour Bruno') || f.includes('tiens le gu'))).toEqual([]);
    expect(await sam.locator('[data-testid="chat-note"]').innerText()).toMatch(/spectateurs/);
    await alice.screenshot({ path: join(SHOTS, 'chat-alice-fr-1280.png') });
    await sam.screenshot({ path: join(SHOTS, 'chat-spectator-fr-1280.png') });
  });

  it('a line too long is stopped with its reason; the sixth within seconds is refused by the server', async () => {
    await alice.fill('[data-testid="chat-input"]', 'x'.repeat(520));
    await expect(alice.locator('[data-testid="chat-counter"]').innerText()).resolves.toMatch(/-20/);
    await alice.press('[data-testid="chat-input"]', 'Enter');
    await expect(alice.locator('[data-testid="chat-error"]').innerText()).resolves.toMatch(/trop long/);
    // Six lines at once (sent within one task of the page): her budget (five, less what has not refilled since her first line)
    // passes, the rest is refused in the server's words; the exact count is checked in packages/server/test/chat.
    await alice.evaluate(() => {
      const input = document.querySelector<HTMLTextAreaElement>('[data-testid="chat-input"]')!;
      for (let i = 1; i <= 6; i++) {
        input.value = `rafale ${i}`;
        input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      }
    });
    await alice.locator('[data-testid="chat-error"]', { hasText: 'Trop de messages' }).waitFor({ timeout: 20_000 });
    await waitLine(bruno, 'rafale 4');
    await bruno.waitForTimeout(300);
    expect(await chatLines(bruno)).not.toContain('rafale 6');
  });

  it('a folded chat counts new lines; a reload gives the history back; English texts', async () => {
    await bruno.click('[data-testid="chat"] summary');
    await alice.waitForTimeout(2500); // Alice's chat budget refills (one line per 2 s)
    await say(alice, 'Tu es là ?');
    await bruno.locator('[data-testid="chat-badge"]', { hasText: '1' }).waitFor({ timeout: 20_000 });
    await bruno.click('[data-testid="chat"] summary');
    // the badge goes once the open chat is seen in view (an IntersectionObserver, which answers a frame or two later)
    await bruno.locator('[data-testid="chat-badge"]').waitFor({ state: 'hidden', timeout: 10_000 });

    const before = await chatLines(bruno);
    expect(before[before.length - 1]).toBe('Tu es là ?');
    await bruno.reload();
    await waitReady(bruno);
    await waitLine(bruno, 'Tu es là');
    expect(await chatLines(bruno)).toEqual(before);
    expect(before.slice(0, 2)).toEqual(['Bonjour Bruno, <b>prêt</b> ?', 'Prêt. Je tiens le gué.']);

    await alice.click('#lang-toggle');
    await expect(alice.locator('[data-testid="chat"] .chat-title').textContent()).resolves.toBe('Chat');
    await expect(alice.locator('[data-testid="chat-send"]').textContent()).resolves.toBe('Send');
    for (const [w, h] of [[390, 844], [1280, 800], [1920, 1080]]) {
      await alice.setViewportSize({ width: w, height: h });
      await alice.waitForTimeout(200);
      await alice.screenshot({ path: join(SHOTS, `chat-alice-en-${w}.png`), fullPage: w === 390 });
    }
    await alice.click('#lang-toggle');
    await alice.setViewportSize({ width: 390, height: 844 });
    await alice.screenshot({ path: join(SHOTS, 'chat-alice-fr-390.png'), fullPage: true });
    await bruno.setViewportSize({ width: 1920, height: 1080 });
    await bruno.screenshot({ path: join(SHOTS, 'chat-bruno-fr-1920.png') });
    expect(pages.realErrors()).toEqual([]);
  });
});
