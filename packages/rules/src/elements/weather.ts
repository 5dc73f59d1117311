import type { DiceSource } from '../state/dice';
import { event, GameEvent } from '../state/events';
import type { GameState } from '../state/types';
import { mod, Modifier } from '../tests/roll';
import { Weather, weatherRow } from './data';

/**
 * The weather marker (§3.4.4.1, sheet 003 "Météo"). A scenario that names
 * no weather plays without it: no marker, no effect, no change.
 */
export function currentWeather(state: GameState): Weather | null {
  return state.gameElements?.weather ?? null;
}

/** What the weather adds to the rest test's 2D6 (sheet 003: heatwave +1, fair −1, rain +1, storm +2). */
export function weatherRestModifier(state: GameState): Modifier | null {
  const weather = currentWeather(state);
  if (!weather) return null;
  const row = weatherRow(weather);
  return mod(
    row.rest,
    `Météo : ${row.name.fr}`,
    `Weather: ${row.name.en}`,
    `Fiche 003, Météo (${row.name.fr})`,
  );
}

/** Playing the weather marker: 1D6, and the face the sheet names for the current weather changes it. */
export function playWeather(state: GameState, dice: DiceSource): GameEvent[] {
  const from = currentWeather(state);
  if (!from || !state.gameElements) return [];
  const die = dice.roll(6);
  const to = weatherRow(from).changes[String(die) as '1'] ?? null;
  const played = event(
    {
      type: 'gameElementPlayed',
      element: 'weather',
      subject: from,
      dice: [die],
      changed: to !== null,
    },
    'Fiche 003, Météo',
  );
  if (!to) return [played];
  state.gameElements.weather = to;
  return [played, event({ type: 'weatherChanged', from, to }, 'Fiche 003, Météo')];
}
