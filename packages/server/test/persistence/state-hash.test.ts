/**
 * The server's state hash (issue 9): its canonical text is written without
 * the rules' sorting replacer and with each board's text kept, and must stay
 * exactly the rules' `canonicalJson`, or a battle's export would no longer
 * verify under the rules' `stateHash` (issue 12).
 */
import { canonicalJson, stateHash, type GameState } from '@lames/rules';
import { SCENARIOS } from '@lames/rules/scenarios';
import { randomGame, stressScenario } from '@lames/rules/testing';
import { canonicalStateText, serverStateHash, StateHasher } from '../../src/persistence/state-hash';

/** Every state of a random game of each shipped scenario and of the stress battle (60 actions each). */
const states: GameState[] = [...SCENARIOS, stressScenario()].flatMap((scenario) => {
  const seen: GameState[] = [];
  randomGame(scenario, `hash-${scenario.id}`, { limit: 60, afterEach: (s) => seen.push(s) });
  return seen;
});

test('issue 12: the server hashes every state of random games as the rules do (the text, then the digest)', () => {
  expect(states.length).toBeGreaterThan(200);
  for (const state of states) expect(canonicalStateText(state)).toBe(canonicalJson(state));
  for (const state of states.slice(0, 40)) expect(serverStateHash(state)).toBe(stateHash(state));
});

test('issue 12: the text follows JSON on what a state may hold: numeric keys first, undefined and non-finite numbers, a state read back from JSON', () => {
  const odd = {
    board: { features: { 105: 'wood', 12: 'village', b: 1, a: 2 }, terrain: ['clear', undefined] },
    z: undefined,
    y: [1, -0, Number.NaN, Infinity, null, { d: undefined, c: 'é"\\' }],
    x: { toJSON: () => ({ b: 2, a: 1 }) },
  };
  expect(canonicalStateText(odd)).toBe(canonicalJson(odd));
  expect(canonicalStateText([odd, 3])).toBe(canonicalJson([odd, 3]));
  const copy = JSON.parse(JSON.stringify(states[states.length - 1])) as GameState;
  expect(canonicalStateText(copy)).toBe(canonicalJson(copy));
});

test('issue 12: a board kept from an earlier hash is the text of that board object, so a state with another board hashes its own', () => {
  const state = states[0];
  const before = canonicalStateText(state);
  const other = { ...state, board: { ...state.board, cols: state.board.cols + 1 } };
  expect(canonicalStateText(other)).toBe(canonicalJson(other));
  expect(canonicalStateText(state)).toBe(before);
});

describe('issue 9: a room\'s StateHasher writes again only the units an action changed', () => {
  /** Every state of one random game per scenario, in the order played (a room's sequence of states). */
  const games: GameState[][] = [...SCENARIOS, stressScenario()].map((scenario) => {
    const seen: GameState[] = [];
    randomGame(scenario, `hasher-${scenario.id}`, { limit: 80, afterEach: (s) => seen.push(s) });
    return seen;
  });

  test('the same hash as the rules on every state of random games, each game hashed in order by one hasher', () => {
    for (const game of games) {
      const hasher = new StateHasher();
      for (const state of game) expect(hasher.hash(state)).toBe(serverStateHash(state));
    }
    // and the rules' own digest on some
    const hasher = new StateHasher();
    for (const state of games[0].slice(0, 20)) expect(hasher.hash(state)).toBe(stateHash(state));
  });

  test('a unit or a wing changed in a new copy, or units merged away, are written again (no stale text)', () => {
    const hasher = new StateHasher();
    const state = games[0][10];
    hasher.hash(state);
    const moved = { ...state, units: state.units.map((u, i) => (i === 1 ? { ...u, hex: u.hex + 1, testedAgainst: ['x'] } : u)) };
    expect(hasher.hash(moved)).toBe(stateHash(moved));
    const shaken = { ...moved, wings: moved.wings.map((w, i) => (i === 0 ? { ...w, shakenMarkers: w.shakenMarkers + 1 } : w)) };
    expect(hasher.hash(shaken)).toBe(stateHash(shaken));
    const fewer = { ...state, units: state.units.slice(1) };
    expect(hasher.hash(fewer)).toBe(stateHash(fewer));
    expect(hasher.hash(state)).toBe(stateHash(state));
  });
});

test("issue 9: a room's hasher keeps each unit's own text, not a copy of its profiles' and faculties' (the scenario's, kept once)", () => {
  const state = states[states.length - 1];
  const hasher = new StateHasher();
  expect(hasher.hash(state)).toBe(serverStateHash(state));
  const shared = state.units.reduce((n, u) => n + canonicalJson(u.profiles).length + canonicalJson(u.faculties).length, 0);
  expect(shared).toBeGreaterThan(0);
  const units = state.units.reduce((n, u) => n + canonicalJson(u).length, 0);
  const members = Object.entries(state).reduce((n, [key, value]) => (key !== 'units' && key !== 'board' && value !== null && typeof value === 'object' ? n + canonicalJson(value).length : n), 0);
  expect(hasher.ownLength()).toBe(units - shared + members);
});
