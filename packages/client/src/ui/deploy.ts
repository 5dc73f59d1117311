import { FACINGS, hexLabel, type Facing, type GameState, type SideId } from '@lames/rules';
import { lang, t } from '../i18n';
import { freeMimics, type DeployContext, type DeployDraft, type DraftProblem, type DraftSelection } from '../game/deploy-draft';
import { reasonText } from './actions';
import { h } from './dom';
import { facingName } from './format-event';

/**
 * The deployment panel (§4.5.2): the side's hidden units to place in its
 * zone, their facing, the decoys, every refusal before sending, then the
 * wait for the other side. The referee deploys for an absent side through
 * the same panel, choosing the side first.
 */

export interface DeployPanel {
  side: SideId;
  ctx: DeployContext;
  /** Null while the side's deployment is sent and not being changed. */
  draft: DeployDraft | null;
  problems: DraftProblem[];
  /** The deployment is sent, the answer not yet come. */
  pending: boolean;
  /** This side has deployed. */
  done: boolean;
  /** Every other side has deployed. */
  othersDone: boolean;
  /** The referee's choice of side, with whether each has deployed; absent for a player. */
  sides?: { id: SideId; name: string; done: boolean }[];
}

export interface DeployHandlers {
  select(sel: DraftSelection): void;
  face(f: Facing): void;
  unplace(unit: string): void;
  addDecoy(mimic: string): void;
  removeDecoy(index: number): void;
  setMimic(index: number, mimic: string): void;
  confirm(): void;
  /** Opens the side's sent deployment to change it. */
  edit(): void;
  cancelEdit(): void;
  chooseSide(side: SideId): void;
}

export function renderDeploy(el: HTMLElement, view: GameState, p: DeployPanel, on: DeployHandlers): void {
  const sideName = (id: string) => view.sides.find((s) => s.id === id)?.name ?? id;
  const parts: (HTMLElement | null)[] = [h('div', { class: 'move-title' }, t('deploy.title', { side: sideName(p.side) }))];
  if (p.sides) parts.push(sideChoice(p, on));
  if (!p.draft) {
    parts.push(
      h('p', { class: 'hint', 'data-testid': 'deploy-waiting' }, p.ctx.units.length === 0 ? t('deploy.nothing') : '', p.othersDone ? t('deploy.sentAll') : t('deploy.waiting')),
      // a side with no hidden unit has nothing to change
      p.ctx.units.length === 0 ? null : h('div', { class: 'row' }, h('button', { class: 'btn', 'data-action': 'redeploy', onclick: () => on.edit() }, t('deploy.edit'))),
    );
    el.replaceChildren(h('div', { class: 'deploy', 'data-testid': 'deploy' }, ...parts));
    return;
  }
  const d = p.draft;
  parts.push(h('p', { class: 'hint' }, t('deploy.hint')));
  parts.push(unitList(view, p, d, on));
  const chosen = selectedFacing(d);
  if (chosen !== null) parts.push(facingChoice(chosen, on));
  parts.push(decoyList(view, p, d, on));
  parts.push(problemList(view, p.problems));
  parts.push(
    h(
      'div',
      { class: 'row' },
      h('button', { class: 'btn primary', 'data-action': 'confirm-deploy', disabled: p.problems.length > 0 || p.pending, onclick: () => on.confirm() }, p.pending ? t('deploy.sending') : t('deploy.confirm')),
      p.done ? h('button', { class: 'btn', 'data-action': 'cancel', onclick: () => on.cancelEdit() }, t('action.cancel')) : null,
    ),
  );
  if (p.done) parts.push(h('p', { class: 'muted small' }, t('deploy.editing')));
  el.replaceChildren(h('div', { class: 'deploy', 'data-testid': 'deploy' }, ...parts));
}

function sideChoice(p: DeployPanel, on: DeployHandlers): HTMLElement {
  return h(
    'div',
    { class: 'chips', 'data-testid': 'deploy-sides' },
    p.sides!.map((s) =>
      h('button', { class: s.id === p.side ? 'chip chosen' : 'chip', 'data-side': s.id, onclick: () => on.chooseSide(s.id) }, s.name, ` · ${t(s.done ? 'deploy.sideDone' : 'deploy.sideWaiting')}`),
    ),
  );
}

const isSel = (d: DeployDraft, sel: DraftSelection) => (d.selected?.kind === 'unit' && sel.kind === 'unit' && d.selected.id === sel.id) || (d.selected?.kind === 'decoy' && sel.kind === 'decoy' && d.selected.index === sel.index);

function where(view: GameState, place: { hex: number; facing: Facing } | undefined): string {
  return place && place.hex >= 0 ? `${hexLabel(view.board, place.hex)} · ${facingName(place.facing, lang())}` : t('deploy.toPlace');
}

