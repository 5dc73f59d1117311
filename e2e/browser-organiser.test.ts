/**
 * Issue 12, "Organisers", done-when: an organiser creates a 4-player
 * round-robin from the page (#/organiser), the round's invite links (shown
 * on the page and in the downloaded CSV) seat the players, the battles'
 * status follows, a result is declared with its reason, and the standings
 * export as CSV. Screenshots of the page at three sizes, in French and English.
 * Needs the built client (npm run build -w @lames/client) and /usr/bin/chromium.
 */
import { mkdtempSync, readFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Browser, Page } from 'playwright-core';
import { checkBrowserPrerequisites, launchChromium, SHOTS, tearDown } from './helpers/chromium';
import { PlayerPages } from './helpers/player-pages';
import { followLink } from './helpers/seats';
import { waitReady } from './helpers/lames-page';
import { startServer, type RunningServer } from '../packages/server/src/app';
import { readConfig } from '../packages/server/src/config';

jest.setTimeout(120_000);

const TOKEN = 'e2e-organiser-token-0123456789';
let server: RunningServer | undefined;
let browser: Browser | undefined;
let dataDir = '';
let base = '';
const pages = new PlayerPages({ width: 1280, height: 800 });

beforeAll(async () => {
  checkBrowserPrerequisites();
  dataDir = mkdtempSync(join(tmpdir(), 'lames-e2e-'));
  server = await startServer(readConfig({ PORT: '0', HOST: '127.0.0.1', LAMES_DATA_DIR: dataDir, LAMES_ORGANISER_TOKEN: TOKEN }), { logError: () => undefined });
  base = `http://127.0.0.1:${server.port}/`;
  browser = await launchChromium();
});

afterAll(() => tearDown({ server, pages, browser, dataDir }));

/** The CSV the page makes the browser download when `button` is clicked. */
async function downloaded(page: Page, button: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  return readFileSync((await download.path())!, 'utf8');
}

const phaseOf = (page: Page, battleId: string) => page.locator(`tr[data-battle="${battleId}"]`).getAttribute('data-phase');

