import type { SideId } from '@lames/rules';
import { onLangChange, t, toggleLang, type TextKey } from '../i18n';
import { fetchBattlePage, fetchScenarios, lookupBattles, type BattlePage, type BattleSummary, type ScenarioSummary } from '../net/api';
import { createBattle, enterBattle, storedName, storeName, type BattleRoom, type EnterOptions } from '../net/connection';
import { errorText, failureOf } from '../net/errors';
import { seatKeys, type HeldSeat } from '../net/keys';
import type { SeatLink } from '../net/links';
import { confirmDialog } from '../ui/dialog';
import { clear, h } from '../ui/dom';
import { DEFAULT_TIME_CONTROL_FORM, timeControlOption } from '../ui/clock-model';
import { renderCreateForm, type CreateForm } from './create-form';
import { renderMyBattles } from './my-battles';
import { renderOpenBattles } from './open-battles';

export interface LobbyOptions {
  /** A link followed before the player gave a name: entered once they have. */
  link?: SeatLink;
  /** Why the player is back in the lobby (a seat taken over, a failed link…); a function is asked again in each language. */
  notice?: string | (() => string);
  /** Opens the organiser page (the lobby's discreet link to #/organiser, issue 12). */
  organiser?: () => void;
}

/**
 * The lobby: the player's name, "Mes batailles" (the seats this browser
 * holds), a new battle, and the listed battles. It composes the three cards
 * and does the connecting; each card only draws.
 */
export class Lobby {
  private scenarios: ScenarioSummary[] = [];
  private form: CreateForm = { scenarioId: '', battleName: '', seat: 'referee', listed: true, referee: false, spectatorChat: 'amongThemselves', timeControl: { ...DEFAULT_TIME_CONTROL_FORM }, broadcastDelay: 0 };
  private playerName = storedName();
  private held: HeldSeat[] = seatKeys.list();
  private summaries: Map<string, BattleSummary> | null = null;
  private page: BattlePage | null = null;
  private pageNo = 0;
  /** Each card's error, as a function of the language: switching languages rewrites it, never leaves it in the other one. */
  private errors: Record<'create' | 'mine' | 'open' | 'link', (() => string) | null> = { create: null, mine: null, open: null, link: null };
  private busy = false;
  private readonly root = h('div', { class: 'lobby' });
  private readonly offLang: () => void;
  private timer = 0;

  constructor(
    private readonly onEnter: (room: BattleRoom) => void,
    private readonly options: LobbyOptions = {},
  ) {
    this.offLang = onLangChange(() => this.render());
  }

  mount(parent: HTMLElement): void {
    parent.appendChild(this.root);
    this.render();
    void this.loadScenarios();
    void this.refresh();
    this.timer = window.setInterval(() => void this.refresh(true), 10_000);
  }

  private openOrganiser(): void {
    this.unmount();
    history.replaceState(null, '', '#/organiser');
    this.options.organiser!();
  }

  unmount(): void {
    window.clearInterval(this.timer);
    this.offLang();
    this.root.remove();
  }

  private async loadScenarios(): Promise<void> {
    try {
      this.scenarios = await fetchScenarios();
      if (!this.form.scenarioId && this.scenarios[0]) {
        this.form.scenarioId = this.scenarios[0].id;
        this.form.seat = this.scenarios[0].sides[0]?.id ?? 'referee';
      }
      this.errors.create = null;
    } catch (e) {
      this.errors.create = failed('lobby.errorScenarios', e);
    }
    this.render();
  }

  /** Reloads both lists; a quiet (periodic) refresh redraws only when something changed. */
  private async refresh(quiet = false): Promise<void> {
    if (quiet && this.busy) return;
    const before = JSON.stringify([this.page, [...(this.summaries ?? [])]]);
    this.held = seatKeys.list();
    await Promise.all([this.loadMine(quiet), this.loadPage(this.pageNo, quiet)]);
    if (!quiet || JSON.stringify([this.page, [...(this.summaries ?? [])]]) !== before) this.render();
  }

  private async loadMine(quiet: boolean): Promise<void> {
    try {
      const list = await lookupBattles(this.held.map((s) => s.battleId));
      this.summaries = new Map(list.map((s) => [s.battleId, s]));
      this.errors.mine = null;
      for (const s of list) if (s.battleName) seatKeys.update(s.battleId, { battleName: s.battleName, scenarioId: s.scenarioId });
    } catch (e) {
      if (!quiet) this.summaries = new Map();
      this.errors.mine = failed('lobby.errorBattles', e);
    }
  }

  private async loadPage(n: number, quiet: boolean): Promise<void> {
    try {
      this.page = await fetchBattlePage(n);
      this.pageNo = this.page.page;
      this.errors.open = null;
    } catch (e) {
      if (!quiet) this.page = { battles: [], page: n, more: false };
      this.errors.open = failed('lobby.errorBattles', e);
    }
  }

  private nameOk(slot: keyof Lobby['errors']): boolean {
    if (this.playerName.trim()) return true;
    this.errors[slot] = () => t('lobby.nameRequired');
    this.render();
    document.getElementById('player-name')?.focus();
    return false;
  }

