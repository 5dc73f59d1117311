import { hexLabel, type TestPreview, type Arrival, type Directive, type Facing, type GameState, type LegalAction, type MoveMode, type Rejection, type Wing } from '@lames/rules';
import { lang, pick, t, type TextKey } from '../i18n';
import { arrivalCharges, shockChoices, shockToSend, DIRECTIVES, oddsList, reasonOf, stackJoin, type ForcedAction, type OrderOption, type PlaceOption, type ShockOption } from '../game/rules-api';
import { clear, h } from './dom';
import { facingName, num, ofWord, pct } from './format-event';
import { decoyLabel } from './decoy-label';
import { readStated, statedCost, statesCost } from './order-cost';
import { arrangeActions } from './action-groups';
import { withShortcut } from './shortcuts';

/** A choice in progress in the side panel (and on the map). */
export type Picker =
  | {
      kind: 'move';
      piece: string;
      action: 'move' | 'flee';
      mode: MoveMode;
      count: number;
      hex: number | null;
      options: Arrival[];
      chosen: Arrival | null;
      shock: 'contact' | 'charge';
    }
  | { kind: 'attack'; type: 'shock' | 'duel'; options: ShockOption[]; target: string | null; supported: boolean; /** The breath attack (§3.1) chosen. */ breath: boolean }
  | { kind: 'hex'; action: 'withdraw' | 'returnToMap'; places: PlaceOption[]; chosen: PlaceOption | null }
  | { kind: 'face'; facings: Facing[]; current: Facing; chosen: Facing | null }
  | { kind: 'directive'; wing: Wing | undefined; chosen: Directive | null }
  | { kind: 'takeCommand'; wings: Wing[]; chosen: string | null };

export interface ActionHandlers {
  /** Actions sent at once: {type, piece}. */
  oneClick(type: string): void;
  /** Actions that need a choice: open the picker. */
  start(type: string, mode?: MoveMode): void;
  endTurn(): void;
  /** Changes the picker in progress and redraws. */
  update(f: (p: Picker) => void): void;
  confirm(): void;
  cancel(): void;
  /** An order; `points` is the cost stated for a decoy. */
  giveOrder(unit: string, points?: number): void;
  /** The test an action rolls, when the player chooses into one (rest, rally…): its threshold and chance. */
  odds?(type: string): TestPreview | null;
}

export interface OrdersPanel {
  options: OrderOption[];
  points: number | null;
}

export function reasonText(r: Rejection | undefined): string {
  if (!r) return '';
  return `${pick(r.message)} (${r.section})`;
}

/** Reasons already written out in the panel: the same one is not repeated under every button. */
let shownReasons = new Set<string>();

/** The odds of the test an action rolls: short on the button ("≤ 7 · 58 %"), in full in its title. */
interface OddsText {
  short: string;
  full: string;
}

export function oddsText(p: TestPreview): OddsText {
  const test = t(`test.${p.test}` as TextKey);
  const chance = pct(p.chance, lang());
  return { short: `≤ ${p.threshold} · ${chance}`, full: t('page.oddsTest', { test, ofTest: ofWord(test), threshold: p.threshold, chance, section: p.section }) };
}

function actionButton(label: string, legal: LegalAction | undefined, onClick: () => void, testId: string, opts: { primary?: boolean; forced?: boolean; odds?: OddsText } = {}): HTMLElement {
  const allowed = !!legal?.allowed;
  const reason = allowed ? '' : reasonText(legal?.rejection);
  const inline = reason && !shownReasons.has(reason);
  if (inline) shownReasons.add(reason);
  const cls = ['btn', opts.primary || opts.forced ? 'primary' : '', opts.forced ? 'forced' : ''].filter(Boolean).join(' ');
  const title = reason || [withShortcut(label, testId), opts.odds?.full].filter(Boolean).join(' — ');
  const button = h(
    'button',
    { class: cls, 'data-action': testId, disabled: !allowed, title, onclick: () => allowed && onClick() },
    label,
    opts.odds && allowed ? h('span', { class: 'btn-odds', 'data-testid': `odds-${testId}` }, `🎲 ${opts.odds.short}`) : null,
    opts.forced ? h('span', { class: 'forced-badge' }, t('action.forcedBadge')) : null,
  );
  return h('div', { class: allowed ? 'action' : 'action refused', title: reason || null }, button, inline ? h('div', { class: 'reason' }, reason) : null);
}

