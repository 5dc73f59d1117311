import { bodyHexes, bodyIsValid, GameState, isFormation, isShooter, stackPointsIn, STACK_LIMIT, viewFor } from '../src';
import { terrainAt, terrainInfo } from '../src/terrain/board';
import { SCENARIOS } from '../src/scenarios';
import { randomGame } from '../src/testing';
const everPlayed: string[] = [];

function checkInvariants(state: GameState): void {
  const byHex = new Map<number, { sides: Set<string>; points: number }>();
  for (const u of state.units.filter((x) => x.hex >= 0)) {
    for (const hex of bodyHexes(u)) {
      const h = byHex.get(hex) ?? { sides: new Set(), points: 0 };
      h.sides.add(u.side);
      h.points += stackPointsIn(u, hex);
      byHex.set(hex, h);
    }
    if (isFormation(u)) checkFormation(state, u);
    if (u.hidden !== Boolean(u.coverId)) throw new Error(`${u.id}: hidden and cover disagree`);
    if (u.ammunition && !isShooter(u)) throw new Error(`§3.2.3 ${u.id} does not fire but carries an ammunition marker`);
  }
  for (const [hex, h] of byHex) {
    if (h.sides.size > 1) throw new Error(`§2.3.1 enemies stacked in ${hex}`);
    // A-20 (docs/rule-decisions.md): a forced break may leave up to 12 points in a hex, the book's example.
    if (h.points > STACK_LIMIT + 2) throw new Error(`§2.3.1 ${h.points} stacking points in ${hex}`);
  }
  // while the battle lasts no enemy hidden unit reaches a view; once it has ended every cover is lifted (issue 11)
  if (state.status === 'ended') return;
  for (const seat of state.sides.map((s) => s.id)) {
    const view = viewFor(state, seat);
    for (const u of view.units) if (u.hidden && u.side !== seat) throw new Error('an enemy hidden unit reached a view');
  }
}

/** §3.3: a formation covers two adjacent clear hexes facing a vertex (bodyIsValid), has 3 to 12 steps and is never routed. */
function checkFormation(state: GameState, u: GameState['units'][number]): void {
  if (!bodyIsValid(state.board, u)) throw new Error(`§3.3 ${u.id}: not two adjacent hexes at 90° to a vertex facing`);
  for (const hex of bodyHexes(u)) if (!terrainInfo(terrainAt(state.board, hex)).formationAllowed) throw new Error(`§3.3.7 ${u.id} on ${hex}, not clear terrain`);
  if (u.steps < 3 || u.steps > 12) throw new Error(`§3.3 ${u.id} has ${u.steps} steps`);
  if (u.cohesion === 'routed') throw new Error(`§3.3.1 ${u.id} is routed`);
}

describe('random legal games on the shipped scenarios', () => {
  const runs = SCENARIOS.flatMap((s) => ['alpha', 'bravo', 'charlie'].map((seed) => [s.id, seed] as const));
  test.each(runs)(
    '§2.4 a random game of %s (%s) runs to its end with no refusal of an offered action and no illegal state',
    (id, seed) => {
      const { state, actions, played } = randomGame(SCENARIOS.find((s) => s.id === id)!, seed, { afterEach: checkInvariants });
      everPlayed.push(...played);
      expect(state.status).toBe('ended');
      expect(actions).toBeGreaterThan(10);
    },
  );

  test('the random games between them play the actions of chapter 2', () => {
    for (const type of ['deploy', 'move', 'shock', 'absorbLosses', 'pass', 'endTurn', 'activate', 'rest', 'withdraw']) expect(everPlayed).toContain(type);
  });

  test('§3.2 the random games between them fire and reload (the-raven-hills has every kind of shooter)', () => {
    for (const type of ['fire', 'reload']) expect(everPlayed).toContain(type);
  });
});