  private async create(): Promise<void> {
    if (!this.nameOk('create')) return;
    const f = this.form;
    await this.connect('create', () =>
      createBattle({
        scenarioId: f.scenarioId,
        ...(f.battleName.trim() ? { battleName: f.battleName.trim() } : {}),
        playerName: this.playerName.trim(),
        seat: f.seat,
        listed: f.listed,
        referee: f.referee || f.seat === 'referee',
        spectatorChat: f.spectatorChat,
        ...(timeControlOption(f.timeControl) && { timeControl: timeControlOption(f.timeControl) }),
        ...(f.broadcastDelay > 0 && { broadcastDelay: f.broadcastDelay }),
      }),
    );
  }

  private async enter(battleId: string, options: Omit<EnterOptions, 'playerName'>, slot: keyof Lobby['errors']): Promise<void> {
    if (!this.nameOk(slot)) return;
    await this.connect(slot, () => enterBattle(battleId, { playerName: this.playerName.trim(), ...options }));
  }

  /** Opens a room through `open`, showing the lobby busy meanwhile and the error in `slot` if it fails. */
  private async connect(slot: keyof Lobby['errors'], open: () => Promise<BattleRoom>): Promise<void> {
    this.busy = true;
    this.errors[slot] = null;
    this.render();
    try {
      const room = await open();
      storeName(this.playerName);
      this.unmount();
      this.onEnter(room);
    } catch (e) {
      this.busy = false;
      this.errors[slot] = failed(slot === 'create' ? 'lobby.errorCreate' : 'lobby.errorJoin', e);
      // the server's own words (a validation detail) are for the console, not the card
      const detail = failureOf(e).detail;
      if (detail) console.warn(detail);
      this.render();
    }
  }

  private async forget(held: HeldSeat): Promise<void> {
    const ok = await confirmDialog(t('lobby.forgetTitle'), t('lobby.forgetText', { battle: held.battleName || held.battleId }), t('lobby.forget'));
    if (!ok) return;
    seatKeys.forget(held.battleId);
    this.held = seatKeys.list();
    this.render();
  }

  private render(): void {
    const focused = document.activeElement?.id;
    clear(this.root);
    const name = h('input', { id: 'player-name', type: 'text', value: this.playerName, placeholder: t('lobby.playerNamePlaceholder'), autocomplete: 'off', maxlength: 40 });
    name.addEventListener('input', () => (this.playerName = name.value));
    const heldIds = new Set(this.held.map((s) => s.battleId));
    this.root.append(
      h(
        'header',
        { class: 'topbar' },
        h('div', { class: 'brand' }, h('span', { class: 'logo' }, '⚔'), h('span', {}, 'Lames'), h('span', { class: 'muted small brand-sub' }, t('app.tagline'))),
        h('div', { class: 'spacer' }),
        h('button', { class: 'btn ghost', id: 'lang-toggle', title: t('lang.toggleTitle'), onclick: () => toggleLang() }, t('lang.toggle')),
      ),
      h(
        'div',
        { class: 'lobby-body' },
        this.options.notice ? h('div', { class: 'card notice', role: 'status', 'data-testid': 'lobby-notice' }, typeof this.options.notice === 'function' ? this.options.notice() : this.options.notice) : null,
        h('section', { class: 'card name-card' }, h('label', { for: 'player-name' }, t('lobby.playerName')), name),
        this.linkCard(),
        renderMyBattles(this.held, this.summaries, this.errors.mine?.() ?? '', this.busy, {
          resume: (s) => void this.enter(s.battleId, { key: s.key }, 'mine'),
          forget: (s) => void this.forget(s),
        }),
        h(
          'div',
          { class: 'lobby-columns' },
          renderCreateForm(this.scenarios, this.form, this.errors.create?.() ?? '', this.busy, {
            change: (f, redraw) => (f(this.form), redraw && this.render()),
            create: () => void this.create(),
          }),
          renderOpenBattles(this.page, heldIds, this.errors.open?.() ?? '', this.busy, {
            claim: (b, side: SideId) => void this.enter(b.battleId, { seat: side }, 'open'),
            spectate: (b) => void this.enter(b.battleId, { seat: 'spectator' }, 'open'),
            page: (n) => void this.loadPage(n, false).then(() => this.render()),
            refresh: () => void this.refresh(),
          }),
        ),
        this.options.organiser ? h('footer', { class: 'lobby-footer muted small' }, h('a', { href: '#/organiser', id: 'organiser-link', onclick: (e: Event) => (e.preventDefault(), this.openOrganiser()) }, t('lobby.organiserLink'))) : null,
      ),
    );
    if (focused) (document.getElementById(focused) as HTMLInputElement | null)?.focus();
  }

  /** A link followed without a name yet: the player names themselves, then enters. */
  private linkCard(): HTMLElement | null {
    const link = this.options.link;
    if (!link) return null;
    const secret = link.kind === 'key' ? { key: link.secret } : { invite: link.secret };
    return h(
      'section',
      { class: 'card link-card', 'data-testid': 'pending-link' },
      h('h2', {}, t(link.kind === 'key' ? 'lobby.linkKeyTitle' : 'lobby.linkInviteTitle')),
      h('p', { class: 'hint' }, t('lobby.linkHint')),
      this.errors.link ? h('div', { class: 'error', role: 'alert' }, this.errors.link()) : null,
      h('button', { class: 'btn primary', 'data-action': 'follow-link', disabled: this.busy, onclick: () => void this.enter(link.battleId, secret, 'link') }, t('lobby.linkEnter')),
    );
  }
}

/** A card's error in the language of the moment (a sentence of ours: see net/errors.ts). */
function failed(key: TextKey, e: unknown): () => string {
  return () => t(key, { error: errorText(e) });
}
