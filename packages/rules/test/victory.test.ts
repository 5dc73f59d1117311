import {
  apply,
  createGame,
  endIfDecided,
  fixedDice,
  GameEvent,
  GameState,
  loadScenario,
  ScenarioError,
  ScenarioInput,
  scoreSides,
  viewFor,
} from '../src';
import { SCENARIOS } from '../src/scenarios';
import { game, scenario, TestUnit, unit } from './fixtures';
import { ok, refused } from './helpers';

type Victory = NonNullable<ScenarioInput['victory']>;
type UnitInput = TestUnit;

const twoEach = (): UnitInput[] => [
  unit('b1', 'blue', '0508', 0),
  unit('b2', 'blue', '0608', 0),
  unit('r1', 'red', '0502', 6),
  unit('r2', 'red', '0602', 6),
];
const withVictory = (victory: Victory, units: UnitInput[] = twoEach()): GameState =>
  createGame(loadScenario({ ...scenario(units), victory }), 'test-seed');
const u = (s: GameState, id: string) => s.units.find((x) => x.id === id)!;
const destroy = (s: GameState, id: string) =>
  Object.assign(u(s, id), { destroyed: true, hex: -1, steps: 0 });

/** Both players end their turns until the game is over (the fixture's limit is 3 turns). */
function playToTheEnd(s: GameState): { state: GameState; events: GameEvent[] } {
  let state = s;
  let events: GameEvent[] = [];
  while (state.status === 'playing') {
    const r = ok(state, state.activeSide, { type: 'endTurn' });
    [state, events] = [r.state, r.events];
  }
  return { state, events };
}

const issuesOf = (victory: unknown, units: UnitInput[] = twoEach()): string[] => {
  try {
    loadScenario({ ...scenario(units), victory });
    return [];
  } catch (e) {
    if (e instanceof ScenarioError) return e.issues;
    throw e;
  }
};

const POINTS = {
  step: 1,
  unitDestroyed: 1,
  characterDestroyed: 2,
  unitOffMap: 1,
  wingInRetreat: 3,
};

describe('§2.4 victory conditions in the scenario file', () => {
  test('§2.4 victory conditions are validated, each issue naming its field by path', () => {
    expect(issuesOf({ points: { step: -1 } })[0]).toMatch(/^victory\.points\.step: /);
    expect(issuesOf({ points: { kills: 2 } })[0]).toMatch(/^victory\.points: /);
    expect(
      issuesOf({
        objectives: [{ id: 'hill', name: { fr: 'Butte', en: 'Hill' }, hex: '55', points: 2 }],
      })[0],
    ).toMatch(/^victory\.objectives\[0\]\.hex: /);
    expect(issuesOf({ suddenDeath: { noUnitAbleToFight: 'yes' } })[0]).toMatch(
      /^victory\.suddenDeath\.noUnitAbleToFight: /,
    );
    expect(issuesOf({ margin: 0 })[0]).toMatch(/^victory\.margin: /);
  });

  test('§2.4 objectives must lie on the map, be named once, and name sides that exist', () => {
    const hill = (id: string, hex: string, sides?: string[]) => ({
      id,
      name: { fr: 'Butte', en: 'Hill' },
      hex,
      points: 2,
      ...(sides ? { sides } : {}),
    });
    expect(
      issuesOf({ objectives: [hill('hill', '1111'), hill('hill', '0505', ['green'])] }),
    ).toEqual([
      expect.stringMatching(/^victory\.objectives\[0\]\.hex: "1111" is off the 10×10 map/),
      expect.stringMatching(/^victory\.objectives\[1\]\.id: "hill" is used twice/),
      expect.stringMatching(/^victory\.objectives\[1\]\.sides\[0\]: no side "green"/),
    ]);
  });

  test('§2.4 the shipped scenarios name their victory conditions: points, objectives and sudden death', () => {
    for (const s of SCENARIOS) {
      expect(s.victory.points.step).toBeGreaterThan(0);
      expect(s.victory.objectives.length).toBeGreaterThan(0);
      expect(s.victory.suddenDeath).toEqual({ noUnitAbleToFight: true, allWingsInRetreat: true });
    }
    const ford = SCENARIOS.find((s) => s.id === 'the-ford')!;
    expect(ford.victory.objectives.map((o) => [o.id, o.hex])).toEqual([
      ['ford', '0806'],
      ['tower', '0812'],
    ]);
  });
});

