/**
 * The chapter-2 actions the scripted skirmish does not reach, each played
 * in the browser as a player would (select the counter, pick the action in
 * its menu, choose the facing / hex / target / wing, confirm) and checked on
 * both players' screens (and the referee's in the first battle): counters
 * moved or turned, markers, the dice log with its explanations, the wings.
 *
 * Two battles on one server (e2e/helpers/chapter2.ts):
 * - "Manœuvres E2E", a new battle on a fixed seed: face (§2.6.14),
 *   withdraw (§2.6.12), duel (§2.7.1.1), take command (§2.5.14), flee
 *   (§2.6.13), resign (§2.5.15);
 * - "Ralliement E2E", a saved battle Ardenne resumes with her personal link
 *   and Dents Noires claims in the lobby, with
 *   a shaken and a routed unit and a wing carrying shaken markers:
 *   reorganise (§2.8.3.4), rally (§2.8.4), wing morale (§2.5.10.1).
 * Each script is played on the rules library first, on the first seed whose
 * dice show what the test wants (command tests passed, recovery tests
 * passed...); the browsers then send the same actions, so the server rolls
 * the same dice, and the test checks the pages against the rules' events.
 * Needs the built client (npm run build -w @lames/client) and /usr/bin/chromium.
 */
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Browser, Page } from 'playwright-core';
import { checkBrowserPrerequisites, launchChromium, SHOTS, tearDown } from './helpers/chromium';
import {
  loadScenario,
  withdrawOptions,
  faceOptions,
  fleeArrivals,
  type GameEvent,
  type Scenario,
  type ScenarioInput,
} from '@lames/rules';
import { startServer, type RunningServer } from '../packages/server/src/app';
import { readConfig } from '../packages/server/src/config';
import { openFileStore } from '../packages/server/src/persistence/file-store';
import { newAccess } from '../packages/server/src/rooms/access';
import { claimSide, followLink, invitesOf, leaveBattle, listedBattle } from './helpers/seats';
import { PlayerPages } from './helpers/player-pages';
import { clickHex, colourShare, hexCenter, hooks, waitReady } from './helpers/lames-page';
import {
  hexOf,
  labelOf,
  manoeuvresInput,
  recoveryInput,
  recoveryState,
  seedForManoeuvres,
  seedForRecovery,
  type Script,
  type Step,
} from './helpers/chapter2';
import {
  activate,
  expectTestLines,
  logLine,
  select,
  unitOf,
  waitActivation,
  waitActiveSide,
  waitPicker,
  waitUnit,
  waitWing,
  wingEntry,
  endTurn,
} from './helpers/game-ui';

/** The saved battle's id (its file name in the store). */
const SAVED_BATTLE = 'e2e-recovery-saved';
/** The shipped scenario the lobby offers, whose id the server maps to the manoeuvres. */
const LOBBY_SCENARIO = 'the-ford';
const SHAKEN_ORANGE: [number, number, number] = [0xd9, 0x82, 0x2b];
const ROUTED_RED: [number, number, number] = [0xb3, 0x26, 0x1e];

jest.setTimeout(180_000);

let server: RunningServer | undefined;
let browser: Browser | undefined;
let dataDir = '';
let base = '';
let manoeuvres: Script;
let recovery: Script;
/** Ardenne's seat key in the saved battle: her personal link. */
let savedKey = '';
const pages = new PlayerPages({ width: 1400, height: 900 });

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(SHOTS, `actions-${name}.png`) });
}

/** Names of the units and wings of a scenario, as the log writes them. */
function namesOf(input: ScenarioInput): (id: string) => string {
  const names = new Map<string, string>([
    ...input.units.map((u) => [u.id, u.name] as const),
    ...input.sides.flatMap((s) => s.wings.map((w) => [w.id, w.name] as const)),
  ]);
  return (id) => names.get(id) ?? id;
}

/** The scripted step that sent this action type (for this piece). */
function stepOf(script: Script, type: string, piece?: string): Step {
  const step = script.steps.find(
    (s) => s.action.type === type && (piece === undefined || s.action.piece === piece),
  );
  if (!step) throw new Error(`the script has no ${type} ${piece ?? ''}`);
  return step;
}

