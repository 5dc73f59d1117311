import type { GameEvent, GameState, Seat } from '@lames/rules';
import { lang, t } from '../i18n';
import { Attention } from '../ui/attention';
import { h } from '../ui/dom';
import { seatName } from '../ui/panel';
import { renderResultCard, resultCard } from '../ui/result-card';
import { tabTitle, turnStatus } from '../ui/turn-status';
import type { PageLayout } from './page-layout';

/**
 * What a player must not miss: whose move it is (the banner, the tab's title,
 * the favicon, the opt-in sound and notification) and the last dice rolled
 * (the result card, kept until dismissed or the player's next action).
 */
export class TurnAndResult {
  /** The last batch of events that rolled dice. */
  private events: GameEvent[] | null = null;
  private endShown = false;
  private readonly attention = new Attention();

  constructor(private readonly layout: () => PageLayout | null) {}

  /** A batch of events arrived: one that rolled dice becomes the card. */
  received(events: readonly GameEvent[]): void {
    if (events.some((e) => e.type === 'test' || e.type === 'combat')) this.events = [...events];
  }

  /** The player acted: the card is done with. */
  clear(): void {
    this.events = null;
  }

  /** Closes the card; false when there was none. */
  dismiss(): boolean {
    if (!this.events) return false;
    this.events = null;
    return true;
  }

  render(view: GameState, seat: Seat, battleName: string, nameOf: (id: string) => string | undefined, onDismiss: () => void): void {
    const layout = this.layout();
    const status = turnStatus(view, seat);
    if (layout) {
      layout.banner.dataset.kind = status.kind;
      layout.banner.replaceChildren(h('strong', { class: 'turn-text' }, status.text), status.turn ? h('span', { class: 'turn-count' }, status.turn) : '', h('span', { class: 'turn-keys muted small', title: `${t('page.keys')} ${t('keyboard.legend')}` }, '⌨'));
      const model = this.events ? resultCard(this.events, { lang: lang(), grid: view.board, nameOf }) : null;
      layout.result.replaceChildren(...(model ? [renderResultCard(model, onDismiss)] : []));
      // the battle over, its result comes forward (on a phone: the battle's tab), once
      if (status.kind === 'ended' && !this.endShown) {
        this.endShown = true;
        layout.show('game');
      }
    }
    document.title = tabTitle(status, seatName(view, seat));
    this.attention.update(status.kind, battleName);
  }

  /** The page is left: the plain favicon again. */
  reset(): void {
    this.attention.reset();
  }
}
