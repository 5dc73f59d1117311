import {
  bodyFaceOptionsFor,
  hexLabel,
  reachable,
  withdrawOptions,
  type GameState,
  type MoveMode,
  type WithdrawOption,
} from '@lames/rules';
import { lang, t } from '../../i18n';
import {
  bodyHexes,
  choicesByHex,
  faceChoices,
  moveChoices,
  withdrawChoices,
  type BodyChoice,
  type BodyPlace,
} from '../../map/body-targets';
import { drawBodyOverlay, drawBodyReach, type BodyOverlay } from '../../map/draw-body-moves';
import { confirmRow, reasonText } from '../../ui/actions';
import { h } from '../../ui/dom';
import { facingName, num } from '../../ui/format-event';
import { bodyStepsText } from '../../ui/formation-text';
import { toast } from '../../ui/toast';
import { cycle } from '../key-select';
import type {
  Interaction,
  InteractionContext,
  InteractionHandlers,
  InteractionLayers,
} from './interaction';
import { PlacePicker } from './place-picker';

export type BodyAction = 'move' | 'withdraw' | 'face';

/**
 * A formation's move, withdrawal or face (§3.3.7, docs/formations.md): the
 * formation stands on two hexes, so each place it may end at is two hexes
 * and a vertex facing. The map shows every hex a place covers (with the
 * cheapest cost for a move), and both hexes of the hovered or chosen place
 * with its path, stage by stage; a click on a hex chooses the cheapest
 * place covering it, a second click (or , / .) the next one there; nothing
 * is sent before the player confirms. A click off every place says so.
 */
export class BodyInteraction extends PlacePicker<BodyChoice> implements Interaction {
  readonly kind: BodyAction;
  private readonly start: BodyPlace;
  private readonly refused: WithdrawOption[];
  private hovered = -1;

  constructor(
    ctx: InteractionContext,
    type: BodyAction,
    private readonly mode: MoveMode = 'normal',
  ) {
    const start = startOf(ctx);
    const withdrawals = type === 'withdraw' ? withdrawOptions(ctx.view, ctx.seat, ctx.piece) : [];
    super(ctx, choicesByHex(choicesFor(ctx, type, mode, start, withdrawals), (c) => c.cost ?? 0));
    this.kind = type;
    this.start = start;
    this.refused = withdrawals.filter((o) => !o.allowed);
  }

  stale(view: GameState): boolean {
    const u = view.units.find((o) => o.id === this.ctx.piece);
    return (
      !u ||
      u.hex !== this.start.hex ||
      u.secondHex !== this.start.second ||
      u.facing !== this.start.facing
    );
  }

  private overlay(): BodyOverlay {
    const shown =
      this.chosen ?? (this.hovered >= 0 ? (this.byHex.get(this.hovered)?.[0] ?? null) : null);
    const reach = new Map([...this.byHex].map(([hex, list]) => [hex, list[0].cost]));
    return {
      grid: this.ctx.view.board,
      lang: lang(),
      start: this.start,
      reach,
      shown,
      chosen: shown !== null && shown === this.chosen,
      path: shown?.path ?? [],
    };
  }

  draw(): InteractionLayers {
    const o = this.overlay();
    return { under: drawBodyReach(o), over: drawBodyOverlay(o) };
  }

  /** A hex of some place: its cheapest place, or the next one when the hex was already chosen. */
  click(hex: number): boolean {
    const list = hex >= 0 ? this.byHex.get(hex) : undefined;
    if (list?.length) {
      this.chosen = hex === this.hex ? cycle(list, this.chosen, 1) : list[0];
      this.hex = hex;
      return true;
    }
    // its own hexes go on to the stack there (another piece may be selected)
    if (hex === this.start.hex || hex === this.start.second) return false;
    this.hex = null;
    this.chosen = null;
    if (hex >= 0) toast(t('page.noop.move'));
    return true;
  }

  /** Where it stands and the place chosen: both read together (the pivot's kept hex, the new facing). */
  focus(): number[] {
    return this.chosen ? [this.start.hex, this.start.second, ...bodyHexes(this.chosen)] : [];
  }

