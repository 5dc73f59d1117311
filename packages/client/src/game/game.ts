import { FACINGS, legalActions, planKey, reachable, type Arrival, type GameEvent, type GameState, type LossPlan, type MoveMode, type Seat } from '@lames/rules';
import { lang, onLangChange, pick, t, toggleLang } from '../i18n';
import { num } from '../ui/format-event';
import { drawCounters } from '../map/draw-counters';
import { stacksOf, type StackItem } from '../map/counters-model';
import { arrivalsByHex, drawFacingHandles, drawHexMarks, drawMoveOverlay, drawReach, drawSelectedHex, stopsHere, type FacingHandle, type HexMarkKind } from '../map/highlights';
import { MapView } from '../map/map-view';
import { loadObjectives } from '../map/objectives';
import { addHexCardLine, renderHexCard } from '../ui/hex-card';
import { setCurrentBattle, type BattleRoom, type DiceCommitment, type Welcome } from '../net/connection';
import { seatKeys } from '../net/keys';
import { confirmDialog } from '../ui/dialog';
import { decoyLabel } from '../ui/decoy-label';
import { SeatControls } from '../ui/seat-controls';
import { DeployController } from './deploy-controller';
import type { DecodedState } from '../state/decoded';
import { toView } from '../state/to-view';
import { renderActions, type OrdersPanel, type Picker } from '../ui/actions';
import * as api from './rules-api';
import { h } from '../ui/dom';
import { renderLog } from '../ui/log';
import { renderLosses } from '../ui/losses';
import { renderOffMap, renderSelection, renderStatus, renderWings, seatName } from '../ui/panel';
import { toast } from '../ui/toast';
import { mountChat, type ChatPanel } from '../ui/chat';
import { sideCss } from '../map/palette';
import { Container } from 'pixi.js';
import type { Interaction, InteractionHandlers } from './interactions/interaction';
import { FireInteraction } from './interactions/fire';
import { ReloadInteraction } from './interactions/reload';
import { SightInteraction } from './interactions/sight';

interface MoveState {
  piece: string;
  /** A move, or a flight (§2.6.12) previewed the same way. */
  action: 'move' | 'flee';
  shock: 'contact' | 'charge';
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
  /** Hexes highlighted as reachable in move mode, or offered by the hex picker. */
  targets: number[];
  /** The picker in progress: 'move', 'attack', 'hex', 'face', 'directive', 'takeCommand' or null. */
  picker: string | null;
  /** The interaction module in progress (fire, sight…) and its facts, for tests. */
  interaction: Record<string, unknown> | null;
  /** Attack options shown (shock/duel), for tests. */
  attackOptions: api.ShockOption[];
  /** The ways this seat may absorb a combat's losses (§2.7.4), while it decides. */
  lossChoices: LossPlan[];
  selected: string | null;
  send(action: unknown): void;
  log: GameEvent[];
}

/** Where the page goes when the battle is left. */
export interface GameExits {
  /** Back to the lobby, with a message when the seat was lost (taken over elsewhere, handed over). */
  leave(notice?: string): void;
  /** The connection is gone for good (the SDK's reconnection gave up): enter again with the seat's key. */
  lost(battleId: string): void;
}

declare global {
  interface Window {
    __lames?: TestHooks;
  }
}

