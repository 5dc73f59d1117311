import { fireOptions, fireRate, hexLabel, type FireOption, type GameState } from '@lames/rules';
import { pick, t } from '../../i18n';
import { confirmRow, oddsBar, reasonText } from '../../ui/actions';
import { h } from '../../ui/dom';
import { addShot, canCombine, combineBonus, emptyPlan, planAction, planAllowed, planMarks, removeShot, setCombine, targetAt, type FirePlan } from './fire-plan';
import { hexOrder } from '../key-select';
import { hexOfPiece, type Interaction, type InteractionContext, type InteractionHandlers } from './interaction';
import { attackHexes, firstFrom, fromAtHex, fromField, fromForTarget, optionsFrom, passInstead, secondAttack } from './attack-hex';
import { attackHexMarks, attackHexPanel } from './attack-hex-panel';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/**
 * Fire and fire duel (§3.2): the targets in reach ringed on the map, each
 * with its advantage, every modifier with its section and the odds of each
 * result; clicks plan the shots (spread over several targets, or combined
 * into one); nothing is sent before the player confirms.
 */
export class FireInteraction implements Interaction {
  readonly kind: string;

  get piece(): string {
    return this.ctx.piece;
  }
  private plan: FirePlan;
  /** Every option, of every firing hex of a formation (§3.3.8); `options` holds the chosen hex's. */
  private readonly all: FireOption[];
  private options: FireOption[] = [];
  /** A formation's firing hex (sent as `from`); null for a one-hex unit. */
  private from: number | null;
  private last: string | null = null;

  constructor(
    private readonly ctx: InteractionContext,
    private readonly type: 'fire' | 'fireDuel',
  ) {
    this.kind = type;
    this.all = fireOptions(ctx.view, ctx.seat, ctx.piece).filter((o) => o.type === type);
    this.from = firstFrom(this.all);
    this.plan = emptyPlan(type, 1);
    this.setFrom(this.from);
  }

  /** The firing hex changes: its own options and rate (FIRE-13), and a fresh plan. */
  private setFrom(from: number | null): void {
    this.from = from;
    this.options = optionsFrom(this.all, from);
    const unit = this.ctx.view.units.find((u) => u.id === this.ctx.piece);
    const rate = this.options.find((o) => o.rate !== undefined)?.rate ?? (unit ? fireRate(this.ctx.view, unit) : 1);
    this.plan = emptyPlan(this.type, rate);
    this.last = null;
    // one open target only: planned at once, the player still confirms
    const open = [...new Set(this.options.filter((o) => o.allowed).map((o) => o.target))];
    if (open.length === 1) this.plan = addShot(this.plan, open[0]);
  }

  private hexOf = (id: string) => hexOfPiece(this.ctx.view, id);

  marks() {
    // every hex's targets: one only the other hex may shoot is picked first, the hex follows
    return [...attackHexMarks(attackHexes(this.all), this.from).map(([hex, kind]) => ({ hex, kind })), ...planMarks(this.plan, this.all, this.hexOf)];
  }

  click(hex: number): boolean {
    const own = fromAtHex(this.all, hex);
    if (own !== null) {
      this.setFrom(own);
      return true;
    }
    const other = this.all.find((o) => o.allowed && this.hexOf(o.target) === hex && !this.options.some((x) => x.allowed && x.target === o.target));
    if (other) this.setFrom(fromForTarget(this.all, other.target, this.from));
    const target = targetAt(this.plan, this.options, hex, this.hexOf, this.last);
    if (!target) return false;
    this.take(target);
    return true;
  }

  candidates(): number[] {
    return hexOrder([...attackHexes(this.all), ...this.all.map((o) => this.hexOf(o.target))]);
  }

  missed(): string | null {
    return t('page.noop.interaction');
  }

  hover(hex: number): string | null {
    if (fromAtHex(this.all, hex) !== null) return t('action.attackHex.pick');
    const o = this.options.find((x) => this.hexOf(x.target) === hex);
    if (!o) return null;
    return `${this.nameOf(o.target)} · ${t('action.attack.advantage', { value: signed(o.advantage) })}${o.allowed ? '' : ` · ${reasonText(o.rejection)}`}`;
  }

  action(): unknown {
    return planAllowed(this.plan, this.options) ? { ...planAction(this.ctx.piece, this.plan), ...fromField(this.from) } : null;
  }

  testFacts(): Record<string, unknown> {
    return { kind: this.kind, plan: this.plan, options: this.options, from: this.from, attackHexes: attackHexes(this.all) };
  }

  private take(target: string): void {
    this.plan = addShot(this.plan, target);
    this.last = target;
  }

