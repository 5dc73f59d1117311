/**
 * The replay viewer's model (issue 12): "step through turns, activations and
 * actions"; "a battle saved by an older version either replays under its
 * version's rules or says clearly why it cannot".
 */
import {
  apply,
  createGame,
  exportBattle,
  replayBattle,
  RULES_VERSION,
  seatReplay,
  stateHash,
  type BattleExport,
  type ReplayAnswer,
  type Scenario,
} from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { exportLostOnTime, randomGame } from '@lames/rules/testing';
import { setLang, t } from '../i18n';
import { failureOf, modelOf } from './load';
import { failureText } from './failure-text';
import { keyMove, logAt, moveTo, turnOf, type ReplayModel } from './steps';

const SEED = 'abad1deaabad1deaabad1deaabad1dea';
const ford = scenarioById('the-ford')!;
/** The-ford over one turn: a whole battle in some twenty actions. */
const short: Scenario = { ...ford, id: 'short-ford', turnLimit: 1 };
const game = randomGame(short, SEED);

/** The export of the short battle, as the server gives it once the battle has ended. */
function exported(): BattleExport {
  let state = createGame(short, SEED);
  const actions = game.script.map(({ seat, action }, n) => {
    const r = apply(state, seat, action);
    if (!r.ok) throw new Error(r.rejection.code);
    state = r.state;
    return { n, seat, action, events: r.events, stateHash: stateHash(state) };
  });
  const battle = {
    id: 'b',
    name: 'Le Gué',
    createdAt: '2026-11-25T08:00:00.000Z',
    endedAt: '2026-11-25T09:00:00.000Z',
  };
  const file = exportBattle({
    battle,
    scenario: short,
    seed: SEED,
    rulesVersion: RULES_VERSION,
    initialStateHash: stateHash(createGame(short, SEED)),
    actions,
    result: state.result ?? null,
    finalStateHash: stateHash(state),
  });
  return JSON.parse(JSON.stringify(file)) as BattleExport;
}

const ended = (file: BattleExport): ReplayAnswer => ({
  kind: 'ended',
  seat: 'ardenne',
  export: file,
  scenario: short,
});

function endedModel(): ReplayModel {
  const loaded = modelOf(ended(exported()));
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.failure));
  return loaded.model;
}

test('a battle lost on time (docs/time-controls.md): its end is one step more, with no action, the battle ended on time', () => {
  const file = exportLostOnTime(short, SEED, game.script.slice(0, 6), ['ardenne']);
  const loaded = modelOf(ended(file));
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.failure));
  const steps = loaded.model.steps;
  expect(steps).toHaveLength(6 + 2);
  expect(steps.at(-2)!.view.status).toBe('playing');
  const last = steps.at(-1)!;
  expect(last.action).toBeUndefined();
  expect(last.view).toMatchObject({
    status: 'ended',
    result: { reason: 'lostOnTime', winner: 'black-teeth' },
  });
  expect(last.events).toEqual([
    expect.objectContaining({ type: 'gameEnded', reason: 'lostOnTime' }),
  ]);
});

describe('an ended battle, played again in the browser', () => {
  const model = endedModel();

  test('one step per action after the opening, every step in full view, the last one the battle as it ended', () => {
    expect(model.steps).toHaveLength(game.script.length + 1);
    expect(model.full).toBe(true);
    expect(model.steps.at(-1)!.view.status).toBe('ended');
    // every seat sees every action once the battle has ended
    expect(model.steps.slice(1).every((s) => s.action && s.seat)).toBe(true);
  });

  test('turns and activations: each start is where the active side, the turn or the activated piece changes', () => {
    expect(model.turnStarts[0]).toBe(0);
    expect(model.turnStarts.length).toBeGreaterThanOrEqual(2);
    for (const at of model.turnStarts.slice(1)) {
      const [before, now] = [model.steps[at - 1].view, model.steps[at].view];
      expect(`${before.turn}/${before.activeSide}`).not.toBe(`${now.turn}/${now.activeSide}`);
    }
    expect(model.turnStarts.every((s) => model.activationStarts.includes(s))).toBe(true);
    expect(model.activationStarts.length).toBeGreaterThan(model.turnStarts.length);
  });

  test('moving by action, activation and turn, and to either end', () => {
    const last = model.steps.length - 1;
    expect(moveTo(model, 0, 'next')).toBe(1);
    expect(moveTo(model, 0, 'previous')).toBe(0);
    expect(moveTo(model, last, 'next')).toBe(last);
    expect(moveTo(model, 0, 'nextTurn')).toBe(model.turnStarts[1]);
    expect(moveTo(model, model.turnStarts[1], 'previousTurn')).toBe(0);
    expect(moveTo(model, 0, 'nextActivation')).toBe(model.activationStarts[1]);
    expect(moveTo(model, model.activationStarts[2], 'previousActivation')).toBe(
      model.activationStarts[1],
    );
    expect(moveTo(model, 3, 'first')).toBe(0);
    expect(moveTo(model, 3, 'last')).toBe(last);
    expect(moveTo(model, model.turnStarts.at(-1)!, 'nextTurn')).toBe(last);
    expect(turnOf(model, 0)).toEqual({ n: 1, of: model.turnStarts.length });
  });

  test('the dice log at a step holds every event up to it, the step’s own last', () => {
    const at = model.steps.findIndex((s, i) => i > 0 && s.events.length > 0);
    const { events, fresh } = logAt(model, at);
    expect(fresh).toBe(model.steps[at].events.length);
    expect(events.slice(-fresh)).toEqual(model.steps[at].events);
    expect(logAt(model, 0)).toEqual({ events: [], fresh: 0 });
  });
});

