import { onLangChange, pick, t, toggleLang } from '../i18n';
import { fetchScenarios, type ScenarioSummary } from '../net/api';
import { copy } from '../ui/copy';
import { confirmDialog } from '../ui/dialog';
import { clear, h } from '../ui/dom';
import { DEFAULT_TIME_CONTROL_FORM, timeControlOption, type TimeControlForm } from '../ui/clock-model';
import { timeControlField } from '../ui/time-control-field';
import * as api from './api';
import { battleTable, inviteTable, standingsTable } from './tables';
import { broadcastField } from '../lobby/create-form';

type Detail = Awaited<ReturnType<typeof api.tournamentDetail>>;

/**
 * The organiser page (`#/organiser`, issue 12): the token, the tournaments,
 * a new tournament, and one tournament's rounds, battles and standings.
 * Every change goes through the organiser API; this page only draws its answers.
 */
export class OrganiserPage {
  private readonly root = h('div', { class: 'lobby organiser' });
  private scenarios: ScenarioSummary[] = [];
  private list: api.TournamentListItem[] | null = null;
  private detail: Detail | null = null;
  /** The invites of the round just created (or re-issued): the server never shows them again. */
  private invites: { round: number; rows: api.InviteRow[]; csv: string; skipped: number } | null = null;
  /** The last error, as a function of the language. */
  private error: (() => string) | null = null;
  private busy = false;
  private timer = 0;
  private readonly offLang = onLangChange(() => this.render());

  constructor(private readonly leave: () => void) {}

  mount(parent: HTMLElement): void {
    parent.appendChild(this.root);
    document.title = `${t('organiser.title')} — Lames`;
    this.render();
    if (api.organiserToken.get()) void this.loadList();
    void fetchScenarios().then((s) => ((this.scenarios = s), this.render()), () => undefined);
    this.timer = window.setInterval(() => this.detail && !this.busy && void this.open(this.detail.tournament.id), 15_000);
  }

  unmount(): void {
    window.clearInterval(this.timer);
    this.offLang();
    this.root.remove();
  }

  /** Runs one request; its refusal becomes the page's error (a refused token sends back to the token card). */
  private async run(task: () => Promise<void>): Promise<void> {
    this.busy = true;
    this.render();
    try {
      await task();
      this.error = null;
    } catch (e) {
      this.error = errorOf(e);
      if (e instanceof api.OrganiserApiError && e.status === 401) api.organiserToken.clear();
    }
    this.busy = false;
    this.render();
  }

  private loadList = () => this.run(async () => void (this.list = (await api.listTournaments()).tournaments));

  private open = (id: string) => this.run(async () => void (this.detail = await api.tournamentDetail(id)));

  private render(): void {
    clear(this.root);
    const signedIn = !!api.organiserToken.get();
    this.root.append(
      h(
        'header',
        { class: 'topbar' },
        h('div', { class: 'brand' }, h('span', { class: 'logo' }, '⚔'), h('span', {}, 'Lames'), h('span', { class: 'muted small brand-sub' }, t('organiser.title'))),
        h('div', { class: 'spacer' }),
        signedIn ? h('button', { class: 'btn ghost', id: 'organiser-sign-out', onclick: () => this.signOut() }, t('organiser.signOut')) : null,
        h('button', { class: 'btn ghost', onclick: () => this.leave() }, t('organiser.back')),
        h('button', { class: 'btn ghost', id: 'lang-toggle', title: t('lang.toggleTitle'), onclick: () => toggleLang() }, t('lang.toggle')),
      ),
      h(
        'main',
        { class: 'lobby-body' },
        this.error ? h('div', { class: 'error', role: 'alert', 'data-testid': 'organiser-error' }, this.error()) : null,
        signedIn ? this.signedInCards() : this.tokenCard(),
      ),
    );
  }

  private signOut(): void {
    api.organiserToken.clear();
    this.list = null;
    this.detail = null;
    this.invites = null;
    this.render();
  }

  private tokenCard(): HTMLElement {
    const input = h('input', { type: 'password', id: 'organiser-token', autocomplete: 'off' });
    const submit = () => {
      if (!input.value.trim()) return;
      api.organiserToken.set(input.value.trim());
      void this.loadList();
    };
    input.addEventListener('keydown', (e) => (e as KeyboardEvent).key === 'Enter' && submit());
    return h(
      'section',
      { class: 'card' },
      h('label', { for: 'organiser-token' }, t('organiser.token')),
      input,
      h('p', { class: 'muted small' }, t('organiser.tokenHint')),
      h('button', { class: 'btn primary', id: 'organiser-sign-in', onclick: submit }, t('organiser.signIn')),
    );
  }

