import { combatResults } from '../data';
import { hexsideInfo, terrainAt } from '../terrain/board';
import type { GameState, Unit } from '../state/types';
import { mod, Modifier } from '../tests/roll';
import { FIRE_PARTS } from '../fire/fire-modifiers';
import { FACULTY_PARTS } from '../units/faculty-modifiers';
import { FORMATION_PARTS } from './formation-modifiers';
import { AttackSpec, isDuel, isFire, Part } from './advantage-part';
import { breathPart } from './breath';
import { attackHexes, hexsideBetween, zoneAttacked } from './geometry';
import { occupies, sharesHex } from '../units/body';
import { chargeBonus, fireSystemAdvantage, weaponAttackBonus, weaponCapacityOf, weaponDefenceBonus, weaponSystemAdvantage } from './weapons';

/**
 * The attacker's advantage, one builder for shock, duel and fire (§2.7.2,
 * §3.2.9): the weapon-system table, then every bonus and malus, each kept as
 * a modifier with its rule so that the dice log and the client can explain
 * the total. Reads only.
 */
export type { AttackSpec } from './advantage-part';

export interface Advantage {
  total: number;
  modifiers: Modifier[];
}

const S = '§2.7.2.2';

/** The shock rows, or the fire rows for a shot (§3.2.9: a shooter in shock uses its shock row). */
const weaponTable: Part = (_s, a, d, spec) => {
  const value = isFire(spec.kind) ? fireSystemAdvantage(a.profiles.weapon.class, d.profiles.weapon.class) : weaponSystemAdvantage(a.profiles.weapon.class, d.profiles.weapon.class);
  return [mod(value, "Table des Systèmes d'Armes", 'Weapon-system table', isFire(spec.kind) ? '§3.2.9' : '§2.7.2.1')];
};

const weaponCapacities: Part = (s, a, d) => [
  mod(weaponAttackBonus(weaponCapacityOf(s, a)), "Capacité d'arme de l'attaquant", "Attacker's weapon capacity", S),
  mod(weaponDefenceBonus(weaponCapacityOf(s, d)), "Capacité d'arme du défenseur", "Defender's weapon capacity", S),
];

/** The charge bonus counts only against a defender on clear terrain with no obstacle between them. */
const charges: Part = (s, a, d) => {
  const out: Modifier[] = [];
  const open = terrainAt(s.board, attackHexes(s, a, d).to) === 'clear' && hexsideInfo(hexsideBetween(s, a, d)).chargeAllowed;
  if (a.shock === 'charge' && open) out.push(mod(chargeBonus(a), "L'attaquant charge", 'Attacker charging', S));
  if (d.shock === 'charge') out.push(mod(-chargeBonus(d), 'Le défenseur charge', 'Defender charging', S));
  return out;
};

const condition: Part = (_s, a, d) => {
  const out: Modifier[] = [];
  if (a.breath === 'winded') out.push(mod(-1, 'Attaquant essoufflé', 'Attacker winded', '§2.8.1'));
  if (a.breath === 'exhausted') out.push(mod(-2, 'Attaquant à bout de souffle', 'Attacker exhausted', '§2.8.1'));
  if (d.breath === 'exhausted') out.push(mod(1, 'Défenseur à bout de souffle', 'Defender exhausted', '§2.8.1'));
  if (a.cohesion === 'shaken') out.push(mod(-1, 'Attaquant ébranlé', 'Attacker shaken', '§2.8.3.2'));
  if (d.cohesion === 'shaken') out.push(mod(1, 'Défenseur ébranlé', 'Defender shaken', '§2.8.3.2'));
  if (d.cohesion === 'routed') out.push(mod(4, 'Défenseur en déroute', 'Defender routed', S));
  return out;
};

const zone: Part = (s, a, d) => {
  const z = zoneAttacked(s, a, d);
  if (z === 'flank') return [mod(2, 'Attaque par le flanc', 'Attack on the flank', S)];
  if (z === 'rear') return [mod(4, "Attaque par l'arrière", 'Attack from the rear', S)];
  return [];
};

const level: Part = (s, a, d) => {
  const { from, to } = attackHexes(s, a, d);
  const up = s.board.altitude[from] - s.board.altitude[to];
  if (up > 0) return [mod(1, 'Attaque depuis une position haute', 'Attacking from higher ground', S)];
  if (up < 0) return [mod(-1, 'Attaque depuis une position basse', 'Attacking from lower ground', S)];
  return [];
};

