import type { Part } from '../combat/advantage-part';
import { hexsideBetween } from '../combat/geometry';
import type { Hexside } from '../data/schemas';
import { currentWeather } from '../elements/weather';
import type { Weather } from '../elements/data';
import type { GameState, Unit } from '../state/types';
import { terrainAt } from '../terrain/board';
import { mod, Modifier } from '../tests/roll';
import { hasFaculty } from './abilities';

/**
 * Advantage modifiers that come from faculties (§3.1): forest adaptation,
 * light-fragile, climbers and swimmers shocking across a hexside. Forest and
 * light apply to shock, duel and fire alike ("Combat et Tir"); climbing and
 * swimming to shock and duel only. A breath attack has a fixed advantage
 * (§3.1, Souffle): no faculty part counts for it.
 */

const S = '§3.1';

/** Wood and forest hexes (features, PRE-01); A-28: the bonus holds only there ("se mouvoir et combattre en forêt"). */
function inWoods(s: GameState, u: Unit): boolean {
  const f = s.board.features[u.hex];
  return f === 'wood' || f === 'forest';
}

/** +2 when the adapted unit attacks or fires, −4 to the enemy when it defends or is targeted (l.1811, FAC-14). */
const forestAdapted: Part = (s, a, d, spec) => {
  if (spec.kind === 'breath') return [];
  const out: Modifier[] = [];
  if (hasFaculty(a, 'forestAdapted') && inWoods(s, a)) out.push(mod(2, "Attaquant adapté à la forêt", 'Attacker forest-adapted', S));
  if (hasFaculty(d, 'forestAdapted') && inWoods(s, d)) out.push(mod(-4, 'Défenseur adapté à la forêt', 'Defender forest-adapted', S));
  return out;
};

/** What light costs a light-fragile unit by weather (l.1815-1818): its malus attacking, the enemy's bonus against it. */
const LIGHT_MALUS: Record<Weather, number> = { heatwave: 4, fair: 4, cloudy: 3, overcast: 2, rain: 1, storm: 1 };

/** By day only (FAC-15, FAC-17); with no weather marker, the fair row. */
function lightMalus(s: GameState): number {
  return s.light === 'day' ? LIGHT_MALUS[currentWeather(s) ?? 'fair'] : 0;
}

const lightFragile: Part = (s, a, d, spec) => {
  const m = lightMalus(s);
  if (spec.kind === 'breath' || m === 0) return [];
  const out: Modifier[] = [];
  if (hasFaculty(a, 'lightFragile')) out.push(mod(-m, "Attaquant fragile à la lumière (jour)", 'Attacker light-fragile (day)', S));
  if (hasFaculty(d, 'lightFragile')) out.push(mod(m, 'Défenseur fragile à la lumière (jour)', 'Defender light-fragile (day)', S));
  return out;
};

/** Hexsides only a climber shocks across (sheet 000; fortifications as impassable until "Assaut" is supplied, FAC-27). */
export const CLIMB_HEXSIDES: readonly Hexside[] = ['impassable', 'fortification', 'fortificationEntrance'];

const isShock = (kind: string) => kind === 'shock' || kind === 'duel';

/** A climber shocking across an impassable, wall or fortification hexside concedes 4 (l.1830, FAC-22, FAC-27). */
const climber: Part = (s, a, d, spec) => {
  if (!isShock(spec.kind) || !hasFaculty(a, 'climber') || !CLIMB_HEXSIDES.includes(hexsideBetween(s, a, d))) return [];
  return [mod(-4, "Attaque d'une grimpeuse au travers d'un côté d'hex infranchissable", 'Climber attacking across an impassable hexside', S)];
};

/**
 * A swimmer shocking across a water hexside or from a water hex concedes 2
 * (l.1832, FAC-24). From a water hex the terrain's own −2 already counts it
 * the same modifier, counted once), so only a water hexside crossed
 * from dry land adds it here.
 */
const swimmer: Part = (s, a, d, spec) => {
  if (!isShock(spec.kind) || !hasFaculty(a, 'swimmer') || terrainAt(s.board, a.hex) === 'water') return [];
  if (hexsideBetween(s, a, d) !== 'water') return [];
  return [mod(-2, "Attaque d'une nageuse au travers d'un côté d'hex d'eau", 'Swimmer attacking across a water hexside', S)];
};

export const FACULTY_PARTS: Part[] = [forestAdapted, lightFragile, climber, swimmer];