function eventOf<T extends GameEvent['type']>(
  step: Step,
  type: T,
): Extract<GameEvent, { type: T }> {
  const e = step.events.find((x) => x.type === type);
  if (!e) throw new Error(`no ${type} event after ${step.action.type}`);
  return e as Extract<GameEvent, { type: T }>;
}

/** The state after a step: the next step's starting state, or the end of the script. */
function after(script: Script, step: Step) {
  const i = script.steps.indexOf(step);
  return i + 1 < script.steps.length ? script.steps[i + 1].before : script.state;
}

/** The share of a marker's colour around a unit's counter (the canvas is WebGL: read from a screenshot). */
async function markerShare(page: Page, id: string, rgb: [number, number, number]): Promise<number> {
  const { hex } = await unitOf(page, id);
  const at = await hexCenter(page, hex);
  const below = await hexCenter(page, hex + 14);
  const half = Math.round(Math.hypot(below.x - at.x, below.y - at.y) * 0.75);
  await page.waitForTimeout(200);
  return colourShare(page, at, rgb, half);
}

beforeAll(async () => {
  checkBrowserPrerequisites();
  const manoeuvresScenario: Scenario = loadScenario(manoeuvresInput());
  const recoveryScenario: Scenario = loadScenario(recoveryInput());
  const m = seedForManoeuvres(manoeuvresScenario);
  if (!m)
    throw new Error(
      'no seed in 200 plays the manoeuvres script: has a step stopped being legal? (run with CHAPTER2_DEBUG=1)',
    );
  const r = seedForRecovery(recoveryScenario);
  if (!r)
    throw new Error(
      'no seed in 200 plays the recovery script: has a step stopped being legal? (run with CHAPTER2_DEBUG=1)',
    );
  manoeuvres = m;
  recovery = r;

  dataDir = mkdtempSync(join(tmpdir(), 'lames-e2e-actions-'));
  // the saved battle, as a room would have saved it, waiting in the store to be resumed
  const store = await openFileStore(dataDir);
  const now = new Date().toISOString();
  // its seats as the server makes them: Alice holds Ardenne (and its key), Dents Noires is free to claim
  const { access, key } = await newAccess({ sides: ['ardenne', 'black-teeth'], creatorSeat: 'ardenne', referee: false, listed: true, playerName: 'Alice' });
  savedKey = key;
  await store.save({
    id: SAVED_BATTLE,
    battleName: 'Ralliement E2E',
    // the lobby lists a saved battle with the sides of its scenario: the recovery one stands in for the-ford too
    scenarioId: LOBBY_SCENARIO,
    createdAt: now,
    updatedAt: now,
    status: 'playing',
    state: recoveryState(recoveryScenario, recovery.seed),
    log: [],
    access,
  });
  await store.close();

  server = await startServer(
    readConfig({ PORT: '0', HOST: '127.0.0.1', LAMES_DATA_DIR: dataDir }),
    {
      logError: () => undefined,
      reconnectSeconds: 2,
      seed: () => manoeuvres.seed,
      // the lobby offers the shipped scenarios: the manoeuvres stand in for the-ford (the saved battle needs no scenario)
      scenarios: { [LOBBY_SCENARIO]: manoeuvresScenario },
    },
  );
  base = `http://127.0.0.1:${server.port}/`;
  browser = await launchChromium();
});

afterAll(() => tearDown({ server, pages, browser, dataDir }));

