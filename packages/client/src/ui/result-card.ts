import type { GameEvent } from '@lames/rules';
import { t } from '../i18n';
import { h } from './dom';
import { formatEvent, modifierLine, ofWord, signed, type EventContext } from './format-event';

/** One roll a player must not miss: a test or a combat (shock, duel, shot). */
export interface ResultRoll {
  kind: 'test' | 'combat';
  title: string;
  dice: number[];
  /** "2 + 5 = 7", with the modifiers' sum when there are some. */
  sum: string;
  /** How the roll is read: "seuil 9 : réussi si ≤ 9" or "avantage +2, colonne 3". */
  rule: string;
  modifiers: string[];
  outcome: 'success' | 'failure' | null;
  outcomeText: string;
  section: string;
}

/** What a batch of events (one action's answer) shows on the result card. */
export interface ResultCardModel {
  rolls: ResultRoll[];
  /** What followed the rolls: steps lost, recoils, cohesion… one line each. */
  consequences: string[];
}

/** Events that are bookkeeping around the result, not part of it. */
const QUIET = new Set<GameEvent['type']>(['activated', 'activationEnded', 'test', 'combat', 'sideTurnEnded', 'turnEnded', 'commandPoints', 'orderGiven']);
const MAX_CONSEQUENCES = 8;

/**
 * The result card of a batch of events: every test and combat with its dice,
 * threshold or advantage, modifiers and outcome, then what followed. Null when
 * the batch rolled nothing (a move, a facing…): the card is for dice.
 */
export function resultCard(events: readonly GameEvent[], ctx: EventContext): ResultCardModel | null {
  const rolls = events.flatMap((e) => (e.type === 'test' ? [testRoll(e, ctx)] : e.type === 'combat' ? [combatRoll(e, ctx)] : []));
  if (rolls.length === 0) return null;
  const consequences = events.filter((e) => !QUIET.has(e.type)).map((e) => formatEvent(e, ctx).text);
  return { rolls, consequences: consequences.slice(0, MAX_CONSEQUENCES) };
}

function sumText(dice: number[], modifiers: { value: number }[], total: number): string {
  const mods = modifiers.filter((m) => m.value !== 0).map((m) => ` ${signed(m.value)}`).join('');
  return `${dice.join(' + ')}${mods} = ${total}`;
}

function testRoll(e: Extract<GameEvent, { type: 'test' }>, ctx: EventContext): ResultRoll {
  const l = ctx.lang;
  const test = t(`test.${e.test}` as 'test.rally', {}, l);
  const subject = ctx.nameOf(e.subject) ?? t('event.aCover', {}, l);
  const natural = e.natural ? t(e.natural === 'success' ? 'event.test.naturalSuccess' : 'event.test.naturalFailure', {}, l) : '';
  return {
    kind: 'test',
    title: t('page.result.test', { test, ofTest: ofWord(test), subject }, l),
    dice: [...e.dice],
    sum: sumText(e.dice, e.modifiers, e.total),
    rule: t('page.result.threshold', { threshold: e.threshold }, l),
    modifiers: e.modifiers.map((m) => modifierLine(m, l)),
    outcome: e.success ? 'success' : 'failure',
    outcomeText: `${t(e.success ? 'event.test.success' : 'event.test.failure', {}, l)}${natural}`,
    section: e.section,
  };
}

function combatRoll(e: Extract<GameEvent, { type: 'combat' }>, ctx: EventContext): ResultRoll {
  const l = ctx.lang;
  const kind = t(`action.${e.kind === 'duel' || e.kind === 'fire' || e.kind === 'fireDuel' || e.kind === 'breath' ? e.kind : 'shock'}` as 'action.shock', {}, l);
  const name = (id: string) => ctx.nameOf(id) ?? t('event.aCover', {}, l);
  const natural = e.dice[0] + e.dice[1];
  return {
    kind: 'combat',
    title: t('page.result.combat', { kind, attacker: name(e.attacker), target: name(e.defender) }, l),
    dice: [...e.dice],
    sum: `${e.dice.join(' + ')} = ${natural}`,
    rule: t('page.result.column', { advantage: signed(e.advantage), column: e.column }, l),
    modifiers: e.modifiers.map((m) => modifierLine(m, l)),
    // no colour: losses are good news for one seat and bad for the other
    outcome: null,
    outcomeText: e.losses > 0 ? t('page.result.losses', { n: e.losses }, l) : t('page.result.noLoss', {}, l),
    section: e.section,
  };
}

const DIE_FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

/** The card itself: stays until dismissed (✕) or the player's next action. */
export function renderResultCard(model: ResultCardModel, onClose: () => void): HTMLElement {
  return h(
    'section',
    { class: 'result-card', 'data-testid': 'result-card', role: 'status', 'aria-live': 'polite' },
    h(
      'div',
      { class: 'result-head' },
      h('strong', {}, t('page.result.title')),
      h('button', { class: 'link result-close', 'data-action': 'close-result', title: t('page.result.close'), 'aria-label': t('page.result.close'), onclick: onClose }, '✕'),
    ),
    model.rolls.map((r) =>
      h(
        'div',
        { class: `result-roll result-${r.outcome ?? 'none'}`, 'data-kind': r.kind },
        h('div', { class: 'result-title' }, r.title, h('span', { class: 'section' }, ` ${r.section}`)),
        h(
          'div',
          { class: 'result-dice' },
          h('span', { class: 'dice-faces', 'aria-hidden': 'true' }, r.dice.map((d) => DIE_FACES[d - 1] ?? String(d)).join(' ')),
          h('span', { class: 'dice-sum' }, r.sum),
          h('span', { class: 'result-rule' }, r.rule),
        ),
        r.modifiers.length ? h('ul', { class: 'modifiers' }, r.modifiers.map((m) => h('li', {}, m))) : null,
        h('div', { class: 'result-outcome', 'data-testid': 'result-outcome' }, r.outcomeText),
      ),
    ),
    model.consequences.length ? h('ul', { class: 'result-consequences' }, model.consequences.map((c) => h('li', {}, c))) : null,
  );
}
