import { hexLabel, reloadOption, type ReloadOption } from '@lames/rules';
import { t } from '../../i18n';
import { confirmRow, reasonText } from '../../ui/actions';
import { h } from '../../ui/dom';
import type { Interaction, InteractionContext, InteractionHandlers } from './interaction';

/**
 * Reload (§3.2.10): the ammunition source ringed on the map, how far the
 * supply path runs, and whether the reload is automatic or a test with its
 * odds; the player confirms, or reads why the reload is refused.
 */
export class ReloadInteraction implements Interaction {
  readonly kind = 'reload';

  get piece(): string {
    return this.ctx.piece;
  }
  private readonly option: ReloadOption;

  constructor(private readonly ctx: InteractionContext) {
    this.option = reloadOption(ctx.view, ctx.seat, ctx.piece);
  }

  marks() {
    return this.option.source !== undefined ? [{ hex: this.option.source, kind: 'order' as const }] : [];
  }

  /** Nothing to choose on the map: the supply source is only shown. */
  candidates(): number[] {
    return [];
  }

  click(): boolean {
    return false;
  }

  hover(hex: number): string | null {
    return hex === this.option.source ? this.sourceLine() : null;
  }

  action(): unknown {
    return this.option.allowed ? { type: 'reload', piece: this.ctx.piece } : null;
  }

  testFacts(): Record<string, unknown> {
    return { kind: this.kind, option: this.option };
  }

  private sourceLine(): string {
    const o = this.option;
    return t('action.reload.source', { hex: hexLabel(this.ctx.view.board, o.source ?? 0), n: o.distance ?? 0 });
  }

  panel(on: InteractionHandlers): HTMLElement {
    const o = this.option;
    const el = h('div', { class: 'reload-panel', 'data-testid': 'reload-panel' });
    el.appendChild(h('div', { class: 'move-title' }, t('action.reload.title')));
    if (o.source !== undefined) el.appendChild(h('p', {}, this.sourceLine()));
    if (o.automatic) el.appendChild(h('p', { class: 'hint' }, t('action.reload.automatic')));
    else if (o.chance !== undefined) el.appendChild(h('p', { class: 'hint', 'data-testid': 'reload-odds' }, t('action.reload.test', { bonus: `+${o.bands ?? 0}`, chance: `${Math.round(o.chance * 100)} %` })));
    if (!o.allowed) el.appendChild(h('div', { class: 'reason' }, reasonText(o.rejection)));
    el.appendChild(confirmRow(on, o.allowed, t('action.reload.confirm'), 'confirm-reload'));
    return el;
  }
}