/** Actions sent without a choice. */
export const ONE_CLICK = new Set(['activate', 'pass', 'rest', 'reorganise', 'rally', 'resign', 'distributeOrders']);

export function actionLabel(type: string): string {
  const key = `action.${type}` as TextKey;
  const text = t(key);
  return text === key ? type : text;
}

/**
 * The action menu of the selected piece, from `legalActions`: every action,
 * refused ones greyed with the rule's reason (hover and inline), the forced
 * action highlighted. While a choice is in progress, its picker instead.
 */
export function renderActions(
  el: HTMLElement,
  view: GameState,
  piece: string | null,
  legal: LegalAction[],
  endTurn: LegalAction | undefined,
  picker: Picker | null,
  forced: ForcedAction | null,
  orders: OrdersPanel | null,
  on: ActionHandlers,
): void {
  clear(el);
  shownReasons = new Set();
  if (picker) {
    renderPicker(el, view, picker, on);
    return;
  }
  if (forced) {
    const r = reasonOf(forced.reason, (x) => pick(x));
    el.appendChild(
      h('div', { class: 'forced-banner', 'data-testid': 'forced' }, h('strong', {}, t('action.forced', { action: forced.types.map(actionLabel).join(' / ') })), r.text ? h('div', {}, r.text, r.section ? h('span', { class: 'section' }, ` (${r.section})`) : null) : null),
    );
  }
  if (orders) el.appendChild(renderOrders(view, orders, legal.find((a) => a.type === 'pass'), on));
  if (piece) renderMenu(el, legal, forced, on);
  el.appendChild(h('div', { class: 'actions-group end-turn' }, actionButton(t('action.endTurn'), endTurn, on.endTurn, 'end-turn')));
}

/** The buttons of one action (a move gives one per mode). */
function buttonsOf(a: LegalAction, forced: ForcedAction | null, on: ActionHandlers): HTMLElement[] {
  const type = a.type as string;
  const isForced = !!forced?.types.includes(type);
  if (type === 'move' && a.allowed && a.modes && a.modes.length > 0) {
    return a.modes.map((mode) => actionButton(t(`action.move.${mode}` as TextKey), a, () => on.start('move', mode), `move-${mode}`, { primary: mode === 'normal', forced: isForced && mode === 'normal' }));
  }
  const odds = a.allowed ? on.odds?.(type) : null;
  const shown = odds ? oddsText(odds) : undefined;
  if (ONE_CLICK.has(type)) return [actionButton(actionLabel(type), a, () => on.oneClick(type), type, { primary: type === 'activate', forced: isForced, odds: shown })];
  return [actionButton(actionLabel(type), a, () => on.start(type), type, { forced: isForced, odds: shown })];
}

/**
 * What the piece can do, by group, then the refused actions folded behind
 * "Why not?", each with the rule that refuses it: the legal moves are never
 * pushed down by a wall of greyed buttons.
 */
function renderMenu(el: HTMLElement, legal: LegalAction[], forced: ForcedAction | null, on: ActionHandlers): void {
  const { open, refused } = arrangeActions(legal);
  for (const { group, actions } of open) {
    el.appendChild(h('div', { class: 'actions-group', 'data-group': group }, h('div', { class: 'group-title' }, t(`action.group.${group}` as TextKey)), actions.flatMap((a) => buttonsOf(a, forced, on))));
  }
  if (open.length === 0) el.appendChild(h('p', { class: 'muted small', 'data-testid': 'nothing-open' }, t('page.nothingOpen')));
  if (refused.length === 0) return;
  el.appendChild(
    h(
      'details',
      { class: 'why-not', 'data-testid': 'why-not' },
      h('summary', {}, t('page.whyNot', { n: refused.length })),
      h('div', { class: 'actions-group' }, refused.flatMap((a) => buttonsOf(a, forced, on))),
    ),
  );
}

export function confirmRow(on: Pick<ActionHandlers, 'confirm' | 'cancel'>, enabled: boolean, label = t('action.confirm'), testId = 'confirm'): HTMLElement {
  return h(
    'div',
    { class: 'row' },
    h('button', { class: 'btn primary', 'data-action': testId, disabled: !enabled, onclick: () => on.confirm() }, label),
    h('button', { class: 'btn', 'data-action': 'cancel', onclick: () => on.cancel() }, t('action.cancel')),
  );
}