/**
 * Terrain of both hexes (§2.7.2.2, sheet 000 wins): a malus "from and/or to"
 * counts once, the worse of the two; a bonus for attacking into water or
 * lava is added.
 */
const terrain: Part = (s, a, d) => {
  const hexes = attackHexes(s, a, d);
  const from = combatResults.terrain[terrainAt(s.board, hexes.from)].from;
  const to = combatResults.terrain[terrainAt(s.board, hexes.to)].to;
  const out: Modifier[] = [];
  const worst = Math.min(from, to, 0);
  if (worst < 0) out.push(mod(worst, 'Terrain (depuis et/ou vers)', 'Terrain (from and/or into)', 'Fiche 000: Terrain'));
  if (to > 0) out.push(mod(to, "Défenseur dans l'eau ou la lave", 'Defender in water or lava', 'Fiche 000: Terrain'));
  return out;
};

const hexside: Part = (s, a, d) => {
  const m = hexsideInfo(hexsideBetween(s, a, d)).shockModifier;
  return m ? [mod(m, "Côté d'hex accidenté", 'Rough hexside', 'Fiche 000: Côté d\'Hex')] : [];
};

/** Small units concede 4 either way (§2.7.3.2); the two cancel in a duel (§2.7.1.1). */
const size: Part = (_s, a, d, spec) => {
  if (isDuel(spec.kind)) return [];
  const out: Modifier[] = [];
  if (a.size === 'small') out.push(mod(-4, "L'attaquant est de petite taille", 'Attacker is small', '§2.7.3.2'));
  if (d.size === 'small') out.push(mod(4, 'Le défenseur est de petite taille', 'Defender is small', '§2.7.3.2'));
  return out;
};

/** Stacked with another troop of its side in `hex` (any of its hexes when none is named). */
function stackedWithTroop(s: GameState, u: Unit, hex?: number): boolean {
  const near = (o: Unit) => (hex === undefined ? sharesHex(u, o) : occupies(o, hex));
  return u.kind === 'troop' && s.units.some((o) => o.id !== u.id && near(o) && o.side === u.side && o.kind === 'troop');
}

/** A formation attacked is stacked as the hex the blow lands on is (§3.3.8: its hexes fight as simple troops). */
const stacking: Part = (s, a, d) => {
  const out: Modifier[] = [];
  if (stackedWithTroop(s, a)) out.push(mod(-2, "La troupe qui attaque est empilée avec une autre troupe", 'Attacking troop stacked with another troop', '§2.3.1.3'));
  if (stackedWithTroop(s, d, attackHexes(s, a, d).to)) out.push(mod(2, 'La troupe attaquée est empilée avec une autre troupe', 'Attacked troop stacked with another troop', '§2.3.1.3'));
  return out;
};

/** Offensive and defensive supports (+N, −M) belong to later rules: N = M = 0 here. */
const support: Part = (_s, _a, _d, spec) => (spec.supported ? [] : [mod(-4, 'Attaque non soutenue', 'Unsupported attack', '§2.7.3.1')]);

/** Shared by shock and fire (§3.2.9: "les principaux modificateurs … sont partagés"), save the terrain and hexsides, which fire takes from the sheet. */
const SHARED_PARTS: Part[] = [weaponTable, weaponCapacities, condition, zone, level, size, stacking];
/** Shock and duel only: support (fire has none, §3.2.9), charges (fire's own, at range, are in FIRE_PARTS), and the shock column of terrain and hexsides. */
const SHOCK_PARTS: Part[] = [support, charges, terrain, hexside];

function partsFor(spec: AttackSpec): Part[] {
  // Breath: a fixed advantage "sans autre modificateurs" (§3.1), faculties included.
  if (spec.kind === 'breath') return [breathPart];
  if (isFire(spec.kind)) return [...SHARED_PARTS, ...FIRE_PARTS, ...FACULTY_PARTS, ...FORMATION_PARTS];
  return [...SHARED_PARTS, ...SHOCK_PARTS, ...FACULTY_PARTS, ...FORMATION_PARTS];
}

export function advantageOf(state: GameState, attacker: Unit, defender: Unit, spec: AttackSpec): Advantage {
  // The base of the total (the weapon-system table, or breath's fixed advantage) is listed even at 0.
  const base = (m: Modifier) => m.section === '§2.7.2.1' || m.section === '§3.2.9' || spec.kind === 'breath';
  const modifiers = partsFor(spec).flatMap((p) => p(state, attacker, defender, spec)).filter((m) => m.value !== 0 || base(m));
  return { total: modifiers.reduce((t, m) => t + m.value, 0), modifiers };
}
