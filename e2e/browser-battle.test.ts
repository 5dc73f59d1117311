/**
 * A short scripted battle in the browser, checked from both players'
 * screens: a move, a charge, a shock combat with a recoil, and a rest.
 *
 * Deterministic without cheating on the client: the server's test hooks fix
 * the battle's seed and swap in a small scenario (the-ford's map, a few units
 * close together). The seed is the first whose script, played on the rules
 * library beforehand, makes the warband recoil, routed; the browsers then play the
 * same actions through the UI, and the test checks what the logs say.
 * Needs the built client (npm run build -w @lames/client) and /usr/bin/chromium.
 */
import { mkdtempSync, readFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Browser, Page } from 'playwright-core';
import { checkBrowserPrerequisites, launchChromium, ROOT, SHOTS, tearDown } from './helpers/chromium';
import { PlayerPages } from './helpers/player-pages';
import type { GameEvent } from '@lames/rules';
import { startServer, type RunningServer } from '../packages/server/src/app';
import { readConfig } from '../packages/server/src/config';
import { clickHex, hexCenter, hooks, waitFor, waitReady } from './helpers/lames-page';
import { claimSide } from './helpers/seats';
import { endTurn } from './helpers/game-ui';
import {
  hexOf,
  loadScenario,
  seedWithRecoil,
  skirmishInput,
  type ScriptRun,
} from './helpers/skirmish';


jest.setTimeout(180_000);

type Win = {
  __lames: {
    view: {
      activeSide: string;
      activation: { piece: string } | null;
      units: { id: string; hex: number }[];
    };
    log: { type: string }[];
    picker: string | null;
    selected: string | null;
  };
};

let server: RunningServer | undefined;
let browser: Browser | undefined;
let dataDir = '';
let base = '';
let script: { seed: string; run: ScriptRun } | null = null;
const pages = new PlayerPages({ width: 1400, height: 900 });

const newPage = (name: string): Promise<Page> => pages.open(browser!, base, name);

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

beforeAll(async () => {
  checkBrowserPrerequisites();
  const ford = JSON.parse(
    readFileSync(join(ROOT, 'packages', 'rules', 'src', 'scenarios', 'the-ford.json'), 'utf8'),
  ) as Record<string, unknown>;
  const skirmish = loadScenario(skirmishInput(ford));
  script = seedWithRecoil(skirmish, 60);
  if (!script)
    throw new Error(
      'no seed in 60 makes the scripted shock end in a recoil of a routed warband: has the script stopped being legal? (run playSkirmish with SKIRMISH_DEBUG=1)',
    );
  const seed = script.seed;
  dataDir = mkdtempSync(join(tmpdir(), 'lames-e2e-battle-'));
  // the lobby offers the shipped scenarios: the skirmish stands in for the-ford
  server = await startServer(
    readConfig({ PORT: '0', HOST: '127.0.0.1', LAMES_DATA_DIR: dataDir }),
    {
      logError: () => undefined,
      reconnectSeconds: 2,
      seed: () => seed,
      scenarios: { 'the-ford': skirmish },
    },
  );
  base = `http://127.0.0.1:${server.port}/`;
  browser = await launchChromium();
});

afterAll(() => tearDown({ server, pages, browser, dataDir }));

const unitHex = (page: Page, id: string, hex: number) =>
  waitFor(
    page,
    (arg) => {
      const [u, h] = JSON.parse(String(arg)) as [string, number];
      return (window as unknown as Win).__lames.view.units.find((x) => x.id === u)?.hex === h;
    },
    JSON.stringify([id, hex]) as unknown as number,
  );
const logHas = (page: Page, type: string, count = 1) =>
  waitFor(
    page,
    (arg) => {
      const [t, n] = JSON.parse(String(arg)) as [string, number];
      return (window as unknown as Win).__lames.log.filter((e) => e.type === t).length >= n;
    },
    JSON.stringify([type, count]) as unknown as number,
  );
const activeSide = (page: Page, side: string) =>
  waitFor(
    page,
    (s) => (window as unknown as Win).__lames.view.activeSide === (s as unknown as string),
    side as unknown as number,
  );

/** Selects a unit by clicking its hex (again, through the stack, until it is the selection). */
async function select(page: Page, id: string, hex: number): Promise<void> {
  for (let i = 0; i < 4; i++) {
    await clickHex(page, hex);
    await page.waitForTimeout(100);
    if ((await hooks(page)).selected === id) return;
  }
  throw new Error(`could not select ${id}`);
}

async function activate(page: Page, id: string, hex: number): Promise<void> {
  await select(page, id, hex);
  await page.click('button[data-action="activate"]');
  await waitFor(
    page,
    (p) => (window as unknown as Win).__lames.view.activation?.piece === (p as unknown as string),
    id as unknown as number,
  );
}

