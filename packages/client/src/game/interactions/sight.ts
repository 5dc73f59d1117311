import { fireZone, hexLabel, isShooter, lineOfSight, type Sight } from '@lames/rules';
import { t, type TextKey } from '../../i18n';
import type { HexMarkKind } from '../../map/highlights';
import { h } from '../../ui/dom';
import { hexOfPiece, type Interaction, type InteractionContext, type InteractionHandlers } from './interaction';

/** The sentence for a line of sight: clear, or blocked by which hex and which line of sheet 000. */
export function sightText(board: Parameters<typeof hexLabel>[0], to: number, sight: Sight): string {
  const rule = t(`sight.rule.${sight.rule}` as TextKey);
  if (sight.visible) return `${t('sight.visible', { hex: hexLabel(board, to) })} — ${rule}.`;
  const by = sight.blockedBy !== undefined ? hexLabel(board, sight.blockedBy) : '?';
  return `${t('sight.blocked', { hex: hexLabel(board, to), by })} — ${rule} (${t('sight.source')}).`;
}

/**
 * "Show line of sight" (§3.2.4, sheet 000 Ligne de Vue) from the selected
 * unit to the hovered hex — a click pins it —, with the crossed hexes and
 * the blocking one ringed and the reason told; and, for a shooter, its fire
 * zone (cone and range) on request. The board alone decides a line of
 * sight, so this shows nothing a seat may not know.
 */
export class SightInteraction implements Interaction {
  readonly kind = 'sight';

  get piece(): string {
    return this.ctx.piece;
  }
  private to = -1;
  private pinned = false;
  private sight: Sight | null = null;
  private showRange = false;

  constructor(private readonly ctx: InteractionContext) {}

  private get from(): number {
    return hexOfPiece(this.ctx.view, this.ctx.piece);
  }

  marks() {
    const out: { hex: number; kind: HexMarkKind }[] = [];
    if (this.showRange) for (const hex of this.zone()) out.push({ hex, kind: 'zone' });
    if (this.sight && this.to >= 0) {
      for (const hex of this.sight.crossed) out.push({ hex, kind: hex === this.sight.blockedBy ? 'refused' : 'option' });
      out.push({ hex: this.to, kind: this.sight.visible ? 'chosen' : 'refused' });
    }
    return out;
  }

  /** Any hex but its own: a line of sight may be drawn to each. */
  candidates(): number[] {
    const from = this.from;
    const { cols, rows } = this.ctx.view.board;
    return Array.from({ length: cols * rows }, (_, i) => i).filter((i) => i !== from);
  }

  click(hex: number): boolean {
    if (hex < 0) return false;
    this.aim(hex);
    this.pinned = true;
    return true;
  }

  hover(hex: number): string | null {
    if (!this.pinned && hex >= 0 && hex !== this.to) this.aim(hex);
    return this.sight && this.to >= 0 ? sightText(this.ctx.view.board, this.to, this.sight) : null;
  }

  action(): unknown {
    return null;
  }

  testFacts(): Record<string, unknown> {
    return { kind: this.kind, to: this.to, sight: this.sight, range: this.showRange ? this.zone() : [] };
  }

  private aim(hex: number): void {
    if (this.from < 0 || hex === this.from) return;
    this.to = hex;
    this.sight = lineOfSight(this.ctx.view.board, this.from, hex);
  }

  private zone(): number[] {
    const unit = this.ctx.view.units.find((u) => u.id === this.ctx.piece);
    return unit && isShooter(unit) && unit.hex >= 0 ? fireZone(this.ctx.view, unit) : [];
  }

  panel(on: InteractionHandlers): HTMLElement {
    const unit = this.ctx.view.units.find((u) => u.id === this.ctx.piece);
    const el = h('div', { class: 'sight-panel', 'data-testid': 'sight-panel' });
    el.appendChild(h('div', { class: 'move-title' }, t('tool.sight')));
    el.appendChild(h('p', { class: 'hint' }, t('tool.sight.hint', { unit: unit?.name ?? '' })));
    const text = this.sight && this.to >= 0 ? sightText(this.ctx.view.board, this.to, this.sight) : '';
    el.appendChild(h('p', { class: this.sight?.visible === false ? 'reason' : '', 'data-testid': 'sight-result' }, text));
    if (unit && isShooter(unit)) {
      el.appendChild(
        h(
          'label',
          { class: 'option-head', 'data-testid': 'sight-range' },
          h('input', { type: 'checkbox', checked: this.showRange, onchange: (ev: Event) => ((this.showRange = (ev.target as HTMLInputElement).checked), on.changed()) }),
          h('span', {}, t('tool.range')),
        ),
      );
    }
    el.appendChild(h('div', { class: 'row' }, h('button', { class: 'btn', 'data-action': 'cancel', onclick: () => on.cancel() }, t('tool.close'))));
    return el;
  }
}