describe('§2.4 the end of the game at the turn limit', () => {
  test('§2.4 without victory conditions the game ends at the turn limit in a draw', () => {
    const { state, events } = playToTheEnd(game(twoEach()));
    expect(state.status).toBe('ended');
    const end = events.find((e) => e.type === 'gameEnded');
    expect(end).toMatchObject({
      reason: 'turnLimit',
      winner: null,
      defeated: [],
      section: '§2.4',
      audience: { to: 'all' },
    });
    // a 3-turn battle ends after turn 3: the state and the result say turn 3 of 3, never 4 of 3 (issue 11)
    expect(state.result).toMatchObject({ reason: 'turnLimit', winner: null, turn: 3 });
    expect(state.turn).toBe(state.turnLimit);
    expect(events.filter((e) => e.type === 'turnEnded')).toEqual([expect.objectContaining({ turn: 3 })]);
    expect(state.result?.scores.map((s) => s.points)).toEqual([0, 0]);
  });

  test('§2.4 at the turn limit the side ahead wins; the breakdown gives every source with its scenario field', () => {
    const s = withVictory({
      points: POINTS,
      objectives: [
        { id: 'hill', name: { fr: 'La butte', en: 'The hill' }, hex: '0508', points: 3 },
      ],
    });
    destroy(s, 'r2');
    u(s, 'r1').steps = 1;
    u(s, 'b2').steps = 1;
    const { state, events } = playToTheEnd(s);
    const end = events.find((e) => e.type === 'gameEnded');
    expect(end).toMatchObject({ reason: 'turnLimit', winner: 'blue' });
    const blue = state.result!.scores.find((x) => x.side === 'blue')!;
    expect(blue.lines).toEqual([
      { source: 'enemyStepsLost', field: 'victory.points.step', count: 3, each: 1, points: 3 },
      {
        source: 'enemyUnitsDestroyed',
        field: 'victory.points.unitDestroyed',
        count: 1,
        each: 1,
        points: 1,
      },
      {
        source: 'enemyCharactersDestroyed',
        field: 'victory.points.characterDestroyed',
        count: 0,
        each: 2,
        points: 0,
      },
      {
        source: 'enemyUnitsOffMap',
        field: 'victory.points.unitOffMap',
        count: 0,
        each: 1,
        points: 0,
      },
      {
        source: 'enemyWingsInRetreat',
        field: 'victory.points.wingInRetreat',
        count: 0,
        each: 3,
        points: 0,
      },
      {
        source: 'objective',
        field: 'victory.objectives[0]',
        count: 1,
        each: 3,
        points: 3,
        objective: { id: 'hill', name: { fr: 'La butte', en: 'The hill' }, hex: u(s, 'b1').hex },
      },
    ]);
    expect(blue.points).toBe(7);
    expect(state.result!.scores.find((x) => x.side === 'red')!.points).toBe(1);
  });

  test('§2.4 a lead smaller than the scenario margin is a draw', () => {
    const s = withVictory({ points: { step: 1 }, margin: 2 });
    u(s, 'r1').steps = 1;
    expect(playToTheEnd(s).state.result).toMatchObject({ winner: null, margin: 2 });
    u(s, 'r2').steps = 1;
    expect(playToTheEnd(s).state.result).toMatchObject({ winner: 'blue', margin: 2 });
  });

  test('§2.4 an objective counts for the side standing in it with a unit not routed, and only for the sides it names', () => {
    const hill = { id: 'hill', name: { fr: 'La butte', en: 'The hill' }, hex: '0502', points: 3 };
    const s = withVictory({ objectives: [hill] });
    expect(scoreSides(s).map((x) => x.points)).toEqual([0, 3]);
    u(s, 'r1').cohesion = 'routed';
    expect(scoreSides(s).map((x) => x.points)).toEqual([0, 0]);
    const blueOnly = withVictory({ objectives: [{ ...hill, sides: ['blue'] }] });
    expect(scoreSides(blueOnly).map((x) => x.lines.length)).toEqual([1, 0]);
  });

  test('§2.6.10, §2.5.4 enemy units still off the map and enemy wings in retreat at the end score', () => {
    const s = withVictory({ points: { unitOffMap: 2, wingInRetreat: 3, characterDestroyed: 5 } }, [
      ...twoEach(),
      unit('rc', 'red', '0702', 6, { kind: 'character', size: 'small' }),
    ]);
    Object.assign(u(s, 'r1'), { hex: -1, offMap: { hex: 2, dir: 0, turn: 1 } });
    destroy(s, 'rc');
    s.wings.find((w) => w.side === 'red')!.directive = 'retreat';
    const blue = scoreSides(s).find((x) => x.side === 'blue')!;
    expect(blue.lines.map((l) => [l.source, l.count, l.points])).toEqual([
      ['enemyCharactersDestroyed', 1, 5],
      ['enemyUnitsOffMap', 1, 2],
      ['enemyWingsInRetreat', 1, 3],
    ]);
  });

  test('§2.4 every seat reads the result, and no action is taken after the end', () => {
    const { state } = playToTheEnd(withVictory({ points: { step: 1 } }));
    expect(viewFor(state, 'red').result).toEqual(state.result);
    expect(viewFor(state, 'spectator').status).toBe('ended');
    expect(refused(state, 'blue', { type: 'endTurn' }).code).toBe('gameOver');
  });
});

