import { reject, Rejection } from '../actions/rejection';
import { hexLabel } from '../geometry/hex';
import type { Facing } from '../geometry/facing';
import type { DeploymentPlacement, GameState, SideId, Unit } from '../state/types';
import { terrainAt } from '../terrain/board';
import { mayEnterTerrain } from '../units/abilities';
import { mayStackTogether, STACK_LIMIT, stackPoints } from '../units/stacking';

/**
 * The units of a side still to deploy hidden (§4.5.2): hidden, not yet on
 * the board. Reads a full state or the side's own view alike.
 */
export function unitsToDeploy(state: GameState, side: SideId): Unit[] {
  return state.units.filter((u) => u.side === side && u.hidden && u.hex < 0 && !u.destroyed && !u.offMap);
}

/** A piece being placed: a hidden unit, or a decoy standing as the unit it imitates (sheet 000 Leurres). */
interface Placed {
  as: Unit;
  hex: number;
  facing: Facing;
}

/**
 * Whether a side's placement keeps the rules of the hidden deployment:
 * §4.5.2 "le joueur pose un Cache sur ces Unités et pour chacune d'elle, il
 * peut poser en plus un Leurre dans sa zone de déploiement". Every unit to
 * deploy is placed once; at most one decoy per hidden unit, each imitating
 * a different one (§4.5.1); every piece in the zone, on terrain its unit may
 * enter, in no hex holding an enemy, within stacking (§2.3.1) and facing as
 * the stack it joins. Uses only what the side knows: it runs on the side's
 * view in the browser exactly as on the server.
 */
export function placementRefusal(state: GameState, side: SideId, placement: DeploymentPlacement): Rejection | null {
  const toDeploy = unitsToDeploy(state, side);
  const byId = new Map(toDeploy.map((u) => [u.id, u]));
  const pieces: Placed[] = [];
  const seen = new Set<string>();
  for (const p of placement.units) {
    const unit = byId.get(p.unit);
    if (!unit) return reject('deployNotHidden', { unit: p.unit });
    if (seen.has(p.unit)) return reject('deployUnitTwice', { unit: unit.name });
    seen.add(p.unit);
    pieces.push({ as: unit, hex: p.hex, facing: p.facing });
  }
  const missing = toDeploy.find((u) => !seen.has(u.id));
  if (missing) return reject('deployUnitMissing', { unit: missing.name });
  const decoys = decoysRefusal(placement, byId, toDeploy.length);
  if (decoys) return decoys;
  for (const d of placement.decoys) pieces.push({ as: byId.get(d.mimic)!, hex: d.hex, facing: d.facing });
  return pieces.map((p) => whereRefusal(state, side, p)).find((r) => r !== null) ?? stacksRefusal(state, side, pieces);
}

/** §4.5.1, §4.5.2: no more decoys than hidden units, each imitating a distinct hidden unit of the side. */
function decoysRefusal(placement: DeploymentPlacement, hidden: Map<string, Unit>, max: number): Rejection | null {
  if (placement.decoys.length > max) return reject('tooManyDecoys', { max });
  const mimics = new Set<string>();
  for (const d of placement.decoys) {
    const unit = hidden.get(d.mimic);
    if (!unit) return reject('decoyMimicUnknown', { unit: d.mimic });
    if (mimics.has(d.mimic)) return reject('decoyMimicTwice', { unit: unit.name });
    mimics.add(d.mimic);
  }
  return null;
}

/** A piece's own hex: in the side's zone (§4.5.2), on terrain its unit may enter (§2.2.1.1), with no enemy (§2.3.1). */
function whereRefusal(state: GameState, side: SideId, p: Placed): Rejection | null {
  const zone = state.deployment?.sides[side]?.zone ?? [];
  const label = p.hex >= 0 && p.hex < state.board.terrain.length ? hexLabel(state.board, p.hex) : String(p.hex);
  if (!zone.includes(p.hex)) return reject('outsideDeploymentZone', { hex: label });
  if (!mayEnterTerrain(p.as, terrainAt(state.board, p.hex))) return reject('forbiddenTerrain', { hex: label });
  if (state.units.some((u) => u.hex === p.hex && u.side !== side)) return reject('enemyInHex', { hex: label });
  return null;
}

/**
 * Each hex the placement fills, with the side's units already there: at most
 * 10 stacking points, a decoy counting as its mimic (§2.3.1, sheet 000
 * Leurres), and one facing for the whole stack (§2.3.1, sheet 000 Orientation).
 */
function stacksRefusal(state: GameState, side: SideId, pieces: Placed[]): Rejection | null {
  for (const hex of new Set(pieces.map((p) => p.hex))) {
    const here = [
      ...state.units.filter((u) => u.hex === hex && u.side === side).map((u) => ({ as: u, hex, facing: u.facing })),
      ...pieces.filter((p) => p.hex === hex),
    ];
    const points = here.reduce((sum, p) => sum + stackPoints(p.as), 0);
    const label = hexLabel(state.board, hex);
    if (points > STACK_LIMIT) return reject('stackingLimit', { hex: label, points });
    if (here.some((p, i) => here.some((o, j) => i < j && !mayStackTogether(p.as, o.as)))) return reject('stackingInferior', { hex: label });
    if (here.some((p) => p.facing !== here[0].facing)) return reject('deployStackFacing', { hex: label });
  }
  return null;
}
