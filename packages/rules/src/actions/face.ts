import { viewFor } from '../fog/view';
import { tell } from '../fog/announce';
import { FACINGS, Facing } from '../geometry/facing';
import type { GameEvent } from '../state/events';
import type { Decoy, GameState, Seat, Unit } from '../state/types';
import { asPlayed, decoyOnMap } from '../recovery/decoy';
import { concludeActivation } from '../turn/conclude';
import { attackEngagementTest } from '../turn/engagement-tests';
import { loseCharge } from '../units/condition';
import { engagedBy, engagedTargets, engages } from '../units/engagement';
import { turnWithStack } from '../units/stack-facing';
import { placeInStack, stackAt, stackPlace } from '../units/stacking';
import { settleMarkers } from '../movement/withdraw-action';
import type { ActionRule } from './action-rule';
import { activePlayer, firstRejection, ownPiece, underActivation } from './common';
import { reject, Rejection } from './rejection';

/**
 * Action Faire Face (§2.6.14): a unit engaged by enemies none of which it
 * engages back turns, as its player likes, to engage at least one of them;
 * then it takes an attack engagement test (§2.6.8.1). Never for a routed
 * unit, never when it already engages one of its engagers. Facing neither
 * gives nor keeps a charge (§2.6.9). Stacked units keep one orientation
 * (§2.3.1, sheet 000): the whole stack turns with the unit.
 * A decoy faces as the unit it plays would in its place (§4.5.1); a cover is
 * never engaged while it stays hidden, so in practice both are refused alike.
 */
export const faceRule: ActionRule<{ type: 'face'; piece: string; facing: number }> = {
  section: '§2.6.14',
  conditions: (state, seat, a) => faceConditions(asPlayed(state, a.piece) ?? state, seat, a),
  procedure(state, _seat, a, dice) {
    const decoy = decoyOnMap(state, a.piece);
    if (decoy) return decoyFace(state, decoy, a.facing as Facing);
    const unit = unitOf(state, a.piece)!;
    const mates = stackMates(state, unit);
    // The back of a stack faces an enemy on its rear: once the stack has turned about, it is the front (§2.3.1).
    if (stackPlace(state, unit) === 'back') placeInStack(state, unit, 'top');
    unit.facing = a.facing;
    const events: GameEvent[] = [tell(state, unit.id, { type: 'faced', unit: unit.id, facing: a.facing }, '§2.6.14')];
    for (const m of mates) events.push(...turnWithStack(state, m, a.facing), ...settleMarkers(state, m.id));
    events.push(...loseCharge(state, unit, '§2.6.9'));
    events.push(...attackEngagementTest(state, unit, dice));
    events.push(...concludeActivation(state, true));
    return events;
  },
};

function faceConditions(state: GameState, seat: Seat, a: { piece: string; facing: number }): Rejection | null {
  return firstRejection(
    () => activePlayer(state, seat),
    () => ownPiece(state, seat, a.piece),
    () => underActivation(state, a.piece),
    () => (state.activation?.mustFlee ? reject('mustFlee') : null),
    () => mustFaceRefusal(state, a.piece),
    () => (facingEngages(state, unitOf(state, a.piece)!, a.facing) ? null : reject('faceMustEngage')),
  );
}

/** The decoy turns; its owner hears it, the others only that the cover's activation ended, as for a hidden unit. */
function decoyFace(state: GameState, decoy: Decoy, facing: Facing): GameEvent[] {
  decoy.facing = facing;
  return [tell(state, decoy.id, { type: 'faced', unit: decoy.id, facing }, '§2.6.14'), ...concludeActivation(state, true)];
}

function unitOf(state: GameState, piece: string): Unit | undefined {
  return state.units.find((u) => u.id === piece && u.hex >= 0);
}

/** Why the unit may not (or need not) face; null when it must (§2.6.14). */
export function mustFaceRefusal(state: GameState, piece: string): Rejection | null {
  const unit = unitOf(state, piece);
  if (!unit) return reject('notAUnit');
  if (unit.cohesion === 'routed') return reject('routedNeverFaces');
  const by = engagedBy(state, unit);
  if (by.length === 0) return reject('notEngagedNoFace');
  if (engagesAnEngager(state, unit)) return reject('alreadyEngagingBack');
  // The stack turns as one: a stack-mate facing an enemy that engages it holds it (§2.6.14, §2.3.1).
  const holder = stackMates(state, unit).find((m) => engagesAnEngager(state, m));
  if (holder) return reject('faceStackHeld', { unit: holder.name });
  // No facing can answer (terrain, hexside, stack place): facing is impossible, so not compulsory.
  if (!FACINGS.some((f) => facingEngages(state, unit, f))) return reject('faceMustEngage');
  return null;
}

/** The unit engages one of the enemies that engage it (§2.6.14: it may not face). */
function engagesAnEngager(state: GameState, unit: Unit): boolean {
  const targets = new Set(engagedTargets(state, unit).map((t) => t.id));
  return engagedBy(state, unit).some((e) => targets.has(e.id));
}

/** The other units of the unit's stack, which turn with it. */
function stackMates(state: GameState, unit: Unit): Unit[] {
  return stackAt(state, unit.hex).filter((u) => u.id !== unit.id);
}

/** The facing makes the unit engage at least one of the enemies that engage it. */
function facingEngages(state: GameState, unit: Unit, facing: Facing): boolean {
  const turned = { ...unit, facing };
  return engagedBy(state, unit).some((e) => engages(state, turned, e));
}

/** The facings a unit that must face may take, judged on what `seat` knows. */
export function faceOptions(state: GameState, seat: Seat, piece: string): Facing[] {
  const seen = state.perspective ? state : viewFor(state, seat);
  const view = asPlayed(seen, piece) ?? seen;
  const unit = unitOf(view, piece);
  if (!unit || unit.side !== seat || mustFaceRefusal(view, piece)) return [];
  return FACINGS.filter((f) => facingEngages(view, unit, f));
}