/** The game page: map, side panel and log, driven by the room's state and messages. */
export class GamePage {
  private seat: Seat | null = null;
  private battleId = '';
  /** The seed's hash, and the seed once the battle has ended (issue 12). */
  private dice: DiceCommitment | null = null;
  /** The connection is closing on purpose (left, handed over, taken over elsewhere): no re-entry. */
  private closing = false;
  private readonly seatControls: SeatControls;
  private readonly deploy = new DeployController((action) => this.send(action));
  private view: GameState | null = null;
  private decoded: DecodedState | null = null;
  private log: GameEvent[] = [];
  private names = new Map<string, string>();
  private selected: string | null = null;
  private selectedHex = -1;
  private move: MoveState | null = null;
  private handles: FacingHandle[] = [];
  /** A choice other than a move in progress (attack target, hex, facing, directive, wing). */
  private picker: Picker | null = null;
  private pickerPiece: string | null = null;
  /** An interaction module in progress (fire, line of sight…): it owns the panel and the map's rings. */
  private interaction: Interaction | null = null;
  private faceHandles: { facing: number; at: { x: number; y: number } }[] = [];
  /** The plan chosen, not yet sent, while this seat decides a combat's losses (§2.7.4). */
  private lossChoice: LossPlan | null = null;
  /** The orders list while the activated leader distributes orders. */
  private orders: OrdersPanel | null = null;
  private map!: MapView;
  private mapReady = false;
  private frame = 0;
  private lastActivation = '';
  private readonly hexInfo = h('div', { class: 'hex-info hex-card', 'data-testid': 'hex-card', hidden: true });
  private unsubscribers: (() => void)[] = [];
  /** The chat (issue 12): mounted with the listeners, at once, so its history is not missed; placed in the sidebar by mount. */
  private readonly chat: ChatPanel;
  private readonly chatHost = h('div', { class: 'chat-host' });
  private readonly els: Record<'status' | 'wings' | 'selection' | 'actions' | 'log' | 'map' | 'root', HTMLElement>;

  constructor(
    private readonly room: BattleRoom,
    private readonly exits: GameExits,
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
    this.seatControls = new SeatControls(room, {
      handedOver: () => this.close(),
      expectClose: () => (this.closing = true),
      seatName: (seat) => (this.view ? seatName(this.view, seat) : seat),
      unclaimed: (seat) => !this.seatClaimed(seat),
    });
    // listen at once: the welcome message follows the join closely
    this.installHooks();
    this.listen();
    this.chat = mountChat(this.chatHost, room, { colourOf: (seat) => this.chatColour(seat) });
  }

  /** A side's colour on the map; the referee and spectators get neutral ones. */
  private chatColour(seat: string): string {
    if (seat === 'referee') return '#8a6a12';
    const sides = (this.room.state as { sides?: Iterable<{ id: string }> } | undefined)?.sides;
    return seat === 'spectator' || !sides ? 'var(--muted)' : sideCss([...sides], seat);
  }

