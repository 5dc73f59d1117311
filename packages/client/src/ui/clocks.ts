import { onLangChange, t, type TextKey } from '../i18n';
import type { BattleRoom } from '../net/connection';
import {
  formatClock,
  mayResume,
  sideClocks,
  type ClockView,
  type ReceivedClock,
  type TimeoutPolicy,
} from './clock-model';
import { h } from './dom';
import { toast } from './toast';

/**
 * The battle's clocks on the game page (issue 12, time controls): each
 * side's time left, the running one counted down locally between the
 * server's `clock` messages, a warning when the seat's own time runs low,
 * and what a timeout did (told, paused with a resume button for the other
 * seats, or lost on time). Hidden for a battle without a time control.
 */

export interface ClockPanelOptions {
  seat(): string | null;
  sideName(side: string): string;
}

const POLICY_TEXT: Record<TimeoutPolicy, TextKey> = {
  notify: 'lobby.timePolicyNotify',
  pause: 'lobby.timePolicyPause',
  forfeit: 'lobby.timePolicyForfeit',
};
const TICK_MS = 250;

export class ClockPanel {
  readonly el = h('section', { class: 'card clock-card', 'data-testid': 'clocks', hidden: true });
  /** The times alone, in a thin bar under the turn banner: always in view, on a phone too. */
  readonly strip = h('div', { class: 'clock-strip', 'data-testid': 'clock-strip', hidden: true });
  private received: ReceivedClock | null = null;
  private tick = 0;
  /** Sides already warned of low time, until they have time again. */
  private warned = new Set<string>();
  private readonly offLang: () => void;

  constructor(
    private readonly room: BattleRoom,
    private readonly on: ClockPanelOptions,
  ) {
    room.onMessage('clock', (view: ClockView) => {
      this.received = { view, at: performance.now() };
      this.render();
    });
    room.onMessage('timeUp', (m: { sides: string[]; policy: TimeoutPolicy }) => {
      if (m.policy === 'notify')
        toast(
          t('clock.timeUpNotify', { side: m.sides.map((s) => this.on.sideName(s)).join(', ') }),
          'error',
        );
    });
    this.offLang = onLangChange(() => this.render());
  }

  render(): void {
    const received = this.received;
    if (!received) return;
    const { view } = received;
    this.el.hidden = false;
    const rows = this.rows(received);
    this.renderStrip(received);
    const stopped = view.running.length === 0 && !view.paused && !view.forfeit;
    const parts = [
      h('h3', {}, t(view.control.mode === 'clock' ? 'clock.titleClock' : 'clock.titleDeadline')),
      h('div', { class: 'muted small' }, this.summary(view)),
      h('div', { class: 'clock-rows' }, rows),
      stopped
        ? h('div', { class: 'muted small', 'data-testid': 'clock-stopped' }, t('clock.stopped'))
        : null,
      this.outcome(view),
    ];
    this.el.replaceChildren(...parts.filter((p): p is HTMLElement => p !== null));
    this.keepTicking(view.running.length > 0);
  }

  destroy(): void {
    window.clearInterval(this.tick);
    this.tick = 0;
    this.offLang();
  }

  private summary(view: ClockView): string {
    const c = view.control;
    const kind =
      c.mode === 'clock'
        ? t('clock.summaryClock', {
            minutes: Math.round(c.initialSeconds / 60),
            increment: c.incrementSeconds,
          })
        : t('clock.summaryDeadline', { hours: Math.round((c.turnSeconds / 3600) * 10) / 10 });
    return `${kind} · ${t('lobby.timeOnTimeout')} : ${t(POLICY_TEXT[c.onTimeout])}`;
  }

  private rows(received: ReceivedClock): HTMLElement[] {
    const seat = this.on.seat();
    return sideClocks(received, Object.keys(received.view.remainingMs), performance.now()).map(
      (c) => {
        if (c.side === seat && c.running && c.low && !c.out && !this.warned.has(c.side)) {
          this.warned.add(c.side);
          toast(t('clock.low', { time: formatClock(c.ms) }), 'error');
        }
        if (!c.low) this.warned.delete(c.side);
        const classes = ['clock-row', c.running && 'running', c.low && 'low', c.out && 'out']
          .filter(Boolean)
          .join(' ');
        return h(
          'div',
          { class: classes, 'data-testid': `clock-${c.side}` },
          h(
            'span',
            { class: 'clock-side' },
            this.on.sideName(c.side),
            c.side === seat ? ` (${t('clock.you')})` : '',
          ),
          h(
            'span',
            { class: 'clock-time', 'data-testid': `clock-time-${c.side}` },
            c.out ? t('clock.out') : formatClock(c.ms),
          ),
        );
      },
    );
  }

  private outcome(view: ClockView): HTMLElement | null {
    const name = (s: string) => this.on.sideName(s);
    if (view.forfeit) {
      const { winner, losers } = view.forfeit;
      const text =
        winner === null
          ? t('clock.forfeitDraw')
          : t('clock.forfeit', { loser: losers.map(name).join(', '), winner: name(winner) });
      return h(
        'div',
        { class: 'clock-outcome', role: 'status', 'data-testid': 'clock-outcome' },
        text,
      );
    }
    if (view.paused) {
      const resume = mayResume(view, this.on.seat())
        ? h(
            'button',
            {
              class: 'btn small',
              'data-testid': 'clock-resume',
              onclick: () => this.room.send('resumeClock'),
            },
            t('clock.resume'),
          )
        : h('div', { class: 'muted small' }, t('clock.pausedWait'));
      return h(
        'div',
        { class: 'clock-outcome', role: 'status', 'data-testid': 'clock-outcome' },
        t('clock.paused', { side: name(view.paused) }),
        resume,
      );
    }
    if (view.timedOut.length > 0)
      return h(
        'div',
        { class: 'clock-outcome', 'data-testid': 'clock-outcome' },
        t('clock.timeUpNotify', { side: view.timedOut.map(name).join(', ') }),
      );
    return null;
  }

  private renderStrip(received: ReceivedClock): void {
    const { view } = received;
    this.strip.hidden = false;
    const mark = view.forfeit ? t('clock.markForfeit') : view.paused ? t('clock.markPaused') : null;
    const chips = sideClocks(received, Object.keys(view.remainingMs), performance.now()).map(
      (c) => {
        const classes = ['clock-chip', c.running && 'running', c.low && 'low', c.out && 'out']
          .filter(Boolean)
          .join(' ');
        return h(
          'span',
          { class: classes },
          h('span', { class: 'clock-chip-side' }, this.on.sideName(c.side)),
          ' ',
          h('span', { class: 'clock-time' }, c.out ? t('clock.out') : formatClock(c.ms)),
        );
      },
    );
    this.strip.replaceChildren(
      ...(mark ? [h('span', { class: 'clock-mark' }, mark)] : []),
      ...chips,
    );
  }

  /** Redraws the running clock a few times a second; nothing runs while every clock stands still. */
  private keepTicking(running: boolean): void {
    if (running && !this.tick) this.tick = window.setInterval(() => this.render(), TICK_MS);
    if (!running && this.tick) {
      window.clearInterval(this.tick);
      this.tick = 0;
    }
  }
}
