import { decidesLosses, hexLabel, planKey, type GameState, type LossPlan, type Seat } from '@lames/rules';
import { lang, t } from '../i18n';
import { facingName } from './format-event';
import { h } from './dom';

/**
 * The defender's decision in the middle of a combat (§2.7.4–2.7.5): the ways
 * the rules leave to absorb the losses, one button each, in words. Other
 * seats see who the game is waiting for.
 */

export interface LossesHandlers {
  choose(plan: LossPlan): void;
  confirm(): void;
}

/** A plan in words: the steps lost per unit (and whether that destroys it), then the recoil and the steady unit left behind. */
export function describePlan(view: GameState, plan: LossPlan): string {
  const unit = (id: string) => view.units.find((u) => u.id === id);
  const counts = new Map<string, number>();
  for (const id of plan.steps) counts.set(id, (counts.get(id) ?? 0) + 1);
  const parts = [...counts].map(([id, n]) => {
    const u = unit(id);
    const text = t(n === 1 ? 'losses.step' : 'losses.steps', { unit: u?.name ?? id, n });
    return u && u.steps <= n ? text + t('losses.destroyed') : text;
  });
  if (plan.recoil !== undefined && plan.recoilSecond !== undefined) parts.push(t('losses.recoilFormation', { hex: hexLabel(view.board, plan.recoil), second: hexLabel(view.board, plan.recoilSecond) }));
  else if (plan.recoil !== undefined) parts.push(t(parts.length > 0 ? 'losses.recoilAll' : 'losses.recoil', { hex: hexLabel(view.board, plan.recoil) }));
  if (plan.exit !== undefined) parts.push(t(parts.length > 0 ? 'losses.exitAll' : 'losses.exit', { facing: facingName(plan.exit * 2, lang()) }));
  if (plan.heavier !== undefined) parts.push(t('losses.heavier', { hex: hexLabel(view.board, plan.heavier) }));
  if (plan.stayer) parts.push(t('losses.stayer', { unit: unit(plan.stayer)?.name ?? plan.stayer }));
  return parts.join(' ; ');
}

export function renderLosses(el: HTMLElement, view: GameState, seat: Seat, choices: LossPlan[], chosen: LossPlan | null, on: LossesHandlers): void {
  const pending = view.pendingLosses!;
  const unitName = view.units.find((u) => u.id === pending.defender)?.name ?? pending.defender;
  if (!decidesLosses(view, seat)) {
    const side = view.sides.find((s) => s.id === pending.side)?.name ?? pending.side;
    el.replaceChildren(h('p', { class: 'hint', 'data-testid': 'losses-waiting' }, t('losses.waiting', { side, unit: unitName })));
    return;
  }
  const key = chosen ? planKey(chosen) : '';
  el.replaceChildren(
    h(
      'div',
      { class: 'losses', 'data-testid': 'losses' },
      h('div', { class: 'move-title' }, t('losses.title', { unit: unitName, n: pending.losses })),
      h('p', { class: 'hint' }, t('losses.hint')),
      choices.some((c) => c.recoilSecond !== undefined) ? h('p', { class: 'hint' }, t('losses.recoilFormationHint')) : null,
      choices.some((c) => c.heavier !== undefined) ? h('p', { class: 'hint', 'data-testid': 'heavier-hint' }, t('losses.heavierHint')) : null,
      seat === 'referee' ? h('p', { class: 'muted small' }, t('losses.refereeHint')) : null,
      h(
        'div',
        { class: 'places' },
        choices.map((plan, i) =>
          h('button', { class: planKey(plan) === key ? 'chip chosen' : 'chip', 'data-plan': String(i), ...(plan.recoil !== undefined ? { 'data-hex': String(plan.recoil) } : {}), ...(plan.recoilSecond !== undefined ? { 'data-second': String(plan.recoilSecond) } : {}), ...(plan.exit !== undefined ? { 'data-exit': String(plan.exit) } : {}), ...(plan.heavier !== undefined ? { 'data-heavier': String(plan.heavier) } : {}), onclick: () => on.choose(plan) }, describePlan(view, plan)),
        ),
      ),
      h('div', { class: 'row' }, h('button', { class: 'btn primary', 'data-action': 'confirm-losses', disabled: !chosen, onclick: () => on.confirm() }, t('losses.confirm'))),
    ),
  );
}
