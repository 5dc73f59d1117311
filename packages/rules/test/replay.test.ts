/**
 * Replays (issue 12, replay/): "players see their own view during the
 * battle and the full view once it has ended"; "a battle saved by an older
 * version either replays under its version's rules or says clearly why it
 * cannot"; and the secrets model: "a decoy can do publicly whatever a hidden
 * unit does with the same trace", replays included.
 */
import {
  apply,
  applyJsonPatch,
  createGame,
  expandReplay,
  jsonDiff,
  parseHexLabel,
  replayBattle,
  RULES_VERSION,
  seatReplay,
  stateHash,
  viewFor,
  type GameState,
  type RecordedBattle,
  type Seat,
} from '../src';
import { scenarioById } from '../src/scenarios';
import { FORD_DECOY, randomGame, type LabelledPlacement } from '../src/testing';

const SEED = 'feedfacefeedfacefeedfacefeedface';
const ford = scenarioById('the-ford')!;
/** The-ford over one turn: a whole battle in some twenty actions. */
const short = { ...ford, id: 'short-ford', turnLimit: 1 };

/** A battle's record as the server keeps it: each action with the events it gave. */
function recorded(
  script: { seat: Seat; action: { type: string; [field: string]: unknown } }[],
  scenario = ford,
): RecordedBattle & { final: GameState } {
  let state = createGame(scenario, SEED);
  const initialStateHash = stateHash(state);
  const actions = script.map(({ seat, action }) => {
    const r = apply(state, seat, action);
    if (!r.ok) throw new Error(`${action.type} by ${seat}: ${r.rejection.code}`);
    state = r.state;
    return { seat, action, events: r.events };
  });
  return { rulesVersion: RULES_VERSION, seed: SEED, initialStateHash, actions, final: state };
}

