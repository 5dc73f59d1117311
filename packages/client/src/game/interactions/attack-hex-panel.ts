import { hexLabel, type GameState } from '@lames/rules';
import type { HexMarkKind } from '../../map/highlights';
import { t } from '../../i18n';
import { h } from '../../ui/dom';
import type { SecondAttack } from './attack-hex';

/**
 * The attacking hexes of a formation (§3.3.8) in the shock and fire panels:
 * one button per hex left to attack (with its open targets), and between the
 * two attacks what is left — the second attack from the other hex, the
 * targets it has lost (FORM-57), or a button that passes it.
 */

interface HexOption {
  target: string;
  allowed: boolean;
  from?: number;
}

/** The formation's attacking hexes on the map: the chosen one green, the other blue. */
export function attackHexMarks(hexes: number[], from: number | null): [number, HexMarkKind][] {
  return hexes.map((hex) => [hex, hex === from ? 'order' : 'option']);
}

export function attackHexPanel(view: GameState, hexes: number[], from: number | null, second: SecondAttack | null, options: HexOption[], choose: (from: number) => void, pass: () => void): HTMLElement | null {
  if (hexes.length < 2 && !second) return null;
  const label = (hex: number) => hexLabel(view.board, hex);
  const name = (id: string) => view.units.find((u) => u.id === id)?.name ?? id;
  const el = h('div', { class: 'attack-hexes', 'data-testid': 'attack-hexes' });
  if (second) {
    const left = hexes[0];
    el.appendChild(h('p', { class: 'hint', 'data-testid': 'second-attack' }, left === undefined ? t('action.attackHex.noSecond') : t('action.attackHex.second', { hex: label(left) })));
    for (const id of second.recoiled) el.appendChild(h('p', { class: 'muted small' }, t('action.attackHex.lost', { unit: name(id) })));
    el.appendChild(h('button', { class: 'btn', 'data-action': 'pass-second', title: t('action.attackHex.passTitle'), onclick: pass }, t('action.attackHex.pass')));
  } else if (hexes.length > 1) el.appendChild(h('p', { class: 'hint' }, t('action.attackHex.hint')));
  if (hexes.length > 1)
    el.appendChild(
      h(
        'div',
        { class: 'places' },
        hexes.map((hex) => {
          const open = new Set(options.filter((o) => o.from === hex && o.allowed).map((o) => o.target)).size;
          return h('button', { class: hex === from ? 'chip chosen' : 'chip', 'data-from': String(hex), onclick: () => choose(hex) }, t('action.attackHex.from', { hex: label(hex), n: open }));
        }),
      ),
    );
  return el;
}
