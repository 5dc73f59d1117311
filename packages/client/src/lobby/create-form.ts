import type { SideId } from '@lames/rules';
import { pick, t } from '../i18n';
import type { ScenarioSummary } from '../net/api';
import { h } from '../ui/dom';
import { turnsText } from '../game/broadcast-text';
import type { SpectatorChat } from '../ui/chat-model';
import type { TimeControlForm } from '../ui/clock-model';
import { timeControlField } from '../ui/time-control-field';

/** The "new battle" card: scenario, battle name, the creator's seat, listing and referee. */

export interface CreateForm {
  scenarioId: string;
  battleName: string;
  seat: SideId | 'referee';
  listed: boolean;
  referee: boolean;
  /** What spectators may do in the chat (issue 12). */
  spectatorChat: SpectatorChat;
  /** A clock per side or a deadline per decision, and what a timeout does (issue 12). */
  timeControl: TimeControlForm;
  /** Broadcast delay in turns (issue 12); 0: spectators see live what spectators may see. */
  broadcastDelay: number;
}

export interface CreateFormHandlers {
  /** A field changed; `redraw` when the card's content depends on it. */
  change(f: (form: CreateForm) => void, redraw?: boolean): void;
  create(): void;
}

export function renderCreateForm(scenarios: ScenarioSummary[], form: CreateForm, error: string, busy: boolean, on: CreateFormHandlers): HTMLElement {
  const sc = scenarios.find((s) => s.id === form.scenarioId);
  const select = h('select', { id: 'scenario' }, scenarios.map((s) => h('option', { value: s.id, selected: s.id === form.scenarioId }, pick(s.name))));
  select.addEventListener('change', () =>
    on.change((f) => {
      f.scenarioId = select.value;
      f.seat = scenarios.find((s) => s.id === select.value)?.sides[0]?.id ?? 'referee';
    }, true),
  );
  const name = h('input', { id: 'battle-name', type: 'text', value: form.battleName, placeholder: t('lobby.battleNamePlaceholder'), autocomplete: 'off', maxlength: 80 });
  name.addEventListener('input', () => on.change((f) => (f.battleName = name.value)));
  const seats: { id: SideId | 'referee'; label: string }[] = [...(sc?.sides ?? []).map((s) => ({ id: s.id, label: s.name })), { id: 'referee', label: t('seat.referee') }];
  return h(
    'section',
    { class: 'card create-card' },
    h('h2', {}, t('lobby.create')),
    h('label', { for: 'scenario' }, t('lobby.scenario')),
    select,
    sc ? h('p', { class: 'scenario-desc' }, pick(sc.description), ' ', h('span', { class: 'muted' }, `(${t('lobby.turns', { n: sc.turnLimit })})`)) : null,
    h('label', { for: 'battle-name' }, t('lobby.battleName')),
    name,
    h(
      'fieldset',
      { class: 'seats' },
      h('legend', {}, t('lobby.seat')),
      seats.map((s) => {
        const radio = h('input', { type: 'radio', name: 'seat', value: s.id, id: `seat-${s.id}`, checked: form.seat === s.id });
        // the referee's seat exists when the creator takes it
        radio.addEventListener('change', () => on.change((f) => ((f.seat = s.id), s.id === 'referee' && (f.referee = true)), true));
        return h('label', { class: 'seat-option', for: `seat-${s.id}` }, radio, s.label);
      }),
    ),
    checkbox('listed', t('lobby.listed'), t('lobby.listedHint'), form.listed, false, (v) => on.change((f) => (f.listed = v))),
    checkbox('with-referee', t('lobby.withReferee'), t('lobby.withRefereeHint'), form.referee || form.seat === 'referee', form.seat === 'referee', (v) => on.change((f) => (f.referee = v))),
    spectatorChatField(form.spectatorChat, (v) => on.change((f) => (f.spectatorChat = v))),
    timeControlField(form.timeControl, () => on.change(() => undefined)),
    broadcastField('broadcast-delay', form.broadcastDelay, (v) => on.change((f) => (f.broadcastDelay = v))),
    error ? h('div', { class: 'error', role: 'alert' }, error) : null,
    h('button', { class: 'btn primary big', id: 'create', disabled: busy || !sc, onclick: () => on.create() }, busy ? t('lobby.connecting') : t('lobby.createButton')),
  );
}

/** The chat option of the battle: spectators among themselves (default), reading the players, or no chat. */
function spectatorChatField(value: SpectatorChat, set: (v: SpectatorChat) => void): HTMLElement {
  const options: [SpectatorChat, 'chat.optionAmongThemselves' | 'chat.optionReadOnly' | 'chat.optionOff'][] = [
    ['amongThemselves', 'chat.optionAmongThemselves'],
    ['readOnly', 'chat.optionReadOnly'],
    ['off', 'chat.optionOff'],
  ];
  const select = h('select', { id: 'spectator-chat' }, options.map(([v, key]) => h('option', { value: v, selected: v === value }, t(key))));
  select.addEventListener('change', () => set(select.value as SpectatorChat));
  return h('div', { class: 'check' }, h('label', { for: 'spectator-chat' }, t('chat.spectatorsOption')), select);
}

/** The broadcast delays offered: off, or the full view one to three turns late (the server takes up to 20). */
const BROADCAST_DELAYS = [0, 1, 2, 3];

/** The broadcast option of a battle, or of every battle of a tournament (organiser page). */
export function broadcastField(id: string, value: number, set: (v: number) => void): HTMLElement {
  const option = (d: number) => h('option', { value: String(d), selected: d === value }, d === 0 ? t('lobby.broadcastOff') : t('lobby.broadcastTurns', { delay: turnsText(d) }));
  const select = h('select', { id }, BROADCAST_DELAYS.map(option));
  select.addEventListener('change', () => set(Number(select.value)));
  return h('div', { class: 'check' }, h('label', { for: id }, t('lobby.broadcastDelay')), select, h('div', { class: 'muted small' }, t('lobby.broadcastHelp')));
}

function checkbox(id: string, label: string, hint: string, checked: boolean, disabled: boolean, set: (v: boolean) => void): HTMLElement {
  const box = h('input', { type: 'checkbox', id, checked, disabled });
  box.addEventListener('change', () => set(box.checked));
  return h('div', { class: 'check' }, h('label', { class: 'check-label', for: id }, box, label), h('div', { class: 'muted small' }, hint));
}
