import { legalActions, reachable, type Arrival, type GameEvent, type GameState, type MoveMode, type Seat } from '@lames/rules';
import { hexLabel } from '@lames/rules';
import { lang, onLangChange, pick, t, toggleLang, type TextKey } from '../i18n';
import { num } from '../ui/format-event';
import { drawCounters } from '../map/draw-counters';
import { stacksOf, type StackItem } from '../map/counters-model';
import { arrivalsByHex, drawMoveOverlay, drawReach, drawSelectedHex, stopsHere, type FacingHandle } from '../map/highlights';
import { MapView } from '../map/map-view';
import { forget, savedSeat, trackToken, type BattleRoom } from '../net/connection';
import type { DecodedState } from '../state/decoded';
import { toView } from '../state/to-view';
import { renderActions, type MovePanelState } from '../ui/actions';
import { h } from '../ui/dom';
import { renderLog } from '../ui/log';
import { renderSelection, renderStatus, renderWings, seatName } from '../ui/panel';
import { toast } from '../ui/toast';
import { Container } from 'pixi.js';

interface MoveState {
  piece: string;
  mode: MoveMode;
  origin: number;
  targets: Map<number, Arrival[]>;
  hover: number;
  hex: number | null;
  chosen: Arrival | null;
}

export interface TestHooks {
  seat: Seat | null;
  view: GameState | null;
  ready: boolean;
  hexCenter(index: number): { x: number; y: number };
  /** Hexes highlighted as reachable in move mode. */
  targets: number[];
  selected: string | null;
  send(action: unknown): void;
  log: GameEvent[];
}

declare global {
  interface Window {
    __lames?: TestHooks;
  }
}

/** The game page: map, side panel and log, driven by the room's state and messages. */
export class GamePage {
  private seat: Seat | null = savedSeat();
  private view: GameState | null = null;
  private decoded: DecodedState | null = null;
  private log: GameEvent[] = [];
  private names = new Map<string, string>();
  private selected: string | null = null;
  private selectedHex = -1;
  private move: MoveState | null = null;
  private handles: FacingHandle[] = [];
  private map!: MapView;
  private mapReady = false;
  private frame = 0;
  private lastActivation = '';
  private readonly hexInfo = h('div', { class: 'hex-info', hidden: true });
  private unsubscribers: (() => void)[] = [];
  private readonly els: Record<'status' | 'wings' | 'selection' | 'actions' | 'log' | 'map' | 'root', HTMLElement>;

  constructor(
    private readonly room: BattleRoom,
    private readonly onLeave: () => void,
  ) {
    const root = h('div', { class: 'game' });
    this.els = {
      root,
      map: h('div', { class: 'map-host', 'data-testid': 'map' }),
      status: h('section', { class: 'card status', 'data-testid': 'status' }),
      wings: h('div', { class: 'wings-body' }),
      selection: h('div', { class: 'selection-body', 'data-testid': 'selection' }),
      actions: h('div', { class: 'actions-body', 'data-testid': 'actions' }),
      log: h('ol', { class: 'log', 'data-testid': 'log' }),
    };
    // listen at once: the welcome message follows the join closely
    this.installHooks();
    this.listen();
  }

