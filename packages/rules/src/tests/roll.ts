import type { Text } from '../i18n/text';
import type { DiceSource } from '../state/dice';
import type { GameEvent } from '../state/events';
import { tell } from '../fog/announce';
import type { GameState } from '../state/types';

/**
 * The standard 2D6 test (sheet "Tests Standards"): roll two dice, add the
 * modifiers, succeed at or under the threshold. Some tests also make a
 * natural 2 a success and a natural 12 a failure. Every roll becomes an event
 * that lists the dice, each modifier with its rule, the threshold and the
 * outcome, so the dice log can explain it.
 */
export interface Modifier {
  value: number;
  label: Text;
  section: string;
}

export type TestKind =
  | 'rout'
  | 'defensiveEngagement'
  | 'attackEngagement'
  | 'crossing'
  | 'disengagement'
  | 'discipline'
  | 'pursuit'
  | 'returnToMap'
  | 'command'
  | 'rest'
  | 'reorganisation'
  | 'rally'
  | 'reload'
  | 'fright'
  | 'demoralisation'
  | 'wingMorale'
  | 'organisation';

export interface TestSpec {
  test: TestKind;
  /** The unit tested (a wing id for wing tests). */
  subject: string;
  threshold: number;
  modifiers: Modifier[];
  /** A natural 2 always succeeds, a natural 12 always fails; 'success': only the natural 2 counts (§3.3.14 "un 1-1 est toujours un succès"). */
  naturals?: boolean | 'success';
  section: string;
}

export interface TestOutcome {
  success: boolean;
  dice: [number, number];
  event: GameEvent;
}

export function mod(value: number, fr: string, en: string, section: string): Modifier {
  return { value, label: { fr, en }, section };
}

/** Rolls a test; the event is private to the owner when the subject is under a cover. */
export function rollTest(state: GameState, dice: DiceSource, spec: TestSpec): TestOutcome {
  const rolled: [number, number] = [dice.roll(6), dice.roll(6)];
  const natural = rolled[0] + rolled[1];
  const modifiers = spec.modifiers.filter((m) => m.value !== 0);
  const total = natural + modifiers.reduce((s, m) => s + m.value, 0);
  let success = total <= spec.threshold;
  let naturalRule: 'success' | 'failure' | undefined;
  if (spec.naturals && natural === 2) [success, naturalRule] = [true, 'success'];
  if (spec.naturals === true && natural === 12) [success, naturalRule] = [false, 'failure'];
  const body = { type: 'test' as const, test: spec.test, subject: spec.subject, dice: rolled, modifiers, total, threshold: spec.threshold, success, natural: naturalRule };
  return { success, dice: rolled, event: tell(state, spec.subject, body, spec.section) };
}