/** A picker's panel: what it needs of the page. */
export type PickerHandlers = Pick<ActionHandlers, 'update' | 'confirm' | 'cancel'>;

export function renderPicker(el: HTMLElement, view: GameState, p: Picker, on: PickerHandlers): void {
  switch (p.kind) {
    case 'move':
      return renderMovePicker(el, view, p, on);
    case 'attack':
      return renderAttackPicker(el, view, p, on);
    case 'hex': {
      el.appendChild(h('div', { class: 'move-title' }, t(`action.hexPick.${p.action}` as TextKey)));
      if (p.places.length === 0) el.appendChild(h('p', { class: 'muted' }, t('action.hexPick.none')));
      else el.appendChild(h('p', { class: 'hint' }, p.chosen === null ? t('action.hexPick.hint') : t('action.hexPick.chosen', { hex: placeName(view, p.chosen) })));
      el.appendChild(
        h(
          'div',
          { class: 'places' },
          p.places.map((o) =>
            h(
              'div',
              { class: o.allowed ? 'place' : 'place refused', title: o.allowed ? '' : reasonText(o.rejection) },
              h(
                'button',
                { class: o === p.chosen ? 'chip chosen' : 'chip', 'data-hex': o.to ?? `exit-${o.exit}`, disabled: !o.allowed, onclick: () => on.update((q) => q.kind === 'hex' && (q.chosen = o)) },
                placeName(view, o),
                o.minimal ? ` · ${t('mode.minimal')}` : '',
              ),
              o.allowed ? null : h('span', { class: 'reason' }, reasonText(o.rejection)),
            ),
          ),
        ),
      );
      el.appendChild(confirmRow(on, p.chosen !== null, actionLabel(p.action), `confirm-${p.action}`));
      return;
    }
    case 'face': {
      el.appendChild(h('div', { class: 'move-title' }, t('action.face.title')));
      if (p.facings.length === 0) el.appendChild(h('p', { class: 'muted' }, t('action.face.none')));
      el.appendChild(
        h(
          'div',
          { class: 'facings' },
          p.facings.map((f) =>
            h(
              'button',
              { class: f === p.chosen ? 'facing chosen' : 'facing', 'data-facing': f, onclick: () => on.update((q) => q.kind === 'face' && (q.chosen = f)) },
              h('span', { class: 'arrow', style: `transform: rotate(${f * 30}deg)` }, '↑'),
              h('span', { class: 'facing-name' }, facingName(f, lang())),
            ),
          ),
        ),
      );
      el.appendChild(confirmRow(on, p.chosen !== null, actionLabel('face'), 'confirm-face'));
      return;
    }
    case 'directive': {
      el.appendChild(h('div', { class: 'move-title' }, t('action.directive.title', { wing: p.wing?.name ?? '?' })));
      el.appendChild(
        h(
          'div',
          { class: 'chips' },
          DIRECTIVES.map((d) =>
            h(
              'button',
              { class: d === p.chosen ? 'chip chosen' : 'chip', 'data-directive': d, disabled: d === p.wing?.directive, onclick: () => on.update((q) => q.kind === 'directive' && (q.chosen = d)) },
              t(`directive.${d}` as TextKey),
              d === p.wing?.directive ? ` (${t('action.directive.current')})` : '',
            ),
          ),
        ),
      );
      el.appendChild(confirmRow(on, p.chosen !== null, actionLabel('changeDirective'), 'confirm-directive'));
      return;
    }
    case 'takeCommand': {
      el.appendChild(h('div', { class: 'move-title' }, t('action.takeCommand.title')));
      el.appendChild(
        h(
          'div',
          { class: 'chips' },
          p.wings.map((w) => h('button', { class: w.id === p.chosen ? 'chip chosen' : 'chip', 'data-wing': w.id, onclick: () => on.update((q) => q.kind === 'takeCommand' && (q.chosen = w.id)) }, w.name)),
        ),
      );
      el.appendChild(confirmRow(on, p.chosen !== null, actionLabel('takeCommand'), 'confirm-take-command'));
      return;
    }
  }
}

function placeName(view: GameState, o: PlaceOption): string {
  if (o.to !== null) return hexLabel(view.board, o.to);
  return t('action.hexPick.exit', { facing: facingName((o.exit ?? 0) * 2, lang()) });
}

