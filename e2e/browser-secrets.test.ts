/**
 * Secrets that hold in the browser (issue 7): a battle of the shipped
 * scenario "the-wood-edge", where both sides deploy hidden (§4.5.2, sheet
 * 000 *Unités Cachées*) with a decoy each (§4.5.1, *Leurres*) through the
 * deployment panel, each waiting for the other; then turn 1, where each
 * player's page holds the enemy's covers and nothing of what lies under
 * them (nor did any WebSocket frame it received), while the referee (come
 * by the referee's invite link) sees all.
 * Then the seats: a player comes back from a fresh browser with his
 * personal link and finds his seat and his hidden unit, the first page is
 * told its seat was taken over; a third browser cannot take the held side,
 * from the lobby or by a hand-made request; a wrong key is refused in words.
 * Needs the built client (npm run build -w @lames/client) and /usr/bin/chromium.
 */
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Browser, Page } from 'playwright-core';
import { parseHexLabel } from '@lames/rules';
import { checkBrowserPrerequisites, launchChromium, SHOTS, tearDown } from './helpers/chromium';
import { PlayerPages } from './helpers/player-pages';
import { startServer, type RunningServer } from '../packages/server/src/app';
import { readConfig } from '../packages/server/src/config';
import { hooks, waitReady, type LamesHooks } from './helpers/lames-page';
import { confirmDeployment, deployFromPanel, draftDeployment } from './helpers/deploy-ui';
import { followLink, invitesOf, listedBattle, personalLinkOf } from './helpers/seats';
import { logLine } from './helpers/game-ui';

/** The shipped scenario's board: 12 columns, 10 rows. */
const hexOf = (label: string) => parseHexLabel({ cols: 12, rows: 10 }, label);
/** The hexes of a rectangle of labels, as the scenario's deployment zones give them. */
const rectangle = (from: string, to: string) => {
  const out: number[] = [];
  for (let r = Number(from.slice(2)); r <= Number(to.slice(2)); r++)
    for (let c = Number(from.slice(0, 2)); c <= Number(to.slice(0, 2)); c++) out.push(hexOf(`${String(c).padStart(2, '0')}${String(r).padStart(2, '0')}`));
  return out.sort((x, y) => x - y);
};
const byNumber = (x: number, y: number) => x - y;

const BATTLE = 'Lisière E2E';
/** Each side's hidden unit (id and name) and where it goes, with its decoy. */
const ARDENNE = {
  unit: 'a-rangers',
  name: 'Forestiers du Val',
  zone: rectangle('0108', '1210'),
  placement: { units: [{ unit: 'a-rangers', hex: hexOf('0308'), facing: 1 }], decoys: [{ mimic: 'a-rangers', hex: hexOf('1008'), facing: 11 }] },
  decoy: 'ardenne-decoy-1',
};
const BLACK_TEETH = {
  unit: 'o-stalkers',
  name: 'Rôdeurs gobelins',
  zone: rectangle('0101', '1203'),
  placement: { units: [{ unit: 'o-stalkers', hex: hexOf('0302'), facing: 6 }], decoys: [{ mimic: 'o-stalkers', hex: hexOf('1002'), facing: 5 }] },
  decoy: 'black-teeth-decoy-1',
};
const WIDE = { width: 1400, height: 900 };

jest.setTimeout(180_000);

let server: RunningServer | undefined;
let browser: Browser | undefined;
let dataDir = '';
let base = '';
const pages = new PlayerPages(WIDE);

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(SHOTS, `secrets-${name}.png`) });
}

