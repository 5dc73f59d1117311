/**
 * Issue 9: the battles of one scenario hold one board between them
 * (rooms/shared-board.ts), including a battle read back from the store,
 * whose board is an equal copy; a board that differs is never swapped.
 */
import { matchMaker } from '@colyseus/core';
import { createGame } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { withSharedBoard } from '../src/rooms/shared-board';
import { leaveAll, openBattle, startTestServer, type TestServer } from './helpers';

const ford = scenarioById('the-ford')!;

test('issue 9: two battles of a scenario, and one read back from JSON, hold the same board; the rest of the state is untouched', () => {
  const first = withSharedBoard(createGame(ford, 'board-1'));
  const second = createGame(ford, 'board-2');
  expect(second.board).not.toBe(first.board);
  expect(withSharedBoard(second).board).toBe(first.board);
  const stored = JSON.parse(JSON.stringify(createGame(ford, 'board-3'))) as typeof first;
  const reopened = withSharedBoard(stored);
  expect(reopened.board).toBe(first.board);
  expect(reopened).toEqual(stored);
});

test('issue 9: a board that differs from the others of its scenario keeps its own', () => {
  const shared = withSharedBoard(createGame(ford, 'board-4')).board;
  const other = createGame(ford, 'board-5');
  const changed = { ...other, board: { ...other.board, altitude: other.board.altitude.map((a, i) => (i === 0 ? a + 1 : a)) } };
  expect(withSharedBoard(changed).board).toBe(changed.board);
  expect(withSharedBoard(changed).board).not.toBe(shared);
});

describe('over a server', () => {
  let server: TestServer;
  beforeAll(async () => (server = await startTestServer({ seed: () => 'shared-board' })));
  afterAll(async () => server.close());

  test('issue 9: two rooms of the-ford play on one board object', async () => {
    const a = await openBattle(server, { scenarioId: 'the-ford', listed: false });
    const b = await openBattle(server, { scenarioId: 'the-ford', listed: false });
    const boardOf = (id: string) => (matchMaker.getLocalRoomById(id) as unknown as { game: { board: object } }).game.board;
    expect(boardOf(a.battleId)).toBe(boardOf(b.battleId));
    await leaveAll(a.creator, b.creator);
  });
});
