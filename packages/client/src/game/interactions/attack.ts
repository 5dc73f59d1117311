import { bodyHexes } from '@lames/rules';
import type { Point } from '../../map/layout';
import type { HexMarkKind } from '../../map/highlights';
import { t } from '../../i18n';
import { renderPicker, type Picker } from '../../ui/actions';
import { h } from '../../ui/dom';
import * as api from '../rules-api';
import { hexOrder } from '../key-select';
import { hexOfPiece, type Interaction, type InteractionContext, type InteractionHandlers } from './interaction';
import { attackHexes, firstFrom, fromAtHex, fromField, fromForTarget, optionsFrom, passInstead, secondAttack } from './attack-hex';
import { attackHexPanel, attackHexMarks } from './attack-hex-panel';

type AttackPicker = Extract<Picker, { kind: 'attack' }>;
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/**
 * A shock or a duel (§2.7): the enemies in reach ringed on the map (refused
 * ones too, with their reason in the panel), each option with its
 * advantage, every modifier with its section and the odds of each result; a
 * click on a hex picks its target (again: the next one in the stack), the
 * panel the option (supported or not, breath); sent on confirm only.
 */
export class AttackInteraction implements Interaction {
  readonly kind = 'attack';
  private readonly state: AttackPicker;
  /** Every option, of every attacking hex of a formation (§3.3.8); `state.options` holds the chosen hex's. */
  private readonly all: api.ShockOption[];
  /** A formation's attacking hex (sent as `from`); null for a one-hex unit. */
  private from: number | null;

  constructor(
    private readonly ctx: InteractionContext,
    type: 'shock' | 'duel',
  ) {
    this.all = api.shockOptions(ctx.view, ctx.seat, ctx.piece).filter((o) => o.type === type);
    this.from = firstFrom(this.all);
    const options = optionsFrom(this.all, this.from);
    const first = options.find((o) => o.allowed);
    this.state = { kind: 'attack', type, options, target: first?.target ?? null, supported: first?.supported ?? true, breath: !!first?.breath };
  }

  /** The attacking hex changes: its own options, the target kept when that hex may attack it too. */
  private setFrom(from: number | null): void {
    const p = this.state;
    this.from = from;
    p.options = optionsFrom(this.all, from);
    const same = p.options.find((o) => o.target === p.target && o.allowed) ?? p.options.find((o) => o.allowed);
    p.target = same?.target ?? null;
    p.supported = same?.supported ?? true;
    p.breath = !!same?.breath;
  }

  get piece(): string {
    return this.ctx.piece;
  }

  private hexOf = (id: string) => hexOfPiece(this.ctx.view, id);

  marks(): { hex: number; kind: HexMarkKind }[] {
    const p = this.state;
    const seen = new Map<number, HexMarkKind>(attackHexMarks(attackHexes(this.all), this.from));
    // every hex's targets: one only the other hex may attack is picked first, the hex follows
    for (const o of this.all) {
      const hex = this.hexOf(o.target);
      if (hex < 0) continue;
      const kind: HexMarkKind = o.target === p.target ? 'chosen' : o.allowed ? 'target' : 'refused';
      // a hex keeps its best mark: chosen, then open, then refused
      if (seen.get(hex) !== 'chosen' && !(seen.get(hex) === 'target' && kind === 'refused')) seen.set(hex, kind);
    }
    return [...seen].map(([hex, kind]) => ({ hex, kind }));
  }

  click(hex: number, _world?: Point): boolean {
    const p = this.state;
    const own = fromAtHex(this.all, hex);
    if (own !== null) {
      this.setFrom(own);
      return true;
    }
    const target = this.all.find((o) => this.hexOf(o.target) === hex && o.allowed)?.target;
    // a target only another hex may attack: that hex attacks (the hex follows the target)
    if (target && !p.options.some((o) => o.target === target && o.allowed)) this.setFrom(fromForTarget(this.all, target, this.from));
    const here = p.options.filter((o) => this.ctx.view.units.find((u) => u.id === o.target)?.hex === hex);
    if (here.length === 0) return false;
    // a second click on the same hex goes to the next target there (a stack)
    const ids = [...new Set(here.map((o) => o.target))];
    const next = ids[(ids.indexOf(p.target ?? '') + 1) % ids.length];
    const best = here.find((o) => o.target === next && o.allowed) ?? here.find((o) => o.target === next)!;
    p.target = next;
    p.supported = best.supported;
    p.breath = !!best.breath;
    return true;
  }

  candidates(): number[] {
    return hexOrder([...attackHexes(this.all), ...this.all.map((o) => this.hexOf(o.target))]);
  }

  missed(): string | null {
    return t('page.noop.attack');
  }

  /** The attacker's hexes and its open targets: read together on a phone (a second attack opened by itself, §3.3.8). */
  focus(): number[] {
    const targets = this.all.filter((o) => o.allowed).map((o) => this.hexOf(o.target));
    const unit = this.ctx.view.units.find((u) => u.id === this.ctx.piece);
    return [...new Set([...(unit ? bodyHexes(unit) : []), ...targets])].filter((hex) => hex >= 0);
  }

  hover(hex: number): string | null {
    if (fromAtHex(this.all, hex) !== null) return t('action.attackHex.pick');
    const o = this.state.options.find((x) => this.hexOf(x.target) === hex && x.allowed) ?? this.state.options.find((x) => this.hexOf(x.target) === hex);
    if (!o) return null;
    const name = this.ctx.view.units.find((u) => u.id === o.target)?.name ?? o.target;
    return `${name} · ${t('action.attack.advantage', { value: signed(o.advantage) })}`;
  }

  private chosenOption(): api.ShockOption | undefined {
    const p = this.state;
    return p.options.find((o) => o.target === p.target && o.supported === p.supported && !!o.breath === p.breath);
  }

  action(): unknown {
    const p = this.state;
    if (!p.target || !this.chosenOption()?.allowed) return null;
    return { type: p.type, piece: this.ctx.piece, target: p.target, supported: p.supported, ...(p.breath ? { breath: true } : {}), ...fromField(this.from) };
  }

  /** Read by the browser tests as window.__lames.attackOptions too. */
  testFacts(): Record<string, unknown> {
    return { kind: this.kind, type: this.state.type, target: this.state.target, options: this.state.options, from: this.from, attackHexes: attackHexes(this.all) };
  }

  options(): api.ShockOption[] {
    return this.state.options;
  }

  /** Between a formation's two attacks: the pass instead of the second (§3.3.8). */
  private pass(on: InteractionHandlers): void {
    const pass = passInstead(this.ctx.view, this.ctx.piece);
    if (pass) on.send(pass);
  }

  panel(on: InteractionHandlers): HTMLElement {
    const el = h('div', { class: 'attack-panel', 'data-testid': 'attack-panel' });
    const hexes = attackHexPanel(this.ctx.view, attackHexes(this.all), this.from, secondAttack(this.ctx.view, this.ctx.piece), this.all, (from) => (this.setFrom(from), on.changed()), () => this.pass(on));
    renderPicker(el, this.ctx.view, this.state, {
      update: (f) => {
        f(this.state);
        on.changed();
      },
      confirm: on.confirm,
      cancel: on.cancel,
    });
    if (hexes) el.insertBefore(hexes, el.children[1] ?? null);
    return el;
  }
}
