/**
 * Time controls in the browser (issue 12, "Optional time controls chosen at
 * creation"; docs/time-controls.md): Alice chooses a clock per side with an
 * increment and the pause policy in the create form; the clocks stand still
 * until Bruno takes his seat, then both pages show both clocks counting
 * down. The server's time (a FakeTime here) runs a side out: both pages show
 * the pause, the side out of time cannot resume, its opponent can.
 * Screenshots: phone 390 (en) and laptop 1280 (fr). Needs the built client
 * (npm run build -w @lames/client) and /usr/bin/chromium.
 */
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Browser, Page } from 'playwright-core';
import { checkBrowserPrerequisites, launchChromium, SHOTS, tearDown } from './helpers/chromium';
import { PlayerPages } from './helpers/player-pages';
import { startServer, type RunningServer } from '../packages/server/src/app';
import { readConfig } from '../packages/server/src/config';
import { FakeTime } from '../packages/server/test/clock/fake-time';
import { hooks, waitReady } from './helpers/lames-page';
import { followLink, invitesOf } from './helpers/seats';

jest.setTimeout(180_000);

let server: RunningServer | undefined;
let browser: Browser | undefined;
let dataDir = '';
let base = '';
const TOKEN = 'e2e-clocks-organiser-token-0123';
const time = new FakeTime(1_800_000_000_000);
const pages = new PlayerPages({ width: 1280, height: 800 });

beforeAll(async () => {
  checkBrowserPrerequisites();
  dataDir = mkdtempSync(join(tmpdir(), 'lames-e2e-clocks-'));
  server = await startServer(
    readConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      LAMES_DATA_DIR: dataDir,
      LAMES_ORGANISER_TOKEN: TOKEN,
    }),
    { logError: () => undefined, timers: time },
  );
  base = `http://127.0.0.1:${server.port}/`;
  browser = await launchChromium();
});

afterAll(() => tearDown({ server, pages, browser, dataDir }));

const seatOf = async (page: Page) => (await hooks(page)).seat;
const clockCard = (page: Page) => page.locator('[data-testid="clocks"]');

