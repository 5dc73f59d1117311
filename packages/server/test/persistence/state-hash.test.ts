/**
 * The server's state hash (issue 9): its canonical text is written without
 * the rules' sorting replacer and with each board's text kept, and must stay
 * exactly the rules' `canonicalJson`, or a battle's export would no longer
 * verify under the rules' `stateHash` (issue 12).
 */
import { canonicalJson, stateHash, type GameState } from '@lames/rules';
import { SCENARIOS } from '@lames/rules/scenarios';
import { randomGame, stressScenario } from '@lames/rules/testing';
import { canonicalStateText, serverStateHash } from '../../src/persistence/state-hash';

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