  async mount(parent: HTMLElement): Promise<void> {
    const { root, map, status, wings, selection, actions, log } = this.els;
    const header = h(
      'header',
      { class: 'topbar' },
      h('div', { class: 'brand' }, h('span', { class: 'logo' }, '⚔'), h('span', {}, 'Lames'), h('span', { class: 'muted small brand-sub' }, 'Les Lames Maudites')),
      h('div', { class: 'spacer' }),
      h('button', { class: 'btn ghost', id: 'lang-toggle', title: t('lang.toggleTitle'), onclick: () => toggleLang() }, t('lang.toggle')),
      h('button', { class: 'btn ghost', id: 'leave', onclick: () => this.leave() }, t('game.leave')),
    );
    const sidebar = h(
      'aside',
      { class: 'sidebar' },
      status,
      h('section', { class: 'card' }, h('h3', { 'data-i18n': 'game.selection' }, t('game.selection')), selection, actions),
      h('details', { class: 'card', open: true }, h('summary', { 'data-i18n': 'game.wings' }, t('game.wings')), wings),
      h('section', { class: 'card log-card' }, h('h3', { 'data-i18n': 'game.log' }, t('game.log')), log),
    );
    root.append(header, h('main', { class: 'game-main' }, map, sidebar));
    parent.appendChild(root);
    map.appendChild(h('div', { class: 'map-loading' }, t('game.loadingMap')));
    map.appendChild(this.hexInfo);
    map.appendChild(h('div', { class: 'map-hint', 'data-i18n': 'game.mapHint' }, t('game.mapHint')));

    this.map = new MapView(map, {
      onClick: (hex, world) => this.onMapClick(hex, world),
      onHover: (hex) => this.onMapHover(hex),
    });
    await this.map.init();
    this.mapReady = true;
    map.querySelector('.map-loading')?.remove();
    this.unsubscribers.push(
      onLangChange(() => {
        header.querySelector('#lang-toggle')!.textContent = t('lang.toggle');
        header.querySelector('#lang-toggle')!.setAttribute('title', t('lang.toggleTitle'));
        header.querySelector('#leave')!.textContent = t('game.leave');
        root.querySelectorAll<HTMLElement>('[data-i18n]').forEach((el) => (el.textContent = t(el.dataset.i18n as 'game.log')));
        this.render();
      }),
    );
    this.schedule();
  }

  private installHooks(): void {
    window.__lames = {
      seat: this.seat,
      view: null,
      ready: false,
      hexCenter: (i) => (this.mapReady ? this.map.hexCenter(i) : { x: NaN, y: NaN }),
      targets: [],
      selected: null,
      send: (action) => this.room.send('action', action),
      log: this.log,
    };
  }