it('clocks chosen at creation: stopped until both sides are seated, then shown on both pages, and a pause only the opponent lifts', async () => {
  const alice = await pages.open(browser!, base, 'Alice');
  await alice.fill('#battle-name', 'Pendules E2E');
  await alice.selectOption('#time-mode', 'clock');
  await alice.fill('#time-minutes', '10');
  await alice.fill('#time-increment', '5');
  await alice.selectOption('#time-policy', 'pause');
  await alice.click('#create');
  await waitReady(alice);
  await clockCard(alice).waitFor({ timeout: 20_000 });
  // waiting for Bruno: nobody's time runs
  await alice.locator('[data-testid="clock-stopped"]').waitFor();
  await expect(clockCard(alice).innerText()).resolves.toMatch(/10 min \+ 5 s/);

  const invites = await invitesOf(alice);
  const side = Object.keys(invites).find((s) => s !== 'spectator' && s !== 'referee')!;
  const bruno = await pages.blank(browser!, 'Bruno');
  await followLink(bruno, invites[side], 'Bruno');
  await waitReady(bruno);
  for (const page of [alice, bruno]) {
    await page
      .locator('[data-testid="clocks"] .clock-row.running')
      .first()
      .waitFor({ timeout: 20_000 });
    await expect(page.locator('[data-testid="clocks"] .clock-row').count()).resolves.toBe(2);
    await expect(page.locator('[data-testid="clock-stopped"]').count()).resolves.toBe(0);
  }
  // counted down locally between the server's views: the running time shows under 10:00 a moment later
  const running = alice.locator('[data-testid="clocks"] .clock-row.running .clock-time').first();
  await alice.waitForFunction(
    () =>
      /^\d:\d\d$/.test(
        document.querySelector('[data-testid="clocks"] .clock-row.running .clock-time')
          ?.textContent ?? '',
      ),
    null,
    { timeout: 20_000 },
  );
  await expect(running.innerText()).resolves.toMatch(/^\d:\d\d$/);
  await alice.screenshot({ path: join(SHOTS, 'clocks-laptop-fr.png') });

  // the server's time runs the awaited side out: the battle pauses on both pages
  time.advance(10 * 60_000);
  for (const page of [alice, bruno])
    await page
      .locator('[data-testid="clock-outcome"]', { hasText: 'pause' })
      .waitFor({ timeout: 20_000 });
  await clockCard(alice).screenshot({ path: join(SHOTS, 'clocks-card-paused-fr.png') });
  const paused =
    (await alice.evaluate(() =>
      document.querySelector('[data-testid="clocks"] .clock-row.out')?.getAttribute('data-testid'),
    )) ?? '';
  const pausedSide = paused.replace('clock-', '');
  const [outOfTime, opponent] =
    (await seatOf(alice)) === pausedSide ? [alice, bruno] : [bruno, alice];
  await expect(outOfTime.locator('[data-testid="clock-resume"]').count()).resolves.toBe(0);

  await bruno.setViewportSize({ width: 390, height: 844 });
  await bruno.click('#lang-toggle');
  // on a phone the clocks' bar stays in view under the turn banner, whatever the tab
  await expect(bruno.locator('[data-testid="clock-strip"]').isVisible()).resolves.toBe(true);
  await expect(bruno.locator('[data-testid="clock-strip"]').innerText()).resolves.toMatch(
    /time out/,
  );
  await bruno.screenshot({ path: join(SHOTS, 'clocks-phone-en.png') });

  await opponent.click('[data-testid="clock-resume"]');
  for (const page of [alice, bruno])
    await page
      .locator('[data-testid="clock-outcome"]')
      .waitFor({ state: 'detached', timeout: 20_000 });
  await expect(
    outOfTime.locator(`[data-testid="clock-time-${pausedSide}"]`).innerText(),
  ).resolves.toMatch(/^[01]:\d\d$/);
  expect(pages.realErrors()).toEqual([]);
});

it("an organiser's time control: chosen in the tournament form, every battle of the round shows its deadline", async () => {
  const org = await pages.blank(browser!, 'organiser');
  await org.goto(`${base}#/organiser`);
  await org.fill('#organiser-token', TOKEN);
  await org.click('#organiser-sign-in');
  await org.waitForSelector('#t-scenario option[value="the-ford"]', { state: 'attached' });
  await org.fill('#t-name', 'Ligue du Gué');
  await org.selectOption('#t-scenario', 'the-ford');
  await org.fill('#t-players', 'Anne\nBertrand');
  await org.selectOption('#time-mode', 'deadline');
  await org.fill('#time-hours', '48');
  await org.selectOption('#time-policy', 'forfeit');
  await org.screenshot({ path: join(SHOTS, 'clocks-organiser-fr-1280.png'), fullPage: true });
  await org.click('#t-create');
  await org.locator('[data-testid="tournament"]').waitFor();
  await org.click('#next-round');
  const links = org.locator('[data-testid="invite-link"]');
  await links.first().waitFor({ timeout: 20_000 });
  const anne = await pages.blank(browser!, 'Anne');
  await followLink(
    anne,
    await org.locator('[data-testid="invite-link"][data-player="Anne"]').inputValue(),
    'Anne',
  );
  await waitReady(anne);
  await clockCard(anne).waitFor({ timeout: 20_000 });
  await expect(clockCard(anne).innerText()).resolves.toMatch(/48 h/);
  await expect(clockCard(anne).innerText()).resolves.toMatch(/défaite au temps/);
  // Bertrand has not come: nobody's deadline runs
  await anne.locator('[data-testid="clock-stopped"]').waitFor();
  expect(pages.realErrors()).toEqual([]);
});