/** A flight's threat fled and edge left by, when the arrival has them. */
function fleeNote(view: GameState, a: Arrival): HTMLElement | null {
  const f = a as Arrival & { threat?: string; exit?: number };
  const bits = [f.threat ? t('action.flee.from', { unit: view.units.find((u) => u.id === f.threat)?.name ?? f.threat }) : '', typeof f.exit === 'number' ? t('action.flee.exit') : ''].filter(Boolean);
  return bits.length ? h('span', { class: 'flee-note' }, bits.join(' · ')) : null;
}

const unitName = (view: GameState, id: string) => view.units.find((u) => u.id === id)?.name ?? id;

/** One way to end the move: a facing, or (§2.6.10) an edge hexside to leave the map by, with the enemy it pursues. */
function arrivalOption(view: GameState, move: Extract<Picker, { kind: 'move' }>, a: Arrival, on: PickerHandlers): HTMLElement {
  const exit = move.action === 'move' && a.exit !== undefined;
  const toward = exit ? a.exit! * 2 : a.facing;
  return h(
    'button',
    {
      class: a === move.chosen ? 'facing chosen' : 'facing',
      'data-facing': exit ? null : a.facing,
      'data-exit': exit ? a.exit : null,
      title: a.ends === 'reveal' ? t('action.stopsHere') : arrivalCharges(a) ? t('action.arrival.charge') : '',
      onclick: () => on.update((p) => p.kind === 'move' && (p.chosen = a)),
    },
    h('span', { class: 'arrow', style: `transform: rotate(${toward * 30}deg)` }, exit ? '⇥' : '↑'),
    h('span', { class: 'facing-name' }, exit ? `${t('action.arrival.exit')} (${facingName(toward, lang())})` : facingName(a.facing, lang())),
    arrivalCharges(a) ? h('span', { class: 'charge-tag', title: t('action.arrival.charge') }, '⚡') : null,
    exit && a.pursues ? h('span', { class: 'flee-note' }, t('action.arrival.pursuit', { unit: unitName(view, a.pursues) })) : exit ? null : fleeNote(view, a),
    h('span', { class: 'facing-cost' }, t('action.facingCost', { cost: num(a.cost, lang()) })),
  );
}

/** What leaving the map means, under the options, once an exit is chosen. */
function exitHint(view: GameState, a: Arrival | null): HTMLElement | null {
  if (!a || a.exit === undefined || a.ends !== 'exit') return null;
  return h('p', { class: 'hint small' }, t('action.arrival.exitHint'), a.pursues ? ` ${t('action.arrival.pursuitHint', { unit: unitName(view, a.pursues) })}` : '');
}

function renderMovePicker(el: HTMLElement, view: GameState, move: Extract<Picker, { kind: 'move' }>, on: PickerHandlers): void {
  el.appendChild(h('div', { class: 'move-title' }, move.action === 'flee' ? t('action.flee.title') : t(`action.move.${move.mode}` as TextKey)));
  if (move.count === 0) el.appendChild(h('p', { class: 'muted' }, t('action.noReach')));
  else if (move.hex === null) el.appendChild(h('p', { class: 'hint' }, t('action.moveHint')));
  else {
    el.appendChild(h('p', { class: 'hint' }, t('action.moveTo', { hex: hexLabel(view.board, move.hex) })));
    el.appendChild(h('div', { class: 'facings' }, move.options.map((a) => arrivalOption(view, move, a, on))));
    if (move.action === 'move') {
      const hint = exitHint(view, move.chosen);
      if (hint) el.appendChild(hint);
    }
    if (move.chosen?.ends === 'reveal') el.appendChild(h('p', { class: 'warn small' }, t('action.stopsHere')));
    if (move.chosen?.ends === 'engaged' || move.chosen?.ends === 'engaging') el.appendChild(h('p', { class: 'warn small' }, t(`action.${move.chosen.ends}` as TextKey)));
    const join = move.chosen ? stackJoin(view, move.piece, move.hex, move.chosen.facing) : null;
    if (join) el.appendChild(h('p', { class: 'warn small', 'data-testid': 'stack-join' }, t(join.cohesionLost ? 'action.joinStackCohesion' : 'action.joinStack', { facing: facingName(join.facing, lang()) })));
    if (move.chosen && arrivalCharges(move.chosen)) {
      el.appendChild(h('p', { class: 'hint' }, t('action.arrival.chargeHint')));
      el.appendChild(
        h(
          'div',
          { class: 'chips', 'data-testid': 'shock-choice' },
          shockChoices(move.chosen).map((s) =>
            h('button', { class: s === shockToSend(move.chosen!, move.shock) ? 'chip chosen' : 'chip', 'data-shock': s, onclick: () => on.update((p) => p.kind === 'move' && (p.shock = s)) }, t(`action.arrival.${s}` as TextKey)),
          ),
        ),
      );
    }
  }
  el.appendChild(
    h(
      'div',
      { class: 'row' },
      h('button', { class: 'btn primary', 'data-action': move.action === 'flee' ? 'confirm-flee' : 'confirm-move', disabled: !move.chosen, onclick: () => on.confirm() }, move.action === 'flee' ? actionLabel('flee') : t('action.confirmMove')),
      h('button', { class: 'btn', 'data-action': 'cancel-move', onclick: () => on.cancel() }, t('action.cancelMove')),
    ),
  );
}

