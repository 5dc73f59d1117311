import type { GameEvent, GameState } from '@lames/rules';
import { lang, onLangChange, t, toggleLang, type TextKey } from '../i18n';
import { bannerText } from './broadcast-text';
import { stacksOf, type StackItem } from '../map/counters-model';
import { drawCounters } from '../map/draw-counters';
import { selectionHexes } from '../map/body-rings';
import { drawBodyHighlight } from '../map/highlights';
import { MapView } from '../map/map-view';
import { loadObjectives } from '../map/objectives';
import type { BattleRoom, DiceCommitment } from '../net/connection';
import { decoyLabel } from '../ui/decoy-label';
import { h } from '../ui/dom';
import { renderResult } from '../ui/game-result';
import { renderLog } from '../ui/log';
import { renderSelection, renderWings } from '../ui/panel';
import { Container } from 'pixi.js';

/** What the broadcast room sends, whole, at each new turn: the wire shape of the server's BroadcastFrame (sync/broadcast.ts), as api.ts mirrors its summaries. */
export interface BroadcastFrame {
  battleName: string;
  delay: number;
  /** The turn whose start `view` shows; 0 for the battle as it was opened. */
  shownTurn: number;
  ended: boolean;
  view: GameState;
  log: GameEvent[];
  dice: DiceCommitment;
  /** The organiser ended the battle: closed with a reason, or adjudicated (the winning side, null: a draw). */
  closed?: { reason: string };
  adjudicated?: { winner: string | null; reason: string };
}

declare global {
  interface Window {
    /** For browser tests: the frame shown. */
    __lamesBroadcast?: { frame: BroadcastFrame | null; ready: boolean };
  }
}

/**
 * A broadcast battle, as its spectators watch it (issue 12): the full view
 * of the start of turn T−N, read-only. The banner says how late the picture
 * is; the map, the selected stack, the wings and the log are those of that
 * moment. The page sends nothing: the room gives a new frame at each turn.
 */
export class BroadcastPage {
  private frame: BroadcastFrame | null = null;
  private map!: MapView;
  private mapReady = false;
  private selectedHex = -1;
  private selected: string | null = null;
  private names = new Map<string, string>();
  private unsubscribers: (() => void)[] = [];
  private readonly banner = h('div', {
    class: 'turn-banner broadcast-banner',
    'data-testid': 'broadcast-banner',
    role: 'status',
    'aria-live': 'polite',
  });
  private readonly els = {
    root: h('div', { class: 'game broadcast' }),
    map: h('div', { class: 'map-host', 'data-testid': 'map' }),
    status: h('section', { class: 'card status', 'data-testid': 'status' }),
    selection: h('div', { class: 'selection-body', 'data-testid': 'selection' }),
    wings: h('div', { class: 'wings-body' }),
    log: h('ol', { class: 'log', 'data-testid': 'log' }),
  };

  constructor(
    private readonly room: BattleRoom,
    private readonly leave: () => void,
  ) {
    window.__lamesBroadcast = { frame: null, ready: false };
    room.onMessage('broadcast', (f: BroadcastFrame) => {
      this.frame = f;
      for (const x of [...f.view.sides, ...f.view.units, ...f.view.wings])
        this.names.set(x.id, x.name);
      for (const d of f.view.decoys) this.names.set(d.id, decoyLabel(f.view, d.mimic));
      this.render();
    });
    room.onMessage('rejected', () => undefined);
    room.onLeave(() => this.close());
  }

  async mount(parent: HTMLElement): Promise<void> {
    const { root, map, status, selection, wings, log } = this.els;
    const header = h(
      'header',
      { class: 'topbar' },
      h(
        'div',
        { class: 'brand' },
        h('span', { class: 'logo' }, '⚔'),
        h('span', {}, 'Lames'),
        h('span', { class: 'muted small brand-sub' }, 'Les Lames Maudites'),
      ),
      h('div', { class: 'spacer' }),
      h(
        'button',
        { class: 'btn ghost', id: 'lang-toggle', onclick: () => toggleLang() },
        t('lang.toggle'),
      ),
      h(
        'button',
        { class: 'btn ghost', id: 'leave', onclick: () => void this.room.leave(true) },
        t('game.leave'),
      ),
    );
    const card = (key: TextKey, body: HTMLElement) =>
      h('section', { class: 'card' }, h('h3', { 'data-i18n': key }, t(key)), body);
    const side = h(
      'aside',
      { class: 'sidebar broadcast-side', 'data-testid': 'sidebar' },
      h(
        'div',
        { class: 'side-scroll' },
        status,
        card('game.selection', selection),
        card('game.wings', wings),
        card('broadcast.log', log),
      ),
    );
    root.append(header, this.banner, h('main', { class: 'game-main' }, map, side));
    parent.appendChild(root);
    this.map = new MapView(map, { onClick: (hex) => this.select(hex), onHover: () => undefined });
    await this.map.init();
    this.mapReady = true;
    void loadObjectives().then(() => this.render());
    this.unsubscribers.push(
      onLangChange(() => {
        header.querySelector('#lang-toggle')!.textContent = t('lang.toggle');
        header.querySelector('#leave')!.textContent = t('game.leave');
        root
          .querySelectorAll<HTMLElement>('[data-i18n]')
          .forEach((el) => (el.textContent = t(el.dataset.i18n as TextKey)));
        this.render();
      }),
    );
    this.render();
  }

