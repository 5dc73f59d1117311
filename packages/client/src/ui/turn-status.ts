import { seatToAct, type GameState, type Seat } from '@lames/rules';
import { t } from '../i18n';
import { ofWord } from './format-event';

/** Whose move it is, as the page's banner, tab title and favicon tell it. */
export type TurnKind = 'mine' | 'theirs' | 'deploy' | 'ended';

export interface TurnStatus {
  kind: TurnKind;
  /** The banner's words: "À vous de jouer", "Au tour de Black Teeth"… */
  text: string;
  /** "Tour 2 / 8", or '' while deploying. */
  turn: string;
}

/**
 * Whose move it is for `seat`. During a combat's losses the defender decides
 * (§2.7.4), so the move is then the defender's even in the attacker's turn;
 * while both sides deploy hidden (§4.5.2) it is nobody's turn.
 */
export function turnStatus(view: GameState, seat: Seat): TurnStatus {
  const turn = t('game.turn', { turn: Math.min(view.turn, view.turnLimit), limit: view.turnLimit });
  if (view.status === 'ended') return { kind: 'ended', text: t('game.ended'), turn };
  if (view.deployment) return { kind: 'deploy', text: t('game.deploying'), turn: '' };
  const toAct = seatToAct(view);
  if (toAct === seat) return { kind: 'mine', text: t('game.yourTurn'), turn };
  const side = view.sides.find((s) => s.id === toAct)?.name ?? String(toAct);
  return { kind: 'theirs', text: t('page.turnOf', { side, ofSide: ofWord(side) }), turn };
}

/** The tab's title: "your turn" first when it is, so a player sees it from another tab. */
export function tabTitle(status: TurnStatus, seatLabel: string): string {
  const base = `${seatLabel} — ${t('app.title')}`;
  return status.kind === 'mine' ? `▶ ${t('page.titleYourTurn')} · ${base}` : base;
}
