/**
 * §2.7.4 the defender's choice of losses, through the room: the combat
 * waits, every seat sees who it waits for, the attacker is refused
 * meanwhile, and the defending player's choice completes the combat.
 */
import { apply, createGame, loadScenario, lossChoices, viewFor, type LossPlan, type Scenario } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { joinBattle, openBattle, startTestServer, waitFor, type Seated, type TestServer } from './helpers';

const FORD = scenarioById('the-ford')!;
/** the-ford reduced to the knights engaging the warband head-on, the knights' wing on the attack. */
const CLASH: Scenario = loadScenario({
  ...FORD,
  id: 'clash',
  sides: FORD.sides.map((s) => ({ ...s, wings: s.wings.map((w) => (w.id === 'ardenne-left' ? { ...w, directive: 'attack' as const } : w)) })),
  // Without the ambush deployed hidden, the clash opens on turn 1 with no deployment phase (§4.5.2).
  units: FORD.units.filter((u) => ['h-knights', 'o-warband', 'h-gauvain', 'h-iseult', 'o-grishak', 'o-uzgul'].includes(u.id)).map((u) => (u.id === 'h-knights' ? { ...u, hex: '0509', facing: 0 } : u.id === 'o-warband' ? { ...u, hex: '0508', facing: 6 } : u)),
});
const SHOCK = { type: 'shock', piece: 'h-knights', target: 'o-warband', supported: true } as const;

/** The first seed whose shock leaves the warband's player a choice, and the choices its client will compute. */
function seedWithChoice(): { seed: string; choices: LossPlan[] } {
  for (let i = 0; i < 200; i++) {
    let game = createGame(CLASH, `losses-${i}`);
    for (const action of [{ type: 'activate', piece: 'h-knights' }, SHOCK]) {
      const r = apply(game, 'ardenne', action);
      if (!r.ok) break;
      game = r.state;
    }
    if (game.pendingLosses) return { seed: `losses-${i}`, choices: lossChoices(viewFor(game, 'black-teeth'), 'black-teeth') };
  }
  throw new Error('no seed in 200 leaves the defender a choice: has the clash stopped being legal?');
}

let server: TestServer;
let choices: LossPlan[];
beforeAll(async () => {
  const found = seedWithChoice();
  choices = found.choices;
  server = await startTestServer({ seed: () => found.seed, scenarios: { clash: CLASH } });
});
afterAll(async () => {
  await server.close();
});

const pendingOf = (s: Seated) => (s.room.state as unknown as { pendingLosses: string }).pendingLosses;

/** Both players in a clash whose shock waits for the warband's player to absorb its losses. */
async function clashAwaitingLosses(): Promise<{ ardenne: Seated; black: Seated }> {
  const opened = await openBattle(server, { scenarioId: 'clash', playerName: 'Gauvain' });
  const ardenne = opened.creator;
  const black = await joinBattle(server, opened.battleId, { invite: opened.invites['black-teeth'], playerName: 'Grishak' });
  ardenne.room.send('action', { type: 'activate', piece: 'h-knights' });
  ardenne.room.send('action', SHOCK);
  await waitFor(() => pendingOf(black) !== '' && pendingOf(ardenne) !== '', 'the pending losses on both connections');
  return { ardenne, black };
}

test('§2.7.4 the combat waits for the defending player, who alone chooses how the losses are absorbed', async () => {
  const { ardenne, black } = await clashAwaitingLosses();
  const pending = JSON.parse(pendingOf(black));
  expect(pending).toMatchObject({ side: 'black-teeth', defender: 'o-warband', attacker: 'h-knights' });
  expect(black.inbox.events.flat().find((e) => e.type === 'lossesAwaited')).toMatchObject({ unit: 'o-warband', side: 'black-teeth' });

  ardenne.room.send('action', { type: 'endTurn' });
  await waitFor(() => ardenne.inbox.rejected.length === 1, 'the refusal while waiting');
  expect(ardenne.inbox.rejected[0]).toMatchObject({ code: 'awaitingLosses', section: '§2.7.4' });
  ardenne.room.send('action', { type: 'absorbLosses', steps: [], recoil: 0 });
  await waitFor(() => ardenne.inbox.rejected.length === 2, 'the refusal of the attacker deciding');
  expect(ardenne.inbox.rejected[1].code).toBe('notDefender');

  // the defender picks the last of the plans its client computes on its own view
  expect(choices.length).toBeGreaterThan(1);
  const events = black.inbox.events.length;
  black.room.send('action', { type: 'absorbLosses', ...choices.at(-1)! });
  await waitFor(() => black.inbox.events.length > events || black.inbox.rejected.length > 0, 'the decision');
  expect(black.inbox.rejected).toEqual([]);
  await waitFor(() => pendingOf(ardenne) === '', 'the combat completed for the attacker');
  const told = black.inbox.events.at(-1)!;
  expect(told.some((e) => (e.type === 'stepLost' || e.type === 'recoiled') && e.unit === 'o-warband')).toBe(true);
  expect(ardenne.inbox.events.at(-1)!.some((e) => e.type === 'activationEnded' && e.piece === 'h-knights')).toBe(true);
  await Promise.all([ardenne, black].map((s) => s.room.leave(true)));
});

test('§2.7.4 the referee decides the losses for an absent defending player', async () => {
  const opened = await openBattle(server, { scenarioId: 'clash', playerName: 'Gauvain', referee: true });
  const ardenne = opened.creator;
  const referee = await joinBattle(server, opened.battleId, { invite: opened.invites.referee, playerName: 'Arbitre' });
  ardenne.room.send('action', { type: 'activate', piece: 'h-knights' });
  ardenne.room.send('action', SHOCK);
  await waitFor(() => pendingOf(referee) !== '', 'the pending losses');
  referee.room.send('action', { type: 'absorbLosses', ...choices.at(-1)! });
  await waitFor(() => pendingOf(ardenne) === '' || referee.inbox.rejected.length > 0, 'the decision');
  expect(referee.inbox.rejected).toEqual([]);
  await Promise.all([ardenne, referee].map((s) => s.room.leave(true)));
});

test('§3.3.1.3 (A-42) the extra step of a forced break travels in the defender\'s plan: only the defender names it, and a needless one is refused to it alone', async () => {
  const { ardenne, black } = await clashAwaitingLosses();
  const plan = choices.at(-1)!;
  ardenne.room.send('action', { type: 'absorbLosses', ...plan, heavier: 0 });
  await waitFor(() => ardenne.inbox.rejected.length === 1, 'the attacker refused');
  expect(ardenne.inbox.rejected[0].code).toBe('notDefender');
  // The warband is no formation: nothing breaks, so no hex is named.
  black.room.send('action', { type: 'absorbLosses', ...plan, heavier: 0 });
  await waitFor(() => black.inbox.rejected.length === 1, 'the needless extra step refused');
  expect(black.inbox.rejected[0]).toMatchObject({ code: 'forcedBreakHeavier', section: '§3.3.1.3' });
  expect(ardenne.inbox.rejected).toHaveLength(1);
  black.room.send('action', { type: 'absorbLosses', ...plan });
  await waitFor(() => pendingOf(ardenne) === '', 'the combat completed');
  expect(black.inbox.rejected).toHaveLength(1);
  await Promise.all([ardenne, black].map((s) => s.room.leave(true)));
});
