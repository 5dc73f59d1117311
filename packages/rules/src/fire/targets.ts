import { reject, Rejection } from '../actions/rejection';
import { zoneFrom } from '../combat/geometry';
import { inMixedStack } from '../combat/targets';
import { holdsSpecialOrder } from '../command/situation';
import type { GameState, Unit } from '../state/types';
import { ammunitionOf } from '../units/ammunition';
import { engagedBy, engages } from '../units/engagement';
import { stackAt, stackPlace } from '../units/stacking';
import { shotLine } from './line';
import type { Enterable } from './harassment';
import { fireRange, inFireCone, isHarasser, isShooter } from './shooters';
import { bodyDistance, bodyHexes, distanceToHex } from '../units/body';

/**
 * Who may fire at whom (§3.2.1, §3.2.5–§3.2.9). Each check returns the rule
 * that refuses, or null. Every check reads a seat's view: a hidden unit is
 * never a target, and nothing hidden weighs on a verdict.
 */

/** The shooter itself (§3.2, §3.2.5, §3.2.7, §2.6.9): a real shooting unit, not routed, with ammunition, free to shoot from its stack. */
export function shooterRefusal(view: GameState, piece: string): Rejection | null {
  const a = view.units.find((u) => u.id === piece);
  if (!a) return reject('decoyMayNotFire');
  if (!isShooter(a)) return reject('notAShooter');
  if (a.cohesion === 'routed') return reject('routedMayNotAttack');
  if (ammunitionOf(a) === 'exhausted') return reject('ammunitionExhausted');
  if (a.shock === 'charge' && !holdsSpecialOrder(view, a)) return reject('chargingMayNotFire');
  return null;
}

/** A fire (not a duel) from the stack (§3.2.1, §3.2.7): never from the middle; the back of two large units may not fire. */
export function stackFireRefusal(view: GameState, a: Unit): Rejection | null {
  const place = stackPlace(view, a);
  if (place === 'middle') return reject('shooterInMiddle');
  if (place === 'back' && stackAt(view, a.hex).filter((u) => u.size === 'large').length >= 2) return reject('shooterAtBack');
  return null;
}

/**
 * Engaged shooters (§3.2.6, §3.2.9): engaged only by units with a contact
 * or charge marker, it may fire at one of them that it engages in turn;
 * any other engaging unit forbids the fire.
 */
export function engagementFireRefusal(view: GameState, a: Unit, t: Unit): Rejection | null {
  const by = engagedBy(view, a);
  if (by.length === 0) return null;
  if (by.some((e) => e.shock === 'none')) return reject('engagedMayNotFire');
  return by.some((e) => e.id === t.id) && engages(view, a, t) ? null : reject('fireOnlyAtEngager');
}

/** The target: an enemy unit in the open, on the map. */
export function fireTargetKnown(view: GameState, a: Unit, targetId: string): Unit | Rejection {
  const t = view.units.find((u) => u.id === targetId);
  if (!t || t.side === a.side || t.hidden || t.hex < 0 || t.destroyed) return reject('unknownTarget');
  return t;
}

/** Cone, range and line (§3.2.1.1, §3.2.2, §3.2.4, §3.2.4.1), in the order of §3.2.9. */
export function reachRefusal(view: GameState, a: Unit, t: Unit, enterable?: Enterable): Rejection | null {
  // A formation is aimed at by either of its hexes: one in the cone will do.
  if (!bodyHexes(t).some((h) => inFireCone(view, a, h))) return reject('targetOutOfCone');
  if (bodyDistance(view.board, a, t) > fireRange(view, a)) return reject('targetOutOfRange', { range: fireRange(view, a) });
  const line = shotLine(view, a, t, enterable);
  if (!line.open) return reject(line.harassment ? 'harassmentBlocked' : 'noLineOfSight');
  return null;
}

/**
 * Who in the target's stack may be hit (§3.2.7): only large units in a
 * stack that has any; the front unit through the stack's front or flank,
 * the back one through its rear, the middle never (the zone is the one the
 * line reaches the stack through, A-11).
 */
export function stackTargetRefusal(view: GameState, a: Unit, t: Unit): Rejection | null {
  if (inMixedStack(view, t)) return reject('targetProtectedInStack');
  const place = stackPlace(view, t);
  if (place === 'alone') return null;
  if (place === 'middle') return reject('fireTargetInMiddle');
  const rear = zoneFrom(view, t, a.hex) === 'rear';
  return (place === 'front') !== rear ? null : reject(rear ? 'fireRearHitsBack' : 'fireFrontHitsFront');
}

