import { hexOrder, cycle } from '../key-select';
import type { InteractionContext } from './interaction';

/**
 * What a move and a formation's move, withdrawal or face share (§2.6,
 * §3.3.7): the places the piece may end at, by each hex they cover; the hex
 * chosen and the place chosen there; the keyboard's walk through the hexes
 * (] / [) and through the places of the chosen hex (. / ,); the piece drawn
 * as a ghost at its old place while a place is chosen.
 */
export abstract class PlacePicker<T> {
  protected hex: number | null = null;
  protected chosen: T | null = null;

  constructor(
    protected readonly ctx: InteractionContext,
    protected readonly byHex: Map<number, T[]>,
  ) {}

  get piece(): string {
    return this.ctx.piece;
  }

  /** It draws its own map (reach and path): no rings. */
  marks() {
    return [];
  }

  targets(): number[] {
    return [...this.byHex.keys()];
  }

  candidates(): number[] {
    return hexOrder(this.byHex.keys());
  }

  /** The next place at the chosen hex (the keyboard's . / ,); false when no hex is chosen. */
  rotate(dir: 1 | -1): boolean {
    const next = cycle(this.hex !== null ? (this.byHex.get(this.hex) ?? []) : [], this.chosen, dir);
    if (!next) return false;
    this.chosen = next;
    return true;
  }

  ghost(): string | null {
    return this.chosen ? this.ctx.piece : null;
  }
}
