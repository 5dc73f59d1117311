import type { Seat } from '@lames/rules';
import { onLangChange, pick, t, toggleLang } from '../i18n';
import { fetchBattles, fetchScenarios, type LobbyBattle, type ScenarioSummary } from '../net/api';
import { createBattle, errorText, joinBattle, type BattleRoom } from '../net/connection';
import { clear, h } from '../ui/dom';

const NAME_KEY = 'lames.playerName';

interface Form {
  scenarioId: string;
  battleName: string;
  refereeCode: string;
  playerName: string;
  seat: Seat;
}

/** The lobby: create a battle, or join an open one as a side, the referee or a spectator. */
export class Lobby {
  private scenarios: ScenarioSummary[] = [];
  private battles: LobbyBattle[] | null = null;
  private form: Form = { scenarioId: '', battleName: '', refereeCode: '', playerName: storedName(), seat: '' };
  private createError = '';
  private listError = '';
  private busy = false;
  /** Battle whose referee-code field is open. */
  private refereeFor: string | null = null;
  private refereeCode = '';
  private root = h('div', { class: 'lobby' });
  private offLang: () => void;
  private timer = 0;

  constructor(private readonly onEnter: (room: BattleRoom, seat: Seat) => void) {
    this.offLang = onLangChange(() => this.render());
  }

  mount(parent: HTMLElement): void {
    parent.appendChild(this.root);
    this.render();
    void this.loadScenarios();
    void this.refresh();
    this.timer = window.setInterval(() => void this.refresh(true), 10_000);
  }

  unmount(): void {
    window.clearInterval(this.timer);
    this.offLang();
    this.root.remove();
  }

  private async loadScenarios(): Promise<void> {
    try {
      this.scenarios = await fetchScenarios();
      if (!this.form.scenarioId && this.scenarios[0]) this.form.scenarioId = this.scenarios[0].id;
      const sc = this.scenario();
      if (sc && !this.form.seat) this.form.seat = sc.sides[0]?.id ?? 'spectator';
      this.createError = '';
    } catch (e) {
      this.createError = t('lobby.errorScenarios', { error: errorText(e) });
    }
    this.render();
  }

  /** Reloads the list; a quiet (periodic) refresh redraws only when something changed. */
  private async refresh(quiet = false): Promise<void> {
    if (quiet && this.busy) return;
    const before = JSON.stringify(this.battles);
    if (!quiet) {
      this.battles = null;
      this.render();
    }
    try {
      this.battles = await fetchBattles();
      this.listError = '';
    } catch (e) {
      if (!quiet) this.battles = [];
      this.listError = t('lobby.errorBattles', { error: errorText(e) });
    }
    if (!quiet || JSON.stringify(this.battles) !== before) this.render();
  }

  private scenario(id = this.form.scenarioId): ScenarioSummary | undefined {
    return this.scenarios.find((s) => s.id === id);
  }

  private checkName(): boolean {
    if (this.form.playerName.trim()) return true;
    return false;
  }

  private async create(): Promise<void> {
    if (!this.checkName()) {
      this.createError = t('lobby.nameRequired');
      this.render();
      return;
    }
    this.busy = true;
    this.createError = '';
    this.render();
    const f = this.form;
    try {
      const room = await createBattle({
        scenarioId: f.scenarioId,
        battleName: f.battleName.trim() || undefined,
        refereeCode: f.refereeCode.trim() || undefined,
        seat: f.seat,
        playerName: f.playerName.trim(),
      });
      this.enter(room, f.seat);
    } catch (e) {
      this.busy = false;
      this.createError = t('lobby.errorCreate', { error: errorText(e) });
      this.render();
    }
  }

  private async join(battle: LobbyBattle, seat: Seat, refereeCode?: string): Promise<void> {
    const playerName = this.form.playerName.trim();
    if (!battle.roomId) {
      // A saved battle no room has open: creating a room with {resume} continues it.
      return this.connect(seat, () => createBattle({ resume: battle.resumeId, seat, playerName, refereeCode }));
    }
    const roomId = battle.roomId;
    return this.connect(seat, () => joinBattle(roomId, { seat, playerName, refereeCode }));
  }