/** The command steps of the script, if the rules allowed them: orders from Gauvain, a new directive for Iseult's wing. */
async function commandSceneFor(a: Page, b: Page): Promise<void> {
  const run = script!.run;
  const at = (type: string, piece: string) => run.steps.findIndex((s) => s.action.type === type && s.action.piece === piece);
  const distribute = at('distributeOrders', 'h-gauvain');
  if (distribute >= 0) {
    await activate(a, 'h-gauvain', hexOf('1211'));
    await a.click('button[data-action="distributeOrders"]');
    const rolled = run.events[distribute].find((e) => e.type === 'commandPoints') as Extract<GameEvent, { type: 'commandPoints' }>;
    const orders = a.locator('[data-testid="orders"]');
    await orders.waitFor();
    await a.locator('[data-testid="command-points"]', { hasText: `Points de commandement restants : ${rolled.points}` }).waitFor();
    await a.locator('[data-testid="log"] li', { hasText: 'Sire Gauvain distribue les ordres' }).first().waitFor();
    await shot(a, 'battle-a-orders');
    const give = at('giveOrder', 'h-gauvain');
    if (give >= 0) {
      const target = String(run.steps[give].action.target);
      await orders.locator(`button[data-order="${target}"]`).click();
      await logHas(a, 'orderGiven');
      // the order is secret unless the rules tell everyone (audience of the event)
      const given = run.events[give].find((e) => e.type === 'orderGiven')!;
      if (given.audience.to === 'all') await logHas(b, 'orderGiven');
      else await expect(hooks(b).then((h) => h.log.some((e) => e.type === 'orderGiven'))).resolves.toBe(false);
    }
    await a.click('button[data-action="end-orders"]');
    await waitFor(a, () => (window as unknown as Win).__lames.view.activation?.piece !== 'h-gauvain', null);
  }
  const change = at('changeDirective', 'h-iseult');
  if (change >= 0) {
    await activate(a, 'h-iseult', hexOf('1311'));
    await a.click('button[data-action="changeDirective"]');
    await a.locator('button[data-directive="attack"]').click();
    await shot(a, 'battle-a-directive');
    await a.click('button[data-action="confirm-directive"]');
    const changed = run.events[change].some((e) => e.type === 'directiveChanged');
    for (const page of [a, b]) {
      await page.locator('[data-testid="log"] li.log-test', { hasText: 'Test de commandement' }).first().waitFor();
      if (changed) await page.locator('[data-testid="log"] li', { hasText: 'passe en directive attaque' }).first().waitFor();
    }
    if (changed) await b.locator('li.wing[data-wing="ardenne-right"] .directive', { hasText: 'attaque' }).waitFor();
  }
}

