import type { DiceSource } from '../state/dice';
import { event, GameEvent } from '../state/events';
import type { GameState, SideId, Wing } from '../state/types';
import { gameElements, LevelRoll } from './data';
import { playWeather } from './weather';

/**
 * Playing the game elements (§3.4, sheet 003 "Éléments de Jeu"). Each
 * player plays his own elements and the general ones once in his turn; the
 * project plays them when his turn ends. Sheet 003: roll 1D6, on a 6 play
 * them all, one after the other, otherwise none (the compulsory wing morale
 * test, §2.5.10.1, is played apart). Only scenarios that name game elements
 * play them (the basic rules have none).
 */
export function playGameElements(state: GameState, side: SideId, dice: DiceSource): GameEvent[] {
  if (!state.gameElements || state.status !== 'playing') return [];
  const die = dice.roll(6);
  const played = die === gameElements.playAllOn;
  const events: GameEvent[] = [
    event({ type: 'gameElementsRolled', side, die, played }, 'Fiche 003'),
  ];
  if (!played) return events;
  // In the sheet's order: the side's wing morale and rest markers, then the weather.
  for (const wing of state.wings.filter((w) => w.side === side)) {
    events.push(...raiseWingMorale(wing, dice), ...raiseWingRest(wing, dice));
  }
  return [...events, ...playWeather(state, dice)];
}

/** Every side whose turn ended during an action (its `sideTurnEnded` event) plays its game elements. */
export function playElementsOfEndedTurns(
  state: GameState,
  events: readonly GameEvent[],
  dice: DiceSource,
): GameEvent[] {
  const sides = events.flatMap((e) => (e.type === 'sideTurnEnded' ? [e.side] : []));
  return sides.flatMap((side) => playGameElements(state, side, dice));
}

/** Sheet 003 "Moral d'une Aile": the wing morale level goes up by one on the sheet's roll, never above its maximum. */
function raiseWingMorale(wing: Wing, dice: DiceSource): GameEvent[] {
  const roll = levelRoll(gameElements.wingMorale, wing.morale, dice);
  if (!roll) return [];
  const played = event(
    {
      type: 'gameElementPlayed',
      element: 'wingMorale',
      subject: wing.id,
      dice: roll.dice,
      changed: roll.raised,
    },
    "Fiche 003, Moral d'une Aile",
  );
  if (!roll.raised) return [played];
  wing.morale += 1;
  return [
    played,
    event(
      { type: 'wingMorale', wing: wing.id, morale: wing.morale, shakenMarkers: wing.shakenMarkers },
      "Fiche 003, Moral d'une Aile",
    ),
  ];
}

/** Sheet 003 "Repos d'une Aile": the wing's rest level (its fatigue marker, §2.8.2) goes up by one on the sheet's roll. */
function raiseWingRest(wing: Wing, dice: DiceSource): GameEvent[] {
  const roll = levelRoll(gameElements.wingRest, wing.fatigue, dice);
  if (!roll) return [];
  const played = event(
    {
      type: 'gameElementPlayed',
      element: 'wingRest',
      subject: wing.id,
      dice: roll.dice,
      changed: roll.raised,
    },
    "Fiche 003, Repos d'une Aile",
  );
  if (!roll.raised) return [played];
  wing.fatigue += 1;
  return [
    played,
    event(
      { type: 'wingFatigueChanged', wing: wing.id, fatigue: wing.fatigue },
      "Fiche 003, Repos d'une Aile",
    ),
  ];
}

/** A level already at its maximum is not rolled for (§3.4.2, §3.4.3); otherwise any die showing the face raises it. */
function levelRoll(
  spec: LevelRoll,
  level: number,
  dice: DiceSource,
): { dice: number[]; raised: boolean } | null {
  if (level >= spec.max) return null;
  const rolled = Array.from({ length: spec.dice }, () => dice.roll(6));
  return { dice: rolled, raised: rolled.includes(spec.face) };
}
