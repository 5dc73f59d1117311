import { tell } from '../fog/announce';
import { moverOf } from '../movement/mover';
import type { GameEvent } from '../state/events';
import type { Decoy, GameState, Unit } from '../state/types';

/**
 * A decoy is played as a real unit (§4.5.1: "Un Leurre peut être joué comme
 * une Unité réelle, le joueur annonçant quel est le « Type » de la
 * pseudo-Unité endossée par le Leurre et se conformant ensuite à sa
 * déclaration"): every action that affects only itself is open to it — move,
 * rest, reorganise, rally, face, reload — as to the unit it imitates (its mimic)
 * standing where the decoy stands. It has no breath or cohesion of its own:
 * its owner declares what it plays, so each action is judged with the
 * condition it needs (`pretend`), and with the mimic's type, profiles, size,
 * wing and the decoy's own order marker. It follows no directive (§4.5.1).
 */
export type SelfOnlyAction = 'rest' | 'reorganise' | 'rally' | 'reload';

/** The player's own decoy under this id, on the map. */
export function decoyOnMap(state: GameState, piece: string): Decoy | undefined {
  return state.decoys.find((d) => d.id === piece && d.hex >= 0);
}

/** The unit the decoy plays: its mimic (or the mover's stand-in when the mimic is gone) in the decoy's place. */
export function standIn(state: GameState, decoy: Decoy, pretend: Partial<Pick<Unit, 'breath' | 'cohesion' | 'ammunition'>> = {}): Unit {
  const model = state.units.find((u) => u.id === decoy.mimic) ?? moverOf(state, decoy.id)!.unit;
  const order = decoy.specialOrder ? 'specialOrder' : decoy.activated ? 'activated' : 'none';
  return {
    ...model,
    id: decoy.id,
    name: '',
    side: decoy.side,
    hex: decoy.hex,
    facing: decoy.facing,
    stackRank: decoy.stackRank,
    hidden: true,
    coverId: decoy.coverId,
    shock: 'none',
    order,
    breath: 'fresh',
    cohesion: 'inOrder',
    testedAgainst: undefined,
    offMap: undefined,
    destroyed: undefined,
    ...pretend,
  };
}

/**
 * The state as the decoy's action sees it: the mimic stands in the decoy's
 * place (and nowhere else), so that the unit's own rule judges the decoy's
 * action on the same facts. Only for reading conditions; null when `piece`
 * is no decoy on the map.
 */
export function asPlayed(state: GameState, piece: string, pretend: Partial<Pick<Unit, 'breath' | 'cohesion' | 'ammunition'>> = {}): GameState | null {
  const decoy = decoyOnMap(state, piece);
  if (!decoy) return null;
  const units = [...state.units.filter((u) => u.id !== decoy.mimic), standIn(state, decoy, pretend)];
  return { ...state, units };
}

/**
 * What the owner hears of his decoy's self-only action: it took it, and
 * nothing happened to it (a decoy has nothing to recover). Owner only: the
 * others hear exactly what a hidden unit's same action tells them.
 */
export function decoyActed(state: GameState, piece: string, action: SelfOnlyAction): GameEvent {
  return tell(state, piece, { type: 'decoyActed', piece, action }, '§4.5.1');
}