  private listen(): void {
    const room = this.room;
    trackToken(room);
    room.onMessage('welcome', (m: { seat: Seat; battleId?: string; log?: GameEvent[] }) => {
      this.seat = m.seat;
      try {
        sessionStorage.setItem('lames.seat', m.seat);
      } catch {
        /* ignore */
      }
      this.log = [...(m.log ?? [])];
      this.schedule();
    });
    room.onMessage('events', (events: GameEvent[]) => {
      this.log.push(...events);
      this.schedule();
    });
    room.onMessage('rejected', (r: { code: string; section: string; message: { fr: string; en: string } }) => {
      toast(pick(r.message), 'error', r.section);
    });
    room.onMessage('storeError', () => toast(t('game.storeError'), 'error'));
    room.onStateChange(() => this.schedule());
    room.onDrop(() => toast(t('game.connectionLost'), 'error'));
    room.onReconnect(() => toast(t('game.reconnected')));
    room.onLeave((code: number) => {
      if (code > 1000 && code !== 4000) toast(t('game.left'), 'error', String(code));
    });
    room.onError((code: number, message?: string) => toast(message ?? String(code), 'error'));
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.refresh();
    });
  }

  /** Rebuilds the view from the room state and redraws everything. */
  private refresh(): void {
    const state = this.room.state as { toJSON?: () => unknown } | undefined;
    if (!state || !this.seat || !this.mapReady) return;
    const decoded = (typeof state.toJSON === 'function' ? state.toJSON() : state) as DecodedState;
    if (!decoded.board) return;
    this.decoded = decoded;
    const view = toView(decoded, this.seat);
    this.view = view;
    for (const s of view.sides) this.names.set(s.id, s.name);
    for (const u of view.units) this.names.set(u.id, u.name);

    // follow the activation: select the activated piece, leave move mode when it changed
    const act = view.activation ? `${view.activation.piece}` : '';
    if (act !== this.lastActivation) {
      this.lastActivation = act;
      this.move = null;
      if (act && view.units.some((u) => u.id === act && u.side === this.seat)) this.selected = act;
    }
    if (this.move) {
      const u = view.units.find((x) => x.id === this.move!.piece);
      if (!u || u.hex !== this.move.origin) this.move = null;
    }
    this.map.setBoard(view.board);
    this.render();
    const hooks = window.__lames!;
    hooks.seat = this.seat;
    hooks.view = view;
    hooks.ready = true;
    hooks.log = this.log;
  }

  private selectedItem(): { item: StackItem | null; stack: StackItem[] } {
    if (!this.view || !this.selected) return { item: null, stack: [] };
    for (const list of stacksOf(this.view).values()) {
      const item = list.find((i) => i.id === this.selected);
      if (item) return { item, stack: list };
    }
    return { item: null, stack: [] };
  }

  private render(): void {
    const view = this.view;
    if (!view || !this.seat) return;
    const { item, stack } = this.selectedItem();
    if (!item) this.selected = null;
    this.drawMap();
    renderStatus(this.els.status, view, this.seat, this.decoded?.battleName ?? '', this.decoded?.sides ?? []);
    renderWings(this.els.wings, view);
    renderSelection(this.els.selection, view, item, stack, (id) => {
      this.selected = id;
      this.render();
    });
    this.renderActions(item);
    renderLog(this.els.log, this.log, view.board, (id) => this.names.get(id));
    document.title = `${seatName(view, this.seat)} — ${t('app.title')}`;
    const hooks = window.__lames;
    if (hooks) {
      hooks.selected = this.selected;
      hooks.targets = this.move ? [...this.move.targets.keys()] : [];
    }
  }

  private renderActions(item: StackItem | null): void {
    const view = this.view!;
    const seat = this.seat!;
    if (seat === 'referee' || seat === 'spectator') {
      this.els.actions.replaceChildren(h('p', { class: 'muted small', 'data-testid': 'observer' }, t(seat === 'referee' ? 'game.refereeNote' : 'game.spectatorNote')));
      return;
    }
    const piece = item ? item.id : null;
    const legal = piece ? legalActions(view, seat, piece) : [];
    const endTurn = legalActions(view, seat, piece ?? '').find((a) => a.type === 'endTurn');
    const mv = this.move;
    const panel: MovePanelState | null = mv
      ? { mode: mv.mode, count: mv.targets.size, hex: mv.hex, options: mv.hex !== null ? (mv.targets.get(mv.hex) ?? []) : [], chosen: mv.chosen }
      : null;
    renderActions(this.els.actions, view, piece, legal, endTurn, panel, {
      activate: () => piece && this.send({ type: 'activate', piece }),
      startMove: (mode) => piece && this.startMove(piece, mode),
      pass: () => piece && this.send({ type: 'pass', piece }),
      endTurn: () => this.send({ type: 'endTurn' }),
      chooseArrival: (a) => {
        if (this.move) this.move.chosen = a;
        this.render();
      },
      confirmMove: () => this.confirmMove(),
      cancelMove: () => {
        this.move = null;
        this.render();
      },
    });
  }

  private drawMap(): void {
    const view = this.view!;
    const { layer } = drawCounters({ view, lang: lang(), selected: this.selected, ghost: this.move?.chosen ? this.move.piece : null });
    this.map.setLayer(this.map.counterLayer, layer);
    const mv = this.move;
    if (mv) {
      const path = mv.chosen ?? (mv.hover >= 0 ? (mv.targets.get(mv.hover)?.[0] ?? null) : null);
      const overlay = { grid: view.board, lang: lang(), origin: mv.origin, targets: mv.targets, path, chosenHex: mv.hex, chosen: mv.chosen };
      this.map.setLayer(this.map.reachLayer, drawReach(overlay));
      const { layer: top, handles } = drawMoveOverlay(overlay);
      this.handles = handles;
      this.map.setLayer(this.map.overlayLayer, top);
    } else {
      this.handles = [];
      const hex = this.selectedPieceHex() ?? this.selectedHex;
      this.map.setLayer(this.map.reachLayer, hex >= 0 ? wrap(drawSelectedHex(view.board, hex)) : null);
      this.map.setLayer(this.map.overlayLayer, null);
    }
  }

  /** Hex of the selected piece, which may have moved since it was clicked. */
  private selectedPieceHex(): number | null {
    const { item } = this.selectedItem();
    if (!item) return null;
    return item.kind === 'unit' ? item.unit.hex : item.kind === 'decoy' ? item.decoy.hex : item.cover.hex;
  }

  private startMove(piece: string, mode: MoveMode): void {
    const view = this.view!;
    const unit = view.units.find((u) => u.id === piece);
    if (!unit) return;
    const arrivals = reachable(view, this.seat!, piece, mode);
    this.move = { piece, mode, origin: unit.hex, targets: arrivalsByHex(arrivals), hover: -1, hex: null, chosen: null };
    this.selectedHex = unit.hex;
    this.render();
  }

  private confirmMove(): void {
    const mv = this.move;
    if (!mv?.chosen) return;
    this.send({ type: 'move', piece: mv.piece, mode: mv.mode, steps: mv.chosen.steps });
    this.move = null;
    this.render();
  }

  private send(action: unknown): void {
    this.room.send('action', action);
  }

  private onMapClick(hex: number, world: { x: number; y: number }): void {
    if (!this.view) return;
    const mv = this.move;
    if (mv) {
      const handle = this.handles.find((hd) => Math.hypot(hd.at.x - world.x, hd.at.y - world.y) <= 10);
      if (handle) {
        mv.chosen = handle.arrival;
        this.render();
        return;
      }
      const list = hex >= 0 ? mv.targets.get(hex) : undefined;
      if (list && list.length > 0) {
        mv.hex = hex;
        mv.chosen = list[0];
        this.render();
        return;
      }
      if (hex !== mv.origin) {
        mv.hex = null;
        mv.chosen = null;
        this.render();
        return;
      }
    }
    this.selectedHex = hex;
    if (hex < 0) {
      this.selected = null;
      this.render();
      return;
    }
    const stack = stacksOf(this.view).get(hex) ?? [];
    if (stack.length === 0) this.selected = null;
    else {
      const at = stack.findIndex((i) => i.id === this.selected);
      this.selected = stack[at < 0 ? 0 : (at + 1) % stack.length].id;
    }
    if (this.move && this.selected !== this.move.piece) this.move = null;
    this.render();
  }

  private onMapHover(hex: number): void {
    this.showHexInfo(hex);
    if (!this.move) return;
    if (this.move.hover === hex) return;
    this.move.hover = hex;
    if (!this.move.chosen) this.drawMap();
    const list = hex >= 0 ? this.move.targets.get(hex) : undefined;
    this.map.app.canvas.style.cursor = list ? 'pointer' : '';
  }

  /** The hovered hex: label, terrain, altitude, and the move cost in move mode. */
  private showHexInfo(hex: number): void {
    const el = this.hexInfo;
    const view = this.view;
    if (!view || hex < 0) {
      el.hidden = true;
      return;
    }
    const terrain = t(`terrain.${view.board.terrain[hex]}` as TextKey);
    let text = t('game.hexInfo', { hex: hexLabel(view.board, hex), terrain, alt: view.board.altitude[hex] ?? 0 });
    const list = this.move?.targets.get(hex);
    if (list?.length) text += ` · ${t('action.facingCost', { cost: num(list[0].cost, lang()) })}${stopsHere(list) ? ` · ${t('action.stopsHere')}` : ''}`;
    el.textContent = text;
    el.hidden = false;
  }

  private async leave(): Promise<void> {
    forget();
    for (const u of this.unsubscribers) u();
    try {
      await this.room.leave(true);
    } catch {
      /* already gone */
    }
    this.map.destroy();
    this.els.root.remove();
    delete window.__lames;
    this.onLeave();
  }
}

function wrap(g: Container): Container {
  const c = new Container();
  c.addChild(g);
  return c;
}
