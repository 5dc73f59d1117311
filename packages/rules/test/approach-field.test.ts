import { createGame, engageCost, GameState, seededDice, seedRng, Unit, viewFor } from '../src';
import { approachField } from '../src/movement/approach-field';
import { SCENARIOS } from '../src/scenarios';
import { deployFirstFit, deployFord, stressGame } from '../src/testing';
import type { Facing } from '../src/geometry/facing';

/**
 * Issue 9: the attack directive's "approach the nearest enemy" (§2.6.11.1)
 * is measured by one search for the whole board (movement/approach-field.ts)
 * instead of one `engageCost` search per hex, facing and enemy. The answers
 * must be the previous implementation's: checked on the shipped scenarios and
 * the stress battle, for units of each side, on positions drawn at random.
 */

/**
 * What the directive asked before: the least engageCost from the position to any enemy in the open.
 * The field prices the mover as a one-hex unit, a formation too (its approach is not its body's
 * moves yet, docs/formations-checklist.md), so the reference places it as one.
 */
function previous(view: GameState, unit: Unit, enemies: Unit[], hex: number, facing: Facing): number {
  const placed = { ...unit, hex, facing, secondHex: undefined };
  let best = Number.POSITIVE_INFINITY;
  for (const e of enemies) best = Math.min(best, engageCost(view, placed, e, best));
  return best;
}

const battles: Array<[string, () => GameState]> = [
  ...SCENARIOS.map((s) => [s.id, () => (s.id === 'the-ford' ? deployFord : deployFirstFit)(createGame(s, 'approach'))] as [string, () => GameState]),
  ['stress battle', () => stressGame('approach')],
];

describe('§2.6.11.1 approach field (issue 9): the same costs as one engageCost search per enemy', () => {
  test.each(battles)('%s', (_id, open) => {
    const state = open();
    const pick = seededDice(seedRng(`approach-${_id}`));
    let compared = 0;
    for (const side of state.sides.map((s) => s.id)) {
      const view = viewFor(state, side);
      const own = view.units.filter((u) => u.side === side && u.hex >= 0 && !u.hidden);
      const enemies = view.units.filter((e) => e.side !== side && e.hex >= 0 && !e.hidden && !e.destroyed);
      for (const unit of own.slice(0, 4)) {
        const field = approachField(view, unit, enemies);
        for (let i = 0; i < 25; i++) {
          const hex = pick.roll(view.board.cols * view.board.rows) - 1;
          const facing = (pick.roll(12) - 1) as Facing;
          expect([unit.id, hex, facing, field.at(hex, facing)]).toEqual([unit.id, hex, facing, previous(view, unit, enemies, hex, facing)]);
          compared += 1;
        }
        // The unit where it stands, as a move starts.
        expect(field.at(unit.hex, unit.facing)).toBe(previous(view, unit, enemies, unit.hex, unit.facing));
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});