  /** A click on the map selects the top piece of the hex; the stack's list picks another. */
  private select(hex: number): void {
    this.selectedHex = hex;
    this.selected = this.frame ? (stacksOf(this.frame.view).get(hex)?.[0]?.id ?? null) : null;
    this.render();
  }

  private selectedStack(view: GameState): StackItem[] {
    return this.selectedHex >= 0 ? (stacksOf(view).get(this.selectedHex) ?? []) : [];
  }

  private render(): void {
    const f = this.frame;
    if (!f || !this.mapReady) return;
    const view = f.view;
    this.banner.replaceChildren(
      h('span', { class: 'turn-text' }, bannerText(f)),
      h('span', { class: 'muted small broadcast-help' }, f.ended ? '' : t('broadcast.help')),
    );
    this.banner.dataset.kind = f.ended ? 'ended' : 'broadcast';
    this.renderStatus(f);
    const stack = this.selectedStack(view);
    const item = stack.find((i) => i.id === this.selected) ?? stack[0] ?? null;
    renderSelection(
      this.els.selection,
      view,
      item,
      stack,
      (id) => ((this.selected = id), this.render()),
    );
    renderWings(this.els.wings, view);
    renderLog(this.els.log, f.log, view.board, (id) => this.names.get(id));
    this.map.setBoard(view.board);
    this.map.setLayer(
      this.map.counterLayer,
      drawCounters({ view, lang: lang(), selected: item?.id ?? null, ghost: null }).layer,
    );
    const marks = new Container();
    marks.addChild(drawBodyHighlight(view.board, selectionHexes(view, item?.id ?? null, this.selectedHex), 'selected'));
    this.map.setLayer(this.map.reachLayer, marks);
    window.__lamesBroadcast = { frame: f, ready: true };
  }

  /** The battle's name, the moment shown, whose turn it was then; the result and the seed once it has ended. */
  private renderStatus(f: BroadcastFrame): void {
    const view = f.view;
    const when =
      f.shownTurn === 0 && !f.ended
        ? t('broadcast.statusOpening')
        : t('broadcast.status', { turn: view.turn, limit: view.turnLimit });
    const active = view.sides.find((s) => s.id === view.activeSide);
    this.els.status.replaceChildren(
      h('div', { class: 'status-row' }, h('strong', { class: 'battle-name' }, f.battleName)),
      h('div', { class: 'status-row', 'data-testid': 'turn' }, when),
      f.shownTurn > 0 && !f.ended && active
        ? h('div', { class: 'status-row' }, t('game.active', { side: active.name }))
        : '',
      f.ended && view.result ? renderResult(view) : '',
      organiserEnd(f),
    );
  }

  private close(): void {
    for (const u of this.unsubscribers) u();
    this.unsubscribers = [];
    if (this.mapReady) this.map.destroy();
    this.mapReady = false;
    this.els.root.remove();
    window.__lamesBroadcast = undefined;
    this.leave();
  }
}

/** Why the battle ended when the organiser ended it: the adjudicated result and its reason, or the close's reason. */
function organiserEnd(f: BroadcastFrame): HTMLElement | '' {
  if (f.adjudicated) {
    const winner = f.view.sides.find((s) => s.id === f.adjudicated!.winner)?.name;
    const result = winner ? t('broadcast.adjudicatedWinner', { side: winner }) : t('broadcast.adjudicatedDraw');
    return h('div', { class: 'status-row', 'data-testid': 'organiser-end' }, `${result} — ${f.adjudicated.reason}`);
  }
  return f.closed ? h('div', { class: 'status-row', 'data-testid': 'organiser-end' }, t('game.closed', { reason: f.closed.reason })) : '';
}