  async mount(parent: HTMLElement): Promise<void> {
    const { root, map, status, wings, selection, actions, log } = this.els;
    const header = h(
      'header',
      { class: 'topbar' },
      h('div', { class: 'brand' }, h('span', { class: 'logo' }, '⚔'), h('span', {}, 'Lames'), h('span', { class: 'muted small brand-sub' }, 'Les Lames Maudites')),
      h('div', { class: 'spacer' }),
      h('button', { class: 'btn ghost', id: 'lang-toggle', title: t('lang.toggleTitle'), onclick: () => toggleLang() }, t('lang.toggle')),
      h('button', { class: 'btn ghost', id: 'leave', onclick: () => void this.leave() }, t('game.leave')),
    );
    const sidebar = h(
      'aside',
      { class: 'sidebar' },
      status,
      this.seatControls.el,
      h('section', { class: 'card' }, h('h3', { 'data-i18n': 'game.selection' }, t('game.selection')), selection, actions),
      h('details', { class: 'card', open: true }, h('summary', { 'data-i18n': 'game.wings' }, t('game.wings')), wings),
      h('section', { class: 'card log-card' }, h('h3', { 'data-i18n': 'game.log' }, t('game.log')), log),
      this.chatHost,
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
    // the objectives drawn on the map come from the public scenario list
    void loadObjectives().then(() => this.schedule());
    map.querySelector('.map-loading')?.remove();
    this.unsubscribers.push(
      onLangChange(() => {
        header.querySelector('#lang-toggle')!.textContent = t('lang.toggle');
        header.querySelector('#lang-toggle')!.setAttribute('title', t('lang.toggleTitle'));
        header.querySelector('#leave')!.textContent = t('game.leave');
        root.querySelectorAll<HTMLElement>('[data-i18n]').forEach((el) => (el.textContent = t(el.dataset.i18n as 'game.log')));
        this.seatControls.render();
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
      picker: null,
      attackOptions: [],
      interaction: null,
      lossChoices: [],
      selected: null,
      send: (action) => this.room.send('action', action),
      log: this.log,
    };
  }

  private listen(): void {
    const room = this.room;
    room.onMessage('welcome', (m: Welcome & { log?: GameEvent[] }) => {
      this.seat = m.seat;
      this.battleId = m.battleId;
      this.dice = m.dice ?? null;
      setCurrentBattle(m.battleId);
      this.seatControls.welcome(m.battleId, m.seat, m.invites);
      this.log = [...(m.log ?? [])];
      this.schedule();
    });
    // the seat's key was used elsewhere: that connection holds the seat now
    room.onMessage('seatTakenOver', () => {
      this.closing = true;
      this.close(t('game.takenOver'));
    });
    room.onMessage('events', (events: GameEvent[]) => {
      this.log.push(...events);
      this.schedule();
    });
    room.onMessage('rejected', (r: { code: string; section: string; message: { fr: string; en: string } }) => {
      this.deploy.rejected();
      toast(pick(r.message), 'error', r.section);
      this.schedule();
    });
    room.onMessage('storeError', () => toast(t('game.storeError'), 'error'));
    // the battle has ended: its seed is revealed, the export can be checked against the hash shown from the start
    room.onMessage('dice', (m: DiceCommitment) => {
      this.dice = m;
      this.schedule();
    });
    room.onStateChange(() => this.schedule());
    room.onDrop(() => toast(t('game.connectionLost'), 'error'));
    room.onReconnect(() => toast(t('game.reconnected')));
    room.onLeave(() => {
      if (this.closing) return;
      // the SDK's reconnection gave up (or the server closed the room): enter again with the key
      this.closing = true;
      const battleId = this.battleId;
      this.teardown();
      if (battleId && seatKeys.get(battleId)) this.exits.lost(battleId);
      else this.exits.leave(t('game.left'));
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
    // command points of the activation: synced by the server, else read from the log (commandPoints, orderGiven)
    if (view.activation && view.activation.commandPoints === undefined) {
      const points = this.pointsFromLog(view.activation.piece);
      if (points !== null) view.activation = { ...view.activation, commandPoints: points };
    }
    this.view = view;
    this.deploy.sync(view, this.seat);
    if (this.battleId && decoded.battleName) seatKeys.update(this.battleId, { battleName: decoded.battleName, scenarioId: decoded.scenarioId });
    for (const s of view.sides) this.names.set(s.id, s.name);
    for (const u of view.units) this.names.set(u.id, u.name);
    for (const w of view.wings) this.names.set(w.id, w.name);
    // the owner's decoys, by what they imitate (others only ever see covers)
    for (const d of view.decoys) this.names.set(d.id, decoyLabel(view, d.mimic));

    // follow the activation: select the activated piece, leave move mode when it changed
    const act = view.activation ? `${view.activation.piece}` : '';
    if (act !== this.lastActivation) {
      this.lastActivation = act;
      this.move = null;
      this.closePicker();
      if (act && view.units.some((u) => u.id === act && u.side === this.seat)) this.selected = act;
    }
    if (this.move) {
      const u = view.units.find((x) => x.id === this.move!.piece);
      if (!u || u.hex !== this.move.origin) this.move = null;
    }
    // a picker is stale once its piece acted (the state changed under it): rebuild it from the new view
    if (this.picker && this.pickerPiece && this.pickerPiece !== this.selected) this.closePicker();
    // a chosen way to absorb losses is forgotten once the decision is no longer awaited or no longer open
    if (this.lossChoice && !this.lossChoices().some((p) => planKey(p) === planKey(this.lossChoice!))) this.lossChoice = null;
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
    // a unit off the map (§2.6.10): selectable from the side panel, to return it
    const off = this.view.units.find((u) => u.id === this.selected && u.hex < 0 && !u.destroyed);
    if (off) return { item: { kind: 'unit', id: off.id, unit: off, rank: off.stackRank }, stack: [] };
    const decoy = this.view.decoys.find((d) => d.id === this.selected && d.hex < 0 && !!d.offMap);
    if (decoy) return { item: { kind: 'decoy', id: decoy.id, decoy, rank: decoy.stackRank }, stack: [] };
    return { item: null, stack: [] };
  }

  private render(): void {
    const view = this.view;
    if (!view || !this.seat) return;
    const { item, stack } = this.selectedItem();
    if (!item) this.selected = null;
    this.orders = this.seat === 'referee' || this.seat === 'spectator' ? null : this.ordersPanel();
    this.drawMap();
    renderStatus(this.els.status, view, this.seat, this.decoded?.battleName ?? '', this.decoded?.sides ?? [], this.decoded ?? undefined, { battleId: this.battleId, dice: this.dice });
    this.seatControls.render();
    const mine = this.seat === view.activeSide;
    renderWings(
      this.els.wings,
      view,
      (wing) => (mine && view.wings.find((w) => w.id === wing)?.side === this.seat ? legalActions(view, this.seat!, wing).find((a) => (a.type as string) === 'wingMorale') : undefined),
      (wing) => this.send({ type: 'wingMorale', wing }),
    );
    renderSelection(this.els.selection, view, item, stack, (id) => {
      this.selected = id;
      this.render();
    });
    renderOffMap(this.els.selection, view, this.seat, this.selected, (id) => {
      this.selected = id;
      this.move = null;
      this.closePicker();
      this.render();
    });
    this.renderActions(item);
    renderLog(this.els.log, this.log, view.board, (id) => this.names.get(id));
    document.title = `${seatName(view, this.seat)} — ${t('app.title')}`;
    const hooks = window.__lames;
    if (hooks) {
      hooks.selected = this.selected;
      hooks.targets = this.move ? [...this.move.targets.keys()] : this.picker?.kind === 'hex' ? this.picker.places.filter((o) => o.allowed && o.to !== null).map((o) => o.to!) : [];
      hooks.picker = this.move ? 'move' : (this.interaction?.kind ?? this.picker?.kind ?? null);
      hooks.interaction = this.interaction?.testFacts() ?? null;
      hooks.attackOptions = this.picker?.kind === 'attack' ? this.picker.options : [];
      hooks.lossChoices = this.lossChoices();
    }
  }

  private renderActions(item: StackItem | null): void {
    const view = this.view!;
    const seat = this.seat!;
    // the hidden deployment comes before anything else (§4.5.2)
    if (view.deployment) {
      this.deploy.render(this.els.actions, view, seat, () => this.render());
      return;
    }
    // a combat waits for the defender (§2.7.4): nothing else can be done meanwhile
    if (view.pendingLosses) {
      renderLosses(this.els.actions, view, seat, this.lossChoices(), this.lossChoice, {
        choose: (plan) => ((this.lossChoice = plan), this.render()),
        confirm: () => this.confirmLosses(),
      });
      return;
    }
    if (this.interaction) {
      this.els.actions.replaceChildren(this.interaction.panel(this.interactionHandlers()));
      return;
    }
    if (seat === 'referee' || seat === 'spectator') {
      this.els.actions.replaceChildren(h('p', { class: 'muted small', 'data-testid': 'observer' }, t(seat === 'referee' ? 'game.refereeNote' : 'game.spectatorNote')), this.toolsRow(item));
      return;
    }
    const piece = item ? item.id : null;
    const legal = piece ? legalActions(view, seat, piece) : [];
    const endTurn = legalActions(view, seat, piece ?? '').find((a) => a.type === 'endTurn');
    const forced = piece && item?.kind === 'unit' && item.unit.side === seat ? api.forcedAction(view, piece) : null;
    renderActions(this.els.actions, view, piece, legal, endTurn, this.panelPicker(), forced, this.orders, {
      oneClick: (type) => piece && this.send({ type, piece }),
      start: (type, mode) => piece && this.startPicker(piece, type, mode),
      endTurn: () => this.send({ type: 'endTurn' }),
      update: (f) => this.updatePicker(f),
      confirm: () => this.confirmPicker(),
      cancel: () => {
        this.move = null;
        this.closePicker();
        this.render();
      },
      giveOrder: (unit, points) => this.giveOrder(unit, points),
    });
    this.els.actions.appendChild(this.toolsRow(item));
  }

  private interactionHandlers(): InteractionHandlers {
    return {
      changed: () => this.render(),
      confirm: () => this.confirmPicker(),
      cancel: () => {
        this.closePicker();
        this.render();
      },
    };
  }

  /** Tools open to every seat for the selected unit on the map: its line of sight (and fire zone). */
  private toolsRow(item: StackItem | null): HTMLElement {
    const unit = item?.kind === 'unit' && item.unit.hex >= 0 ? item.unit : null;
    if (!unit) return h('div', { hidden: true });
    const open = () => {
      this.move = null;
      this.startPicker(unit.id, 'sight');
    };
    return h('div', { class: 'actions-group tools', 'data-group': 'tools' }, h('button', { class: 'btn', 'data-action': 'sight', onclick: open }, t('tool.sight')));
  }

  /** The ways this seat may absorb the pending losses; empty when it does not decide them. */
  private lossChoices(): LossPlan[] {
    return this.view && this.seat ? api.lossChoices(this.view, this.seat) : [];
  }

  private confirmLosses(): void {
    if (!this.lossChoice) return;
    this.send({ type: 'absorbLosses', ...this.lossChoice });
    this.lossChoice = null;
    this.render();
  }

  /** The orders list, while the activated piece may give orders (§2.5). */
  private ordersPanel(): OrdersPanel | null {
    const view = this.view!;
    const seat = this.seat!;
    const leader = view.activation?.piece;
    if (!leader || view.activeSide !== seat) return null;
    const give = legalActions(view, seat, leader).find((a) => (a.type as string) === 'giveOrder');
    const points = api.commandPointsLeft(view);
    // shown while the rules offer giveOrder, or while the activation holds command points (after distributeOrders)
    if (!give && points === null) return null;
    if (give && !give.allowed && points === null) return null;
    return { options: api.orderOptions(view, seat, leader), points };
  }

  /**
   * Command points left, read from the log when the synced state does not
   * carry them: the last roll or order of this activation of `leader`.
   */
  private pointsFromLog(leader: string): number | null {
    for (let i = this.log.length - 1; i >= 0; i--) {
      const e = this.log[i];
      if (e.type === 'orderGiven') return e.left;
      if (e.type === 'commandPoints') return e.unit === leader ? e.points : null;
      if (e.type === 'activated' || e.type === 'activationEnded') return null;
    }
    return null;
  }

  /** An order; `points` is the cost the player states for a decoy (sheet 000, Leurres). */
  private giveOrder(unit: string, points?: number): void {
    const leader = this.view?.activation?.piece;
    if (leader) this.send({ type: 'giveOrder', piece: leader, target: unit, ...(points !== undefined ? { points } : {}) });
  }

  /** The picker the panel shows: the move preview, or another choice. */
  private panelPicker(): Picker | null {
    const mv = this.move;
    if (mv) {
      return { kind: 'move', piece: mv.piece, action: mv.action, mode: mv.mode, count: mv.targets.size, hex: mv.hex, options: mv.hex !== null ? (mv.targets.get(mv.hex) ?? []) : [], chosen: mv.chosen, shock: mv.shock };
    }
    return this.picker;
  }

  private updatePicker(f: (p: Picker) => void): void {
    const mv = this.move;
    if (mv) {
      const p = this.panelPicker()!;
      f(p);
      if (p.kind === 'move') {
        mv.chosen = p.chosen;
        mv.shock = p.shock;
      }
    } else if (this.picker) f(this.picker);
    this.render();
  }

  private closePicker(): void {
    this.picker = null;
    this.interaction = null;
    this.pickerPiece = null;
    this.faceHandles = [];
  }

  /** Opens the choice an action needs, from the rules' option functions. */
  private startPicker(piece: string, type: string, mode?: MoveMode): void {
    const view = this.view!;
    const seat = this.seat!;
    const unit = view.units.find((u) => u.id === piece);
    this.move = null;
    this.closePicker();
    switch (type) {
      case 'move':
        this.startMove(piece, mode ?? 'normal');
        return;
      case 'flee': {
        if (!unit) return;
        this.move = { piece, action: 'flee', shock: 'contact', mode: 'normal', origin: unit.hex, targets: arrivalsByHex(api.fleeArrivals(view, seat, piece)), hover: -1, hex: null, chosen: null };
        break;
      }
      case 'shock':
      case 'duel': {
        const options = api.shockOptions(view, seat, piece).filter((o) => o.type === type);
        const first = options.find((o) => o.allowed);
        this.picker = { kind: 'attack', type, options, target: first?.target ?? null, supported: first?.supported ?? true, breath: !!first?.breath };
        break;
      }
      case 'withdraw':
      case 'returnToMap': {
        const places = type === 'withdraw' ? api.withdrawOptions(view, seat, piece) : api.returnOptions(view, seat, piece);
        const open = places.filter((o) => o.allowed);
        this.picker = { kind: 'hex', action: type, places, chosen: open.length === 1 ? open[0] : null };
        break;
      }
      case 'fire':
      case 'fireDuel':
        this.interaction = new FireInteraction({ view, seat, piece }, type);
        break;
      case 'sight':
        this.interaction = new SightInteraction({ view, seat, piece });
        break;
      case 'reload':
        this.interaction = new ReloadInteraction({ view, seat, piece });
        break;
      case 'face':
        this.picker = { kind: 'face', facings: api.faceOptions(view, seat, piece), current: unit?.facing ?? 0, chosen: null };
        break;
      case 'changeDirective':
        this.picker = { kind: 'directive', wing: view.wings.find((w) => w.id === unit?.wing), chosen: null };
        break;
      case 'takeCommand': {
        const wings = view.wings.filter((w) => w.side === seat);
        this.picker = { kind: 'takeCommand', wings, chosen: wings.find((w) => w.id === unit?.wing)?.id ?? null };
        break;
      }
      default:
        // an action the client has no picker for: send it as it is
        this.send({ type, piece });
        return;
    }
    this.pickerPiece = piece;
    if (unit) this.selectedHex = unit.hex;
    this.render();
  }

  private confirmPicker(): void {
    const piece = this.pickerPiece ?? this.move?.piece;
    if (this.move) return this.confirmMove();
    if (this.interaction) {
      const chosen = this.interaction.action();
      if (chosen === null) return;
      this.send(chosen);
      this.closePicker();
      this.render();
      return;
    }
    const p = this.picker;
    if (!p || !piece) return;
    let action: Record<string, unknown> | null = null;
    if (p.kind === 'attack' && p.target) action = { type: p.type, piece, target: p.target, supported: p.supported, ...(p.breath ? { breath: true } : {}) };
    if (p.kind === 'hex' && p.chosen) action = p.chosen.to !== null ? { type: p.action, piece, to: p.chosen.to } : { type: p.action, piece, exit: p.chosen.exit };
    if (p.kind === 'face' && p.chosen !== null) action = { type: 'face', piece, facing: p.chosen };
    if (p.kind === 'directive' && p.chosen) action = { type: 'changeDirective', piece, directive: p.chosen };
    if (p.kind === 'takeCommand' && p.chosen) action = { type: 'takeCommand', piece, wing: p.chosen };
    if (!action) return;
    this.send(action);
    this.closePicker();
    this.render();
  }

  private drawMap(): void {
    const view = this.view!;
    if (this.deploy.active(view, this.seat)) return this.drawDeployment(view);
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
      this.faceHandles = [];
      const hex = this.selectedPieceHex() ?? this.selectedHex;
      const marks = this.pickerMarks();
      const reach = new Container();
      if (hex >= 0) reach.addChild(drawSelectedHex(view.board, hex));
      if (marks.length) reach.addChild(drawHexMarks(view.board, marks));
      this.map.setLayer(this.map.reachLayer, reach);
      const p = this.picker;
      if (p?.kind === 'face' && hex >= 0) {
        const { layer: top, handles } = drawFacingHandles(view.board, hex, p.facings, p.chosen);
        this.faceHandles = handles;
        this.map.setLayer(this.map.overlayLayer, top);
      } else this.map.setLayer(this.map.overlayLayer, null);
    }
  }

  /** The deployment: the draft's pieces in place, the zone ringed, facing handles on the selected piece (§4.5.2). */
  private drawDeployment(view: GameState): void {
    const { layer } = drawCounters({ view: this.deploy.preview(view), lang: lang(), selected: this.deploy.selectedId(), ghost: null });
    this.map.setLayer(this.map.counterLayer, layer);
    const marks = this.deploy.marks(view);
    this.map.setLayer(this.map.reachLayer, marks.length ? drawHexMarks(view.board, marks) : null);
    this.handles = [];
    const at = this.deploy.facingAt();
    if (!at) {
      this.faceHandles = [];
      this.map.setLayer(this.map.overlayLayer, null);
      return;
    }
    const { layer: top, handles } = drawFacingHandles(view.board, at.hex, FACINGS, at.facing);
    this.faceHandles = handles;
    this.map.setLayer(this.map.overlayLayer, top);
  }

  /** Hexes ringed on the map for the picker in progress, or for the orders list. */
  private pickerMarks(): { hex: number; kind: HexMarkKind }[] {
    const view = this.view!;
    const hexOfUnit = (id: string) => view.units.find((u) => u.id === id)?.hex ?? view.decoys.find((d) => d.id === id)?.hex ?? -1;
    const choices = this.lossChoices();
    if (this.interaction && choices.length === 0) return this.interaction.marks();
    if (choices.length > 0) {
      const hexes = new Set(choices.flatMap((c) => (c.recoil === undefined ? [] : [c.recoil])));
      return [...hexes].map((hex) => ({ hex, kind: this.lossChoice?.recoil === hex ? 'chosen' : 'option' }));
    }
    const p = this.picker;
    if (p?.kind === 'attack') {
      const seen = new Map<number, HexMarkKind>();
      for (const o of p.options) {
        const hex = hexOfUnit(o.target);
        if (hex < 0) continue;
        const kind: HexMarkKind = o.target === p.target ? 'chosen' : o.allowed ? 'target' : 'refused';
        if (seen.get(hex) !== 'chosen' && !(seen.get(hex) === 'target' && kind === 'refused')) seen.set(hex, kind);
      }
      return [...seen].map(([hex, kind]) => ({ hex, kind }));
    }
    if (p?.kind === 'hex') return p.places.filter((o) => o.to !== null).map((o) => ({ hex: o.to!, kind: o === p.chosen ? 'chosen' : o.allowed ? 'option' : 'refused' }));
    if (!p && this.orders) return this.orders.options.filter((o) => o.allowed).map((o) => ({ hex: hexOfUnit(o.unit), kind: 'order' as const })).filter((m) => m.hex >= 0);
    return [];
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
    this.move = { piece, action: 'move', shock: 'contact', mode, origin: unit.hex, targets: arrivalsByHex(arrivals), hover: -1, hex: null, chosen: null };
    this.selectedHex = unit.hex;
    this.render();
  }

  private confirmMove(): void {
    const mv = this.move;
    if (!mv?.chosen) return;
    if (mv.action === 'flee') {
      const flee = mv.chosen as api.FleeArrival;
      this.send({ type: 'flee', piece: mv.piece, steps: flee.fleeSteps, threat: flee.threat });
    }
    else {
      // Only a marker the move rule accepts here (§2.6.8–2.6.9): contact is refused when the move engages nobody.
      const shock = api.shockToSend(mv.chosen, mv.shock);
      this.send({ type: 'move', piece: mv.piece, mode: mv.mode, steps: mv.chosen.steps, ...(shock ? { shock } : {}) });
    }
    this.move = null;
    this.render();
  }

  private send(action: unknown): void {
    this.room.send('action', action);
  }

  private onMapClick(hex: number, world: { x: number; y: number }): void {
    if (!this.view) return;
    if (this.deploy.active(this.view, this.seat) && this.deployClick(hex, world)) return;
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
    if (this.interaction?.click(hex)) {
      this.render();
      return;
    }
    if (this.pickerClick(hex, world)) return;
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

  /** A click while deploying: a facing handle, or a hex for the selected piece; true when used. */
  private deployClick(hex: number, world: { x: number; y: number }): boolean {
    const redraw = () => this.render();
    const hd = this.faceHandles.find((x) => Math.hypot(x.at.x - world.x, x.at.y - world.y) <= 11);
    if (hd) {
      this.deploy.face(hd.facing, redraw);
      return true;
    }
    return this.deploy.click(this.view!, hex, redraw);
  }

  /** A click that answers the picker in progress (or gives an order); true when used. */
  private pickerClick(hex: number, world: { x: number; y: number }): boolean {
    const view = this.view!;
    const p = this.picker;
    if (p?.kind === 'face') {
      const hd = this.faceHandles.find((x) => Math.hypot(x.at.x - world.x, x.at.y - world.y) <= 11);
      if (hd) {
        p.chosen = hd.facing;
        this.render();
        return true;
      }
    }
    if (hex < 0) return false;
    const recoil = this.lossChoices().find((c) => c.recoil === hex);
    if (recoil) {
      this.lossChoice = recoil;
      this.render();
      return true;
    }
    const place = p?.kind === 'hex' ? p.places.find((o) => o.to === hex && o.allowed) : undefined;
    if (p?.kind === 'hex' && place) {
      p.chosen = place;
      this.render();
      return true;
    }
    if (p?.kind === 'attack') {
      const here = p.options.filter((o) => view.units.find((u) => u.id === o.target)?.hex === hex);
      if (here.length > 0) {
        // a second click on the same hex goes to the next target there (a stack)
        const ids = [...new Set(here.map((o) => o.target))];
        const next = ids[(ids.indexOf(p.target ?? '') + 1) % ids.length];
        const best = here.find((o) => o.target === next && o.allowed) ?? here.find((o) => o.target === next)!;
        p.target = next;
        p.supported = best.supported;
        p.breath = !!best.breath;
        this.render();
        return true;
      }
    }
    if (!p && this.orders) {
      // a unit here first; a decoy's order from the map goes at its proposed cost
      const at = (id: string) => view.units.find((u) => u.id === id)?.hex ?? view.decoys.find((d) => d.id === id)?.hex;
      const o = this.orders.options.find((x) => x.allowed && at(x.unit) === hex);
      if (o) {
        this.giveOrder(o.unit);
        return true;
      }
    }
    return false;
  }

  private onMapHover(hex: number): void {
    this.showHexInfo(hex);
    if (this.interaction) {
      const line = this.interaction.hover(hex);
      if (line) addHexCardLine(this.hexInfo, line);
      this.drawMap();
      this.renderActions(this.selectedItem().item);
      return;
    }
    if (!this.move) return;
    if (this.move.hover === hex) return;
    this.move.hover = hex;
    if (!this.move.chosen) this.drawMap();
    const list = hex >= 0 ? this.move.targets.get(hex) : undefined;
    this.map.app.canvas.style.cursor = list ? 'pointer' : '';
  }

  /** The hovered hex's card (ui/hex-card.ts), and the move cost in move mode. */
  private showHexInfo(hex: number): void {
    const list = hex >= 0 ? this.move?.targets.get(hex) : undefined;
    const extra = list?.length ? [`${t('action.facingCost', { cost: num(list[0].cost, lang()) })}${stopsHere(list) ? ` · ${t('action.stopsHere')}` : ''}`] : [];
    renderHexCard(this.hexInfo, this.view, hex, lang(), extra);
  }

  /** "Quitter": the seat stays this player's; the personal link (or the lobby) brings them back. */
  private async leave(): Promise<void> {
    const player = this.seat !== null && this.seat !== 'spectator' && !!seatKeys.get(this.battleId);
    const ok = await confirmDialog(t('game.leaveTitle'), t(player ? 'game.leaveText' : 'game.leaveTextSpectator'), t('game.leave'), 'leave-dialog');
    if (!ok) return;
    this.closing = true;
    try {
      await this.room.leave(true);
    } catch {
      /* already gone */
    }
    this.close();
  }

  /** Off the page and back to the lobby, the tab no longer in this battle. */
  private close(notice?: string): void {
    this.closing = true;
    setCurrentBattle(null);
    this.teardown();
    this.exits.leave(notice);
  }

  private teardown(): void {
    if (!this.els.root.isConnected) return;
    for (const u of this.unsubscribers) u();
    this.chat.destroy();
    if (this.mapReady) this.map.destroy();
    this.mapReady = false;
    this.els.root.remove();
    delete window.__lames;
  }

  /** Whether someone holds `seat` (the synced seats). */
  private seatClaimed(seat: Seat): boolean {
    const d = this.decoded;
    if (!d) return false;
    if (seat === 'referee') return !!d.refereeClaimed;
    return !!d.sides.find((s) => s.id === seat)?.claimed;
  }

}