describe('JSON patches', () => {
  test('a patch turns the first value into the second and leaves the first as it was', () => {
    const a = { x: 1, list: [1, { y: 2 }, 3], gone: true, keep: { deep: [1] } };
    const b = { x: 2, list: [1, { y: 3, z: 0 }, 3], keep: { deep: [1] }, added: 'a' };
    const before = JSON.stringify(a);
    const patch = jsonDiff(a, b);
    expect(applyJsonPatch(a, patch)).toEqual(b);
    expect(JSON.stringify(a)).toBe(before);
    // what no change touches is shared, not copied
    expect(applyJsonPatch(a, patch).keep).toBe(a.keep);
    expect(patch).toHaveLength(5);
  });

  test('arrays of another length are replaced whole; equal values give no change', () => {
    expect(jsonDiff({ a: [1, 2] }, { a: [1, 2, 3] })).toEqual([{ p: ['a'], v: [1, 2, 3] }]);
    expect(jsonDiff({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toEqual([]);
    expect(applyJsonPatch({ a: 1 }, [{ p: [], v: 5 }])).toBe(5);
  });
});

describe('replayBattle', () => {
  const game = randomGame(short, SEED);
  const record = recorded(game.script, short);

  test('plays a whole battle again: one state per action and the opening, the last the battle as it ended', () => {
    const r = replayBattle(record, short);
    if (!r.ok) throw new Error(JSON.stringify(r.problem));
    expect(r.states).toHaveLength(record.actions.length + 1);
    expect(stateHash(r.states.at(-1)!)).toBe(stateHash(record.final));
  });

  test('a battle of another rules version is not replayed, and says which versions (issue 12)', () => {
    expect(replayBattle({ ...record, rulesVersion: '0.0.1' }, short)).toEqual({
      ok: false,
      problem: { code: 'otherRulesVersion', played: '0.0.1', running: RULES_VERSION },
    });
  });

  test('a changed event (a roll or its outcome) or a changed scenario is named, not shown as the battle', () => {
    const changed = structuredClone(record);
    const at =
      changed.actions.length -
      1 -
      [...changed.actions].reverse().findIndex((a) => a.events.length > 0);
    changed.actions[at].events[0].section = '§0';
    expect(replayBattle(changed, short)).toMatchObject({
      ok: false,
      problem: { code: 'diverged', action: at },
    });
    expect(replayBattle({ ...record, initialStateHash: 'x' }, short)).toEqual({
      ok: false,
      problem: { code: 'scenarioChanged' },
    });
  });

  test("a seat's replay rebuilds its view after every action, with only the events it received and its own actions", () => {
    const r = replayBattle(record, short);
    if (!r.ok) throw new Error('not replayed');
    const wire = seatReplay(r.states, record.actions, 'ardenne');
    const { initial, frames } = expandReplay(JSON.parse(JSON.stringify(wire)));
    expect(initial).toEqual(JSON.parse(JSON.stringify(viewFor(r.states[0], 'ardenne'))));
    frames.forEach((f, n) =>
      expect(f.view).toEqual(JSON.parse(JSON.stringify(viewFor(r.states[n + 1], 'ardenne')))),
    );
    expect(wire.steps.filter((s) => s.action).every((s) => s.seat === 'ardenne')).toBe(true);
    expect(wire.steps.some((s, n) => !s.action && record.actions[n].seat === 'black-teeth')).toBe(
      true,
    );
    expect(JSON.stringify(wire)).not.toContain(SEED);
    expect(JSON.stringify(wire)).not.toContain('"rng"');
  });
});

describe('§4.5.1 a decoy leaves the trace a hidden unit leaves, in replays too', () => {
  /** The Black Teeth's ambush at 1303 and its decoy at 1204, or the other way round: the covers stand on the same hexes. */
  const placement = (under: 'unit' | 'decoy'): LabelledPlacement => {
    const [unit, decoy] = under === 'unit' ? ['1303', '1204'] : ['1204', '1303'];
    return {
      units: [{ unit: 'o-ambush', hex: unit, facing: 7 }],
      decoys: [{ mimic: 'o-ambush', hex: decoy, facing: 7 }],
    };
  };
  /** The same public actions: Ardenne ends its turn, the Black Teeth activate the piece at 1303, move it to 1203, end the turn. */
  function battle(under: 'unit' | 'decoy') {
    const p = placement(under);
    const hex = (label: string) => parseHexLabel(ford.map, label);
    const deploy = {
      type: 'deploy',
      units: p.units.map((u) => ({ ...u, hex: hex(u.hex) })),
      decoys: p.decoys.map((d) => ({ ...d, hex: hex(d.hex) })),
    };
    const piece = under === 'unit' ? 'o-ambush' : FORD_DECOY;
    return recorded([
      { seat: 'black-teeth', action: deploy },
      { seat: 'ardenne', action: { type: 'endTurn' } },
      { seat: 'black-teeth', action: { type: 'activate', piece } },
      {
        seat: 'black-teeth',
        action: { type: 'move', piece, steps: [{ to: parseHexLabel(ford.map, '1203') }] },
      },
      { seat: 'black-teeth', action: { type: 'endTurn' } },
    ]);
  }
  const replayOf = (under: 'unit' | 'decoy', seat: Seat) => {
    const b = battle(under);
    const r = replayBattle(b, ford);
    if (!r.ok) throw new Error(JSON.stringify(r.problem));
    return JSON.stringify(seatReplay(r.states, b.actions, seat));
  };

  test("Ardenne's replay data and a spectator's are the same bytes whether the piece that acted is the ambush or its decoy", () => {
    expect(replayOf('unit', 'ardenne')).toBe(replayOf('decoy', 'ardenne'));
    expect(replayOf('unit', 'spectator')).toBe(replayOf('decoy', 'spectator'));
  });

  test('the Black Teeth, who may look under their covers, do see the difference (the comparison above can fail)', () => {
    expect(replayOf('unit', 'black-teeth')).not.toBe(replayOf('decoy', 'black-teeth'));
  });
});
