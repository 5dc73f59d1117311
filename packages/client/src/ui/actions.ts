import { hexLabel, type Arrival, type GameState, type LegalAction, type MoveMode, type Rejection } from '@lames/rules';
import { lang, pick, t, type TextKey } from '../i18n';
import { clear, h } from './dom';
import { facingName, num } from './format-event';

export interface ActionHandlers {
  activate(): void;
  startMove(mode: MoveMode): void;
  pass(): void;
  endTurn(): void;
  chooseArrival(a: Arrival): void;
  confirmMove(): void;
  cancelMove(): void;
}

export interface MovePanelState {
  mode: MoveMode;
  count: number;
  hex: number | null;
  options: Arrival[];
  chosen: Arrival | null;
}

export function reasonText(r: Rejection | undefined): string {
  if (!r) return '';
  return `${pick(r.message)} (${r.section})`;
}

/** Reasons already written out in the panel: the same one is not repeated under every button. */
let shownReasons = new Set<string>();

function actionButton(label: string, legal: LegalAction | undefined, onClick: () => void, testId: string, primary = false): HTMLElement {
  const allowed = !!legal?.allowed;
  const reason = allowed ? '' : reasonText(legal?.rejection);
  const inline = reason && !shownReasons.has(reason);
  if (inline) shownReasons.add(reason);
  const button = h('button', { class: primary ? 'btn primary' : 'btn', 'data-action': testId, disabled: !allowed, title: reason || label, onclick: () => allowed && onClick() }, label);
  return h('div', { class: allowed ? 'action' : 'action refused', title: reason || null }, button, inline ? h('div', { class: 'reason' }, reason) : null);
}

/**
 * Action buttons for the selected piece, from `legalActions`: refused ones
 * greyed with the rule's reason. In move mode, the chosen hex's facings and
 * the confirm button.
 */
export function renderActions(el: HTMLElement, view: GameState, piece: string | null, legal: LegalAction[], endTurn: LegalAction | undefined, move: MovePanelState | null, on: ActionHandlers): void {
  clear(el);
  shownReasons = new Set();
  if (move) {
    el.appendChild(h('div', { class: 'move-title' }, t(`action.move.${move.mode}` as TextKey)));
    if (move.count === 0) el.appendChild(h('p', { class: 'muted' }, t('action.noReach')));
    else if (move.hex === null) el.appendChild(h('p', { class: 'hint' }, t('action.moveHint')));
    else {
      el.appendChild(h('p', { class: 'hint' }, t('action.moveTo', { hex: hexLabel(view.board, move.hex) })));
      el.appendChild(
        h(
          'div',
          { class: 'facings' },
          move.options.map((a) =>
            h(
              'button',
              {
                class: a === move.chosen ? 'facing chosen' : 'facing',
                'data-facing': a.facing,
                title: a.ends === 'reveal' ? t('action.stopsHere') : '',
                onclick: () => on.chooseArrival(a),
              },
              h('span', { class: 'arrow', style: `transform: rotate(${a.facing * 30}deg)` }, '↑'),
              h('span', { class: 'facing-name' }, facingName(a.facing, lang())),
              h('span', { class: 'facing-cost' }, t('action.facingCost', { cost: num(a.cost, lang()) })),
            ),
          ),
        ),
      );
      if (move.chosen?.ends === 'reveal') el.appendChild(h('p', { class: 'warn small' }, t('action.stopsHere')));
      if (move.chosen?.ends === 'engaged' || move.chosen?.ends === 'engaging') el.appendChild(h('p', { class: 'warn small' }, t(`action.${move.chosen.ends}` as TextKey)));
    }
    el.appendChild(
      h(
        'div',
        { class: 'row' },
        h('button', { class: 'btn primary', 'data-action': 'confirm-move', disabled: !move.chosen, onclick: () => on.confirmMove() }, t('action.confirmMove')),
        h('button', { class: 'btn', 'data-action': 'cancel-move', onclick: () => on.cancelMove() }, t('action.cancelMove')),
      ),
    );
    return;
  }
  if (piece) {
    const find = (type: string) => legal.find((a) => a.type === type);
    const activate = find('activate');
    const moveAction = find('move');
    const pass = find('pass');
    const group = h('div', { class: 'actions-group' });
    group.appendChild(actionButton(t('action.activate'), activate, on.activate, 'activate', true));
    if (moveAction?.allowed && moveAction.modes && moveAction.modes.length > 0) {
      for (const mode of moveAction.modes) group.appendChild(actionButton(t(`action.move.${mode}` as TextKey), moveAction, () => on.startMove(mode), `move-${mode}`, mode === 'normal'));
    } else {
      group.appendChild(actionButton(t('action.move'), moveAction, () => undefined, 'move'));
    }
    group.appendChild(actionButton(t('action.pass'), pass, on.pass, 'pass'));
    el.appendChild(group);
  }
  el.appendChild(h('div', { class: 'actions-group end-turn' }, actionButton(t('action.endTurn'), endTurn, on.endTurn, 'end-turn')));
}
