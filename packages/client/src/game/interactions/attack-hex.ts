import type { FormationAttacks, GameState } from '@lames/rules';

/**
 * A formation's two attacks (§3.3.8, FORM-56): the rules give one option per
 * hex left to attack, each with its `from`. The player picks the attacking
 * hex (or a target, and the hex follows); the action sends it back. Pure, so
 * the shock and the fire interactions read one model.
 */

interface FromOption {
  target: string;
  allowed: boolean;
  from?: number;
}

/** The hexes left to attack from, in the rules' order; empty for a one-hex unit. */
export function attackHexes(options: FromOption[]): number[] {
  return [...new Set(options.flatMap((o) => (o.from === undefined ? [] : [o.from])))];
}

/** The options of one attacking hex; all of them for a one-hex unit (no `from`). */
export function optionsFrom<T extends FromOption>(options: T[], from: number | null): T[] {
  return from === null ? options : options.filter((o) => o.from === undefined || o.from === from);
}

/** The hex to start with: the first one with an open option, else the first one; null for a one-hex unit. */
export function firstFrom(options: FromOption[]): number | null {
  const hexes = attackHexes(options);
  return options.find((o) => o.allowed && o.from !== undefined)?.from ?? hexes[0] ?? null;
}

/** A target picked: the current hex when it may attack it, else the first hex that may (the hex follows the target). */
export function fromForTarget(options: FromOption[], target: string, current: number | null): number | null {
  if (current === null) return null;
  const open = options.filter((o) => o.target === target && o.allowed && o.from !== undefined);
  if (open.length === 0 || open.some((o) => o.from === current)) return current;
  return open[0].from!;
}

/** A click on one of the formation's own hexes that may attack: that hex becomes the attacking one. */
export function fromAtHex(options: FromOption[], hex: number): number | null {
  return attackHexes(options).includes(hex) ? hex : null;
}

/** What the action sends: `from` for a formation only. */
export function fromField(from: number | null): { from?: number } {
  return from === null ? {} : { from };
}

/** The formation's attack in progress: the hexes that already attacked, the targets whose second attack is lost (FORM-57). */
export type SecondAttack = Pick<FormationAttacks, 'kind' | 'from' | 'recoiled'>;

/** Between its two attacks (§3.3.8): the first made, the second of the same kind or a pass left; null otherwise. */
export function secondAttack(view: GameState, piece: string): SecondAttack | null {
  const a = view.activation;
  if (a?.piece !== piece || !a.attacks || a.attacks.from.length === 0) return null;
  return { kind: a.attacks.kind, from: a.attacks.from, recoiled: a.attacks.recoiled };
}

/** Between the two attacks, the pass that ends the activation instead of the second (§3.3.8, the rules' `pass`); null otherwise. */
export function passInstead(view: GameState, piece: string): { type: 'pass'; piece: string } | null {
  return secondAttack(view, piece) ? { type: 'pass', piece } : null;
}