test('the keys: ←/→ one action, Shift one activation, Page Up/Down one turn, Home/End', () => {
  const key = (k: string, shiftKey = false) =>
    keyMove({ key: k, shiftKey, altKey: false, ctrlKey: false, metaKey: false });
  expect([
    key('ArrowRight'),
    key('ArrowLeft'),
    key('ArrowRight', true),
    key('ArrowLeft', true),
  ]).toEqual(['next', 'previous', 'nextActivation', 'previousActivation']);
  expect([key('PageDown'), key('PageUp'), key('Home'), key('End'), key('x')]).toEqual([
    'nextTurn',
    'previousTurn',
    'first',
    'last',
    null,
  ]);
  expect(
    keyMove({ key: 'ArrowRight', shiftKey: false, altKey: false, ctrlKey: true, metaKey: false }),
  ).toBeNull();
});

test("a running battle's steps from the server: the seat's own view, rebuilt from the changes", () => {
  const file = exported();
  const replayed = replayBattle(file, short);
  if (!replayed.ok) throw new Error('not replayed');
  const wire = JSON.parse(
    JSON.stringify(seatReplay(replayed.states.slice(0, 6), file.actions.slice(0, 5), 'ardenne')),
  );
  const loaded = modelOf({ kind: 'live', ...wire });
  if (!loaded.ok) throw new Error('not loaded');
  expect(loaded.model.full).toBe(false);
  expect(loaded.model.steps).toHaveLength(6);
  expect(loaded.model.steps[5].view.perspective).toBe('ardenne');
});

describe('issue 12: a battle of another rules version says why it cannot be replayed', () => {
  test('an export of another version is not played, and the message names both versions, in French and English', () => {
    const loaded = modelOf(ended({ ...exported(), rulesVersion: '0.0.1' }));
    expect(loaded).toEqual({
      ok: false,
      failure: { code: 'otherRulesVersion', played: '0.0.1', running: RULES_VERSION },
    });
    if (loaded.ok) return;
    setLang('fr');
    expect(failureText(loaded.failure)).toBe(
      t('replay.otherRulesVersion', { played: '0.0.1', running: RULES_VERSION }),
    );
    expect(failureText(loaded.failure)).toContain('version 0.0.1 des règles');
    setLang('en');
    expect(failureText(loaded.failure)).toContain(
      `rules version 0.0.1; this Lames runs version ${RULES_VERSION}`,
    );
    setLang('fr');
  });

  test("the server's refusal of a running battle of another version reads the same", () => {
    expect(
      failureOf(
        { error: 'otherRulesVersion', played: '0.0.1', running: RULES_VERSION, message: '…' },
        409,
      ),
    ).toEqual({ code: 'otherRulesVersion', played: '0.0.1', running: RULES_VERSION });
    expect(failureOf({ error: 'seatRefused' }, 403)).toEqual({ code: 'noSeat' });
    expect(failureOf({ error: 'replayAfterEnd' }, 403)).toEqual({ code: 'replayAfterEnd' });
  });

  test('a changed roll is not shown as the battle: the rules disagree', () => {
    const file = exported();
    const at = file.actions.findIndex((a) => a.events.length > 0);
    file.actions[at].events[0].section = '§0';
    const loaded = modelOf(ended(file));
    expect(loaded).toMatchObject({ ok: false, failure: { code: 'diverged', action: at } });
  });
});
