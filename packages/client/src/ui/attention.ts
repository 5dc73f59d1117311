import { t } from '../i18n';
import type { TurnKind } from './turn-status';

/**
 * Telling a player it is their move when they are not looking: the favicon
 * gets a mark, and, when they opted in, a short beep and (tab hidden) a
 * browser notification. Both options are off by default and remembered in
 * localStorage.
 */

export type AttentionPref = 'sound' | 'notify';
const KEYS: Record<AttentionPref, string> = { sound: 'lames.sound', notify: 'lames.notify' };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function prefOn(pref: AttentionPref): boolean {
  return storage()?.getItem(KEYS[pref]) === '1';
}

export function setPref(pref: AttentionPref, on: boolean): void {
  storage()?.setItem(KEYS[pref], on ? '1' : '0');
}

/** The favicon: crossed swords, with a gold dot while it is this seat's move. */
export function faviconHref(mine: boolean): string {
  const dot = mine ? "<circle cx='25' cy='7' r='7' fill='%23f4b400' stroke='%23000' stroke-width='1.5'/>" : '';
  return `data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><text y='26' font-size='26'>%E2%9A%94</text>${dot}</svg>`;
}

function setFavicon(mine: boolean): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  const href = faviconHref(mine);
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}

let audio: AudioContext | null = null;

/** Two short notes (WebAudio: no sound file to serve). */
export function beep(): void {
  try {
    audio ??= new AudioContext();
    const now = audio.currentTime;
    for (const [i, freq] of [660, 880].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.12, now + i * 0.16);
      gain.gain.exponentialRampToValueAtTime(0.001, now + i * 0.16 + 0.14);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + i * 0.16);
      osc.stop(now + i * 0.16 + 0.15);
    }
  } catch {
    /* no audio in this browser: the title and favicon still tell */
  }
}

/** Asks the browser's permission; true when notifications may be shown. */
export async function askNotifications(): Promise<boolean> {
  if (typeof Notification === 'undefined') return false;
  if (Notification.permission === 'granted') return true;
  if (Notification.permission === 'denied') return false;
  return (await Notification.requestPermission()) === 'granted';
}

/**
 * Follows whose move it is: the favicon each time, the sound and the
 * notification only when the move becomes this seat's.
 */
export class Attention {
  private last: TurnKind | null = null;

  update(kind: TurnKind, battleName: string): void {
    setFavicon(kind === 'mine');
    const becameMine = kind === 'mine' && this.last !== null && this.last !== 'mine';
    this.last = kind;
    if (!becameMine) return;
    if (prefOn('sound')) beep();
    if (prefOn('notify') && document.hidden && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
      try {
        new Notification(t('page.titleYourTurn'), { body: battleName, tag: 'lames-turn' });
      } catch {
        /* some browsers only notify from a service worker */
      }
    }
  }

  /** Back to the plain favicon when the page is left. */
  reset(): void {
    this.last = null;
    setFavicon(false);
  }
}
