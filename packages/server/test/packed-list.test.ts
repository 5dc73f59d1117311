/**
 * Issue 9 (memory per room): a battle room keeps its event log and its
 * played actions packed (rooms/packed-list.ts) instead of objects; what
 * it reads back, for the snapshots and for a seat's history on entering,
 * must be exactly the objects it was given: no member lost, none added, no
 * value changed (toStrictEqual tells an undefined member from a missing one).
 */
import { apply, type GameEvent, type GameState } from '@lames/rules';
import { SCENARIOS } from '@lames/rules/scenarios';
import { createGame } from '@lames/rules';
import { randomPlayer, stressScenario } from '@lames/rules/testing';
import { PackedList } from '../src/rooms/packed-list';
import { serverStateHash } from '../src/persistence/state-hash';
import type { PlayedAction } from '../src/persistence/store';

/** The events and played actions of a random game, action by action, as a room receives them from the rules. */
function playedGame(
  scenarioId: string,
  state: GameState,
  limit: number,
): { events: GameEvent[][]; played: PlayedAction[] } {
  const next = randomPlayer(`packed-list-${scenarioId}`);
  const events: GameEvent[][] = [];
  const played: PlayedAction[] = [];
  while (state.status === 'playing' && played.length < limit) {
    const { seat, action } = next(state);
    const r = apply(state, seat, action);
    if (!r.ok) throw new Error(`offered action refused: ${r.rejection.code}`);
    state = r.state;
    events.push(r.events);
    played.push({ seat, action, events: r.events.length, stateHash: serverStateHash(state) });
  }
  return { events, played };
}

const games = [...SCENARIOS, stressScenario()].map((scenario) => ({
  id: scenario.id,
  ...playedGame(scenario.id, createGame(scenario, `packed-list-${scenario.id}`), 120),
}));

test('issue 9: the events of random games of every scenario, appended action by action, read back equal, in order', () => {
  for (const game of games) {
    const log = new PackedList<GameEvent>();
    for (const events of game.events) log.push(...events);
    const all = game.events.flat();
    expect(all.length).toBeGreaterThan(0);
    expect(log.length).toBe(all.length);
    expect(log.items()).toStrictEqual(all);
  }
});

test('issue 9: played actions, and a list opened from a stored one then appended to, read back equal', () => {
  for (const game of games) {
    const half = Math.floor(game.played.length / 2);
    const played = new PackedList(game.played.slice(0, half));
    for (const p of game.played.slice(half)) played.push(p);
    expect(played.items()).toStrictEqual(game.played);
  }
});

test('issue 9: each read is a fresh copy: changing it leaves the list as it was', () => {
  const log = new PackedList<GameEvent>(games[0].events[0]);
  const first = log.items();
  first.pop();
  expect(log.items()).toStrictEqual(games[0].events[0]);
  expect(new PackedList<GameEvent>().items()).toEqual([]);
});