  private signedInCards(): HTMLElement[] {
    if (this.detail) return this.detailCards(this.detail);
    return [h('div', { class: 'lobby-columns' }, this.listCard(), this.createCard())];
  }

  private listCard(): HTMLElement {
    const items = this.list ?? [];
    return h(
      'section',
      { class: 'card' },
      h('h2', {}, t('organiser.tournaments')),
      items.length === 0 ? h('p', { class: 'muted' }, t('organiser.none')) : null,
      h('ul', { class: 'org-list' }, items.map((x) => h('li', {}, h('strong', {}, x.name), ' ', h('span', { class: 'muted small' }, t('organiser.summary', { players: x.players, rounds: x.rounds })), ' ', h('button', { class: 'btn', 'data-open': x.id, onclick: () => void this.open(x.id) }, t('organiser.open'))))),
    );
  }

  private createCard(): HTMLElement {
    const name = h('input', { type: 'text', id: 't-name', maxlength: 80, autocomplete: 'off' });
    const scenario = h('select', { id: 't-scenario' }, this.scenarios.map((s) => h('option', { value: s.id }, pick(s.name))));
    const players = h('textarea', { id: 't-players', rows: 6 });
    const referee = h('input', { type: 'checkbox', id: 't-referee' });
    // every battle of the tournament plays with it (issue 12, docs/time-controls.md)
    const timeControl: TimeControlForm = { ...DEFAULT_TIME_CONTROL_FORM };
    let broadcastDelay = 0;
    const create = () =>
      void this.run(async () => {
        const body = { name: name.value.trim(), scenarioId: scenario.value, players: players.value.split('\n').map((p) => p.trim()).filter(Boolean), referee: referee.checked, timeControl: timeControlOption(timeControl), broadcastDelay };
        const { tournament } = await api.createTournament(body);
        this.detail = await api.tournamentDetail(tournament.id);
      });
    return h(
      'section',
      { class: 'card' },
      h('h2', {}, t('organiser.create')),
      h('label', { for: 't-name' }, t('organiser.name')),
      name,
      h('label', { for: 't-scenario' }, t('lobby.scenario')),
      scenario,
      h('label', { for: 't-players' }, t('organiser.players')),
      players,
      h('div', { class: 'check' }, h('label', { class: 'check-label', for: 't-referee' }, referee, t('organiser.referee'))),
      timeControlField(timeControl),
      broadcastField('t-broadcast', 0, (v) => (broadcastDelay = v)),
      h('button', { class: 'btn primary big', id: 't-create', disabled: this.busy, onclick: create }, t('organiser.createButton')),
    );
  }

  private detailCards(d: Detail): HTMLElement[] {
    const id = d.tournament.id;
    const rounds = d.tournament.rounds;
    const last = rounds[rounds.length - 1];
    const names = new Map(d.tournament.players.map((p) => [p.id, p.name]));
    const byes = rounds.flatMap((r) => r.byes.map((b) => `${t('organiser.round')} ${r.number}: ${names.get(b) ?? b}`));
    return [
      h(
        'section',
        { class: 'card', 'data-testid': 'tournament' },
        h('div', { class: 'card-head' }, h('h2', {}, d.tournament.name), h('button', { class: 'btn', id: 'close-tournament', title: t('organiser.tournaments'), 'aria-label': t('organiser.tournaments'), onclick: () => ((this.detail = null), (this.invites = null), void this.loadList()) }, '×')),
        h('p', { class: 'muted' }, d.tournament.players.map((p) => p.name).join(', ')),
        h(
          'div',
          { class: 'org-actions' },
          h('button', { class: 'btn primary', id: 'next-round', disabled: this.busy || rounds.length >= roundCount(d.tournament.players.length), onclick: () => void this.nextRound(id, api.nextRoundRobin) }, t('organiser.nextRound')),
          h('button', { class: 'btn', id: 'swiss-round', disabled: this.busy, onclick: () => void this.nextRound(id, api.nextSwiss) }, t('organiser.swissRound')),
          last ? h('button', { class: 'btn', id: 'fresh-invites', disabled: this.busy, onclick: () => void this.freshInvites(id, last.number) }, t('organiser.freshInvites', { round: last.number })) : null,
          h('button', { class: 'btn', id: 'refresh-tournament', disabled: this.busy, onclick: () => void this.open(id) }, t('organiser.refresh')),
        ),
      ),
      this.invites ? this.invitesCard(this.invites) : null,
      h('section', { class: 'card' }, h('h2', {}, t('organiser.battles')), battleTable(d.battles, { adjudicate: (b, winner, reason) => void this.adjudicate(id, b.battleId, winner, reason), reassign: (b, side) => void this.reassign(id, b, side), control: (b, kind, reason) => void this.control(id, b, kind, reason) }), byes.length ? h('p', { class: 'muted small' }, t('organiser.byeList', { names: byes.join(' · ') })) : null),
      h(
        'section',
        { class: 'card' },
        h('h2', {}, t('organiser.standings')),
        standingsTable(d.standings),
        h(
          'div',
          { class: 'org-actions' },
          h('button', { class: 'btn', id: 'export-standings', onclick: () => void this.run(async () => download(`standings-${id}.csv`, await api.exportCsv(id, 'standings'))) }, t('organiser.exportStandings')),
          h('button', { class: 'btn', id: 'export-results', onclick: () => void this.run(async () => download(`results-${id}.csv`, await api.exportCsv(id, 'results'))) }, t('organiser.exportResults')),
        ),
      ),
    ].filter((x): x is HTMLElement => x !== null);
  }

