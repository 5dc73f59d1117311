import { t } from '../i18n';
import type { TimeControlForm, TimeoutPolicy } from './clock-model';
import { h } from './dom';

type ModeKey = 'lobby.timeNone' | 'lobby.timeClock' | 'lobby.timeDeadline';
type PolicyKey = 'lobby.timePolicyNotify' | 'lobby.timePolicyPause' | 'lobby.timePolicyForfeit';

const MODES: [TimeControlForm['mode'], ModeKey][] = [
  ['none', 'lobby.timeNone'],
  ['clock', 'lobby.timeClock'],
  ['deadline', 'lobby.timeDeadline'],
];
const POLICIES: [TimeoutPolicy, PolicyKey][] = [
  ['notify', 'lobby.timePolicyNotify'],
  ['pause', 'lobby.timePolicyPause'],
  ['forfeit', 'lobby.timePolicyForfeit'],
];

/**
 * The time control of a new battle or tournament (issue 12,
 * docs/time-controls.md): none, a clock per side with its increment, or a
 * deadline per decision; and what happens when a side runs out. Edits
 * `form` in place and redraws its own fields when the kind changes, so the
 * lobby's card and the organiser's form both keep what was typed elsewhere.
 */
export function timeControlField(
  form: TimeControlForm,
  changed: () => void = () => undefined,
): HTMLElement {
  const el = h('div', { class: 'check time-control' });
  const set = (f: (tc: TimeControlForm) => void, redraw = false) => {
    f(form);
    changed();
    if (redraw) draw();
  };
  const draw = () => {
    const mode = h(
      'select',
      { id: 'time-mode' },
      MODES.map(([v, key]) => h('option', { value: v, selected: v === form.mode }, t(key))),
    );
    mode.addEventListener('change', () =>
      set((tc) => (tc.mode = mode.value as TimeControlForm['mode']), true),
    );
    const fields: HTMLElement[] = [];
    if (form.mode === 'clock') {
      fields.push(
        numberField('time-minutes', t('lobby.timeMinutes'), form.minutes, 1, 1440, (n) =>
          set((tc) => (tc.minutes = n)),
        ),
      );
      fields.push(
        numberField(
          'time-increment',
          t('lobby.timeIncrement'),
          form.incrementSeconds,
          0,
          3600,
          (n) => set((tc) => (tc.incrementSeconds = n)),
        ),
      );
    } else if (form.mode === 'deadline') {
      fields.push(
        numberField('time-hours', t('lobby.timeHours'), form.hours, 1, 720, (n) =>
          set((tc) => (tc.hours = n)),
        ),
      );
    }
    if (form.mode !== 'none') {
      const policy = h(
        'select',
        { id: 'time-policy' },
        POLICIES.map(([v, key]) =>
          h('option', { value: v, selected: v === form.onTimeout }, t(key)),
        ),
      );
      policy.addEventListener('change', () =>
        set((tc) => (tc.onTimeout = policy.value as TimeoutPolicy)),
      );
      fields.push(
        h(
          'div',
          { class: 'check' },
          h('label', { for: 'time-policy' }, t('lobby.timeOnTimeout')),
          policy,
        ),
      );
      fields.push(h('div', { class: 'muted small' }, t('lobby.timeHint')));
    }
    el.replaceChildren(h('label', { for: 'time-mode' }, t('lobby.timeControl')), mode, ...fields);
  };
  draw();
  return el;
}

function numberField(
  id: string,
  label: string,
  value: number,
  min: number,
  max: number,
  set: (n: number) => void,
): HTMLElement {
  const input = h('input', {
    id,
    type: 'number',
    value: String(value),
    min,
    max,
    step: 1,
    inputmode: 'numeric',
  });
  input.addEventListener('input', () => {
    const n = Number(input.value);
    if (input.value !== '' && Number.isFinite(n)) set(Math.min(max, Math.max(min, n)));
  });
  return h('div', { class: 'check' }, h('label', { for: id }, label), input);
}
