/**
 * The browser client against the real server: three chromium contexts
 * (Ardenne, Dents Noires, referee) play the opening of "the-ford": the
 * creator's invitations, a side claimed in the lobby, the referee's invite
 * link, the Dents Noires' hidden deployment, a move, a refusal, the
 * referee's full view, the language switch.
 * Needs the built client (npm run build -w @lames/client) and /usr/bin/chromium.
 */
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Browser, Page } from 'playwright-core';
import { checkBrowserPrerequisites, launchChromium, SHOTS, tearDown } from './helpers/chromium';
import { PlayerPages } from './helpers/player-pages';
import { startServer, type RunningServer } from '../packages/server/src/app';
import { readConfig } from '../packages/server/src/config';
import { clickHex, colourShare, forceSend, hexCenter, hooks, waitFor, waitReady } from './helpers/lames-page';
import { deployFromPanel } from './helpers/deploy-ui';
import { followLink, invitesOf, listedBattle } from './helpers/seats';

const COLS = 16;
const hexOf = (label: string) => (Number(label.slice(2)) - 1) * COLS + Number(label.slice(0, 2)) - 1;
const ARDENNE_BLUE: [number, number, number] = [0x2d, 0x5b, 0x9a];

jest.setTimeout(90_000);

let server: RunningServer | undefined;
let browser: Browser | undefined;
let dataDir = '';
let base = '';
const pages = new PlayerPages({ width: 1400, height: 860 });

const newPage = (name: string): Promise<Page> => pages.open(browser!, base, name);

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

beforeAll(async () => {
  checkBrowserPrerequisites();
  dataDir = mkdtempSync(join(tmpdir(), 'lames-e2e-'));
  server = await startServer(readConfig({ PORT: '0', HOST: '127.0.0.1', LAMES_DATA_DIR: dataDir }), { logError: () => undefined, reconnectSeconds: 2 });
  base = `http://127.0.0.1:${server.port}/`;
  browser = await launchChromium();
});

afterAll(() => tearDown({ server, pages, browser, dataDir }));