/** Targets grouped: for each target, its supported and unsupported options. */
export function targetsOf(options: ShockOption[]): Map<string, ShockOption[]> {
  const by = new Map<string, ShockOption[]>();
  for (const o of options) by.set(o.target, [...(by.get(o.target) ?? []), o]);
  for (const list of by.values()) list.sort((a, b) => Number(b.supported) - Number(a.supported));
  return by;
}

export function oddsBar(o: Pick<ShockOption, 'odds'>): HTMLElement {
  const list = oddsList(o.odds);
  return h(
    'div',
    { class: 'odds' },
    list.map(([n, p]) =>
      h(
        'div',
        { class: 'odds-cell', title: `${t('action.attack.lossesN', { n })}: ${pct(p, lang())}` },
        h('div', { class: 'odds-n' }, String(n)),
        h('div', { class: 'odds-bar' }, h('div', { class: `odds-fill losses-${Math.min(n, 3)}`, style: `height:${Math.round(p * 100)}%` })),
        h('div', { class: 'odds-p' }, pct(p, lang())),
      ),
    ),
  );
}

/** Picks one attack option: its target, its support and whether it is the breath attack (§3.1). */
function choose(q: Extract<Picker, { kind: 'attack' }>, target: string, o: ShockOption): boolean {
  q.target = target;
  q.supported = o.supported;
  q.breath = !!o.breath;
  return true;
}

function renderAttackPicker(el: HTMLElement, view: GameState, p: Extract<Picker, { kind: 'attack' }>, on: PickerHandlers): void {
  el.appendChild(h('div', { class: 'move-title' }, t(`action.attack.title.${p.type}` as TextKey)));
  const targets = targetsOf(p.options);
  if (targets.size === 0) el.appendChild(h('p', { class: 'muted' }, t('action.attack.none')));
  else el.appendChild(h('p', { class: 'hint' }, t('action.attack.hint')));
  const nameOf = (id: string) => view.units.find((u) => u.id === id)?.name ?? id;
  const hexOf = (id: string) => view.units.find((u) => u.id === id)?.hex ?? -1;
  for (const [target, list] of targets) {
    const chosen = p.target === target;
    const card = h(
      'div',
      { class: chosen ? 'target chosen' : 'target', 'data-target': target },
      h(
        'button',
        { class: 'target-head link', onclick: () => on.update((q) => q.kind === 'attack' && choose(q, target, list.find((o) => o.allowed) ?? list[0])) },
        h('strong', {}, nameOf(target)),
        hexOf(target) >= 0 ? h('span', { class: 'muted small' }, ` · ${hexLabel(view.board, hexOf(target))}`) : null,
      ),
    );
    for (const o of list) {
      const on2 = chosen && p.supported === o.supported && p.breath === !!o.breath;
      const adv = o.advantage > 0 ? `+${o.advantage}` : String(o.advantage);
      card.appendChild(
        h(
          'div',
          { class: ['option', on2 ? 'chosen' : '', o.allowed ? '' : 'refused'].filter(Boolean).join(' '), 'data-supported': String(o.supported), 'data-breath': String(!!o.breath), title: o.allowed ? '' : reasonText(o.rejection) },
          h(
            'label',
            { class: 'option-head' },
            h('input', {
              type: 'radio',
              name: `atk-${target}`,
              checked: on2,
              disabled: !o.allowed,
              onchange: () => on.update((q) => q.kind === 'attack' && choose(q, target, o)),
            }),
            h('span', {}, o.breath ? t('action.attack.breath') : o.supported ? t('action.attack.supported') : t('action.attack.unsupported')),
            h('span', { class: 'adv' }, t('action.attack.advantage', { value: adv })),
          ),
          o.allowed ? null : h('div', { class: 'reason' }, reasonText(o.rejection)),
          oddsBar(o),
          h(
            'ul',
            { class: 'modifiers' },
            o.modifiers.length === 0
              ? h('li', { class: 'muted' }, t('action.attack.noModifier'))
              : o.modifiers.map((m) => h('li', {}, h('span', { class: 'mod-value' }, m.value > 0 ? `+${m.value}` : String(m.value)), ' ', pick(m.label), h('span', { class: 'section' }, ` ${m.section}`))),
          ),
        ),
      );
    }
    el.appendChild(card);
  }
  const chosen = p.options.find((o) => o.target === p.target && o.supported === p.supported && !!o.breath === p.breath);
  el.appendChild(confirmRow(on, !!chosen?.allowed, p.target ? t('action.attack.confirm', { target: nameOf(p.target) }) : actionLabel(p.type), `confirm-${p.type}`));
}

