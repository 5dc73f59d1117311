import type { HexMarkKind } from '../../map/highlights';
import { lang, t } from '../../i18n';
import { confirmRow } from '../../ui/actions';
import { h } from '../../ui/dom';
import { hexOrder } from '../key-select';
import type { Interaction, InteractionContext, InteractionHandlers } from './interaction';
import { pickAt } from './formation-plan';

/** One choice of a formation action: what the chip says, the hexes it names on the map, what it sends. */
export interface FormationOption {
  id: string;
  label: string;
  hexes: number[];
  action: Record<string, unknown>;
  /** Lines shown under the choices once this one is picked (a size, a test's odds). */
  details?: string[];
}

export interface FormationChoiceSpec {
  kind: string;
  title: string;
  /** What to do, shown above the choices. */
  hint: string;
  options: FormationOption[];
  /** Lines shown whatever is chosen. */
  notes?: string[];
}

/**
 * The common shape of the formation actions' interactions (§3.3.9–3.3.14):
 * the allowed choices ringed on the map and listed in the panel, a click on
 * either picking one, sent on confirm. Each action builds its own spec in
 * its own module (partner, leave, break, mode, join); this only shows it.
 */
export class FormationChoiceInteraction implements Interaction {
  readonly kind: string;
  private chosen: number | null;
  private spec: FormationChoiceSpec;
  /** The language its texts were built in: a change of language builds them again (the choices stay). */
  private lang: string;

  constructor(
    private readonly ctx: InteractionContext,
    private readonly build: () => FormationChoiceSpec,
  ) {
    this.spec = build();
    this.lang = lang();
    this.kind = this.spec.kind;
    // a single choice is already made: the player only confirms
    this.chosen = this.spec.options.length === 1 ? 0 : null;
  }

  /** The spec, built again when the page's language changed since (its texts are in that language). */
  private texts(): FormationChoiceSpec {
    if (this.lang !== lang()) [this.spec, this.lang] = [this.build(), lang()];
    return this.spec;
  }

  get piece(): string {
    return this.ctx.piece;
  }

  marks(): { hex: number; kind: HexMarkKind }[] {
    const marks = new Map<number, HexMarkKind>();
    this.spec.options.forEach((o, i) => o.hexes.forEach((hex) => marks.get(hex) !== 'chosen' && marks.set(hex, i === this.chosen ? 'chosen' : 'option')));
    return [...marks].map(([hex, kind]) => ({ hex, kind }));
  }

  click(hex: number): boolean {
    const next = pickAt(this.spec.options, this.chosen, hex);
    if (next === null) return false;
    this.chosen = next;
    return true;
  }

  missed(): string | null {
    return t('action.formation.missed');
  }

  candidates(): number[] {
    return hexOrder(this.spec.options.flatMap((o) => o.hexes));
  }

  targets(): number[] {
    return this.candidates();
  }

  hover(hex: number): string | null {
    const here = this.texts().options.filter((o) => o.hexes.includes(hex));
    // a partner's hover says what it would gather (a constitution's size) before the click
    return here.length ? here.map((o) => [o.label, ...(o.details ?? [])].join(' — ')).join(' · ') : null;
  }

  action(): unknown {
    return this.chosen === null ? null : this.spec.options[this.chosen].action;
  }

  testFacts(): Record<string, unknown> {
    return { kind: this.kind, options: this.spec.options.map((o) => o.id), chosen: this.chosen === null ? null : this.spec.options[this.chosen].id };
  }

  panel(on: InteractionHandlers): HTMLElement {
    const s = this.texts();
    const picked = this.chosen === null ? null : s.options[this.chosen];
    const el = h('div', { class: 'formation-panel', 'data-testid': `${s.kind}-panel` });
    el.appendChild(h('div', { class: 'move-title' }, s.title));
    el.appendChild(h('p', { class: 'hint' }, s.options.length === 0 ? t('action.formation.none') : s.hint));
    const choose = (i: number) => () => {
      this.chosen = i;
      on.changed();
    };
    el.appendChild(h('div', { class: 'chips' }, s.options.map((o, i) => h('button', { class: i === this.chosen ? 'chip chosen' : 'chip', 'data-choice': o.id, onclick: choose(i) }, o.label))));
    for (const line of [...(s.notes ?? []), ...(picked?.details ?? [])]) el.appendChild(h('p', { class: 'small', 'data-testid': 'formation-detail' }, line));
    el.appendChild(confirmRow(on, picked !== null, s.title, `confirm-${s.kind}`));
    return el;
  }
}
