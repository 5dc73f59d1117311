import { sharedView } from '../fog/view';
import { tell } from '../fog/announce';
import { FACINGS, Facing } from '../geometry/facing';
import type { GameEvent } from '../state/events';
import type { Decoy, GameState, Seat, Unit } from '../state/types';
import { asPlayed, decoyOnMap } from '../recovery/decoy';
import { concludeActivation } from '../turn/conclude';
import { attackEngagementTest } from '../turn/engagement-tests';
import { loseCharge } from '../units/condition';
import { engagedBy, engagedTargets, engages } from '../units/engagement';
import { joinStack, turnWithStack } from '../units/stack-facing';
import { placeInStack, stackAt, stackPlace } from '../units/stacking';
import { settleMarkers, turnKeptMates } from '../movement/withdraw-action';
import type { ActionRule } from './action-rule';
import { activePlayer, firstRejection, ownPiece, underActivation } from './common';
import { reject, Rejection } from './rejection';
import { isFormation } from '../units/formation';
import { allFront } from '../units/abilities';
import { sharesHex } from '../units/body';
import { BodyFace, bodyFaceOptions, bodyFaceVerdict } from '../movement/formation-face';
import { pivotOf } from '../movement/formation-moves';
import { boardIndex } from '../terrain/board';
import { distance } from '../geometry/hex';
import type { DiceSource } from '../state/dice';

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
export interface FaceAction {
  type: 'face';
  piece: string;
  facing: number;
  /** A formation's forward pivot (§3.3.7, FORM-54); without it a formation turns about. */
  step?: { pivot: number; onto: number };
}