function renderOrders(view: GameState, orders: OrdersPanel, pass: LegalAction | undefined, on: ActionHandlers): HTMLElement {
  const nameOf = (id: string) => view.units.find((u) => u.id === id)?.name ?? decoyName(view, id) ?? id;
  return h(
    'div',
    { class: 'orders', 'data-testid': 'orders' },
    h('div', { class: 'move-title' }, t('action.orders.title')),
    orders.points !== null ? h('div', { class: 'points', 'data-testid': 'command-points' }, t('action.orders.points', { n: orders.points })) : null,
    h('p', { class: 'hint' }, t('action.orders.hint')),
    orders.options.length === 0
      ? h('p', { class: 'muted' }, t('action.orders.none'))
      : h(
          'ul',
          { class: 'order-list' },
          orders.options.map((o) =>
            statesCost(o)
              ? statedOrder(o, nameOf(o.unit), orders.points, on)
              : h(
                  'li',
                  { class: o.allowed ? '' : 'refused', title: o.allowed ? '' : reasonText(o.rejection) },
                  h('button', { class: 'btn', 'data-order': o.unit, disabled: !o.allowed, onclick: () => o.allowed && on.giveOrder(o.unit) }, nameOf(o.unit)),
                  h('span', { class: 'muted small' }, ` ${t('action.orders.cost', { n: o.cost })}`),
                  o.allowed ? null : h('div', { class: 'reason' }, reasonText(o.rejection)),
                ),
          ),
        ),
    pass ? actionButton(t('action.orders.end'), pass, () => on.oneClick('pass'), 'end-orders') : null,
  );
}

/** The owner's name for one of its decoys; null for any other piece. */
function decoyName(view: GameState, id: string): string | null {
  const d = view.decoys.find((x) => x.id === id);
  return d ? decoyLabel(view, d.mimic) : null;
}

/** An order to one of the player's decoys: the player states the points it costs (sheet 000, Leurres). */
function statedOrder(o: OrderOption, name: string, left: number | null, on: ActionHandlers): HTMLElement {
  const bounds = statedCost(o, left);
  const allowed = o.allowed && bounds !== null;
  const input = h('input', { type: 'number', class: 'points-input', 'data-order-points': o.unit, min: 1, max: bounds?.max ?? 1, step: 1, value: bounds?.value ?? 1, disabled: !allowed, 'aria-label': t('action.orders.statedLabel') });
  const note = h('span', { class: 'reason', hidden: true }, bounds ? t('action.orders.statedBounds', { max: bounds.max }) : '');
  const button = h('button', { class: 'btn', 'data-order': o.unit, disabled: !allowed, onclick: () => send() }, name);
  const send = () => {
    const n = bounds ? readStated(input.value, bounds) : null;
    if (allowed && n !== null) on.giveOrder(o.unit, n);
  };
  input.addEventListener('input', () => {
    const ok = !!bounds && readStated(input.value, bounds) !== null;
    button.disabled = !allowed || !ok;
    note.hidden = ok;
  });
  return h(
    'li',
    { class: allowed ? 'stated' : 'stated refused', title: o.allowed ? '' : reasonText(o.rejection) },
    button,
    h('label', { class: 'points-label small' }, t('action.orders.stated'), input),
    note,
    o.allowed ? null : h('div', { class: 'reason' }, reasonText(o.rejection)),
  );
}