/** Every WebSocket frame each page received, as bytes read in UTF-8 (what a player's own client could read). */
const frames = new Map<Page, string[]>();
function recordFrames(page: Page): void {
  const got: string[] = [];
  frames.set(page, got);
  page.on('websocket', (ws) => ws.on('framereceived', (f) => got.push(typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8'))));
}

/** Everything of the other side's hidden unit a page could show, hold or have received: its id, its name, its decoy's id. */
async function expectNothingOf(page: Page, enemy: typeof ARDENNE): Promise<void> {
  const h: LamesHooks = await hooks(page);
  const held = JSON.stringify({ view: h.view, log: h.log });
  const received = frames.get(page)!;
  expect(received.length).toBeGreaterThan(0);
  for (const secret of [enemy.unit, enemy.name, enemy.decoy]) {
    expect(held).not.toContain(secret);
    expect(received.filter((f) => f.includes(secret))).toEqual([]);
  }
  const text = await page.locator('body').innerText();
  expect(text).not.toContain(enemy.name);
}

beforeAll(async () => {
  checkBrowserPrerequisites();
  dataDir = mkdtempSync(join(tmpdir(), 'lames-e2e-secrets-'));
  // the shipped scenarios, the secret random seed: nothing of the battle is fixed by the test
  server = await startServer(readConfig({ PORT: '0', HOST: '127.0.0.1', LAMES_DATA_DIR: dataDir }), { logError: () => undefined, reconnectSeconds: 2 });
  base = `http://127.0.0.1:${server.port}/`;
  browser = await launchChromium();
});

afterAll(() => tearDown({ server, pages, browser, dataDir }));

describe('secrets in the browser: hidden deployment, decoys and seats', () => {
  let a: Page;
  let b: Page;
  let referee: Page;
  let battleId = '';

  it('Alice creates a battle of the-wood-edge with a referee seat; Bruno comes by his invite link, Rita by the referee’s', async () => {
    a = await pages.open(browser!, base, 'Alice');
    recordFrames(a);
    await a.waitForSelector('#scenario option[value="the-wood-edge"]', { state: 'attached' });
    await a.selectOption('#scenario', 'the-wood-edge');
    // the lobby's account of the scenario names no hidden unit
    for (const secret of [ARDENNE.name, BLACK_TEETH.name]) await expect(a.locator('body').innerText()).resolves.not.toContain(secret);
    await a.fill('#battle-name', BATTLE);
    await a.check('#seat-ardenne');
    await a.check('#with-referee');
    await a.click('#create');
    await waitReady(a);
    const invites = await invitesOf(a);
    battleId = /\/#\/b\/([^/]+)\//.exec(invites.referee)![1];

    b = await pages.blank(browser!, 'Bruno');
    recordFrames(b);
    await followLink(b, invites['black-teeth'], 'Bruno');
    await waitReady(b);
    referee = await pages.blank(browser!, 'Rita');
    recordFrames(referee);
    await followLink(referee, invites.referee, 'Rita');
    await waitReady(referee);
    for (const [page, seat] of [[a, 'ardenne'], [b, 'black-teeth'], [referee, 'referee']] as const) {
      expect((await hooks(page)).seat).toBe(seat);
      await page.waitForSelector('[data-testid="deploying"]');
    }
  });

  it('§4.5.2 each player’s panel offers its own hidden unit and zone only; the other side’s hidden unit is nowhere in the page', async () => {
    for (const [page, mine, enemy] of [[a, ARDENNE, BLACK_TEETH], [b, BLACK_TEETH, ARDENNE]] as const) {
      const view = (await hooks(page)).view!;
      expect(view.units.find((u) => u.id === mine.unit)).toMatchObject({ hex: -1, hidden: true });
      const side = page === a ? 'ardenne' : 'black-teeth';
      expect([...view.deployment!.sides[side].zone].sort(byNumber)).toEqual(mine.zone);
      await expect(page.locator('[data-testid="deploy-units"] button[data-deploy-unit]').evaluateAll((els) => els.map((e) => e.getAttribute('data-deploy-unit')))).resolves.toEqual([mine.unit]);
      await expectNothingOf(page, enemy);
    }
    // the referee sees both sides' units awaiting deployment
    const ref = (await hooks(referee)).view!;
    expect(ref.units.filter((u) => u.hex === -1 && u.hidden).map((u) => u.id).sort()).toEqual([ARDENNE.unit, BLACK_TEETH.unit].sort());
  });

  it('§4.5.2 Ardenne deploys its rangers and a decoy from the panel (unit, hex, facing, decoy), then waits for the Dents Noires', async () => {
    await draftDeployment(a, ARDENNE.placement);
    const panel = a.locator('[data-testid="deploy"]');
    await expect(panel.locator('li.placed button[data-deploy-unit="a-rangers"]').count()).resolves.toBe(1);
    await expect(panel.locator('[data-testid="deploy-decoys"] li.placed').count()).resolves.toBe(1);
    // the panel, wide and narrow, in French and in English
    for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      await a.setViewportSize(size);
      await panel.scrollIntoViewIfNeeded();
      await shot(a, `deploy-${size.width}-fr`);
      await a.click('#lang-toggle');
      await panel.locator('.move-title', { hasText: 'Deployment — Ardenne' }).waitFor();
      await a.locator('[data-testid="deploy-ready"]', { hasText: 'Deployment complete' }).waitFor();
      await panel.scrollIntoViewIfNeeded();
      await shot(a, `deploy-${size.width}-en`);
      await a.click('#lang-toggle');
      await a.locator('[data-testid="deploy-ready"]', { hasText: 'Déploiement complet' }).waitFor();
    }
    await a.setViewportSize(WIDE);
    await a.evaluate(() => window.scrollTo(0, 0));
    await confirmDeployment(a);
    await a.locator('[data-testid="deploy-waiting"]', { hasText: 'En attente du déploiement adverse' }).waitFor();
    await shot(a, 'a-waiting');
    // Dents Noires learn that Ardenne has deployed, and nothing of where
    await b.locator('[data-testid="status"] li[data-side="ardenne"]', { hasText: 'déployé' }).waitFor();
    await logLine(b, 'Ardenne a déployé ses unités cachées.');
    const seen = (await hooks(b)).view!;
    expect(seen.deployment!.sides.ardenne.done).toBe(true);
    expect(JSON.stringify(seen.deployment)).not.toContain('placement');
    await expectNothingOf(b, ARDENNE);
    // the referee sees Ardenne's placement as sent
    await referee.waitForFunction(() => {
      const d = (window as unknown as { __lames?: { view?: { deployment?: { sides: Record<string, { placement?: unknown }> } } } }).__lames?.view?.deployment;
      return !!d?.sides.ardenne.placement;
    });
    const placement = await referee.evaluate(() => (window as unknown as { __lames: { view: { deployment: { sides: Record<string, { placement: unknown }> } } } }).__lames.view.deployment.sides.ardenne.placement);
    expect(placement).toEqual(ARDENNE.placement);
  });

  it('§4.5.2 the Dents Noires deploy their stalkers and a decoy; the battle begins, turn 1, Ardenne to play', async () => {
    await deployFromPanel(b, BLACK_TEETH.placement);
    await a.waitForSelector('[data-testid="your-turn"]');
    await b.waitForSelector('[data-testid="waiting"]');
    await referee.locator('[data-testid="turn"]', { hasText: 'Tour 1' }).waitFor();
    for (const page of [a, b, referee]) await logLine(page, 'Fin du déploiement : la bataille commence.');
    await expect(a.locator('[data-testid="deploy"]').count()).resolves.toBe(0);
  });

  it('§4.5.1 turn 1: each player’s map shows the enemy’s covers only, its own hidden unit and decoy in place; the referee sees every one', async () => {
    for (const [page, mine, enemy, enemySide] of [[a, ARDENNE, BLACK_TEETH, 'black-teeth'], [b, BLACK_TEETH, ARDENNE, 'ardenne']] as const) {
      const view = (await hooks(page)).view!;
      const own = view.units.find((u) => u.id === mine.unit)!;
      expect({ hex: own.hex, facing: own.facing }).toEqual({ hex: mine.placement.units[0].hex, facing: mine.placement.units[0].facing });
      expect(view.decoys.map((d) => ({ id: d.id, hex: d.hex, facing: d.facing, mimic: d.mimic }))).toEqual([{ id: mine.decoy, ...mine.placement.decoys[0] }]);
      // two covers where the enemy's unit and decoy stand, and nothing under them
      const covers = (view.covers ?? []).filter((c) => c.side === enemySide);
      expect(covers.map((c) => c.hex).sort(byNumber)).toEqual([enemy.placement.units[0].hex, enemy.placement.decoys[0].hex].sort(byNumber));
      expect(view.units.some((u) => u.side === enemySide && u.hidden)).toBe(false);
      await expectNothingOf(page, enemy);
    }
    await shot(a, 'a-turn1');
    await shot(b, 'b-turn1');
    const ref = (await hooks(referee)).view!;
    for (const side of [ARDENNE, BLACK_TEETH]) {
      expect(ref.units.find((u) => u.id === side.unit)?.hex).toBe(side.placement.units[0].hex);
      expect(ref.decoys.find((d) => d.id === side.decoy)?.hex).toBe(side.placement.decoys[0].hex);
    }
    // the same reading of the frames finds the secrets where they may go: to the referee
    for (const secret of [ARDENNE.unit, BLACK_TEETH.unit, ARDENNE.decoy, BLACK_TEETH.decoy]) expect(frames.get(referee)!.some((f) => f.includes(secret))).toBe(true);
    await expect(referee.locator('body').innerText()).resolves.not.toContain('undefined');
    await shot(referee, 'referee-turn1');
  });

  it('Bruno comes back from a fresh browser with his personal link: his seat and his hidden unit; his first page is told its seat was taken over', async () => {
    const link = await personalLinkOf(b);
    // the link carries the key this browser keeps for the battle
    const stored = await b.evaluate(() => localStorage.getItem('lames.seats') ?? '');
    const held = (JSON.parse(stored) as { battleId: string; seat: string; key: string }[]).find((s) => s.battleId === battleId)!;
    expect(held.seat).toBe('black-teeth');
    expect(link).toBe(`${base}#/b/${battleId}/k/${held.key}`);

    const b2 = await pages.blank(browser!, 'Bruno (fresh)');
    recordFrames(b2);
    expect((await b2.context().storageState()).origins).toEqual([]);
    await followLink(b2, link, 'Bruno');
    await waitReady(b2);
    expect((await hooks(b2)).seat).toBe('black-teeth');
    const view = (await hooks(b2)).view!;
    expect(view.units.find((u) => u.id === BLACK_TEETH.unit)?.hex).toBe(BLACK_TEETH.placement.units[0].hex);
    expect(view.decoys.map((d) => d.id)).toEqual([BLACK_TEETH.decoy]);
    await expectNothingOf(b2, ARDENNE);
    // the key is the fresh browser's now too, and the address bar no longer shows it
    await expect(b2.evaluate(() => localStorage.getItem('lames.seats') ?? '')).resolves.toContain(held.key);
    expect(b2.url()).not.toContain(held.key);

    const notice = b.locator('[data-testid="lobby-notice"]');
    await notice.waitFor({ timeout: 30_000 });
    await expect(notice.textContent()).resolves.toContain('ouverte ailleurs');
    await shot(b, 'b-taken-over');
    b = b2;
    await b.waitForSelector('[data-testid="waiting"]');
  });

  it('Carla, a third browser, cannot take the Dents Noires: the lobby offers no button, and a hand-made claim is refused', async () => {
    const c = await pages.open(browser!, base, 'Carla');
    const battle = await listedBattle(c, BATTLE);
    for (const side of ['ardenne', 'black-teeth']) await expect(battle.locator(`button[data-join="${side}"]`).count()).resolves.toBe(0);
    await expect(battle.locator('li[data-side="black-teeth"]').textContent()).resolves.toContain('Bruno');
    await shot(c, 'c-lobby');
    // what a modified client would do: the matchmaker's join with the side's name, then the room's socket
    const answer = await c.evaluate(async (id) => {
      const r = await fetch(`/matchmake/joinById/${id}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ playerName: 'Carla', seat: 'black-teeth' }) });
      const seat = (await r.json()) as { processId?: string; roomId?: string; sessionId?: string };
      if (!seat.sessionId) return { frames: JSON.stringify(seat), closed: true };
      const ws = new WebSocket(`ws://${location.host}/${seat.processId}/${seat.roomId}?sessionId=${seat.sessionId}`);
      ws.binaryType = 'arraybuffer';
      const frames: string[] = [];
      ws.onmessage = (e) => frames.push(typeof e.data === 'string' ? e.data : new TextDecoder().decode(e.data as ArrayBuffer));
      const closed = await new Promise<boolean>((resolve) => {
        ws.onclose = () => resolve(true);
        setTimeout(() => resolve(false), 10_000);
      });
      return { frames: frames.join(' '), closed };
    }, battleId);
    expect(answer.closed).toBe(true);
    expect(answer.frames).toContain('seatRefused');
    // Bruno keeps his seat
    await b.waitForSelector('[data-testid="waiting"]');
    expect((await hooks(b)).seat).toBe('black-teeth');
  });

  it('a personal link with a wrong key is refused, with a clear message and nothing of the battle', async () => {
    const d = await pages.blank(browser!, 'Dora');
    await followLink(d, `${base}#/b/${battleId}/k/${'A'.repeat(22)}`, 'Dora');
    const alert = d.locator('[data-testid="pending-link"] [role="alert"]');
    await alert.waitFor({ timeout: 30_000 });
    await expect(alert.textContent()).resolves.toBe('Impossible de rejoindre la bataille : Ce lien ou cette demande ne donne accès à aucun siège de cette bataille.');
    await expect(d.locator('[data-testid="map"]').count()).resolves.toBe(0);
    await shot(d, 'd-wrong-key');
    // the seated pages saw no error; the refused browsers' failed requests are expected
    expect(pages.realErrors().filter((e) => /^(Alice|Bruno|Rita)\b/.test(e))).toEqual([]);
  });
});