function unitList(view: GameState, p: DeployPanel, d: DeployDraft, on: DeployHandlers): HTMLElement {
  return h(
    'ul',
    { class: 'deploy-list', 'data-testid': 'deploy-units' },
    p.ctx.units.map((u) => {
      const place = d.units[u.id];
      const sel: DraftSelection = { kind: 'unit', id: u.id };
      return h(
        'li',
        { class: [isSel(d, sel) ? 'chosen' : '', place ? 'placed' : ''].filter(Boolean).join(' ') },
        h('button', { class: 'chip', 'data-deploy-unit': u.id, onclick: () => on.select(sel) }, u.name),
        h('span', { class: 'muted small' }, ` ${where(view, place)}`),
        place ? h('button', { class: 'link small', 'data-unplace': u.id, onclick: () => on.unplace(u.id) }, t('deploy.unplace')) : null,
      );
    }),
  );
}

function selectedFacing(d: DeployDraft): Facing | null {
  const s = d.selected;
  if (!s) return null;
  const place = s.kind === 'unit' ? d.units[s.id] : d.decoys[s.index];
  return place && place.hex >= 0 ? place.facing : null;
}

function facingChoice(current: Facing, on: DeployHandlers): HTMLElement {
  return h(
    'div',
    {},
    h('div', { class: 'hint' }, t('deploy.facing')),
    h(
      'div',
      { class: 'facings', 'data-testid': 'deploy-facings' },
      FACINGS.map((f) =>
        h(
          'button',
          { class: f === current ? 'facing chosen' : 'facing', 'data-facing': f, onclick: () => on.face(f) },
          h('span', { class: 'arrow', style: `transform: rotate(${f * 30}deg)` }, '↑'),
          h('span', { class: 'facing-name' }, facingName(f, lang())),
        ),
      ),
    ),
  );
}

function decoyList(view: GameState, p: DeployPanel, d: DeployDraft, on: DeployHandlers): HTMLElement {
  const unitName = (id: string) => p.ctx.units.find((u) => u.id === id)?.name ?? id;
  const free = freeMimics(d, p.ctx);
  return h(
    'div',
    { class: 'deploy-decoys', 'data-testid': 'deploy-decoys' },
    h('div', { class: 'group-title' }, t('deploy.decoys', { n: d.decoys.length, max: p.ctx.maxDecoys })),
    p.ctx.maxDecoys === 0 ? h('p', { class: 'muted small' }, t('deploy.noDecoy')) : h('p', { class: 'muted small' }, t('deploy.decoyHint')),
    h(
      'ul',
      { class: 'deploy-list' },
      d.decoys.map((x, i) => {
        const sel: DraftSelection = { kind: 'decoy', index: i };
        const mimics = [p.ctx.units.find((u) => u.id === x.mimic), ...freeMimics(d, p.ctx, i).filter((u) => u.id !== x.mimic)].filter((u) => !!u);
        const choice = h('select', { 'data-decoy-mimic': i, 'aria-label': t('deploy.mimic') }, mimics.map((u) => h('option', { value: u.id, selected: u.id === x.mimic }, u.name)));
        choice.addEventListener('change', () => on.setMimic(i, choice.value));
        return h(
          'li',
          { class: [isSel(d, sel) ? 'chosen' : '', x.hex >= 0 ? 'placed' : ''].filter(Boolean).join(' ') },
          h('button', { class: 'chip', 'data-deploy-decoy': i, onclick: () => on.select(sel) }, t('deploy.decoyOf', { unit: unitName(x.mimic) })),
          choice,
          h('span', { class: 'muted small' }, ` ${where(view, x)}`),
          h('button', { class: 'link small', 'data-remove-decoy': i, onclick: () => on.removeDecoy(i) }, t('deploy.removeDecoy')),
        );
      }),
    ),
    d.decoys.length < p.ctx.maxDecoys && free.length > 0
      ? h(
          'div',
          { class: 'chips', 'data-testid': 'add-decoy' },
          h('span', { class: 'small' }, t('deploy.addDecoy')),
          free.map((u) => h('button', { class: 'chip', 'data-add-decoy': u.id, onclick: () => on.addDecoy(u.id) }, u.name)),
        )
      : null,
  );
}

function problemList(view: GameState, problems: DraftProblem[]): HTMLElement | null {
  if (problems.length === 0) return h('p', { class: 'hint ok', 'data-testid': 'deploy-ready' }, t('deploy.ready'));
  const nameOf = (id: string) => view.units.find((u) => u.id === id)?.name ?? id;
  return h(
    'ul',
    { class: 'deploy-problems', 'data-testid': 'deploy-problems' },
    problems.map((p) =>
      h(
        'li',
        { class: 'reason', 'data-problem': p.kind },
        p.kind === 'unplaced' ? t('deploy.unplaced', { units: p.units.map(nameOf).join(', ') }) : p.kind === 'decoyUnplaced' ? t('deploy.decoyUnplaced', { n: p.count }) : reasonText(p.rejection),
      ),
    ),
  );
}