describe('§2.4 sudden death: the game ends at once', () => {
  const sudden = (extra: Partial<Victory> = {}) =>
    withVictory({
      points: POINTS,
      suddenDeath: { noUnitAbleToFight: true, allWingsInRetreat: true },
      ...extra,
    });

  test('§2.4 after any action, a side with no unit able to fight (none on the map in order or shaken) loses at once', () => {
    const s = sudden();
    destroy(s, 'r2');
    u(s, 'r1').cohesion = 'routed';
    const r = ok(s, 'blue', { type: 'activate', piece: 'b1' });
    expect(r.state.status).toBe('ended');
    expect(r.events[r.events.length - 1]).toMatchObject({
      type: 'gameEnded',
      reason: 'noUnitAbleToFight',
      winner: 'blue',
      defeated: [{ side: 'red', condition: 'noUnitAbleToFight' }],
    });
    expect(r.state.result?.scores.find((x) => x.side === 'blue')?.points).toBe(2 + 1 + 0);
  });

  test('§2.5.4 a failed wing morale test that puts the last wing of a side in retreat ends the game at once', () => {
    let s = sudden();
    s = ok(s, 'blue', { type: 'endTurn' }).state;
    s.wings.find((w) => w.side === 'red')!.shakenMarkers = 1;
    const r = apply(
      s,
      'red',
      { type: 'wingMorale', wing: 'red-wing' },
      { dice: fixedDice([6, 6]) },
    );
    if (!r.ok) throw new Error(r.rejection.code);
    expect(r.events.map((e) => e.type)).toEqual([
      'test',
      'wingMorale',
      'directiveChanged',
      'gameEnded',
    ]);
    expect(r.state.result).toMatchObject({ reason: 'allWingsInRetreat', winner: 'blue', turn: 1 });
    expect(
      r.state.result?.scores
        .find((x) => x.side === 'blue')
        ?.lines.find((l) => l.source === 'enemyWingsInRetreat'),
    ).toMatchObject({ count: 1, points: 3 });
  });

  test('§2.4 sudden death applies only when the scenario says so', () => {
    const s = withVictory({ points: POINTS });
    destroy(s, 'r1');
    destroy(s, 'r2');
    expect(ok(s, 'blue', { type: 'activate', piece: 'b1' }).state.status).toBe('playing');
  });

  test('§2.4 when both sides collapse together the game is a draw', () => {
    const s = sudden();
    for (const id of ['b1', 'b2', 'r1', 'r2']) u(s, id).cohesion = 'routed';
    const events = endIfDecided(s);
    expect(events).toEqual([
      expect.objectContaining({ type: 'gameEnded', reason: 'noUnitAbleToFight', winner: null }),
    ]);
    expect(s.result?.defeated.map((d) => d.side)).toEqual(['blue', 'red']);
  });
});
