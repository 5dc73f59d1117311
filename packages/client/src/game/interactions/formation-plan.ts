import { bodyHexes, maxFormationSteps, sharesHex, type GameState, type Unit } from '@lames/rules';

/**
 * The pure side of the formation actions' panel (§3.3.9–3.3.14): the steps a
 * constitution or a join would gather against the command's size limit, and
 * which choice a click on the map picks. No DOM here, so the jest client
 * project checks it.
 */

/** The steps gathered, piece first, against the size limit of its command (§3.3.10, §3.3.11; data/formations.json). */
export interface SizeCount {
  parts: number[];
  total: number;
  max: number;
  fits: boolean;
}

function count(parts: number[], commander: Unit): SizeCount {
  const total = parts.reduce((n, s) => n + s, 0);
  const max = maxFormationSteps(commander.profiles.command.capacity);
  return { parts, total, max, fits: total <= max };
}

const placed = (u: Unit) => u.hex >= 0 && !u.destroyed;
/** The troops a formation action counts: characters stand aside (S1 l.119). */
const troopIn = (hexes: number[]) => (u: Unit) => placed(u) && u.kind !== 'character' && bodyHexes(u).some((h) => hexes.includes(h));

/** A constitution (§3.3.10): every troop of the piece's hex and of the partner's, the piece first. */
export function constituteSize(view: Pick<GameState, 'units'>, piece: string, partner: string): SizeCount | null {
  const unit = view.units.find((u) => u.id === piece);
  const other = view.units.find((u) => u.id === partner);
  if (!unit || !other) return null;
  const rest = view.units.filter((u) => u.id !== piece && troopIn([unit.hex, other.hex])(u));
  return count([unit.steps, ...rest.map((u) => u.steps)], unit);
}

/** A join (§3.3.11): the formation and the troops stacked with it. */
export function joinSize(view: Pick<GameState, 'units'>, piece: string): SizeCount | null {
  const f = view.units.find((u) => u.id === piece);
  if (!f) return null;
  const troops = view.units.filter((u) => u.id !== piece && placed(u) && u.kind !== 'character' && sharesHex(u, f));
  return count([f.steps, ...troops.map((u) => u.steps)], f);
}

/** "7 + 2 = 9 / 12": the sum as the player checks it. */
export function sizeSum(s: SizeCount): string {
  return `${s.parts.join(' + ')}${s.parts.length > 1 ? ` = ${s.total}` : ''} / ${s.max}`;
}

/**
 * The option a click on `hex` picks among those that name it: the first, or
 * after the one already chosen there the next (two choices share a hex: a
 * stack, or leaving one hex or both).
 */
export function pickAt(options: readonly { hexes: readonly number[] }[], chosen: number | null, hex: number): number | null {
  const here = options.map((o, i) => (o.hexes.includes(hex) ? i : -1)).filter((i) => i >= 0);
  if (here.length === 0) return null;
  const at = chosen === null ? -1 : here.indexOf(chosen);
  return here[(at + 1) % here.length];
}
