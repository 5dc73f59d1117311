/**
 * Issue 9: a piece's enumerated fields travel as small integers
 * (wire/pieces.ts) and the static board with its terrain and altitude in
 * runs (wire/board.ts). Checked against what the previous form carried:
 * every unit and decoy of every shipped scenario and of the stress battle,
 * with every value of every marker, reads back as the rules hold it; every
 * board reads back equal, and the old JSON board still reads.
 */
import {
  createGame,
  decodeBoard,
  decoyToWire,
  encodeBoard,
  unitToWire,
  wireToDecoy,
  wireToUnit,
  wordOf,
  type Board,
  type GameState,
  type Unit,
} from '../src';
import { AMMUNITION, FORMATION_MODES } from '../src/data/schemas';
import { SCENARIOS } from '../src/scenarios';
import { deployFirstFit, stressScenario } from '../src/testing';

/** Every shipped scenario and the stress battle, deployed (covers, decoys, hidden units placed). */
const GAMES: [string, GameState][] = [...SCENARIOS, stressScenario()].map((s) => [
  s.id,
  deployFirstFit(createGame(s, 'wire-pieces')),
]);

/** What the wire carries of a unit (the previous form carried the same: no test memory). */
function carried(u: Unit): Unit {
  const { testedAgainst: _t, ...rest } = u;
  return rest;
}

test.each(GAMES)(
  '%s: every unit and decoy reads back from its wire form as the rules hold it',
  (_id, state) => {
    expect(state.units.length).toBeGreaterThan(0);
    for (const u of state.units)
      expect(wireToUnit(unitToWire(u, u.stackRank, false))).toEqual(carried(u));
    for (const d of state.decoys)
      expect(wireToDecoy(decoyToWire(d, d.stackRank, false))).toEqual(d);
  },
);

test('every value of every marker (cohesion, breath, shock, order §2.1.2, ammunition §3.2.3, mode §3.3.6) is a one-byte code that reads back', () => {
  const [, state] = GAMES[0];
  const base = state.units.find((u) => !u.hidden)!;
  const variants: Partial<Unit>[] = [
    ...(['inOrder', 'shaken', 'routed'] as const).map((cohesion) => ({ cohesion })),
    ...(['fresh', 'winded', 'exhausted'] as const).map((breath) => ({ breath })),
    ...(['none', 'contact', 'charge'] as const).map((shock) => ({ shock })),
    ...(['none', 'specialOrder', 'activated'] as const).map((order) => ({ order })),
    ...AMMUNITION.filter((a) => a !== 'full').map((ammunition) => ({ ammunition })),
    ...FORMATION_MODES.filter((m) => m !== 'march').map((formationMode) => ({
      formationMode,
      secondHex: base.hex + 1,
    })),
  ];
  for (const v of variants) {
    const u = { ...base, ...v };
    const wire = unitToWire(u, 0, false);
    for (const k of [
      'cohesion',
      'breath',
      'shock',
      'order',
      'ammunition',
      'formationMode',
    ] as const)
      expect(wire[k]).toBeLessThan(128);
    expect(wireToUnit(wire)).toEqual({ ...carried(u), stackRank: 0 });
  }
});

test('a value outside the rules’ lists is refused loudly, never sent as another', () => {
  const [, state] = GAMES[0];
  const base = state.units[0];
  expect(() => unitToWire({ ...base, cohesion: 'dazed' as Unit['cohesion'] }, 0, false)).toThrow(
    /cohesion 'dazed' has no code/,
  );
  expect(() => wordOf('order', 99)).toThrow(/order code 99 is unknown/);
});

test.each(GAMES)('%s: the board reads back equal, in under half its JSON', (_id, state) => {
  const text = encodeBoard(state.board);
  expect(decodeBoard(text)).toEqual(state.board);
  expect(text.length).toBeLessThan(JSON.stringify(state.board).length / 2);
});

test('a board whose values the runs cannot keep travels as JSON, and the old JSON board still reads', () => {
  const board: Board = {
    cols: 3,
    rows: 2,
    terrain: ['clear', 'clear', 'rough', 'rough', 'rough', 'clear'],
    altitude: [0, 0.1, 0.1, -3, 2, 1e21],
    hexsides: { '0:1': 'road' },
    features: { 2: 'wood' },
  };
  expect(decodeBoard(encodeBoard(board))).toEqual(board);
  const odd = {
    ...board,
    terrain: ['a,b', 'c*2', '', 'clear', 'clear', 'clear'],
  } as unknown as Board;
  expect(decodeBoard(encodeBoard(odd))).toEqual(odd);
  expect(decodeBoard(JSON.stringify(board))).toEqual(board);
  expect(
    decodeBoard(encodeBoard({ ...board, cols: 0, rows: 0, terrain: [], altitude: [] })),
  ).toEqual({ ...board, cols: 0, rows: 0, terrain: [], altitude: [] });
});