  private nameOf(id: string): string {
    return this.ctx.view.units.find((u) => u.id === id)?.name ?? id;
  }

  /** Between a formation's two attacks: the pass instead of the second (§3.3.8). */
  private pass(on: InteractionHandlers): void {
    const pass = passInstead(this.ctx.view, this.ctx.piece);
    if (pass) on.send(pass);
  }

  panel(on: InteractionHandlers): HTMLElement {
    const el = h('div', { class: 'fire-panel', 'data-testid': 'fire-panel' });
    const p = this.plan;
    el.appendChild(h('div', { class: 'move-title' }, t(this.kind === 'fireDuel' ? 'action.fireDuel.title' : 'action.fire.title')));
    const hexes = attackHexPanel(this.ctx.view, attackHexes(this.all), this.from, secondAttack(this.ctx.view, this.ctx.piece), this.all, (from) => (this.setFrom(from), on.changed()), () => this.pass(on));
    if (hexes) el.appendChild(hexes);
    const targets = [...new Set(this.options.map((o) => o.target))];
    if (targets.length === 0) el.appendChild(h('p', { class: 'muted' }, t('action.fire.none')));
    else el.appendChild(h('p', { class: 'hint' }, t('action.fire.hint', { rate: p.rate })));
    if (canCombine(p)) el.appendChild(this.combineToggle(on));
    el.appendChild(this.shotList(on));
    for (const target of targets) el.appendChild(this.targetCard(this.options.find((o) => o.target === target)!, on));
    const action = this.action();
    const label = t('action.fire.confirm', { n: p.combine ? 1 : p.shots.length });
    el.appendChild(confirmRow(on, action !== null, label, `confirm-${this.kind}`));
    return el;
  }

  private combineToggle(on: InteractionHandlers): HTMLElement {
    const p = this.plan;
    return h(
      'label',
      { class: 'option-head', 'data-testid': 'fire-combine' },
      h('input', { type: 'checkbox', checked: p.combine, onchange: (ev: Event) => ((this.plan = setCombine(this.plan, (ev.target as HTMLInputElement).checked)), on.changed()) }),
      h('span', {}, t('action.fire.combine', { rate: p.rate, bonus: combineBonus(p.rate) })),
    );
  }

  private shotList(on: InteractionHandlers): HTMLElement {
    const p = this.plan;
    const list = h('ol', { class: 'shots', 'data-testid': 'fire-shots' });
    p.shots.forEach((target, i) =>
      list.appendChild(
        h(
          'li',
          {},
          `${t('action.fire.shot', { n: i + 1 })} → ${this.nameOf(target)} `,
          h('button', { class: 'link small', title: t('action.fire.removeShot'), onclick: () => ((this.plan = removeShot(this.plan, i)), on.changed()) }, '✕'),
        ),
      ),
    );
    return h('div', {}, h('div', { class: 'muted small' }, t('action.fire.shots', { n: p.combine ? 1 : p.shots.length, rate: p.combine ? 1 : p.rate })), list);
  }

  private targetCard(o: FireOption, on: InteractionHandlers): HTMLElement {
    const view: GameState = this.ctx.view;
    const hex = this.hexOf(o.target);
    const chosen = this.plan.shots.includes(o.target);
    const facts = [o.harassment ? t('action.fire.harassment') : '', t('action.fire.crossed', { n: o.crossed })].filter(Boolean).join(' · ');
    return h(
      'div',
      { class: ['target', chosen ? 'chosen' : '', o.allowed ? '' : 'refused'].filter(Boolean).join(' '), 'data-target': o.target },
      h(
        'button',
        { class: 'target-head link', disabled: !o.allowed, onclick: () => o.allowed && (this.take(o.target), on.changed()) },
        h('strong', {}, this.nameOf(o.target)),
        hex >= 0 ? h('span', { class: 'muted small' }, ` · ${hexLabel(view.board, hex)}`) : null,
        h('span', { class: 'adv' }, ` ${t('action.attack.advantage', { value: signed(o.advantage) })}`),
      ),
      h('div', { class: 'muted small' }, facts),
      o.allowed ? null : h('div', { class: 'reason' }, reasonText(o.rejection)),
      oddsBar(o),
      o.combinedAdvantage !== undefined && this.plan.rate > 1 ? h('div', { class: 'muted small' }, t('action.fire.combinedAdvantage', { value: signed(o.combinedAdvantage) })) : null,
      h(
        'ul',
        { class: 'modifiers' },
        o.modifiers.map((m) => h('li', {}, h('span', { class: 'mod-value' }, signed(m.value)), ' ', pick(m.label), h('span', { class: 'section' }, ` ${m.section}`))),
      ),
    );
  }
}