test('an organiser runs a 4-player round-robin from the page; the invite links seat the players; standings export as CSV', async () => {
  const org = await pages.blank(browser!, 'organiser');
  await org.goto(`${base}#/organiser`);
  // a wrong token is refused and forgotten; the right one opens the page
  await org.fill('#organiser-token', 'not-the-token-at-all');
  await org.click('#organiser-sign-in');
  await org.locator('[data-testid="organiser-error"]').waitFor();
  await org.fill('#organiser-token', TOKEN);
  await org.click('#organiser-sign-in');
  await org.waitForSelector('#t-name');
  await org.waitForSelector('#t-scenario option[value="the-ford"]', { state: 'attached' });
  await org.fill('#t-name', 'Coupe du Gué');
  await org.selectOption('#t-scenario', 'the-ford');
  await org.fill('#t-players', 'Anne\nBertrand\nCécile\nDenis');
  await org.screenshot({ path: join(SHOTS, 'organiser-create-fr-1280.png'), fullPage: true });
  await org.click('#t-create');
  await org.locator('[data-testid="tournament"]').waitFor();

  await org.click('#next-round');
  await org.locator('[data-testid="invite-table"]').waitFor();
  const links = await org.locator('input[data-testid="invite-link"]').evaluateAll((els) =>
    els.map((e) => ({ player: e.getAttribute('data-player')!, seat: e.getAttribute('data-seat')!, link: (e as HTMLInputElement).value })),
  );
  // two battles: two sides and the spectators' link each
  expect(links).toHaveLength(6);
  const csv = await downloaded(org, '#invites-csv');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('round,battle,battle name,player,seat,link');
  for (const l of links) expect(csv).toContain(l.link);

  // Anne and her opponent open their links: both are seated in the same battle
  const anne = links.find((l) => l.player === 'Anne')!;
  const battleId = /#\/b\/([\w-]+)\//.exec(anne.link)![1];
  const opponent = links.find((l) => l.player !== 'Anne' && !l.player.startsWith('(') && l.link.includes(`/b/${battleId}/`))!;
  const a = await pages.blank(browser!, 'Anne');
  await followLink(a, anne.link, 'Anne');
  await waitReady(a);
  await org.click('#refresh-tournament');
  await org.locator(`tr[data-battle="${battleId}"] [data-claimed="true"]`).first().waitFor();
  expect(await phaseOf(org, battleId)).toBe('seating');
  const b = await pages.blank(browser!, opponent.player);
  await followLink(b, opponent.link, opponent.player);
  await waitReady(b);
  await org.click('#refresh-tournament');
  await org.waitForFunction((id) => document.querySelector(`tr[data-battle="${id}"]`)?.getAttribute('data-phase') !== 'seating', battleId);
  expect(await org.locator(`tr[data-battle="${battleId}"] [data-claimed="true"]`).count()).toBe(2);

  // paused from the page: Anne's open page is told at once, in her language; resumed, play may go on
  await org.locator(`tr[data-battle="${battleId}"] button[data-action="lock"]`).click();
  await org.waitForFunction((id) => document.querySelector(`tr[data-battle="${id}"]`)?.getAttribute('data-phase') === 'locked', battleId);
  await a.locator('#toasts', { hasText: 'suspendue par l’organisateur' }).waitFor();
  await a.screenshot({ path: join(SHOTS, 'organiser-paused-player-fr-1280.png') });
  await org.locator(`tr[data-battle="${battleId}"] button[data-action="unlock"]`).click();
  await a.locator('#toasts', { hasText: 'a repris la partie' }).waitFor();

  // the other battle: a seat given to someone else: a new link, shown alone in the invites card
  const other = await org.locator('tr[data-battle]').evaluateAll((rows, id) => rows.map((r) => r.getAttribute('data-battle')!).find((x) => x !== id)!, battleId);
  const row = org.locator(`tr[data-battle="${other}"]`);
  await row.locator('button[data-reassign]').first().click();
  await org.locator('[data-testid="confirm-dialog"] button[data-action="dialog-ok"]').click();
  await org.waitForFunction(() => document.querySelectorAll('input[data-testid="invite-link"]').length === 1);
  const fresh = await org.locator('input[data-testid="invite-link"]').inputValue();
  expect(links.map((l) => l.link)).not.toContain(fresh);
  expect(fresh).toContain(`/b/${other}/i/`);
  // closed from the page with its reason, after a confirmation: it ends for everyone (no more seat to give)
  await row.locator('details.org-close summary').click();
  await row.locator('details.org-close input').fill('forfait confirmé');
  await row.locator('details.org-close button[data-action="close"]').click();
  await org.locator('[data-testid="confirm-dialog"] button[data-action="dialog-ok"]').click();
  await org.waitForFunction((id) => document.querySelector(`tr[data-battle="${id}"]`)?.getAttribute('data-phase') === 'closed', other);
  expect(await row.locator('button[data-reassign]').count()).toBe(0);
  // then adjudicated, with its reason: kept in the results, counted in the standings
  await row.locator('details.org-adjudicate summary').click();
  await row.locator('details.org-adjudicate input').fill('forfait');
  await row.locator('details.org-adjudicate button').click();
  await org.waitForFunction((id) => !document.querySelector(`tr[data-battle="${id}"] details.org-adjudicate`), other);
  expect(await row.textContent()).toMatch(/forfait confirmé/);
  const standings = await downloaded(org, '#export-standings');
  expect(standings.split('\r\n')[0]).toBe('rank,player,played,wins,draws,losses,byes,score,victory points');
  expect(standings.split('\r\n')[1]).toMatch(/^1,[^,]+,1,1,0,0,0,1,0$/);
  // the wrong token typed at first is the one refusal chromium logs
  expect(pages.realErrors().filter((e) => !/status of 401/.test(e))).toEqual([]);

  for (const [w, hgt] of [[390, 844], [1280, 800], [1920, 1080]]) {
    await org.setViewportSize({ width: w, height: hgt });
    await org.screenshot({ path: join(SHOTS, `organiser-fr-${w}.png`), fullPage: true });
  }
  await org.click('#lang-toggle');
  await org.locator('h2', { hasText: 'Standings' }).waitFor();
  for (const [w, hgt] of [[390, 844], [1280, 800], [1920, 1080]]) {
    await org.setViewportSize({ width: w, height: hgt });
    await org.screenshot({ path: join(SHOTS, `organiser-en-${w}.png`), fullPage: true });
  }
});