export const faceRule: ActionRule<FaceAction> = {
  section: '§2.6.14',
  conditions: (state, seat, a) => faceConditions(asPlayed(state, a.piece) ?? state, seat, a),
  procedure(state, _seat, a, dice) {
    const decoy = decoyOnMap(state, a.piece);
    if (decoy) return decoyFace(state, decoy, a.facing as Facing);
    const unit = unitOf(state, a.piece)!;
    if (isFormation(unit)) return bodyFace(state, unit, a, dice);
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

/**
 * A formation faces by turning about or by a forward pivot (§3.3.7,
 * FORM-54): its body and facing change together; the units still sharing one
 * of its hexes turn with it, those of a hex it pivots onto join its facing.
 */
function bodyFace(state: GameState, unit: Unit, a: FaceAction, dice: DiceSource): GameEvent[] {
  const nb = boardIndex(state.board).neighbours;
  const start = { hex: unit.hex, second: unit.secondHex!, facing: unit.facing };
  const body = a.step ? pivotOf(nb, start, a.step.pivot, a.step.onto)!.body : { ...start, facing: a.facing };
  const mates = state.units.filter((o) => o.id !== unit.id && sharesHex(o, unit));
  if (!a.step && stackPlace(state, unit) === 'back') placeInStack(state, unit, 'top');
  Object.assign(unit, { hex: body.hex, secondHex: body.second, facing: body.facing });
  const faced = a.step ? { type: 'faced' as const, unit: unit.id, facing: body.facing, hex: body.hex, second: body.second } : { type: 'faced' as const, unit: unit.id, facing: body.facing };
  const events: GameEvent[] = [tell(state, unit.id, faced, '§3.3.7')];
  events.push(...turnKeptMates(state, unit, mates));
  if (a.step) events.push(...joinStack(state, unit));
  events.push(...loseCharge(state, unit, '§2.6.9'));
  events.push(...attackEngagementTest(state, unit, dice));
  events.push(...concludeActivation(state, true));
  return events;
}

/** The face the legal-action list judges: the first open one (a formation's may be a pivot), else a facing that is refused with the reason. */
export function faceProbe(state: GameState, seat: Seat, piece: string): FaceAction {
  const body = bodyFaceOptionsFor(state, seat, piece)[0];
  if (body) return { type: 'face', piece, facing: body.facing, ...(body.step ? { step: body.step } : {}) };
  return { type: 'face', piece, facing: faceOptions(state, seat, piece)[0] ?? 0 };
}

function faceConditions(state: GameState, seat: Seat, a: FaceAction): Rejection | null {
  return firstRejection(
    () => activePlayer(state, seat),
    () => ownPiece(state, seat, a.piece),
    () => underActivation(state, a.piece),
    () => (state.activation?.mustFlee ? reject('mustFlee') : null),
    () => mustFaceRefusal(state, a.piece),
    () => formationFaceRefusal(state, unitOf(state, a.piece)!, a),
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
  // A hedgehog keeps its facing (sheet 000, Orientation, l.259), and the stack turns as one (§2.3.1).
  if ([unit, ...stackMates(state, unit)].some(allFront)) return reject('hedgehogKeepsFacing');
  const by = engagedBy(state, unit);
  if (by.length === 0) return reject('notEngagedNoFace');
  if (engagesAnEngager(state, unit, by)) return reject('alreadyEngagingBack');
  // The stack turns as one: a stack-mate facing an enemy that engages it holds it (§2.6.14, §2.3.1).
  const holder = stackMates(state, unit).find((m) => engagesAnEngager(state, m));
  if (holder) return reject('faceStackHeld', { unit: holder.name });
  // No facing can answer (terrain, hexside, stack place): facing is impossible, so not compulsory (for a formation, FORM-54).
  if (isFormation(unit) ? bodyFaceOptions(state, unit).length === 0 : !FACINGS.some((f) => facingEngages(state, unit, f, by))) return reject('faceMustEngage');
  return null;
}

/** The unit engages one of the enemies that engage it (§2.6.14: it may not face). */
function engagesAnEngager(state: GameState, unit: Unit, by: Unit[] = engagedBy(state, unit)): boolean {
  if (by.length === 0) return false;
  const targets = new Set(engagedTargets(state, unit).map((t) => t.id));
  return by.some((e) => targets.has(e.id));
}

/** The other units of the unit's stack, which turn with it. */
function stackMates(state: GameState, unit: Unit): Unit[] {
  return stackAt(state, unit.hex).filter((u) => u.id !== unit.id);
}

/** The facing makes the unit engage at least one of the enemies that engage it (`by`, when the caller knows them: it asks for every facing). */
function facingEngages(state: GameState, unit: Unit, facing: Facing, by: Unit[] = engagedBy(state, unit)): boolean {
  const turned = { ...unit, facing };
  return by.some((e) => engages(state, turned, e));
}

/** A formation's face is a half-turn or a forward pivot (§3.3.7); a one-hex unit names no pivot. */
function formationFaceRefusal(state: GameState, unit: Unit, a: FaceAction): Rejection | null {
  if (!isFormation(unit)) return a.step ? reject('notAFormation') : null;
  const verdict = bodyFaceVerdict(state, unit, a.facing, a.step);
  return 'code' in verdict ? verdict : null;
}

/** A formation's faces (the half-turn and forward pivots that answer an engager), judged on what `seat` knows; none for a one-hex unit. */
export function bodyFaceOptionsFor(state: GameState, seat: Seat, piece: string): BodyFace[] {
  if (!mayBeEngaged(state, piece)) return [];
  // Read only: the seat's view without a copy of the state (fog/view.ts sharedView).
  const view = state.perspective ? state : sharedView(state, seat);
  const unit = unitOf(view, piece);
  if (!unit || !isFormation(unit) || unit.side !== seat || mustFaceRefusal(view, piece)) return [];
  return bodyFaceOptions(view, unit);
}

/**
 * Whether some enemy in the open touches the piece (unit or decoy): without
 * one nothing engages it, so it need not and may not face (§2.6.14) — told
 * without building the seat's view (issue 9: legal actions probe the face of
 * every piece). The open enemies are the same in every seat's view.
 */
function mayBeEngaged(state: GameState, piece: string): boolean {
  const p = state.units.find((u) => u.id === piece) ?? state.decoys.find((d) => d.id === piece);
  if (!p || p.hex < 0) return false;
  const own = 'secondHex' in p && p.secondHex !== undefined ? [p.hex, p.secondHex] : [p.hex];
  const near = (h: number) => own.some((o) => distance(state.board, o, h) <= 1);
  return state.units.some((e) => e.side !== p.side && !e.hidden && e.hex >= 0 && (near(e.hex) || (e.secondHex !== undefined && near(e.secondHex))));
}

/** The facings a unit that must face may take, judged on what `seat` knows. */
export function faceOptions(state: GameState, seat: Seat, piece: string): Facing[] {
  if (!mayBeEngaged(state, piece)) return [];
  const seen = state.perspective ? state : sharedView(state, seat);
  const view = asPlayed(seen, piece) ?? seen;
  const unit = unitOf(view, piece);
  if (!unit || unit.side !== seat || mustFaceRefusal(view, piece)) return [];
  // A formation's facing alone is its half-turn; its pivots are in bodyFaceOptionsFor.
  if (isFormation(unit)) return bodyFaceOptions(view, unit).flatMap((o) => (o.step ? [] : [o.facing]));
  const by = engagedBy(view, unit);
  return FACINGS.filter((f) => facingEngages(view, unit, f, by));
}
