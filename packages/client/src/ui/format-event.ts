import { FACING_NAMES_EN, hexLabel, type GameEvent, type GridSize } from '@lames/rules';
import { t, type Lang, type TextKey } from '../i18n';

/** What the formatter needs to know of the game to name things. */
export interface EventContext {
  lang: Lang;
  grid: GridSize;
  /** Name of a unit, side or piece id; undefined when unknown. */
  nameOf(id: string): string | undefined;
}

export interface FormattedEvent {
  text: string;
  section: string;
  type: GameEvent['type'];
}

const FACING_NAMES_FR = ['N', 'NNE', 'NE', 'E', 'SE', 'SSE', 'S', 'SSO', 'SO', 'O', 'NO', 'NNO'];

export function facingName(f: number, lang: Lang): string {
  return (lang === 'fr' ? FACING_NAMES_FR : FACING_NAMES_EN)[((f % 12) + 12) % 12];
}

/** One readable line per game event, in the chosen language, with its rule section. */
export function formatEvent(e: GameEvent, ctx: EventContext): FormattedEvent {
  const l = ctx.lang;
  const tx = (key: TextKey, params?: Record<string, string | number>) => t(key, params, l);
  const name = (id: string) => ctx.nameOf(id) ?? id;
  /** A piece that may be a cover marker: its id is opaque, so say "a hidden counter". */
  const piece = (id: string) => ctx.nameOf(id) ?? tx('event.aCover');
  const hex = (i: number) => (i >= 0 ? hexLabel(ctx.grid, i) : '—');
  const out = (text: string): FormattedEvent => ({ text: capitalise(text), section: e.section, type: e.type });
  switch (e.type) {
    case 'activated':
      return out(tx('event.activated', { side: name(e.side), piece: piece(e.piece) }));
    case 'activationEnded':
      return out(tx(e.acted ? 'event.activationEnded' : 'event.activationEndedIdle', { piece: piece(e.piece) }));
    case 'moved': {
      const path = [hex(e.from), ...e.path.map((s) => hex(s.hex))].filter((h, i, a) => i === 0 || h !== a[i - 1]);
      const last = e.path[e.path.length - 1];
      const facing = last ? ` (${facingName(last.facing, l)})` : '';
      let text = tx('event.moved', {
        unit: name(e.unit),
        mode: tx(`mode.${e.mode}` as TextKey),
        path: path.join(' → ') + facing,
        cost: num(e.cost, l),
        allowance: num(e.allowance, l),
      });
      if (e.stoppedBy) text += tx(`event.movedStopped.${e.stoppedBy}` as TextKey);
      return out(text);
    }
    case 'coverMoved':
      return out(tx('event.coverMoved', { from: hex(e.from), to: hex(e.to) }));
    case 'revealed':
      return out(
        e.by
          ? tx('event.revealedBy', { unit: name(e.unit), hex: hex(e.hex), by: name(e.by) })
          : tx('event.revealed', { unit: name(e.unit), hex: hex(e.hex) }),
      );
    case 'decoyRemoved':
      return out(tx('event.decoyRemoved', { hex: hex(e.hex) }));
    case 'breathChanged':
      return out(
        tx('event.breathChanged', {
          unit: name(e.unit),
          breath: tx(`breath.${e.breath}` as TextKey),
          reason: tx(`event.reason.${e.reason}` as TextKey),
        }),
      );
    case 'markerPlaced':
      return out(tx('event.markerPlaced', { unit: name(e.unit), marker: tx(`shock.${e.marker}` as TextKey) }));
    case 'stackAligned':
      return out(
        tx(e.cohesionLost ? 'event.stackAlignedShaken' : 'event.stackAligned', {
          unit: name(e.unit),
          facing: facingName(e.facing, l),
        }),
      );
    case 'sideTurnEnded':
      return out(tx('event.sideTurnEnded', { side: name(e.side), next: name(e.next) }));
    case 'turnEnded':
      return out(tx('event.turnEnded', { turn: e.turn }));
    case 'gameEnded':
      return out(tx('event.gameEnded'));
    default:
      return out(tx('event.unknown', { type: (e as { type: string }).type }));
  }
}

function capitalise(s: string): string {
  return s.length > 0 ? s[0].toUpperCase() + s.slice(1) : s;
}

/** Movement points: halves shown as "½" in French and ".5" in English. */
export function num(n: number, lang: Lang): string {
  if (Number.isInteger(n)) return String(n);
  return lang === 'fr' ? String(n).replace('.', ',') : String(n);
}