/** Every condition on one target of a fire (§3.2.9), the shooter's own already checked. */
export function fireTargetRefusal(view: GameState, a: Unit, targetId: string): Rejection | null {
  const t = fireTargetKnown(view, a, targetId);
  if ('code' in t) return t;
  return reachRefusal(view, a, t) ?? engagementFireRefusal(view, a, t) ?? stackTargetRefusal(view, a, t);
}

/**
 * Fire duel (§3.2.8): two characters; the shooter not engaged; the target
 * adjacent; one of the three cases of the rule — the same as the shock
 * duel's (§2.7.1.1): a small character stacked with a large unit against a
 * small character so stacked or a large character; a character alone in
 * its hex against a small character stacked with a large unit.
 */
export function fireDuelTargetRefusal(view: GameState, a: Unit, targetId: string): Rejection | null {
  const t = fireTargetKnown(view, a, targetId);
  if ('code' in t) return t;
  if (a.kind !== 'character' || t.kind !== 'character') return reject('fireDuelNeedsCharacters');
  // A character in the middle of a stack engages no one; only engaging units in the open count.
  if (engagedBy(view, a).some((e) => !inMixedStack(view, e))) return reject('fireDuelByEngaged');
  if (bodyDistance(view.board, a, t) !== 1) return reject('fireDuelNotAdjacent');
  const alone = stackAt(view, a.hex).length === 1;
  const ok = (inMixedStack(view, a) && (inMixedStack(view, t) || t.size === 'large')) || (alone && inMixedStack(view, t));
  return ok ? null : reject('fireDuelNotAllowed');
}

/**
 * Whether the unit, placed at `hex` with `facing`, would have an enemy to
 * fire at: cone, range, line and the target's stack (§3.2.6, for the attack
 * directive's moves). Its own stack and engagement there are not judged.
 */
export function hasTargetFrom(view: GameState, unit: Unit, hex: number, facing: number, candidates: Unit[] = view.units, enterable?: Enterable): boolean {
  // No enemy at all: nothing to place the unit for (the directive's preview asks for every position of its arrivals, most of them far from any).
  if (candidates.length === 0) return false;
  const placed = { ...unit, hex, facing };
  // Out of range first: it is the cheapest refusal, and most enemies of a large battle are far.
  const range = fireRange(view, placed);
  return candidates.some((t) => openTarget(unit, t) && distanceToHex(view.board, t, hex) <= range && !reachRefusal(view, placed, t, enterable) && !stackTargetRefusal(view, placed, t));
}

/**
 * `hasTargetFrom` for the twelve facings of one hex, with the same answers
 * (issue 9: the attack directive's preview asks it for every position of
 * every arrival). What the facing does not change is judged once for the
 * hex: the range (§3.2.2: the weapon capacity of characters in the hex,
 * found by a pass over every unit) and the distance; per target, once, the
 * target's stack (§3.2.7: the zone the line reaches it through, from the
 * hex) and, save for a harasser, whose line enters a hex of its front zone
 * (§3.2.4.1), the line of sight. Per facing: the cone, and a harasser's line.
 */
export function targetFromHex(view: GameState, unit: Unit, hex: number, candidates: Unit[], enterable?: Enterable): (facing: number) => boolean {
  if (candidates.length === 0) return () => false;
  // One copy per hex, its facing set per question: nothing asked keeps it.
  const placed: Unit = { ...unit, hex };
  const range = fireRange(view, placed);
  const near = candidates.filter((t) => openTarget(unit, t) && distanceToHex(view.board, t, hex) <= range && bodyDistance(view.board, placed, t) <= range);
  const harasser = isHarasser(placed);
  // Per target of `near`, judged when first in the cone (a preview asks one or two facings of most hexes): 0 not yet, 1 no, 2 yes —
  // its stack, and save for a harasser the line of sight.
  const fixed = new Uint8Array(near.length);
  const open = (t: Unit, i: number): boolean => {
    if (fixed[i] === 0) fixed[i] = !stackTargetRefusal(view, placed, t) && (harasser || shotLine(view, placed, t, enterable).open) ? 2 : 1;
    return fixed[i] === 2 && (!harasser || shotLine(view, placed, t, enterable).open);
  };
  return (facing) => {
    placed.facing = facing as Unit['facing'];
    return near.some((t, i) => bodyHexes(t).some((h) => inFireCone(view, placed, h)) && open(t, i));
  };
}

/** An enemy in the open on the map: who `hasTargetFrom` considers (a caller asking for many positions may pass only these). */
export const openTarget = (unit: Unit, t: Unit): boolean => t.side !== unit.side && !t.hidden && t.hex >= 0 && !t.destroyed;
