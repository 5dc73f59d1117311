import type { Seat } from '@lames/rules';
import { pick, t, type Lang } from '../i18n';
import type { BattleSummary } from '../net/api';
import { turnsText } from '../game/broadcast-text';

/** What the lobby says of a battle: its state, and whether it waits for the reader. */

export interface SummaryLine {
  text: string;
  /** The battle waits for the reader's seat. */
  yours: boolean;
}

const sideName = (s: BattleSummary, id: string) => s.sides.find((x) => x.id === id)?.name ?? id;

export function scenarioTitle(s: BattleSummary, l: Lang): string {
  if (!s.scenarioName) return s.scenarioId;
  return typeof s.scenarioName === 'string' ? s.scenarioName : pick(s.scenarioName, l);
}

/** The battle's state in one line, from the reader's seat (`null`: a stranger's view). */
export function summaryLine(s: BattleSummary, seat: Seat | null, l: Lang): SummaryLine {
  if (s.status === 'ended') return { text: t('summary.ended', {}, l), yours: false };
  // the server says nothing more of a broadcast battle's live turn (issue 12)
  if (s.broadcastDelay) return { text: t('summary.broadcast', { delay: turnsText(s.broadcastDelay, l) }, l), yours: false };
  // The public listing says nothing that moves in the middle of a turn (who deployed, a defender's pending choice): the active side only.
  if (s.status === 'deploying') return { text: t('summary.deploying', {}, l), yours: false };
  const waitingFor = s.activeSide;
  const yours = waitingFor === seat;
  const turn = t('summary.turn', { turn: s.turn }, l);
  if (yours) return { text: `${turn} — ${t('summary.yourMove', {}, l)}`, yours };
  return { text: `${turn} — ${t('summary.awaiting', { side: sideName(s, waitingFor) }, l)}`, yours };
}

/** Each side with its player: "Ardenne (Gauvain)", "Dents Noires (libre)". */
export function sidesLine(s: BattleSummary, l: Lang): string {
  return s.sides.map((x) => `${x.name} (${x.claimed ? x.playerName || t('summary.claimed', {}, l) : t('summary.free', {}, l)})`).join(' · ');
}
