import { crossingPreviews, disciplinePreviews, hexLabel, reachable, type Arrival, type GameState, type MoveMode } from '@lames/rules';
import { lang, t } from '../../i18n';
import { arrivalsByHex, drawMoveOverlay, drawReach, stopsHere, type FacingHandle, type MoveOverlay } from '../../map/highlights';
import type { Point } from '../../map/layout';
import { oddsText, renderPicker, type Picker } from '../../ui/actions';
import { h } from '../../ui/dom';
import { num, ofWord, pct } from '../../ui/format-event';
import { toast } from '../../ui/toast';
import * as api from '../rules-api';
import { testOdds } from '../test-odds';
import type { Interaction, InteractionContext, InteractionHandlers, InteractionLayers } from './interaction';
import { PlacePicker } from './place-picker';

type MovePicker = Extract<Picker, { kind: 'move' }>;

/**
 * A move (§2.6), or a flight (§2.6.12) previewed the same way: the reachable
 * hexes and their cost on the map, the path to the hovered hex; a click
 * chooses the destination, a handle or the panel its facing (or the edge to
 * leave by), contact or charge where the rules offer both; nothing is sent
 * before the player confirms. A click out of reach says so.
 */
export class MoveInteraction extends PlacePicker<Arrival> implements Interaction {
  readonly kind = 'move';
  private readonly origin: number;
  private hovered = -1;
  private shock: 'contact' | 'charge' = 'contact';
  private handles: FacingHandle[] = [];

  constructor(
    ctx: InteractionContext,
    private readonly type: 'move' | 'flee',
    private readonly mode: MoveMode = 'normal',
  ) {
    super(ctx, arrivalsByHex(type === 'flee' ? api.fleeArrivals(ctx.view, ctx.seat, ctx.piece) : reachable(ctx.view, ctx.seat, ctx.piece, mode)));
    this.origin = ctx.view.units.find((u) => u.id === ctx.piece)?.hex ?? -1;
  }

  stale(view: GameState): boolean {
    return view.units.find((u) => u.id === this.ctx.piece)?.hex !== this.origin;
  }

  private overlay(): MoveOverlay {
    const path = this.chosen ?? (this.hovered >= 0 ? (this.byHex.get(this.hovered)?.[0] ?? null) : null);
    return { grid: this.ctx.view.board, lang: lang(), origin: this.origin, targets: this.byHex, path, chosenHex: this.hex, chosen: this.chosen };
  }

  draw(): InteractionLayers {
    const overlay = this.overlay();
    const { layer, handles } = drawMoveOverlay(overlay);
    this.handles = handles;
    return { under: drawReach(overlay), over: layer };
  }

  click(hex: number, world?: Point): boolean {
    const handle = world ? this.handles.find((hd) => Math.hypot(hd.at.x - world.x, hd.at.y - world.y) <= 10) : undefined;
    if (handle) {
      this.chosen = handle.arrival;
      return true;
    }
    const list = hex >= 0 ? this.byHex.get(hex) : undefined;
    if (list && list.length > 0) {
      this.hex = hex;
      this.chosen = list[0];
      return true;
    }
    // its own hex goes on to the stack there (another piece may be selected)
    if (hex === this.origin) return false;
    this.hex = null;
    this.chosen = null;
    if (hex >= 0) toast(t('page.noop.move'));
    return true;
  }

  /** The hovered hex's cost, and whether the move must stop there. */
  hover(hex: number): string | null {
    this.hovered = hex;
    const list = hex >= 0 ? this.byHex.get(hex) : undefined;
    if (!list?.length) return null;
    const crossing = this.crossingTests(list[0]).map((p) => ` · ${t('test.crossing')} ${oddsText(p).short}`);
    return `${t('action.facingCost', { cost: num(list[0].cost, lang()) })}${stopsHere(list) ? ` · ${t('action.stopsHere')}` : ''}${crossing.join('')}`;
  }

  action(): unknown {
    const a = this.chosen;
    if (!a) return null;
    const piece = this.ctx.piece;
    if (this.type === 'flee') {
      const flee = a as api.FleeArrival;
      return { type: 'flee', piece, steps: flee.fleeSteps, threat: flee.threat };
    }
    // Only a marker the move rule accepts here (§2.6.8–2.6.9): contact is refused when the move engages nobody.
    const shock = api.shockToSend(a, this.shock);
    return { type: 'move', piece, mode: this.mode, steps: a.steps, ...(shock ? { shock } : {}) };
  }

  testFacts(): Record<string, unknown> {
    return { kind: this.kind, action: this.type, mode: this.mode, hex: this.hex, chosen: this.chosen };
  }

  private picker(): MovePicker {
    const options = this.hex !== null ? (this.byHex.get(this.hex) ?? []) : [];
    return { kind: 'move', piece: this.ctx.piece, action: this.type, mode: this.mode, count: this.byHex.size, hex: this.hex, options, chosen: this.chosen, shock: this.shock };
  }

  panel(on: InteractionHandlers): HTMLElement {
    const el = h('div', { class: 'move-panel', 'data-testid': 'move-panel', 'data-hex': this.hex === null ? null : hexLabel(this.ctx.view.board, this.hex) });
    renderPicker(el, this.ctx.view, this.picker(), {
      update: (f) => {
        const p = this.picker();
        f(p);
        this.chosen = p.chosen;
        this.shock = p.shock;
        on.changed();
      },
      confirm: on.confirm,
      cancel: on.cancel,
    });
    if (this.type === 'flee') el.insertBefore(this.flightOdds(), el.children[1] ?? null);
    const crossing = this.crossingOdds();
    if (crossing) el.insertBefore(crossing, el.children[1] ?? null);
    return el;
  }

  /** The crossing tests (§2.3.1.2) a move to this arrival owes, as the seat sees its own units; none for a flight here. */
  private crossingTests(arrival: Arrival) {
    return this.type === 'move' ? crossingPreviews(this.ctx.view, this.ctx.seat, this.ctx.piece, arrival) : [];
  }

  /** The chosen destination's crossing tests, with their odds, before the player confirms. */
  private crossingOdds(): HTMLElement | null {
    const tests = this.chosen ? this.crossingTests(this.chosen) : [];
    if (tests.length === 0) return null;
    return h('ul', { class: 'hint crossing-odds', 'data-testid': 'crossing-odds' }, tests.map((p) => h('li', {}, `${oddsText(p).full} — ${t('page.crossingAlso', { n: p.crossed })}`)));
  }

  /**
   * The tests a flight owes (§2.6.14.1, §2.6.13.1): this unit's
   * disengagement, and each engager's discipline (a failure gives it a
   * charge marker); their odds before the player commits.
   */
  private flightOdds(): HTMLElement {
    const { view, seat, piece } = this.ctx;
    const odds = testOdds(view, seat, piece, 'flee');
    const name = (id: string) => view.units.find((u) => u.id === id)?.name ?? id;
    const discipline = disciplinePreviews(view, seat, piece).map((p) =>
      h('li', {}, t('page.oddsDiscipline', { unit: name(p.subject), ofUnit: ofWord(name(p.subject)), threshold: p.threshold, chance: pct(p.chance, lang()) })),
    );
    return h('ul', { class: 'hint flight-odds', 'data-testid': 'flee-odds' }, odds ? h('li', {}, oddsText(odds).full) : null, discipline);
  }
}
