import { reject, Rejection } from '../actions/rejection';
import { tell } from '../fog/announce';
import type { GameEvent } from '../state/events';
import type { GameState, ShockMarker, Unit } from '../state/types';
import { loseCharge } from '../units/condition';
import { engagedTargets } from '../units/engagement';
import { neverCharges } from '../units/formation';
import { chargeOpenAfter } from './charge';
import type { ShockSettler } from './execute';
import type { WalkState } from './walker';

/**
 * The contact-or-charge choice at the end of a movement action (§2.6.8,
 * §2.6.9). A unit that ends engaging must take exactly one of the two
 * markers, the player choosing when both are open; a unit that engages
 * nobody may keep or take a charge marker, never a contact marker. Without a
 * choice the unit keeps a charge marker it can keep, else takes contact when
 * engaging.
 */
export type ShockChoice = 'contact' | 'charge';

/** The move ends engaging an enemy: only then may the player take a contact marker (§2.6.8). */
export const engagingAt = (ws: WalkState): boolean => ws.ended === 'engaged' || ws.ended === 'engaging' || ws.engagingRun;

/** Refuses a choice the submitted steps cannot give (judged on the mover's view, like the steps). */
export function shockChoiceRefusal(choice: ShockChoice | undefined, walk: WalkState[], mover?: Pick<Unit, 'hex' | 'secondHex'>): Rejection | null {
  const last = walk[walk.length - 1];
  if (!choice || !last) return null;
  if (choice === 'charge' && mover && neverCharges(mover)) return reject('formationNeverCharges');
  if (choice === 'charge' && !chargeOpenAfter(last)) return reject('chargeNotOpen');
  if (choice === 'contact' && !engagingAt(last)) return reject('contactWithoutEngaging');
  return null;
}

/** The settler the move action hands to executeMove: it runs on the full state once the unit has stopped. */
export function chargeSettler(state: GameState, choice: ShockChoice | undefined, startShock: ShockMarker): ShockSettler {
  return (unit, last) => {
    const engaging = !unit.hidden && engagedTargets(state, unit).length > 0;
    // Breath taken by the mode or cohesion lost joining a stack may close the charge (§2.6.9).
    const open = !!last && chargeOpenAfter(last) && unit.cohesion === 'inOrder' && unit.breath !== 'exhausted';
    return settle(state, unit, decide(choice, open, engaging, startShock));
  };
}

function decide(choice: ShockChoice | undefined, open: boolean, engaging: boolean, startShock: ShockMarker): ShockMarker {
  if (choice === 'charge' && open) return 'charge';
  if (choice === 'contact' && engaging) return 'contact';
  // A move stopped short by a reveal may leave the choice impossible: the rule's default then applies.
  if (open && startShock === 'charge' && choice !== 'contact') return 'charge';
  return engaging ? 'contact' : 'none';
}

function settle(state: GameState, unit: Unit, marker: ShockMarker): GameEvent[] {
  if (marker === 'charge') {
    if (unit.shock === 'charge') return [];
    unit.shock = 'charge';
    return [tell(state, unit.id, { type: 'markerPlaced', unit: unit.id, marker: 'charge' }, '§2.6.9')];
  }
  // Losing a charge marker, whatever the reason, costs a level of breath (§2.6.9); loseCharge leaves contact when engaging.
  if (unit.shock === 'charge') return loseCharge(state, unit, '§2.6.9');
  if (marker === 'contact' && unit.shock !== 'contact') {
    unit.shock = 'contact';
    return [tell(state, unit.id, { type: 'markerPlaced', unit: unit.id, marker: 'contact' }, '§2.6.8')];
  }
  if (marker === 'none' && unit.shock === 'contact') {
    unit.shock = 'none';
    return [tell(state, unit.id, { type: 'markerRemoved', unit: unit.id, marker: 'contact' }, '§2.6.9')];
  }
  return [];
}
