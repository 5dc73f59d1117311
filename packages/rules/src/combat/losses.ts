import type { GameEvent } from '../state/events';
import type { GameState, Unit } from '../state/types';
import { loseCharge, loseStep } from '../units/condition';
import { stackAt } from '../units/stacking';
import { choosesRecoil, executeRecoil, recoilGroup, recoilHex } from './recoil';

/**
 * Absorbing the losses of a combat (§2.7.4), in the rule's order:
 * 1. a charging defender first loses a step and its charge marker (breath,
 *    contact if it still engages);
 * 2. the attacked unit takes the rest as steps, the last one possibly as a
 *    recoil of its stack (§2.7.5);
 * 3. losses it cannot absorb before being destroyed fall on its stack, in
 *    stack order (the defender's free choice, made for him), the last one
 *    again possibly a recoil. A duel involves the two characters only.
 * Units die only through loseStep → destroyUnit.
 */
export function absorbLosses(state: GameState, defender: Unit, losses: number, kind: 'shock' | 'duel'): GameEvent[] {
  const events: GameEvent[] = [];
  let left = losses;
  const hex = defender.hex;
  if (left > 0 && defender.shock === 'charge') {
    events.push(...loseCharge(state, defender, '§2.7.4'));
    events.push(...loseStep(state, defender, 'combat', '§2.7.4'));
    left -= 1;
  }
  const others = kind === 'duel' ? [] : stackAt(state, hex).filter((u) => u.id !== defender.id);
  for (const u of [defender, ...others]) {
    while (left > 0 && !u.destroyed) {
      if (left === 1) {
        const recoil = tryRecoil(state, u, kind);
        if (recoil) return [...events, ...recoil];
      }
      events.push(...loseStep(state, u, 'combat', '§2.7.4'));
      left -= 1;
    }
  }
  return events;
}

/** The last loss as a recoil, when the stack may recoil and the defender takes it (or must). */
function tryRecoil(state: GameState, unit: Unit, kind: 'shock' | 'duel'): GameEvent[] | null {
  const { movers, steady } = recoilGroup(state, unit, kind);
  if (!movers.includes(unit)) return null;
  const to = recoilHex(state, movers);
  if (to === null || !choosesRecoil(unit, movers, steady)) return null;
  return executeRecoil(state, movers, steady, to);
}