describe('a scripted battle in the browser', () => {
  let a: Page;
  let b: Page;
  const steps = () => script!.run.steps;
  const events = () => script!.run.events;

  it('seats both players on the skirmish: Alice creates it, Bruno claims the other side in the lobby; nothing deploys hidden', async () => {
    a = await newPage('Alice');
    await a.waitForSelector('#scenario option[value="the-ford"]', { state: 'attached' });
    await a.selectOption('#scenario', 'the-ford');
    await a.fill('#battle-name', 'Escarmouche');
    await a.check('#seat-ardenne');
    await a.click('#create');
    await waitReady(a);
    b = await newPage('Bruno');
    await claimSide(b, 'Escarmouche', 'black-teeth');
    await waitReady(b);
    expect((await hooks(b)).seat).toBe('black-teeth');
    await a.waitForSelector('[data-testid="your-turn"]');
    expect((await hooks(a)).view!.deployment).toBeUndefined();
    expect((await hooks(a)).view!.units.map((u) => u.id).sort()).toEqual([
      'h-gauvain',
      'h-iseult',
      'h-knights',
      'h-spears',
      'o-grishak',
      'o-uzgul',
      'o-warband',
    ]);
  });

  it('moves the spears (minimal move: winded), from Ardenne and seen by Dents Noires', async () => {
    const [act, mv] = steps();
    expect(act.action).toEqual({ type: 'activate', piece: 'h-spears' });
    await activate(a, 'h-spears', hexOf('0311'));
    await a.click('button[data-action="move-minimal"]');
    await waitFor(a, () => (window as unknown as Win).__lames.picker === 'move', null);
    await clickHex(a, mv.arrival!.hex);
    await a.locator('.facings button').nth(mv.arrival!.index).click();
    await a.click('button[data-action="confirm-move"]');
    await unitHex(a, 'h-spears', mv.arrival!.hex);
    await unitHex(b, 'h-spears', mv.arrival!.hex);
    await b
      .locator('[data-testid="log"] li', { hasText: 'Lanciers du Gué : mouvement minimal' })
      .first()
      .waitFor();
    await b.locator('[data-testid="log"] li', { hasText: 'essoufflée' }).first().waitFor();
  });

  it('charges the warband with the knights: contact or charge is offered at the destination', async () => {
    const mv = steps()[3];
    expect(mv.arrival!.charge).toBe(true);
    await activate(a, 'h-knights', hexOf('0511'));
    await a.click('button[data-action="move-normal"]');
    await waitFor(a, () => (window as unknown as Win).__lames.picker === 'move', null);
    await clickHex(a, mv.arrival!.hex);
    await a.locator('.facings button').nth(mv.arrival!.index).click();
    const choice = a.locator('[data-testid="shock-choice"]');
    await choice.waitFor();
    await expect(choice.locator('button').allTextContents()).resolves.toEqual([
      'Contact',
      'Charge',
    ]);
    await choice.locator('button[data-shock="charge"]').click();
    await expect(a.locator('button[data-shock="charge"].chosen').count()).resolves.toBe(1);
    await shot(a, 'battle-a-charge-choice');
    await a.click('button[data-action="confirm-move"]');
    await unitHex(b, 'h-knights', mv.arrival!.hex);
    await b
      .locator('[data-testid="log"] li', { hasText: 'reçoit un marqueur charge' })
      .first()
      .waitFor();
    // the engagement test is in the dice log, with its modifiers and sections
    const testLine = b.locator('[data-testid="log"] li.log-test').first();
    await testLine.waitFor();
    await expect(testLine.textContent()).resolves.toMatch(
      /Test d.+ de Chevaliers d'Ardenne : dés \d \+ \d .*seuil \d+ — (réussi|raté)/,
    );
    await expect(testLine.locator('ul.log-details li').count()).resolves.toBeGreaterThan(0);
    await shot(b, 'battle-b-charged');
  });

  it('ends both turns; the knights, charging and engaged, are bound to shock', async () => {
    await endTurn(a);
    await activeSide(b, 'black-teeth');
    await endTurn(b);
    await activeSide(a, 'ardenne');
    await a.locator('[data-testid="turn"]', { hasText: 'Tour 2' }).waitFor();
    await activate(a, 'h-knights', steps()[3].arrival!.hex);
    const forced = a.locator('[data-testid="forced"]');
    await forced.waitFor();
    await expect(forced.textContent()).resolves.toContain('Choc');
    await expect(a.locator('button[data-action="shock"].forced').count()).resolves.toBe(1);
    await expect(a.locator('button[data-action="rest"]').isDisabled()).resolves.toBe(true);
    await shot(a, 'battle-a-forced-shock');
  });

  it('previews the shock (targets, advantage, modifiers, odds) and the warband recoils', async () => {
    const shock = steps().find((s) => s.action.type === 'shock')!;
    await a.click('button[data-action="shock"]');
    await waitFor(a, () => (window as unknown as Win).__lames.picker === 'attack', null);
    const warbandHex = (await hooks(a)).view!.units.find((u) => u.id === 'o-warband')!.hex;
    await clickHex(a, warbandHex);
    const target = a.locator('.target[data-target="o-warband"]');
    await target.waitFor();
    // §2.7.3.1 the charging knights always support their attack: one option only
    await expect(target.locator('.option').count()).resolves.toBe(1);
    const option = target.locator(`.option[data-supported="${String(shock.action.supported)}"]`);
    await option.locator('input[type="radio"]').check();
    await expect(option.locator('.adv').textContent()).resolves.toMatch(/Avantage [+-]?\d+/);
    await expect(option.locator('ul.modifiers li').first().textContent()).resolves.toMatch(/§2\.7/);
    const odds = await option.locator('.odds-p').allTextContents();
    expect(odds.length).toBeGreaterThanOrEqual(2);
    const total = odds.map((p) => Number(p.replace(/[^\d]/g, ''))).reduce((x, y) => x + y, 0);
    expect(total).toBeGreaterThanOrEqual(98);
    expect(total).toBeLessThanOrEqual(102);
    await shot(a, 'battle-a-shock-preview');
    await a.click('button[data-action="confirm-shock"]');

    const i = steps().indexOf(shock);
    const combat = events()[i].find((e) => e.type === 'combat') as Extract<
      GameEvent,
      { type: 'combat' }
    >;
    // §2.7.4 when the losses can be absorbed more than one way, the defending player chooses
    const absorb = steps().find((s) => s.action.type === 'absorbLosses');
    const j = absorb ? steps().indexOf(absorb) : i;
    const recoil = events()[j].find((e) => e.type === 'recoiled') as Extract<
      GameEvent,
      { type: 'recoiled' }
    >;
    if (absorb) {
      await a.locator('[data-testid="losses-waiting"]').waitFor();
      await expect(a.locator('[data-testid="losses-waiting"]').textContent()).resolves.toContain('Dents Noires');
      const panel = b.locator('[data-testid="losses"]');
      await panel.waitFor();
      await expect(panel.locator('button[data-plan]').count()).resolves.toBe((await hooks(b)).lossChoices.length);
      await expect(panel.locator('button[data-action="confirm-losses"]').isDisabled()).resolves.toBe(true);
      await clickHex(b, recoil.to);
      await expect(panel.locator(`button[data-hex="${recoil.to}"].chosen`).count()).resolves.toBeGreaterThan(0);
      await shot(b, 'battle-b-losses-choice');
      await panel.locator('button[data-action="confirm-losses"]').click();
    }
    for (const page of [a, b]) {
      await logHas(page, 'combat');
      await logHas(page, 'recoiled');
      await unitHex(page, 'o-warband', recoil.to);
      const line = page.locator('[data-testid="log"] li.log-combat').first();
      await expect(line.textContent()).resolves.toContain(
        `Choc de Chevaliers d'Ardenne contre Bande d'Uzgul`,
      );
      await expect(line.textContent()).resolves.toContain(
        `dés ${combat.dice[0]} + ${combat.dice[1]}`,
      );
      await expect(line.textContent()).resolves.toContain(`pertes : ${combat.losses}`);
      await expect(line.locator('ul.log-details li').count()).resolves.toBe(
        combat.modifiers.length,
      );
      await page
        .locator('[data-testid="log"] li', { hasText: "Bande d'Uzgul recule de" })
        .first()
        .waitFor();
    }
    await shot(b, 'battle-b-after-shock');
    // the markers, zoomed in: routed warband, charging knights (activated), winded spears
    const knights = await hexCenter(
      b,
      (await hooks(b)).view!.units.find((u) => u.id === 'h-knights')!.hex,
    );
    await b.mouse.move(knights.x, knights.y);
    for (let k = 0; k < 4; k++) await b.mouse.wheel(0, -240);
    await b.waitForTimeout(300);
    const c = await hexCenter(
      b,
      (await hooks(b)).view!.units.find((u) => u.id === 'h-knights')!.hex,
    );
    await b.screenshot({
      path: join(SHOTS, 'battle-b-markers.png'),
      clip: { x: c.x - 260, y: c.y - 300, width: 520, height: 560 },
    });
    await b.dblclick('canvas');
  });

  it('rests the winded spears in one click, and the rest test is logged on both screens', async () => {
    await activate(a, 'h-spears', steps()[1].arrival!.hex);
    await a.click('button[data-action="rest"]');
    for (const page of [a, b]) {
      await page
        .locator('[data-testid="log"] li.log-test', { hasText: 'Test de repos de Lanciers du Gué' })
        .first()
        .waitFor();
    }
    await commandSceneFor(a, b);
    // the epilogue: Dents Noires activates the routed warband, and its screen says what binds it
    const last = steps()[steps().length - 1];
    if (last.action.type === 'activate' && last.seat === 'black-teeth') {
      if ((await hooks(a)).view!.activeSide === 'ardenne') await endTurn(a);
      await activeSide(b, 'black-teeth');
      const warband = (await hooks(b)).view!.units.find((u) => u.id === 'o-warband')!;
      const outcome = events()[steps().length - 1];
      if (outcome.some((e) => e.type === 'unitDestroyed')) {
        // routed with nowhere to flee: destroyed as it activates (§2.9.1)
        await select(b, 'o-warband', warband.hex);
        await b.click('button[data-action="activate"]');
        for (const page of [a, b]) await page.locator('[data-testid="log"] li', { hasText: "Bande d'Uzgul est détruite" }).first().waitFor();
      } else {
        await activate(b, 'o-warband', warband.hex);
        const forced = b.locator('[data-testid="forced"]');
        await forced.waitFor();
        await expect(forced.textContent()).resolves.toMatch(/Action imposée : (Fuite|Ralliement)/);
      }
      await shot(b, 'battle-b-epilogue');
    }
    await b.click('#lang-toggle');
    await b
      .locator('[data-testid="log"] li.log-test', { hasText: 'Rest test of Lanciers du Gué' })
      .first()
      .waitFor();
    await b
      .locator('[data-testid="log"] li.log-combat', { hasText: 'Shock by Chevaliers' })
      .first()
      .waitFor();
    await shot(b, 'battle-b-log-en');
    const log = b.locator('[data-testid="log"]');
    await log.evaluate((el) => {
      el.style.maxHeight = 'none';
    });
    await log.locator('li.log-combat').first().scrollIntoViewIfNeeded();
    await log.screenshot({ path: join(SHOTS, 'battle-b-log-en-full.png') });
    await shot(a, 'battle-a-end');
    expect(pages.realErrors()).toEqual([]);
  });
});
