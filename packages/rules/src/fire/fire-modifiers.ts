import type { Part } from '../combat/advantage-part';
import { fireTable, terrainTable } from '../data';
import type { Hexside, Terrain, WeaponClass } from '../data/schemas';
import { sidesToward } from '../geometry/bearing';
import { weatherRow } from '../elements/data';
import { currentWeather } from '../elements/weather';
import { hexsideAt, hexsideInfo, terrainAt } from '../terrain/board';
import { mod, Modifier } from '../tests/roll';
import { ammunitionOf } from '../units/ammunition';
import { chargeBonus } from '../combat/weapons';
import { aimedHex, combinedBonus } from './shooters';
import type { GameState, Unit } from '../state/types';

/**
 * The modifiers fire alone has (§3.2.9 and sheets 000, 003): combined shots,
 * range, ammunition, weather, the terrain and hexsides of the sheet's fire
 * column, and the charge markers. The modifiers fire shares with
 * shock (weapon table, capacities, condition, zone, level, size, stacking)
 * are in combat/advantage.ts, counted once.
 */

const S = '§3.2.9';

/** The target's hex the shot strikes. */
const aimed = (s: GameState, a: Unit, d: Unit): number => aimedHex(s, a, d);
const classOf = (u: { profiles: { weapon: { class: WeaponClass } } }) => u.profiles.weapon.class as string;

/** All of an archer unit's shots on one target as one shot: +2 for two, +4 for three (§3.2.3). */
const combined: Part = (_s, _a, _d, spec) => {
  const n = spec.shot?.combined ?? 1;
  const bonus = combinedBonus(n);
  return bonus ? [mod(bonus, `${n} tirs combinés en un seul`, `${n} shots combined into one`, '§3.2.3')] : [];
};

/** −1 per hex crossed after the adjacent one (archers, crossbowmen), per complete group of four (artillery); none for harassment (§3.2.4.1, §3.2.9, A-10). */
const range: Part = (_s, a, _d, spec) => {
  const rule = fireTable.rangeMalus[classOf(a) as keyof typeof fireTable.rangeMalus];
  if (!spec.shot || spec.shot.harassment || !rule) return [];
  const malus = Math.floor(Math.max(0, spec.shot.crossed - rule.free) / rule.per);
  return malus ? [mod(-malus, `Portée : ${spec.shot.crossed} hex traversés`, `Range: ${spec.shot.crossed} hexes crossed`, S)] : [];
};

const ammunition: Part = (_s, a) =>
  ammunitionOf(a) === 'diminished' ? [mod(fireTable.diminishedAmmunition, 'Tireur en munitions diminuées', 'Shooter with diminished ammunition', S)] : [];

/** Overcast −1, rain −3, storm −4, for archers, crossbowmen and artillery only (§3.2.9, sheet 003). */
const weather: Part = (s, a) => {
  const w = currentWeather(s);
  if (!w || !(fireTable.weatherClasses as string[]).includes(classOf(a))) return [];
  const row = weatherRow(w);
  return row.fire ? [mod(row.fire, `Météo : ${row.name.fr}`, `Weather: ${row.name.en}`, `${S}, Fiche 003 Météo`)] : [];
};

function terrainFire(t: Terrain, into: boolean): number {
  if (!into && (fireTable.terrainIntoOnly as string[]).includes(t)) return 0;
  return terrainTable.terrains.find((r) => r.id === t)?.fireModifier ?? 0;
}

/** From or into rough −2, difficult −4, into a fortification −4; counted once, the worse of the two hexes (sheet 000, Terrain). */
const terrain: Part = (s, a, d) => {
  const worst = Math.min(terrainFire(terrainAt(s.board, a.hex), false), terrainFire(terrainAt(s.board, aimed(s, a, d)), true), 0);
  return worst ? [mod(worst, 'Terrain (depuis et/ou vers)', 'Terrain (from and/or into)', 'Fiche 000: Terrain')] : [];
};

/**
 * A target just behind a rough or impassable hexside −2, a fortification
 * (or its entrance) −8 (sheet 000, Côté d'Hex): the hexside the line enters
 * its hex by; through a vertex, the larger penalty of the two.
 */
const hexside: Part = (s, a, d) => {
  const to = aimed(s, a, d);
  const sides: Hexside[] = sidesToward(s.board, to, a.hex).map((dir) => hexsideAt(s.board, to, dir));
  const worst = Math.min(0, ...sides.map((h) => hexsideInfo(h).fireModifier));
  return worst ? [mod(worst, "Cible juste derrière un côté d'hex", 'Target just behind a hexside', "Fiche 000: Côté d'Hex")] : [];
};

/**
 * The charge markers of §2.7.2.2, which fire shares (A-71, a data switch):
 * the shooter charging +2/+4 against a target on clear terrain behind no
 * obstacle, the target charging −2/−4.
 */
const charges: Part = (s, a, d) => {
  if (!fireTable.chargeModifiers) return [];
  const out: Modifier[] = [];
  const to = aimed(s, a, d);
  const open = terrainAt(s.board, to) === 'clear' && sidesToward(s.board, to, a.hex).every((dir) => hexsideInfo(hexsideAt(s.board, to, dir)).chargeAllowed);
  if (a.shock === 'charge' && open) out.push(mod(chargeBonus(a), 'Le tireur charge', 'Shooter charging', '§2.7.2.2'));
  if (d.shock === 'charge') out.push(mod(-chargeBonus(d), 'La cible charge', 'Target charging', '§2.7.2.2'));
  return out;
};

export const FIRE_PARTS: Part[] = [combined, range, ammunition, weather, terrain, hexside, charges];