describe('chapter-2 actions in the browser', () => {
  let a: Page;
  let b: Page;
  let referee: Page;
  const name = namesOf(manoeuvresInput());

  it('seats Ardenne, Dents Noires (claimed in the lobby) and a referee (by invite link) on a new battle of the manoeuvres scenario', async () => {
    a = await pages.open(browser!, base, 'Alice');
    await a.waitForSelector(`#scenario option[value="${LOBBY_SCENARIO}"]`, { state: 'attached' });
    await a.selectOption('#scenario', LOBBY_SCENARIO);
    await a.fill('#battle-name', 'Manoeuvres');
    await a.check('#seat-ardenne');
    await a.check('#with-referee');
    await a.click('#create');
    await waitReady(a);
    const invites = await invitesOf(a);
    b = await pages.open(browser!, base, 'Bruno');
    await claimSide(b, 'Manoeuvres', 'black-teeth');
    await waitReady(b);
    referee = await pages.blank(browser!, 'Rita');
    await followLink(referee, invites.referee, 'Rita');
    await waitReady(referee);
    for (const [page, seat] of [[a, 'ardenne'], [b, 'black-teeth'], [referee, 'referee']] as const) expect((await hooks(page)).seat).toBe(seat);
    await a.waitForSelector('[data-testid="your-turn"]');
    expect((await hooks(a)).view!.units).toHaveLength(manoeuvresInput().units.length);
    // Ardenne's only wing starts without a leader
    for (const page of [a, b, referee])
      await wingEntry(page, 'ardenne-left').locator('text=sans chef').waitFor();
  });

  it('§2.6.14 Faire face: the militia, engaged from its rear, must face; it turns south and takes its attack engagement test', async () => {
    const step = stepOf(manoeuvres, 'face', 'a-militia');
    await activate(a, 'a-militia');
    const forced = a.locator('[data-testid="forced"]');
    await forced.waitFor();
    await expect(forced.textContent()).resolves.toContain('Action imposée : Faire face');
    await expect(a.locator('button[data-action="face"].forced').count()).resolves.toBe(1);
    await a.click('button[data-action="face"]');
    await waitPicker(a, 'face');
    // the panel offers the facings that engage the raiders, as the rules list them
    const offered = await a
      .locator('.facings button.facing')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-facing'))));
    expect(offered).toEqual(faceOptions(step.before, 'ardenne', 'a-militia'));
    await expect(a.locator('button[data-action="confirm-face"]').isDisabled()).resolves.toBe(true);
    await a.click(`.facings button.facing[data-facing="${step.action.facing}"]`);
    await expect(
      a.locator('.facings button.facing.chosen').getAttribute('data-facing'),
    ).resolves.toBe(String(step.action.facing));
    await shot(a, 'a-face-picker');
    await a.click('button[data-action="confirm-face"]');
    for (const page of [a, b, referee]) {
      await waitUnit(page, 'a-militia', { facing: 6, hex: hexOf('0205') });
      await logLine(page, 'Milice du Gué fait face vers S.');
      await expectTestLines(page, step.events, name);
    }
    // Dents Noires read the new facing in the counter's details
    await select(b, 'a-militia');
    await expect(
      b
        .locator('.unit-details[data-unit="a-militia"] tr', { hasText: 'Orientation' })
        .locator('td')
        .textContent(),
    ).resolves.toBe('S');
    await shot(b, 'b-faced');
  });

  it('§2.6.12 Repli: the lancers, engaged by the warband, withdraw one hex into their rear zone', async () => {
    const step = stepOf(manoeuvres, 'withdraw', 'a-spears');
    const to = Number(step.action.to);
    await activate(a, 'a-spears');
    await a.click('button[data-action="withdraw"]');
    await waitPicker(a, 'hex');
    // the three hexes of the rear zone, each as the rules judge it
    const places = withdrawOptions(step.before, 'ardenne', 'a-spears');
    const chips = a.locator('.places button.chip');
    await expect(
      chips.evaluateAll((els) => els.map((e) => e.getAttribute('data-hex'))),
    ).resolves.toEqual(places.map((o) => String(o.to ?? `exit-${o.exit}`)));
    await expect((await hooks(a)).targets.sort()).toEqual(
      places
        .filter((o) => o.allowed && o.to !== null)
        .map((o) => o.to)
        .sort(),
    );
    // the hex is picked on the map
    await clickHex(a, to);
    await a.locator(`.places button.chip.chosen[data-hex="${to}"]`).waitFor();
    await a.locator('.hint', { hasText: `Hex choisi : ${labelOf(to)}` }).waitFor();
    await shot(a, 'a-withdraw-picker');
    await a.click('button[data-action="confirm-withdraw"]');
    for (const page of [a, b, referee]) {
      await waitUnit(page, 'a-spears', { hex: to, facing: 0 });
      await logLine(page, `Lanciers du Gué se replie de 0505 à ${labelOf(to)}`);
      await expectTestLines(page, step.events, name);
    }
    await shot(b, 'b-withdrawn');
  });

  it('§2.7.1.1 Duel: Dame Iseult, alone in her hex, duels Grishak, a character stacked with the black guards', async () => {
    const step = stepOf(manoeuvres, 'duel', 'a-iseult');
    const combat = eventOf(step, 'combat');
    // §2.3.1 the stack list says where each unit stands: Grishak, small with a large unit, is in the middle
    await clickHex(b, hexOf('0807'));
    await b.locator('[data-testid="selection"] [data-place="middle"]').waitFor();
    await expect(b.locator('[data-testid="selection"] [data-place]').allTextContents()).resolves.toEqual([' · Au milieu']);
    await clickHex(b, hexOf('0101'));
    await activate(a, 'a-iseult');
    await expect(a.locator('button[data-action="duel"]').isEnabled()).resolves.toBe(true);
    await a.click('button[data-action="duel"]');
    await waitPicker(a, 'attack');
    // Grishak is picked on the map: the guards' hex
    await clickHex(a, hexOf('0807'));
    const target = a.locator('.target.chosen[data-target="o-grishak"]');
    await target.waitFor();
    const option = target.locator(`.option[data-supported="${String(step.action.supported)}"]`);
    await option.locator('input[type="radio"]').check();
    // the preview's advantage is the one the combat uses
    const adv = combat.advantage > 0 ? `+${combat.advantage}` : String(combat.advantage);
    await expect(option.locator('.adv').textContent()).resolves.toContain(`Avantage ${adv}`);
    await expect(option.locator('ul.modifiers li').count()).resolves.toBeGreaterThan(0);
    await shot(a, 'a-duel-preview');
    await a.click('button[data-action="confirm-duel"]');
    const defender = after(manoeuvres, step).units.find((u) => u.id === 'o-grishak')!;
    for (const page of [a, b, referee]) {
      const line = await logLine(page, 'Duel de Dame Iseult contre Grishak', 'combat');
      const text = (await line.locator('.log-text').textContent()) ?? '';
      expect(text).toContain(`dés ${combat.dice[0]} + ${combat.dice[1]}`);
      expect(text).toContain(`pertes : ${combat.losses}`);
      await expect(line.locator('.log-section').textContent()).resolves.toBe('§2.7.1.1');
      const details = await line.locator('ul.log-details li').allTextContents();
      expect(details).toHaveLength(combat.modifiers.length);
      combat.modifiers.forEach((mod, i) => expect(details[i]).toContain(mod.label.fr));
      await waitUnit(page, 'o-grishak', { hex: defender.hex, steps: defender.steps });
    }
    await shot(b, 'b-duel');
  });

  it('§2.5.14 Prise de commandement: the army commander takes command of the wing that has no leader', async () => {
    const step = stepOf(manoeuvres, 'takeCommand', 'a-gauvain');
    await activate(a, 'a-gauvain');
    await a.click('button[data-action="takeCommand"]');
    await waitPicker(a, 'takeCommand');
    await expect(
      a
        .locator('.chips button[data-wing]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-wing'))),
    ).resolves.toEqual(['ardenne-left']);
    await a.click('.chips button[data-wing="ardenne-left"]');
    await a.locator('.chips button.chosen[data-wing="ardenne-left"]').waitFor();
    await shot(a, 'a-take-command');
    await a.click('button[data-action="confirm-take-command"]');
    for (const page of [a, b, referee]) {
      await expectTestLines(page, step.events, name);
      await logLine(page, 'Sire Gauvain prend le commandement de Aile gauche.');
      await waitWing(page, 'ardenne-left', { leader: 'a-gauvain' });
      await wingEntry(page, 'ardenne-left').locator('text=chef : Sire Gauvain').waitFor();
    }
    await shot(b, 'b-command-taken');
  });

  it('§2.6.13 Fuite: Ardenne ends its turn, and the Dents Noires wolves flee their nearest threat, the knights', async () => {
    await endTurn(a);
    await waitActiveSide(b, 'black-teeth');
    await b.waitForSelector('[data-testid="your-turn"]');
    const step = stepOf(manoeuvres, 'flee', 'o-wolves');
    const { hex, index } = step.arrival!;
    const fled = eventOf(step, 'fled');
    const end = fled.path[fled.path.length - 1];
    await activate(b, 'o-wolves');
    await b.click('button[data-action="flee"]');
    await waitPicker(b, 'move');
    // the hexes offered are the rules' flights (§2.6.13: away from the nearest threat)
    const flights = new Set(fleeArrivals(step.before, 'black-teeth', 'o-wolves').map((x) => x.hex));
    await expect((await hooks(b)).targets.sort((x, y) => x - y)).toEqual(
      [...flights].sort((x, y) => x - y),
    );
    await clickHex(b, hex);
    await b.locator('.facings button').nth(index).click();
    await b
      .locator('.facings button.chosen .flee-note', { hasText: "fuit Chevaliers d'Ardenne" })
      .waitFor();
    await shot(b, 'b-flee-preview');
    await b.click('button[data-action="confirm-flee"]');
    for (const page of [a, b, referee]) {
      await waitUnit(page, 'o-wolves', { hex: end.hex, facing: end.facing });
      const line = await logLine(page, 'Loups de Grishak fuit');
      await expect(line.locator('.log-section').textContent()).resolves.toBe('§2.6.13');
      await expect(line.locator('.log-text').textContent()).resolves.toContain(labelOf(end.hex));
      await expectTestLines(page, step.events, name);
    }
    await shot(a, 'a-fled');
  });

  it('§2.5.15 Démission: Uzgul, army commander, gives up the command of his wing', async () => {
    const step = stepOf(manoeuvres, 'resign', 'o-uzgul');
    for (const page of [a, b])
      await wingEntry(page, 'horde').locator('text=chef : Uzgul').waitFor();
    await activate(b, 'o-uzgul');
    await b.click('button[data-action="resign"]');
    for (const page of [a, b, referee]) {
      await expectTestLines(page, step.events, name);
      await logLine(page, 'Uzgul quitte le commandement de La Horde.');
      await waitWing(page, 'horde', { leader: null });
      await wingEntry(page, 'horde').locator('text=sans chef').waitFor();
    }
    await waitActivation(b, null);
    await shot(b, 'b-resigned');
    await shot(referee, 'referee-manoeuvres');
    expect(pages.realErrors()).toEqual([]);
  });

  describe('a saved battle, resumed', () => {
    const name2 = namesOf(recoveryInput());

    it('both players leave; Alice resumes the saved battle with her personal link, Bruno claims Dents Noires in the lobby; the knights are shaken and the guards routed', async () => {
      for (const page of [a, b, referee]) await leaveBattle(page);
      // the saved battle is listed with Ardenne held by Alice: only Dents Noires can be claimed
      const saved = await listedBattle(a, 'Ralliement E2E');
      await expect(saved.getAttribute('data-room')).resolves.toBe(SAVED_BATTLE);
      await expect(saved.locator('button[data-join="ardenne"]').count()).resolves.toBe(0);
      await expect(saved.locator('li[data-side="ardenne"]').textContent()).resolves.toContain('Alice');
      await shot(a, 'a-lobby-saved');
      await followLink(a, `${base}#/b/${SAVED_BATTLE}/k/${savedKey}`, 'Alice');
      await waitReady(a);
      expect((await hooks(a)).seat).toBe('ardenne');
      await claimSide(b, 'Ralliement E2E', 'black-teeth');
      await waitReady(b);
      expect((await hooks(b)).seat).toBe('black-teeth');
      await a.waitForSelector('[data-testid="your-turn"]');
      for (const page of [a, b]) {
        await waitUnit(page, 'a-knights', { cohesion: 'shaken' });
        await waitUnit(page, 'a-guard', { cohesion: 'routed' });
        await expect(wingEntry(page, 'ardenne-left').textContent()).resolves.toMatch(
          /ébranlées : 1.*en déroute : 1/,
        );
      }
      await shot(b, 'b-resumed');
    });

    it('§2.8.3.4 Réorganisation: the shaken elite knights reorganise and lose their shaken marker', async () => {
      const step = stepOf(recovery, 'reorganise', 'a-knights');
      const before = await markerShare(b, 'a-knights', SHAKEN_ORANGE);
      expect(before).toBeGreaterThan(0.01);
      await activate(a, 'a-knights');
      await a.locator('.unit-details[data-unit="a-knights"]', { hasText: 'ébranlée' }).waitFor();
      await a.click('button[data-action="reorganise"]');
      for (const page of [a, b]) {
        await expectTestLines(page, step.events, name2);
        await logLine(page, "Chevaliers d'Ardenne devient en ordre (réorganisation).");
        await waitUnit(page, 'a-knights', { cohesion: 'inOrder' });
      }
      expect(await markerShare(b, 'a-knights', SHAKEN_ORANGE)).toBeLessThan(before / 4);
      await shot(b, 'b-reorganised');
    });

    it('§2.8.4 Ralliement: the routed elite guards must rally; they rally and are shaken again', async () => {
      const step = stepOf(recovery, 'rally', 'a-guard');
      const routedBefore = await markerShare(b, 'a-guard', ROUTED_RED);
      expect(routedBefore).toBeGreaterThan(0.01);
      await activate(a, 'a-guard');
      const forced = a.locator('[data-testid="forced"]');
      await forced.waitFor();
      await expect(forced.textContent()).resolves.toContain('Action imposée : Ralliement');
      await expect(forced.textContent()).resolves.toContain('§2.9.1');
      await shot(a, 'a-must-rally');
      await a.click('button[data-action="rally"]');
      for (const page of [a, b]) {
        await expectTestLines(page, step.events, name2);
        await logLine(page, "Garde d'Ardenne devient ébranlée (ralliement).");
        await waitUnit(page, 'a-guard', { cohesion: 'shaken' });
      }
      expect(await markerShare(b, 'a-guard', ROUTED_RED)).toBeLessThan(routedBefore / 4);
      expect(await markerShare(b, 'a-guard', SHAKEN_ORANGE)).toBeGreaterThan(0.01);
      await shot(b, 'b-rallied');
    });

    it('§2.5.10.1 Moral d’une aile: Ardenne activates the wing morale marker of its right wing, and its shaken markers come off', async () => {
      const step = stepOf(recovery, 'wingMorale');
      const test = eventOf(step, 'test');
      const wing = after(recovery, step).wings.find((w) => w.id === 'ardenne-right')!;
      for (const page of [a, b])
        await wingEntry(page, 'ardenne-right')
          .locator('[data-testid="shaken-markers"].on', { hasText: '⚑ 2' })
          .waitFor();
      // only the wing's own player, in his turn, has the button
      await expect(
        wingEntry(b, 'ardenne-right').locator('button[data-action="wing-morale"]').count(),
      ).resolves.toBe(0);
      const button = wingEntry(a, 'ardenne-right').locator('button[data-action="wing-morale"]');
      await expect(button.isEnabled()).resolves.toBe(true);
      await shot(a, 'a-wing-morale');
      await button.click();
      for (const page of [a, b]) {
        await expectTestLines(page, step.events, name2);
        await logLine(page, `Moral de Aile droite : ${wing.morale} (marqueurs ébranlé : 0).`);
        await waitWing(page, 'ardenne-right', { shakenMarkers: 0, directive: wing.directive });
        await wingEntry(page, 'ardenne-right')
          .locator('[data-testid="shaken-markers"]', { hasText: '⚑ 0' })
          .waitFor();
        if (!test.success)
          await logLine(page, 'Aile droite, démoralisée, passe en directive retraite.');
        await wingEntry(page, 'ardenne-right').locator(`.directive-${wing.directive}`).waitFor();
      }
      expect(test.modifiers.map((mod) => mod.label.fr)).toEqual(['2 marqueur(s) ébranlé(s)']);
      await expect(
        wingEntry(a, 'ardenne-right').locator('button[data-action="wing-morale"]').count(),
      ).resolves.toBe(0);
      await shot(b, 'b-wing-morale');
      expect(pages.realErrors()).toEqual([]);
    });
  });
});
