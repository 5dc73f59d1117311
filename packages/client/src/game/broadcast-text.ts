import { lang, t, type Lang } from '../i18n';

/** The words of a broadcast battle (issue 12), apart from its page so that the lobby uses them without the map. */

/** "1 tour", "3 tours": a broadcast's delay in words. */
export function turnsText(n: number, l: Lang = lang()): string {
  return n === 1 ? t('broadcast.oneTurn', {}, l) : t('broadcast.turns', { n }, l);
}

/** The banner's words for a frame: how late the picture is and which turn's start it shows. */
export function bannerText(
  f: { delay: number; shownTurn: number; ended: boolean },
  l: Lang = lang(),
): string {
  if (f.ended) return t('broadcast.bannerEnded', {}, l);
  if (f.shownTurn === 0) return t('broadcast.bannerOpening', { delay: turnsText(f.delay, l) }, l);
  return t('broadcast.banner', { delay: turnsText(f.delay, l), turn: f.shownTurn }, l);
}
