import { decodeEvents, EVENTS_MESSAGE, wireNamesOf, type NamedState, FACINGS, legalActions, piecesToActivate, planKey, type GameEvent, type GameState, type LossPlan, type MoveMode, type Seat } from '@lames/rules';
import { lang, onLangChange, pick, t, toggleLang, type TextKey } from '../i18n';
import { drawCounters } from '../map/draw-counters';
import { stacksOf, type StackItem } from '../map/counters-model';
import { hoverHexes, selectionHexes } from '../map/body-rings';
import { drawBodyHighlight, drawFacingHandles, drawHexMarks, drawSelectedHex, type HexMarkKind } from '../map/highlights';
import { MapView } from '../map/map-view';
import { loadObjectives } from '../map/objectives';
import { addHexCardLine, renderHexCard } from '../ui/hex-card';
import { replayButton, replayButtonText } from '../replay/links';
import { setCurrentBattle, type BattleRoom, type DiceCommitment, type Welcome } from '../net/connection';
import { seatKeys } from '../net/keys';
import { confirmDialog } from '../ui/dialog';
import { decoyLabel } from '../ui/decoy-label';
import { SeatControls } from '../ui/seat-controls';
import { DeployController } from './deploy-controller';
import type { DecodedState } from '../state/decoded';
import { toView } from '../state/to-view';
import { oddsText, renderActions, type OrdersPanel, type Picker } from '../ui/actions';
import * as api from './rules-api';
import { h } from '../ui/dom';
import { renderLog } from '../ui/log';
import { renderLosses } from '../ui/losses';
import { renderOffMap, renderSelection, renderStatus, renderWings, seatName } from '../ui/panel';
import { toast } from '../ui/toast';
import { renderPrefs } from '../ui/prefs';
import { PageLayout } from './page-layout';
import { TurnAndResult } from './turn-and-result';
import { PageKeys } from './keyboard';
import { actablePieces, cycle, type SelectKey } from './key-select';
import { testOdds } from './test-odds';
import { mountChat, type ChatPanel } from '../ui/chat';
import { ClockPanel } from '../ui/clocks';
import { sideCss } from '../map/palette';
import { Container } from 'pixi.js';
import type { Interaction, InteractionHandlers } from './interactions/interaction';
import { FireInteraction } from './interactions/fire';
import { ReloadInteraction } from './interactions/reload';
import { SightInteraction } from './interactions/sight';
import { MoveInteraction } from './interactions/move';
import { BodyInteraction } from './interactions/body';
import { PlacePicker } from './interactions/place-picker';
import { AttackInteraction } from './interactions/attack';
import { formationInteraction } from './interactions/formation';
import { SecondAttackOffers } from './interactions/second-attack-offer';
import { recoilAt, recoilMarks } from './loss-recoil';

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
  /** The actions the server has accepted so far (the room state's count), as this page has drawn them: a test waits on it. */
  actionCount: number;
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
  /** The hex under the pointer, for the ring of a formation standing there. */
  private hoverHex = -1;
  /** A small choice in progress (hex, facing, directive, wing). */
  private picker: Picker | null = null;
  private pickerPiece: string | null = null;
  /** An interaction module in progress (move, attack, fire, line of sight…): it owns the panel and the map's rings. */
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
  private layout: PageLayout | null = null;
  /** The turn banner, tab title and favicon, and the result card of the last dice. */
  private readonly turn = new TurnAndResult(() => this.layout);
  private readonly keys = new PageKeys({
    panel: () => this.layout?.side ?? null,
    cancel: () => this.cancelAll(),
    select: (key) => this.keySelect(key),
  });
  /** A formation's second attack, offered once its first is over (§3.3.8). */
  private readonly secondAttacks = new SecondAttackOffers();
  /** The candidate hex the keyboard is on (] / [), while an interaction is open. */
  private candidateHex = -1;
  /** The chat (issue 12): mounted with the listeners, at once, so its history is not missed; placed in the sidebar by mount. */
  private readonly chat: ChatPanel;
  private readonly chatHost = h('div', { class: 'chat-host' });
  /** The time control's clocks (issue 12): listening from the start, like the chat, so the first view is not missed. */
  private readonly clocks: ClockPanel;
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
    this.clocks = new ClockPanel(room, { seat: () => this.seat, sideName: (side) => this.names.get(side) ?? side });
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
      replayButton(() => this.battleId),
      h('button', { class: 'btn ghost', id: 'leave', onclick: () => void this.leave() }, t('game.leave')),
    );
    const card = (key: TextKey, ...body: HTMLElement[]) => h('section', { class: 'card' }, h('h3', { 'data-i18n': key }, t(key)), ...body);
    this.layout = new PageLayout(root, header, map, {
      unit: [card('game.selection', selection)],
      actions: [card('page.tab.actions', actions)],
      game: [status, this.clocks.el, this.seatControls.el, h('details', { class: 'card', open: true }, h('summary', { 'data-i18n': 'game.wings' }, t('game.wings')), wings), renderPrefs()],
      log: [h('section', { class: 'card log-card' }, h('h3', { 'data-i18n': 'game.log' }, t('game.log')), log)],
      chat: [this.chatHost],
    });
    // the clocks' bar right under the turn banner, in view whatever the tab (issue 12)
    this.layout.banner.after(this.clocks.strip);
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
        replayButtonText(header);
        root.querySelectorAll<HTMLElement>('[data-i18n]').forEach((el) => (el.textContent = t(el.dataset.i18n as 'game.log')));
        this.seatControls.render();
        this.render();
      }),
    );
    this.keys.attach();
    this.unsubscribers.push(() => this.keys.detach());
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
      actionCount: 0,
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
    room.onMessage(EVENTS_MESSAGE, (bytes: Uint8Array) => {
      // the action's patch came first: the room state holds the names the server used (@lames/rules wire/events.ts)
      const events = decodeEvents(bytes, wireNamesOf(this.room.state as NamedState));
      this.log.push(...events);
      this.turn.received(events);
      this.schedule();
    });
    room.onMessage('rejected', (r: { code: string; section: string; message: { fr: string; en: string } }) => {
      this.deploy.rejected();
      toast(pick(r.message), 'error', r.section);
      this.schedule();
    });
    room.onMessage('storeError', () => toast(t('game.storeError'), 'error'));
    // the organiser's hand on the battle (issue 12): a pause, its end, a seat given to someone else
    room.onMessage('battleLocked', (m: { locked: boolean }) => toast(m.locked ? t('game.locked') : t('game.unlocked'), m.locked ? 'error' : 'info'));
    room.onMessage('battleClosed', (m: { reason: string; adjudicated?: { winner: string | null } }) => {
      this.closing = true;
      // the battle is over for good: the room stays only to refuse late actions, this page leaves it
      void room.leave(true).catch(() => undefined);
      this.close(t(m.adjudicated ? 'game.adjudicated' : 'game.closed', { reason: m.reason }));
    });
    room.onMessage('seatReassigned', () => {
      this.closing = true;
      if (this.battleId) seatKeys.forget(this.battleId);
      this.close(t('game.reassigned'));
    });
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
    // the clocks name the sides once the state has them
    this.clocks.render();

    // follow the activation: select the activated piece, leave move mode when it changed
    const act = view.activation ? `${view.activation.piece}` : '';
    if (act !== this.lastActivation) {
      this.lastActivation = act;
      this.closePicker();
      if (act && view.units.some((u) => u.id === act && u.side === this.seat)) this.selected = act;
    }
    if (this.interaction?.stale?.(view)) this.closePicker();
    // a choice is stale once another piece is selected or its piece acted (the state changed under it)
    if (this.picker && this.pickerPiece && this.pickerPiece !== this.selected) this.closePicker();
    if (this.interaction && this.interaction.piece !== this.selected) this.closePicker();
    this.offerSecondAttack(view, this.seat);
    // a chosen way to absorb losses is forgotten once the decision is no longer awaited or no longer open
    if (this.lossChoice && !this.lossChoices().some((p) => planKey(p) === planKey(this.lossChoice!))) this.lossChoice = null;
    this.map.setBoard(view.board);
    this.render();
    const hooks = window.__lames!;
    hooks.seat = this.seat;
    hooks.view = view;
    hooks.ready = true;
    hooks.log = this.log;
    hooks.actionCount = decoded.actionCount ?? 0;
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
      this.closePicker();
      this.render();
    });
    this.renderActions(item);
    renderLog(this.els.log, this.log, view.board, (id) => this.names.get(id));
    this.turn.render(view, this.seat, this.decoded?.battleName ?? view.scenarioId, (id) => this.names.get(id), () => this.dismissResult());
    const hooks = window.__lames;
    if (hooks) {
      hooks.selected = this.selected;
      hooks.targets = this.interaction?.targets?.() ?? (this.picker?.kind === 'hex' ? this.picker.places.filter((o) => o.allowed && o.to !== null).map((o) => o.to!) : []);
      hooks.picker = this.interaction?.kind ?? this.picker?.kind ?? null;
      hooks.interaction = this.interaction ? { ...this.interaction.testFacts(), candidate: this.candidateHex } : null;
      hooks.attackOptions = this.interaction instanceof AttackInteraction ? this.interaction.options() : [];
      hooks.lossChoices = this.lossChoices();
    }
  }

  private dismissResult(): void {
    if (this.turn.dismiss()) this.render();
  }

  /** Escape: the result card first, then the choice in progress. */
  private cancelAll(): void {
    if (this.turn.dismiss()) return this.render();
    if (!this.picker && !this.interaction) return;
    this.closePicker();
    this.render();
  }

  /** "Fin du tour": with pieces not yet activated, the player confirms first (they would be activated without acting). */
  private async endTurn(): Promise<void> {
    const view = this.view;
    const seat = this.seat;
    if (!view || !seat) return;
    const left = piecesToActivate(view, seat).length;
    if (left > 0) {
      const ok = await confirmDialog(t('page.endTurnTitle'), t('page.endTurnText', { n: left }), t('page.endTurnOk'), 'end-turn-dialog');
      if (!ok) return;
    }
    this.send({ type: 'endTurn' });
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
      this.els.actions.replaceChildren(this.interaction.panel(this.interactionHandlers()), ...this.keysHint());
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
    renderActions(this.els.actions, view, piece, legal, endTurn, this.picker, forced, this.orders, {
      oneClick: (type) => piece && this.send({ type, piece }),
      start: (type, mode) => piece && this.startPicker(piece, type, mode),
      endTurn: () => void this.endTurn(),
      odds: (type) => (piece ? testOdds(view, seat, piece, type) : null),
      update: (f) => this.updatePicker(f),
      confirm: () => this.confirmPicker(),
      cancel: () => {
        this.closePicker();
        this.render();
      },
      giveOrder: (unit, points) => this.giveOrder(unit, points),
    });
    // a withdrawal owes the disengagement test when engaged (§2.6.14.1): its odds above the hexes to choose
    const odds = this.picker?.kind === 'hex' && this.picker.action === 'withdraw' && piece ? testOdds(view, seat, piece, 'withdraw') : null;
    if (odds) this.els.actions.querySelector('.move-title')?.after(h('p', { class: 'hint', 'data-testid': 'withdraw-odds' }, oddsText(odds).full));
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
      send: (action) => {
        this.send(action);
        this.closePicker();
        this.render();
      },
    };
  }

  /** Under an interaction's panel: the keys that choose its hexes (and a move's facing) without a mouse. */
  private keysHint(): HTMLElement[] {
    if (!this.interaction?.candidates?.().length) return [];
    const keys = [t('keyboard.candidates'), ...(this.interaction instanceof PlacePicker ? [t('keyboard.facing')] : [])];
    return [h('p', { class: 'hint small keys-hint', 'data-testid': 'keys-hint' }, `⌨ ${keys.join(' · ')}`)];
  }

  /** Tools open to every seat for the selected unit on the map: its line of sight (and fire zone). */
  private toolsRow(item: StackItem | null): HTMLElement {
    const unit = item?.kind === 'unit' && item.unit.hex >= 0 ? item.unit : null;
    if (!unit) return h('div', { hidden: true });
    const open = () => this.startPicker(unit.id, 'sight');
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

  private updatePicker(f: (p: Picker) => void): void {
    if (this.picker) f(this.picker);
    this.render();
  }

  private closePicker(): void {
    this.picker = null;
    this.interaction = null;
    this.pickerPiece = null;
    this.faceHandles = [];
    this.candidateHex = -1;
  }

  /**
   * The keyboard's selection (game/key-select.ts): the next piece that can
   * still act, the interaction's next candidate hex (made into the click the
   * mouse would make), or the move's next facing. False when nothing to do,
   * so the key stays the browser's.
   */
  private keySelect(key: SelectKey): boolean {
    const view = this.view;
    if (!view || !this.seat || view.deployment) return false;
    if (key.kind === 'piece') {
      const next = cycle(actablePieces(view, this.seat), this.selected, key.dir);
      if (!next) return false;
      this.selected = next;
      if (this.interaction && this.interaction.piece !== next) this.closePicker();
      if (this.pickerPiece && this.pickerPiece !== next) this.closePicker();
      this.selectedHex = this.selectedPieceHex() ?? -1;
      this.map.showHex(this.selectedHex);
      this.layout?.show('actions');
    } else if (key.kind === 'candidate') {
      const next = cycle(this.interaction?.candidates?.() ?? [], this.candidateHex, key.dir);
      if (next === null || !this.interaction) return false;
      this.candidateHex = next;
      this.interaction.click(next);
      this.map.showHex(next, true);
    } else if (!(this.interaction instanceof PlacePicker && this.interaction.rotate(key.dir))) return false;
    this.render();
    return true;
  }

  /** Opens the choice an action needs, from the rules' option functions. */
  private startPicker(piece: string, type: string, mode?: MoveMode): void {
    if (this.openPicker(piece, type, mode)) this.render();
  }

  /** The picker or interaction of an action, not drawn yet; false when none opened (the action went as it is). */
  private openPicker(piece: string, type: string, mode?: MoveMode): boolean {
    const view = this.view!;
    const seat = this.seat!;
    const unit = view.units.find((u) => u.id === piece);
    this.closePicker();
    // a formation moves, withdraws and faces as a body of two hexes (§3.3.7): its own interaction
    const body = unit?.secondHex !== undefined && (type === 'move' || type === 'withdraw' || type === 'face') ? type : null;
    if (body) this.interaction = new BodyInteraction({ view, seat, piece }, body, mode ?? 'normal');
    else if (!this.startOtherPicker(piece, type, mode)) return false;
    this.pickerPiece = piece;
    if (unit) this.selectedHex = unit.hex;
    return true;
  }

  /** A formation between its two attacks (§3.3.8): the second attack's panel opens by itself, once, on the actions tab. */
  private offerSecondAttack(view: GameState, seat: Seat): void {
    const due = this.secondAttacks.next(view, seat, !!(this.interaction || this.picker));
    if (!due) return;
    this.selected = due.piece;
    if (!this.openPicker(due.piece, due.type)) return;
    this.layout?.show('actions');
    // on a phone, zoomed in on the attacking hexes and their targets
    this.map.readHexes(this.interaction?.focus?.() ?? []);
  }

  /** Any piece's picker but a formation's move, withdrawal or face; false when none opened (the action went as it is). */
  private startOtherPicker(piece: string, type: string, mode?: MoveMode): boolean {
    const view = this.view!;
    const seat = this.seat!;
    const unit = view.units.find((u) => u.id === piece);
    switch (type) {
      case 'move':
      case 'flee':
        if (!unit) return false;
        this.interaction = new MoveInteraction({ view, seat, piece }, type, mode ?? 'normal');
        break;
      case 'shock':
      case 'duel':
        this.interaction = new AttackInteraction({ view, seat, piece }, type);
        break;
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
      case 'fuse':
      case 'constitute':
      case 'joinFormation':
      case 'leaveFormation':
      case 'breakFormation':
      case 'changeMode':
        this.interaction = formationInteraction({ view, seat, piece }, type);
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
        return false;
    }
    return true;
  }

  private confirmPicker(): void {
    const piece = this.pickerPiece;
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
    const { layer } = drawCounters({ view, lang: lang(), selected: this.selected, ghost: this.interaction?.ghost?.() ?? null });
    this.map.setLayer(this.map.counterLayer, layer);
    // an interaction that draws its own map (a move's reach and path) replaces the rings
    const own = this.lossChoices().length === 0 ? this.interaction?.draw?.() : undefined;
    if (own) {
      this.faceHandles = [];
      const under = new Container();
      if (own.under) under.addChild(own.under);
      if (this.candidateHex >= 0) under.addChild(drawSelectedHex(view.board, this.candidateHex));
      this.map.setLayer(this.map.reachLayer, under);
      this.map.setLayer(this.map.overlayLayer, own.over);
      return;
    }
    this.faceHandles = [];
    const hex = this.selectedPieceHex() ?? this.selectedHex;
    const marks = this.pickerMarks();
    const reach = new Container();
    reach.addChild(drawBodyHighlight(view.board, selectionHexes(view, this.selected, hex), 'selected'));
    reach.addChild(drawBodyHighlight(view.board, hoverHexes(view, this.hoverHex), 'hover'));
    if (marks.length) reach.addChild(drawHexMarks(view.board, marks));
    if (this.interaction && this.candidateHex >= 0) reach.addChild(drawSelectedHex(view.board, this.candidateHex));
    this.map.setLayer(this.map.reachLayer, reach);
    const p = this.picker;
    if (p?.kind === 'face' && hex >= 0) {
      const { layer: top, handles } = drawFacingHandles(view.board, hex, p.facings, p.chosen);
      this.faceHandles = handles;
      this.map.setLayer(this.map.overlayLayer, top);
    } else this.map.setLayer(this.map.overlayLayer, null);
  }

  /** The deployment: the draft's pieces in place, the zone ringed, facing handles on the selected piece (§4.5.2). */
  private drawDeployment(view: GameState): void {
    const { layer } = drawCounters({ view: this.deploy.preview(view), lang: lang(), selected: this.deploy.selectedId(), ghost: null });
    this.map.setLayer(this.map.counterLayer, layer);
    const marks = this.deploy.marks(view);
    this.map.setLayer(this.map.reachLayer, marks.length ? drawHexMarks(view.board, marks) : null);
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
    if (choices.length > 0) return recoilMarks(choices, this.lossChoice);
    const p = this.picker;
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

  /** Every action goes through here: the player acted, so the last result card is done with. */
  private send(action: unknown): void {
    this.turn.clear();
    this.room.send('action', action);
  }

  private onMapClick(hex: number, world: { x: number; y: number }): void {
    if (!this.view) return;
    if (this.deploy.active(this.view, this.seat) && this.deployClick(hex, world)) return;
    if (this.interaction?.click(hex, world)) {
      // the keyboard's ] / [ go on from the hex the mouse chose
      this.candidateHex = hex;
      this.map.readHexes(this.interaction.focus?.() ?? []);
      this.render();
      return;
    }
    const missed = hex >= 0 ? this.interaction?.missed?.(hex) : null;
    if (missed) toast(missed);
    if (this.pickerClick(hex, world)) return;
    if (hex >= 0 && !missed && this.picker?.kind === 'hex') toast(t('page.noop.hex'));
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
      // on a phone, a piece tapped brings its actions up
      this.layout?.show('actions');
    }
    if (this.interaction && this.selected !== this.interaction.piece) this.closePicker();
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
    const recoil = recoilAt(this.lossChoices(), hex, this.lossChoice);
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
    // a formation under the pointer rings both its hexes: redraw only when that ring changes
    const view = this.view;
    const ringChanged = !!view && hoverHexes(view, hex).join() !== hoverHexes(view, this.hoverHex).join();
    this.hoverHex = hex;
    if (ringChanged && !this.interaction) this.drawMap();
    if (this.interaction) {
      const line = this.interaction.hover(hex);
      if (line) addHexCardLine(this.hexInfo, line);
      this.map.app.canvas.style.cursor = line ? 'pointer' : '';
      this.drawMap();
      this.renderActions(this.selectedItem().item);
      return;
    }
    this.map.app.canvas.style.cursor = '';
  }

  /** The hovered hex's card (ui/hex-card.ts); the interaction in progress adds its line. */
  private showHexInfo(hex: number): void {
    renderHexCard(this.hexInfo, this.view, hex, lang());
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
    this.clocks.destroy();
    if (this.mapReady) this.map.destroy();
    this.mapReady = false;
    this.els.root.remove();
    this.turn.reset();
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
