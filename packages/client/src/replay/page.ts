import type { GameState } from '@lames/rules';
import { lang, onLangChange, t, toggleLang, type TextKey } from '../i18n';
import { drawCounters } from '../map/draw-counters';
import { selectionHexes } from '../map/body-rings';
import { drawBodyHighlight } from '../map/highlights';
import { MapView } from '../map/map-view';
import { loadObjectives } from '../map/objectives';
import { seatKeys } from '../net/keys';
import { decoyLabel } from '../ui/decoy-label';
import { h } from '../ui/dom';
import { formatEvent } from '../ui/format-event';
import { renderLog } from '../ui/log';
import { replayCredential } from './credentials';
import { failureText } from './failure-text';
import { loadReplay, type Loaded, type ReplayFailure } from './load';
import { keyMove, logAt, moveTo, turnOf, type ReplayModel, type StepMove } from './steps';
import './replay.css';

declare global {
  interface Window {
    /** The replay viewer's test hooks (browser tests): the step shown and its view. */
    __lamesReplay?: {
      ready: boolean;
      at: number;
      count: number;
      full: boolean;
      view: GameState | null;
      failure: string | null;
    };
  }
}

/**
 * The replay viewer (issue 12, docs/replay.md): the map as it stood after
 * each action, the dice log up to it (the step's own lines marked), a slider
 * over the steps, buttons and keys to step by action, activation and turn.
 */
export class ReplayPage {
  private model: ReplayModel | null = null;
  private failure: ReplayFailure | null = null;
  private at = 0;
  private map: MapView | null = null;
  private readonly root = h('div', { class: 'replay', 'data-testid': 'replay' });
  private readonly mapHost = h('div', {
    class: 'map-host replay-map',
    'data-testid': 'replay-map',
  });
  private readonly side = h('aside', { class: 'replay-side' });
  private readonly log = h('ol', { class: 'log', 'data-testid': 'replay-log' });
  private readonly slider = h('input', {
    type: 'range',
    min: 0,
    max: 0,
    value: 0,
    class: 'replay-slider',
    'data-testid': 'replay-slider',
  });
  private readonly off: (() => void)[] = [];

  constructor(
    private readonly battleId: string,
    private readonly back: () => void,
  ) {
    this.slider.addEventListener('input', () => this.go(Number(this.slider.value)));
  }

  async mount(parent: HTMLElement): Promise<void> {
    window.__lamesReplay = {
      ready: false,
      at: 0,
      count: 0,
      full: false,
      view: null,
      failure: null,
    };
    parent.appendChild(this.root);
    this.render();
    const onKey = (e: KeyboardEvent) => this.onKey(e);
    window.addEventListener('keydown', onKey);
    this.off.push(
      () => window.removeEventListener('keydown', onKey),
      onLangChange(() => this.render()),
    );
    const loaded = await this.load();
    if (loaded.ok) {
      this.model = loaded.model;
      this.at = loaded.model.steps.length - 1;
      this.map = new MapView(this.mapHost, { onClick: () => undefined, onHover: () => undefined });
      await this.map.init();
      this.map.setBoard(loaded.model.steps[0].view.board);
      void loadObjectives().then(() => this.draw());
    } else this.failure = loaded.failure;
    this.render();
    window.__lamesReplay.ready = true;
  }

  unmount(): void {
    for (const f of this.off) f();
    this.map?.destroy();
    this.root.remove();
    delete window.__lamesReplay;
  }

  private async load(): Promise<Loaded> {
    const credential = replayCredential(this.battleId);
    if (!credential) return { ok: false, failure: { code: 'noSeat' } };
    try {
      return await loadReplay(this.battleId, credential);
    } catch (e) {
      return { ok: false, failure: { code: 'refused', text: String(e) } };
    }
  }

  private onKey(e: KeyboardEvent): void {
    if (
      !this.model ||
      e.defaultPrevented ||
      (e.target as Element | null)?.closest?.('input:not([type=range]), textarea')
    )
      return;
    const move = keyMove(e);
    if (!move) return;
    e.preventDefault();
    this.step(move);
  }

  private step(move: StepMove): void {
    if (this.model) this.go(moveTo(this.model, this.at, move));
  }

  private go(at: number): void {
    if (!this.model || at === this.at) return;
    this.at = Math.max(0, Math.min(this.model.steps.length - 1, at));
    this.render();
  }

  private render(): void {
    const title = seatKeys.get(this.battleId)?.battleName || this.battleId;
    const header = h(
      'header',
      { class: 'topbar' },
      h('div', { class: 'brand' }, h('span', { class: 'logo' }, '⚔'), h('span', {}, 'Lames')),
      h('h1', { class: 'replay-title' }, t('replay.title', { battle: title })),
      h('div', { class: 'spacer' }),
      h(
        'button',
        {
          class: 'btn ghost',
          id: 'lang-toggle',
          title: t('lang.toggleTitle'),
          onclick: () => toggleLang(),
        },
        t('lang.toggle'),
      ),
      h(
        'button',
        { class: 'btn ghost', 'data-testid': 'replay-back', onclick: () => this.back() },
        t('replay.back'),
      ),
    );
    if (this.failure) {
      this.root.replaceChildren(
        header,
        h(
          'div',
          { class: 'replay-failure card', role: 'alert', 'data-testid': 'replay-failure' },
          failureText(this.failure),
        ),
      );
      window.__lamesReplay!.failure = this.failure.code;
      return;
    }
    if (!this.model) {
      this.root.replaceChildren(header, h('p', { class: 'replay-loading' }, t('replay.loading')));
      return;
    }
    this.side.replaceChildren(
      this.stepCard(this.model),
      this.controls(this.model),
      h('section', { class: 'card log-card' }, h('h3', {}, t('game.log')), this.log),
    );
    this.root.replaceChildren(header, h('div', { class: 'replay-body' }, this.mapHost, this.side));
    this.draw();
  }