  /** Takes `seat` through `open`, showing the lobby busy meanwhile and the error if it fails. */
  private async connect(seat: Seat, open: () => Promise<BattleRoom>): Promise<void> {
    if (!this.checkName()) {
      this.listError = t('lobby.nameRequired');
      this.render();
      return;
    }
    this.busy = true;
    this.listError = '';
    this.render();
    try {
      this.enter(await open(), seat);
    } catch (e) {
      this.busy = false;
      this.listError = t('lobby.errorJoin', { error: errorText(e) });
      this.render();
    }
  }

  private enter(room: BattleRoom, seat: Seat): void {
    try {
      localStorage.setItem(NAME_KEY, this.form.playerName.trim());
    } catch {
      /* ignore */
    }
    this.unmount();
    this.onEnter(room, seat);
  }

  private render(): void {
    const focused = document.activeElement?.id;
    clear(this.root);
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
        h(
          'section',
          { class: 'card name-card' },
          h('label', { for: 'player-name' }, t('lobby.playerName')),
          this.input('player-name', this.form.playerName, t('lobby.playerNamePlaceholder'), (v) => (this.form.playerName = v)),
        ),
        h('div', { class: 'lobby-columns' }, this.createCard(), this.listCard()),
      ),
    );
    if (focused) (document.getElementById(focused) as HTMLInputElement | null)?.focus();
  }

  private input(id: string, value: string, placeholder: string, set: (v: string) => void, type = 'text'): HTMLInputElement {
    const el = h('input', { id, type, value, placeholder, autocomplete: 'off' });
    el.addEventListener('input', () => set(el.value));
    return el;
  }

  private createCard(): HTMLElement {
    const sc = this.scenario();
    const select = h(
      'select',
      { id: 'scenario' },
      this.scenarios.map((s) => h('option', { value: s.id, selected: s.id === this.form.scenarioId }, pick(s.name))),
    );
    select.addEventListener('change', () => {
      this.form.scenarioId = select.value;
      this.form.seat = this.scenario()?.sides[0]?.id ?? 'spectator';
      this.render();
    });
    const seats: { id: Seat; label: string }[] = [
      ...(sc?.sides ?? []).map((s) => ({ id: s.id, label: s.name })),
      { id: 'referee', label: t('seat.referee') },
      { id: 'spectator', label: t('seat.spectator') },
    ];
    return h(
      'section',
      { class: 'card create-card' },
      h('h2', {}, t('lobby.create')),
      h('label', { for: 'scenario' }, t('lobby.scenario')),
      select,
      sc ? h('p', { class: 'scenario-desc' }, pick(sc.description), ' ', h('span', { class: 'muted' }, `(${t('lobby.turns', { n: sc.turnLimit })})`)) : null,
      h('label', { for: 'battle-name' }, t('lobby.battleName')),
      this.input('battle-name', this.form.battleName, t('lobby.battleNamePlaceholder'), (v) => (this.form.battleName = v)),
      h('label', { for: 'referee-code' }, t('lobby.refereeCode')),
      this.input('referee-code', this.form.refereeCode, '', (v) => (this.form.refereeCode = v), 'password'),
      h('p', { class: 'muted small' }, t('lobby.refereeCodeHint')),
      h('fieldset', { class: 'seats' }, h('legend', {}, t('lobby.seat')), seats.map((s) => {
        const radio = h('input', { type: 'radio', name: 'seat', value: s.id, id: `seat-${s.id}`, checked: this.form.seat === s.id });
        radio.addEventListener('change', () => (this.form.seat = s.id));
        return h('label', { class: 'seat-option', for: `seat-${s.id}` }, radio, s.label);
      })),
      this.createError ? h('div', { class: 'error', role: 'alert' }, this.createError) : null,
      h('button', { class: 'btn primary big', id: 'create', disabled: this.busy || !sc, onclick: () => void this.create() }, this.busy ? t('lobby.connecting') : t('lobby.createButton')),
    );
  }

  private listCard(): HTMLElement {
    const body: HTMLElement[] = [];
    if (this.battles === null) body.push(h('p', { class: 'muted' }, t('lobby.loading')));
    else if (this.battles.length === 0) body.push(h('p', { class: 'muted' }, t('lobby.none')));
    else body.push(h('ul', { class: 'battles' }, this.battles.map((b) => this.battleItem(b))));
    return h(
      'section',
      { class: 'card list-card' },
      h('div', { class: 'card-head' }, h('h2', {}, t('lobby.open')), h('button', { class: 'btn', id: 'refresh', onclick: () => void this.refresh() }, t('lobby.refresh'))),
      this.listError ? h('div', { class: 'error', role: 'alert' }, this.listError) : null,
      ...body,
    );
  }

  private battleItem(b: LobbyBattle): HTMLElement {
    const sc = this.scenario(b.scenarioId);
    const sideName = (id: string, name?: string) => name ?? sc?.sides.find((s) => s.id === id)?.name ?? id;
    const scenarioName = !b.scenarioName ? (sc ? pick(sc.name) : b.scenarioId) : typeof b.scenarioName === 'string' ? b.scenarioName : pick(b.scenarioName);
    const key = b.roomId ?? b.resumeId ?? '';
    // a saved battle is listed without its seats (every one is free): its sides are the scenario's
    const sides = b.sides.length > 0 || b.roomId ? b.sides : (sc?.sides ?? []).map((s) => ({ id: s.id, name: s.name, taken: false }));
    const buttons = sides.map((s) =>
      h(
        'button',
        { class: 'btn', 'data-join': s.id, disabled: s.taken || this.busy, onclick: () => void this.join(b, s.id) },
        s.taken ? t('lobby.taken', { side: sideName(s.id, s.name) }) : t(b.roomId ? 'lobby.join' : 'lobby.resume', { side: sideName(s.id, s.name) }),
      ),
    );
    const refereeOpen = this.refereeFor === key;
    return h(
      'li',
      { class: b.roomId ? 'battle' : 'battle resumable', 'data-room': key },
      h(
        'div',
        { class: 'battle-title' },
        h('strong', {}, b.battleName || scenarioName),
        h('span', { class: 'muted small' }, ` — ${scenarioName}`),
        b.roomId ? null : h('span', { class: 'pill pill-wait' }, t('lobby.saved')),
      ),
      b.roomId ? h('div', { class: 'muted small' }, t('lobby.spectators', { n: b.spectators }), b.refereeTaken ? ` · ${t('lobby.refereeTaken')}` : '') : null,
      h(
        'div',
        { class: 'row wrap' },
        buttons,
        b.refereeSeat
          ? h(
              'button',
              { class: 'btn', 'data-join': 'referee', disabled: b.refereeTaken || this.busy, onclick: () => ((this.refereeFor = refereeOpen ? null : key), this.render()) },
              t('lobby.joinReferee'),
            )
          : null,
        b.roomId ? h('button', { class: 'btn', 'data-join': 'spectator', disabled: this.busy, onclick: () => void this.join(b, 'spectator') }, t('lobby.joinSpectator')) : null,
      ),
      refereeOpen
        ? h(
            'form',
            {
              class: 'row referee-form',
              onsubmit: (e: Event) => {
                e.preventDefault();
                void this.join(b, 'referee', this.refereeCode);
              },
            },
            h('label', { for: `ref-${key}`, class: 'small' }, t('lobby.askRefereeCode')),
            this.input(`ref-${key}`, this.refereeCode, '', (v) => (this.refereeCode = v), 'password'),
            h('button', { class: 'btn primary', type: 'submit', 'data-join': 'referee-ok' }, 'OK'),
          )
        : null,
    );
  }
}

function storedName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? '';
  } catch {
    return '';
  }
}