describe('the browser client', () => {
  let a: Page;
  let b: Page;
  let referee: Page;
  let target = -1;

  it('creates a battle with a referee seat; Bruno claims Dents Noires in the lobby, the referee comes by the invite link', async () => {
    a = await newPage('Alice');
    await expect(a.title()).resolves.toBe('Lames — Les Lames Maudites');
    await a.waitForSelector('#scenario option[value="the-ford"]', { state: 'attached' });
    await a.selectOption('#scenario', 'the-ford');
    await a.fill('#battle-name', 'Bataille E2E');
    await a.check('#seat-ardenne');
    await a.check('#with-referee');
    await shot(a, 'lobby');
    await a.click('#create');
    await waitReady(a);
    expect((await hooks(a)).seat).toBe('ardenne');
    // the creator's panel shows an invitation for every other seat, and the spectators' link
    const invites = await invitesOf(a);
    expect(Object.keys(invites).sort()).toEqual(['black-teeth', 'referee', 'spectator']);
    await shot(a, 'a-invites');

    b = await newPage('Bruno');
    const battle = await listedBattle(b, 'Bataille E2E');
    // Alice holds Ardenne: no button to take it, her name instead
    await expect(battle.locator('button[data-join="ardenne"]').count()).resolves.toBe(0);
    await expect(battle.locator('li[data-side="ardenne"]').textContent()).resolves.toContain('Alice');
    await shot(b, 'lobby-open');
    await battle.locator('button[data-join="black-teeth"]').click();
    await waitReady(b);
    expect((await hooks(b)).seat).toBe('black-teeth');

    referee = await pages.blank(browser!, 'Rita');
    await followLink(referee, invites.referee, 'Rita');
    await waitReady(referee);
    expect((await hooks(referee)).seat).toBe('referee');
    // the seats taken, their invitations leave the creator's panel
    await a.locator('input[data-testid="invite-referee"]').waitFor({ state: 'detached' });
    await a.locator('input[data-testid="invite-black-teeth"]').waitFor({ state: 'detached' });
    for (const page of [a, b, referee]) await page.waitForSelector('[data-testid="deploying"]');
  });

  it('§4.5.2 Dents Noires deploy their ambush and a decoy hidden in their zone while Ardenne, with nothing to hide, waits', async () => {
    await a.locator('[data-testid="deploy-waiting"]').waitFor();
    await shot(a, 'a-deploy-nothing-to-hide');
    await shot(b, 'b-deploy-ford');
    await deployFromPanel(b, {
      units: [{ unit: 'o-ambush', hex: hexOf('1303'), facing: 7 }],
      decoys: [{ mimic: 'o-ambush', hex: hexOf('1204'), facing: 7 }],
    });
    await a.waitForSelector('[data-testid="your-turn"]');
    await b.waitForSelector('[data-testid="waiting"]');
    const mine = (await hooks(b)).view!;
    expect(mine.units.find((u) => u.id === 'o-ambush')?.hex).toBe(hexOf('1303'));
    expect(mine.decoys.map((d) => d.id)).toEqual(['black-teeth-decoy-1']);
  });

  it('lets Ardenne activate and move its knights, and Dents Noires sees them arrive', async () => {
    const knightsHex = hexOf('0710');
    await clickHex(a, knightsHex);
    await waitFor(a, () => (window as unknown as { __lames: { selected: string } }).__lames.selected === 'h-knights', null);
    await a.click('button[data-action="activate"]');
    await waitFor(a, () => (window as unknown as { __lames: { view: { activation: { piece: string } | null } } }).__lames.view.activation?.piece === 'h-knights', null);
    await a.click('button[data-action="move-normal"]');
    await waitFor(a, () => (window as unknown as { __lames: { targets: number[] } }).__lames.targets.length > 0, null);
    const { targets } = await hooks(a);
    target = [hexOf('0708'), hexOf('0709')].find((h) => targets.includes(h)) ?? targets[0];
    await clickHex(a, target);
    const confirm = a.locator('button[data-action="confirm-move"]');
    await expect(confirm.isEnabled()).resolves.toBe(true);
    await expect(a.locator('.facing.chosen').count()).resolves.toBe(1);
    await shot(a, 'a-move-preview');
    await confirm.click();
    await waitFor(a, (h) => (window as unknown as { __lames: { view: { units: { id: string; hex: number }[] } } }).__lames.view.units.find((u) => u.id === 'h-knights')?.hex === h, target);
    await a.locator('[data-testid="log"] li', { hasText: "Chevaliers d'Ardenne" }).first().waitFor();

    await waitFor(b, (h) => (window as unknown as { __lames: { view: { units: { id: string; hex: number }[] } } }).__lames.view.units.find((u) => u.id === 'h-knights')?.hex === h, target);
    // the knights' counter is drawn there: Ardenne blue around the hex centre, none left at the old place's front
    await b.waitForTimeout(300);
    const share = await colourShare(b, await hexCenter(b, target), ARDENNE_BLUE);
    expect(share).toBeGreaterThan(0.15);
    await b.locator('[data-testid="log"] li', { hasText: "Chevaliers d'Ardenne" }).first().waitFor();
    await shot(a, 'a-ardenne');
  });

  it('keeps Dents Noires from acting out of turn', async () => {
    await clickHex(b, hexOf('0703'));
    await waitFor(b, () => !!(window as unknown as { __lames: { selected: string | null } }).__lames.selected, null);
    const activate = b.locator('button[data-action="activate"]');
    await expect(activate.isDisabled()).resolves.toBe(true);
    await expect(activate.getAttribute('title')).resolves.toContain('pas votre tour');
    const endTurn = b.locator('button[data-action="end-turn"]');
    await expect(endTurn.isDisabled()).resolves.toBe(true);
    await expect(endTurn.getAttribute('title')).resolves.toMatch(/pas votre tour.*§2\.4/);
    await shot(b, 'b-black-teeth');

    await forceSend(b, { type: 'activate', piece: 'o-wargs-1' });
    const toast = b.locator('.toast-error', { hasText: 'pas votre tour' });
    await toast.waitFor({ timeout: 15_000 });
    await expect(toast.textContent()).resolves.toContain('§2.4');
    await shot(b, 'b-rejected');

    // a reload enters the battle again with the seat key kept in localStorage, to the same seat
    await b.reload();
    await waitReady(b);
    expect((await hooks(b)).seat).toBe('black-teeth');
    await waitFor(b, (h) => (window as unknown as { __lames: { view: { units: { id: string; hex: number }[] } } }).__lames.view.units.find((u) => u.id === 'h-knights')?.hex === h, target);
  });

  it('shows the hidden ambush to the referee only', async () => {
    await waitFor(referee, (h) => (window as unknown as { __lames: { view: { units: { id: string; hex: number }[] } } }).__lames.view.units.find((u) => u.id === 'h-knights')?.hex === h, target);
    const ref = await hooks(referee);
    expect(ref.view!.units.map((u) => u.id)).toContain('o-ambush');
    expect(ref.view!.decoys.map((d) => d.id)).toEqual(['black-teeth-decoy-1']);
    const mine = await hooks(a);
    expect(mine.view!.units.map((u) => u.id)).not.toContain('o-ambush');
    // Ardenne sees two covers where the ambush and its decoy stand, and nothing to tell them apart
    expect(mine.view!.decoys).toEqual([]);
    expect(mine.view!.covers!.map((c) => c.hex).sort((x, y) => x - y)).toEqual([hexOf('1303'), hexOf('1204')].sort((x, y) => x - y));
    await expect(a.locator('body').innerText()).resolves.not.toContain('Embuscade gobeline');
    // the referee can read it by selecting the ambush hex
    await clickHex(referee, hexOf('1303'));
    await referee.locator('[data-testid="selection"]', { hasText: 'Embuscade gobeline' }).waitFor();
    await expect(referee.locator('[data-testid="observer"]').count()).resolves.toBe(1);
    await shot(referee, 'referee');
    expect(pages.realErrors()).toEqual([]);
  });

  it('switches to English and back, remembering the choice', async () => {
    await a.click('#lang-toggle');
    await a.locator('[data-testid="turn"]', { hasText: 'Turn 1 / 8' }).waitFor();
    await a.locator('[data-testid="log"] li', { hasText: 'normal move' }).first().waitFor();
    await expect(a.evaluate(() => localStorage.getItem('lames.lang'))).resolves.toBe('en');
    await shot(a, 'a-ardenne-en');
    await a.click('#lang-toggle');
    await a.locator('[data-testid="turn"]', { hasText: 'Tour 1 / 8' }).waitFor();
  });
});