  private invitesCard(inv: NonNullable<OrganiserPage['invites']>): HTMLElement {
    return h(
      'section',
      { class: 'card', 'data-testid': 'round-invites' },
      h('h2', {}, t('organiser.invites', { round: inv.round })),
      h('p', { class: 'muted small' }, t('organiser.invitesHint')),
      inv.skipped ? h('p', { class: 'muted small' }, t('organiser.skipped', { n: inv.skipped })) : null,
      h(
        'div',
        { class: 'org-actions' },
        h('button', { class: 'btn primary', id: 'invites-csv', onclick: () => download(`invites-round-${inv.round}.csv`, inv.csv) }, t('organiser.downloadCsv')),
        h('button', { class: 'btn', onclick: () => void copy(inv.csv) }, t('organiser.copyCsv')),
      ),
      inviteTable(inv.rows),
    );
  }

  private adjudicate(id: string, battleId: string, winner: string | null, reason: string): Promise<void> {
    return this.run(async () => {
      await api.adjudicate(id, battleId, winner, reason);
      this.detail = await api.tournamentDetail(id);
    });
  }

  /** After a confirmation: the seat's holder loses it; the new link is shown in the invites card. */
  private async reassign(id: string, b: api.BattleStatus, side: string): Promise<void> {
    const player = b.sides.find((s) => s.side === side)?.player ?? side;
    if (!(await confirmDialog(t('organiser.reassign'), t('organiser.reassignConfirm', { player }), t('organiser.reassign')))) return;
    return this.run(async () => {
      const { invite, csv } = await api.reassign(id, b.battleId, side);
      this.invites = { round: b.round, rows: [invite], csv, skipped: 0 };
      this.detail = await api.tournamentDetail(id);
    });
  }

  /** Lock and unlock at once; closing for good after a confirmation. */
  private async control(id: string, b: api.BattleStatus, kind: 'lock' | 'unlock' | 'close', reason?: string): Promise<void> {
    if (kind === 'close' && !(await confirmDialog(t('organiser.closeButton'), t('organiser.closeConfirm'), t('organiser.closeButton')))) return;
    return this.run(async () => {
      await api.control(id, b.battleId, kind, reason);
      this.detail = await api.tournamentDetail(id);
    });
  }

  /** The next round, round-robin or Swiss (the server refuses a Swiss round while earlier battles have no result). */
  private nextRound(id: string, make: (id: string) => Promise<{ invites: api.InviteRow[]; csv: string }>): Promise<void> {
    return this.run(async () => {
      const made = await make(id);
      this.detail = await api.tournamentDetail(id);
      this.invites = { round: this.detail.tournament.rounds.length, rows: made.invites, csv: made.csv, skipped: 0 };
    });
  }

  private freshInvites(id: string, round: number): Promise<void> {
    return this.run(async () => {
      const fresh = await api.freshInvites(id, round);
      this.invites = { round, rows: fresh.invites, csv: fresh.csv, skipped: fresh.skipped.length };
      this.detail = await api.tournamentDetail(id);
    });
  }
}

/** Rounds of a full round-robin: n-1, or n for an odd count (each player sits one out). */
const roundCount = (players: number) => (players % 2 === 0 ? players - 1 : players);

function errorOf(e: unknown): () => string {
  if (e instanceof api.OrganiserApiError) {
    if (e.status === 401) return () => t('organiser.tokenRefused');
    if (e.status === 503) return () => t('organiser.off');
    if (e.status === 429) {
      const seconds = /\d+/.exec(e.message)?.[0];
      return seconds ? () => t('organiser.tooMany', { seconds }) : () => e.message;
    }
  }
  const message = e instanceof Error ? e.message : String(e);
  return () => message;
}

/** Saves a text as a file the browser downloads. */
function download(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = h('a', { href: url, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
