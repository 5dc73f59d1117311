import type { DiceSource } from '../state/dice';
import { event, EventBody, GameEvent } from '../state/events';
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
    events.push(...raiseWingLevel(wing, 'wingMorale', dice), ...raiseWingLevel(wing, 'wingRest', dice));
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

/**
 * The two wing levels sheet 003 raises: "Moral d'une Aile" (the wing morale
 * marker, §2.5.10) and "Repos d'une Aile" (its fatigue marker, §2.8.2). Each
 * goes up by one on the sheet's roll, never above its maximum.
 */
const WING_LEVELS = {
  wingMorale: {
    source: "Fiche 003, Moral d'une Aile",
    raise: (w: Wing): EventBody => ((w.morale += 1), { type: 'wingMorale', wing: w.id, morale: w.morale, shakenMarkers: w.shakenMarkers }),
  },
  wingRest: {
    source: "Fiche 003, Repos d'une Aile",
    raise: (w: Wing): EventBody => ((w.fatigue += 1), { type: 'wingFatigueChanged', wing: w.id, fatigue: w.fatigue }),
  },
} as const;

function raiseWingLevel(wing: Wing, element: keyof typeof WING_LEVELS, dice: DiceSource): GameEvent[] {
  const level = WING_LEVELS[element];
  const roll = levelRoll(gameElements[element], element === 'wingMorale' ? wing.morale : wing.fatigue, dice);
  if (!roll) return [];
  const played = event({ type: 'gameElementPlayed', element, subject: wing.id, dice: roll.dice, changed: roll.raised }, level.source);
  return roll.raised ? [played, event(level.raise(wing), level.source)] : [played];
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
