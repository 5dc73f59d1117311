import { occupies } from '../units/body';
import type { Decoy, GameState, SideId, Unit } from './types';

export function findUnit(state: GameState, id: string): Unit | undefined {
  return state.units.find((u) => u.id === id);
}

export function findDecoy(state: GameState, id: string): Decoy | undefined {
  return state.decoys.find((d) => d.id === id);
}

export function isOnBoard(u: { hex: number }): boolean {
  return u.hex >= 0;
}

/** The units standing in a hex: a formation stands in both of its hexes (docs/formations.md). */
export function unitsAt(state: GameState, hex: number): Unit[] {
  return state.units.filter((u) => occupies(u, hex));
}

export function enemiesOf(state: GameState, side: SideId): Unit[] {
  return state.units.filter((u) => u.side !== side && isOnBoard(u));
}

export function otherSides(state: GameState, side: SideId): SideId[] {
  return state.sides.map((s) => s.id).filter((id) => id !== side);
}

export function isSide(state: GameState, seat: string): boolean {
  return state.sides.some((s) => s.id === seat);
}
