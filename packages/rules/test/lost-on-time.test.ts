/**
 * A battle lost on time (issue 12, docs/time-controls.md; turn/lost-on-time.ts)
 * ends as any battle ends (§2.4: status ended, a gameEnded event, the covers
 * lifted since the state has ended), and its export verifies as ended with
 * the result "lost on time".
 */
import { endOnTime, verifyExport, viewFor, type BattleExport, type GameState } from '../src';
import { scenarioById } from '../src/scenarios';
import { exportLostOnTime as exportOf, randomGame, recordScript } from '../src/testing';

const SEED = 'fedcba9876543210fedcba9876543210';
const ford = scenarioById('the-ford')!;
const script = randomGame(ford, SEED).script;
const [ARDENNE, GOBLINS] = ford.sides.map((s) => s.id);

const played = script.slice(0, Math.min(12, script.length - 1));
const midway = recordScript(ford, SEED, played);
const exportLostOnTime = (losers: string[]) => exportOf(ford, SEED, played, losers);

test('§2.4 a side out of time loses: the battle ends, won by the side left in time, with a gameEnded event and no die rolled', () => {
  expect(midway.state.status).toBe('playing');
  const end = endOnTime(midway.state, [GOBLINS]);
  if (!end.ok) throw new Error(end.problem);
  expect(end.state.status).toBe('ended');
  expect(end.state.result).toMatchObject({
    reason: 'lostOnTime',
    winner: ARDENNE,
    defeated: [{ side: GOBLINS, condition: 'lostOnTime' }],
    turn: midway.state.turn,
  });
  expect(end.events).toEqual([
    expect.objectContaining({
      type: 'gameEnded',
      reason: 'lostOnTime',
      winner: ARDENNE,
      audience: { to: 'all' },
    }),
  ]);
  // nothing else changes: the dice generator and the units are as the last action left them
  expect(end.state.rng).toEqual(midway.state.rng);
  expect(end.state.units).toEqual(midway.state.units);
  // the state given is never changed
  expect(midway.state.status).toBe('playing');
});

test('§2.4 once lost on time, every seat sees what the covers hid, as at any end', () => {
  const end = endOnTime(midway.state, [GOBLINS]);
  if (!end.ok) throw new Error(end.problem);
  const hidden = (s: GameState) =>
    s.units
      .filter((u) => u.side === GOBLINS && u.hidden && u.hex >= 0)
      .map((u) => u.id)
      .sort();
  // before: the opponent does not see the hidden units the referee sees
  expect(hidden(viewFor(midway.state, 'referee')).length).toBeGreaterThan(0);
  expect(hidden(viewFor(midway.state, ARDENNE))).not.toEqual(
    hidden(viewFor(midway.state, 'referee')),
  );
  expect(hidden(viewFor(end.state, ARDENNE))).toEqual(hidden(viewFor(end.state, 'referee')));
  expect(hidden(viewFor(end.state, 'spectator'))).toEqual(hidden(viewFor(end.state, 'referee')));
});

test('every side out of time at once: a draw; an ended battle, an unknown side or no side is refused', () => {
  const both = endOnTime(midway.state, [ARDENNE, GOBLINS]);
  expect(both.ok && both.state.result).toMatchObject({ reason: 'lostOnTime', winner: null });
  const ended = endOnTime(midway.state, [GOBLINS]);
  if (!ended.ok) throw new Error(ended.problem);
  expect(endOnTime(ended.state, [ARDENNE])).toEqual({
    ok: false,
    problem: 'the battle has already ended',
  });
  expect(endOnTime(midway.state, ['nobody'])).toEqual({
    ok: false,
    problem: '"nobody" is not a side of this battle',
  });
  expect(endOnTime(midway.state, [])).toMatchObject({ ok: false });
  expect(endOnTime(midway.state, [GOBLINS, GOBLINS])).toMatchObject({ ok: false });
});

test('the export of a battle lost on time verifies as ended, its result "lost on time"', () => {
  const file = exportLostOnTime([GOBLINS]);
  const verdict = verifyExport(file, scenarioById);
  expect(verdict).toMatchObject({
    ok: true,
    actions: midway.actions.length,
    finalStateHash: file.finalStateHash,
    result: { reason: 'lostOnTime', winner: ARDENNE },
  });
});

test('an export lost on time with another loser, changed events or no end at all is found', () => {
  const problem = (edit: (x: BattleExport) => void) => {
    const x = exportLostOnTime([GOBLINS]);
    edit(x);
    const v = verifyExport(x, scenarioById);
    return v.ok ? 'verified' : v.problem;
  };
  expect(problem((x) => (x.lostOnTime!.losers = [ARDENNE]))).toMatch(
    /^the end on time gives other events than the file says: lostOnTime\.events\[0\]\.(defeated|winner)/,
  );
  expect(problem((x) => (x.lostOnTime!.losers = ['nobody']))).toBe(
    'the end on time after the last action cannot be played: "nobody" is not a side of this battle',
  );
  expect(problem((x) => delete x.lostOnTime)).toBe(
    `the battle has not ended after its ${midway.actions.length} actions`,
  );
  expect(
    problem((x) => ((x as unknown as { lostOnTime: unknown }).lostOnTime = { losers: [GOBLINS] })),
  ).toMatch(/^the field "lostOnTime" must hold/);
});