  hover(hex: number): string | null {
    this.hovered = hex;
    const list = hex >= 0 ? this.byHex.get(hex) : undefined;
    if (!list?.length) return null;
    return t('body.hover', { n: list.length, place: this.placeText(list[0]) });
  }

  action(): unknown {
    return this.chosen?.action ?? null;
  }

  testFacts(): Record<string, unknown> {
    return {
      kind: this.kind,
      action: this.kind,
      mode: this.mode,
      body: true,
      hex: this.hex,
      chosen: this.chosen,
      places: [...new Set([...this.byHex.values()].flat())].length,
    };
  }

  /** Both hexes, the facing, and a move's steps and cost. */
  private placeText(c: BodyChoice): string {
    const [a, b] = bodyHexes(c).map((x) => hexLabel(this.ctx.view.board, x));
    const cost =
      c.cost === null ? '' : ` · ${t('action.facingCost', { cost: num(c.cost, lang()) })}`;
    const heavier =
      c.heavier === undefined
        ? ''
        : ` · ${t('body.heavier', { hex: hexLabel(this.ctx.view.board, c.heavier) })}`;
    const steps = c.action.type === 'move' && Array.isArray(c.action.steps) ? ` · ${bodyStepsText(c.action.steps as object[], lang())}` : '';
    return `${a}–${b} · ${facingName(c.facing, lang())}${steps}${cost}${heavier}`;
  }

  panel(on: InteractionHandlers): HTMLElement {
    const el = h('div', {
      class: 'move-panel body-panel',
      'data-testid': 'body-panel',
      'data-action-type': this.kind,
      'data-hex': this.hex === null ? null : hexLabel(this.ctx.view.board, this.hex),
    });
    el.appendChild(h('div', { class: 'move-title' }, t(`body.title.${this.kind}`)));
    const at = this.hex !== null ? (this.byHex.get(this.hex) ?? []) : [];
    if (this.byHex.size === 0) el.appendChild(h('p', { class: 'muted' }, t('body.none')));
    else if (at.length === 0)
      el.appendChild(
        h(
          'p',
          { class: 'hint' },
          t('body.hint', { n: new Set([...this.byHex.values()].flat()).size }),
        ),
      );
    if (at.some((c) => c.heavier !== undefined))
      el.appendChild(
        h('p', { class: 'hint', 'data-testid': 'heavier-hint' }, t('body.heavierHint')),
      );
    el.appendChild(
      h(
        'div',
        { class: 'places' },
        at.map((c) =>
          h(
            'button',
            {
              class: c === this.chosen ? 'chip chosen' : 'chip',
              'data-place': bodyHexes(c).join('-'),
              'data-facing': c.facing,
              ...(c.heavier === undefined ? {} : { 'data-heavier': c.heavier }),
              onclick: () => ((this.chosen = c), on.changed()),
            },
            this.placeText(c),
          ),
        ),
      ),
    );
    if (this.refused.length > 0)
      el.appendChild(
        h(
          'ul',
          { class: 'hint refused' },
          this.refused.map((o) => h('li', {}, reasonText(o.rejection))),
        ),
      );
    el.appendChild(
      confirmRow(on, this.chosen !== null, t(`body.confirm.${this.kind}`), `confirm-${this.kind}`),
    );
    return el;
  }
}

/** Where the formation stands: both hexes and its facing. */
function startOf(ctx: InteractionContext): BodyPlace {
  const u = ctx.view.units.find((o) => o.id === ctx.piece);
  return { hex: u?.hex ?? -1, second: u?.secondHex ?? -1, facing: u?.facing ?? 0 };
}

/** The places the action offers, from the rules' options. */
function choicesFor(ctx: InteractionContext, type: BodyAction, mode: MoveMode, start: BodyPlace, withdrawals: WithdrawOption[]): BodyChoice[] {
  const { view, seat, piece } = ctx;
  if (type === 'move') return moveChoices(piece, mode, start, reachable(view, seat, piece, mode));
  if (type === 'withdraw') return withdrawChoices(piece, start, withdrawals);
  return faceChoices(piece, bodyFaceOptionsFor(view, seat, piece));
}
