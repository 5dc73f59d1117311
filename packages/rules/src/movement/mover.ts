import type { Decoy, GameState, Unit } from '../state/types';
import { movementPoints } from '../units/abilities';

/**
 * The piece on the move: a unit, or a decoy moving as the unit it imitates
 * (a decoy must move exactly as a hidden unit would, or its moves would
 * betray it).
 */
export interface Mover {
  unit: Unit;
  isDecoy: boolean;
}

export function moverOf(state: GameState, pieceId: string): Mover | undefined {
  const unit = state.units.find((u) => u.id === pieceId);
  if (unit) return { unit, isDecoy: false };
  const decoy = state.decoys.find((d) => d.id === pieceId);
  return decoy ? { unit: decoyAsUnit(state, decoy), isDecoy: true } : undefined;
}

function decoyAsUnit(state: GameState, d: Decoy): Unit {
  const model = state.units.find((u) => u.id === d.mimic);
  const profiles = model?.profiles ?? {
    weapon: { class: 'infantry', capacity: 'ordinary' },
    command: { class: 'regular', capacity: 'ordinary' },
    morale: { class: 'normal', capacity: 'ordinary' },
    movement: { class: 'pedestrian', capacity: 'ordinary' },
  };
  return {
    id: d.id,
    name: '',
    side: d.side,
    wing: model?.wing ?? '',
    kind: 'troop',
    size: model?.size ?? 'large',
    type: 'decoy',
    profiles,
    steps: 1,
    maxSteps: 1,
    faculties: model?.faculties ?? [],
    hex: d.hex,
    facing: d.facing,
    cohesion: 'inOrder',
    breath: 'fresh',
    shock: 'none',
    order: d.activated ? 'activated' : 'none',
    stackRank: d.stackRank,
    hidden: true,
    coverId: d.coverId,
  };
}

export type MoveMode = 'normal' | 'extra' | 'minimal';

/** Movement allowance in half points for a mode (§2.6.1, §2.6.4); minimal movement ignores costs (§2.6.5). */
export function allowanceHalves(unit: Unit, mode: MoveMode): number {
  const mp = movementPoints(unit);
  if (mode === 'minimal') return Number.POSITIVE_INFINITY;
  return mode === 'extra' ? mp * 3 : mp * 2;
}

/** §2.6.8: who may go on moving after engaging an enemy without being engaged. */
export function mayMoveOnWhileEngaging(unit: Unit): boolean {
  return unit.order === 'specialOrder' || unit.kind === 'character' || unit.profiles.command.class === 'autonomous';
}