  private stepCard(model: ReplayModel): HTMLElement {
    const step = model.steps[this.at];
    const view = step.view;
    const side = view.sides.find((s) => s.id === view.activeSide)?.name ?? view.activeSide;
    const turn = turnOf(model, this.at);
    const headline =
      this.at === 0
        ? t('replay.opening')
        : step.events.length
          ? formatEvent(step.events[0], {
              lang: lang(),
              grid: view.board,
              nameOf: (id) => this.nameOf(id),
            }).text
          : t('replay.hiddenStep');
    return h(
      'section',
      { class: 'card replay-step', 'data-testid': 'replay-step' },
      h(
        'div',
        { class: 'replay-turn' },
        h(
          'strong',
          {},
          view.status === 'ended' && this.at === model.steps.length - 1
            ? t('replay.ended')
            : t('replay.turn', { turn: view.turn, side }),
        ),
        h(
          'span',
          { class: 'muted small' },
          ` · ${t('replay.playerTurn', { n: turn.n, of: turn.of })}`,
        ),
      ),
      h(
        'div',
        { class: 'small', 'data-testid': 'replay-counter' },
        t('replay.step', { n: this.at, of: model.steps.length - 1 }),
      ),
      h('div', { class: 'replay-headline' }, headline),
      h('div', { class: 'muted small' }, t(model.full ? 'replay.fullView' : 'replay.ownView')),
    );
  }

  private controls(model: ReplayModel): HTMLElement {
    const last = model.steps.length - 1;
    const button = (move: StepMove, label: string, title: TextKey, disabled: boolean) =>
      h(
        'button',
        {
          class: 'btn',
          'data-move': move,
          title: t(title),
          'aria-label': t(title),
          disabled,
          onclick: () => this.step(move),
        },
        label,
      );
    this.slider.max = String(last);
    this.slider.value = String(this.at);
    this.slider.setAttribute('aria-label', t('replay.slider'));
    return h(
      'section',
      { class: 'card replay-controls' },
      h(
        'div',
        { class: 'replay-buttons' },
        button('first', '⇤', 'replay.first', this.at === 0),
        button('previousTurn', '«', 'replay.previousTurn', this.at === 0),
        button('previousActivation', '◀◀', 'replay.previousActivation', this.at === 0),
        button('previous', '◀', 'replay.previous', this.at === 0),
        button('next', '▶', 'replay.next', this.at === last),
        button('nextActivation', '▶▶', 'replay.nextActivation', this.at === last),
        button('nextTurn', '»', 'replay.nextTurn', this.at === last),
        button('last', '⇥', 'replay.last', this.at === last),
      ),
      this.slider,
      h('div', { class: 'muted small' }, t('replay.keys')),
    );
  }

  /** The map and the log at the current step. */
  private draw(): void {
    const model = this.model;
    if (!model) return;
    const view = model.steps[this.at].view;
    const { events, fresh } = logAt(model, this.at);
    renderLog(this.log, events, view.board, (id) => this.nameOf(id));
    const lines = Array.from(this.log.querySelectorAll('li.log-line'));
    for (const li of lines.slice(lines.length - fresh)) li.classList.add('log-fresh');
    // once laid out: the step's own lines at the foot of the log
    requestAnimationFrame(() => (this.log.scrollTop = this.log.scrollHeight));
    const hooks = window.__lamesReplay!;
    Object.assign(hooks, { at: this.at, count: model.steps.length, full: model.full, view });
    if (!this.map) return;
    this.map.setLayer(
      this.map.counterLayer,
      drawCounters({ view, lang: lang(), selected: view.activation?.piece ?? null }).layer,
    );
    const hex = this.activeHex(view);
    this.map.setLayer(this.map.overlayLayer, hex >= 0 ? drawBodyHighlight(view.board, selectionHexes(view, view.activation?.piece ?? null, hex), 'selected') : null);
  }

  /** Where the activated piece stands (a cover's hex when this seat may not look under it). */
  private activeHex(view: GameState): number {
    const piece = view.activation?.piece;
    if (!piece) return -1;
    return (
      view.units.find((u) => u.id === piece)?.hex ??
      view.decoys.find((d) => d.id === piece)?.hex ??
      view.covers?.find((c) => c.id === piece)?.hex ??
      -1
    );
  }

  private nameOf(id: string): string | undefined {
    const view = this.model?.steps[this.at].view;
    if (!view) return undefined;
    const decoy = view.decoys.find((d) => d.id === id);
    if (decoy) return decoyLabel(view, decoy.mimic);
    return (
      view.units.find((u) => u.id === id)?.name ??
      view.sides.find((s) => s.id === id)?.name ??
      view.wings.find((w) => w.id === id)?.name
    );
  }
}
