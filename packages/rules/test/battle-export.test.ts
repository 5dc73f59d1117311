/**
 * Dice anyone can check (issue 12, verify/battle-export.ts): an honest export
 * of a finished battle verifies; a changed roll, state hash, seed, action or
 * rules version is found and named.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { apply, createGame, exportBattle, RULES_VERSION, seedHash, stateHash, verifyExport, type BattleExport, type ExportedAction, type GameState } from '../src';
import { scenarioById } from '../src/scenarios';
import { randomGame } from '../src/testing';

const SEED = '0123456789abcdef0123456789abcdef';
const ford = scenarioById('the-ford')!;
const game = randomGame(ford, SEED);
/** The battle played again action by action, with the hash after each, as the server records it. */
function played(): { actions: ExportedAction[]; state: GameState } {
  let state = createGame(ford, SEED);
  const actions = game.script.map(({ seat, action }, n) => {
    const r = apply(state, seat, action);
    if (!r.ok) throw new Error(r.rejection.code);
    state = r.state;
    return { n, seat, action, events: r.events, stateHash: stateHash(state) };
  });
  return { actions, state };
}
const replayed = played();
const honest = exportBattle({
  battle: { id: 'b1', name: 'Le Gué', createdAt: '2026-11-25T08:00:00.000Z', endedAt: '2026-11-25T09:00:00.000Z' },
  scenario: ford,
  seed: SEED,
  rulesVersion: RULES_VERSION,
  initialStateHash: stateHash(createGame(ford, SEED)),
  actions: replayed.actions,
  result: replayed.state.result ?? null,
  finalStateHash: stateHash(replayed.state),
});
/** A copy of the export as read from its file, changed by `edit`. */
const tampered = (edit: (x: BattleExport) => void): BattleExport => {
  const x = JSON.parse(JSON.stringify(honest)) as BattleExport;
  edit(x);
  return x;
};
/** The first action whose events hold dice, and the index of that event. */
const rolled = honest.actions.flatMap((a) => a.events.map((e, i) => ({ a: a.n, i, e: e as { dice?: number[] } }))).find((x) => Array.isArray(x.e.dice))!;

test('RULES_VERSION is the version of the rules package', () => {
  const pkg = JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as { version: string };
  expect(RULES_VERSION).toBe(pkg.version);
});

test('the seed hash is the SHA-256 of the seed text', () => {
  expect(seedHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
});

test('an honest export of a finished battle, as read from its file, verifies', () => {
  expect(game.state.status).toBe('ended');
  expect(honest.actions).toHaveLength(game.actions);
  expect(verifyExport(JSON.parse(JSON.stringify(honest)), scenarioById)).toEqual({ ok: true, actions: game.actions, finalStateHash: honest.finalStateHash, result: JSON.parse(JSON.stringify(game.state.result)) });
});

test('a changed roll is found, with the action and the die', () => {
  expect(rolled).toBeDefined();
  const verdict = verifyExport(
    tampered((x) => {
      const e = x.actions[rolled.a].events[rolled.i] as unknown as { dice: number[] };
      e.dice[0] = e.dice[0] === 6 ? 5 : 6;
    }),
    scenarioById,
  );
  expect(verdict).toEqual({ ok: false, problem: expect.stringMatching(new RegExp(`^action ${rolled.a} \\(.+\\) gives other events than the file says, a roll or its outcome: events\\[${rolled.i}\\]\\.dice\\[0\\]: file \\d, rules \\d$`)) });
});

test('a changed state hash, seed, action or number of actions is found', () => {
  const problem = (edit: (x: BattleExport) => void) => {
    const v = verifyExport(tampered(edit), scenarioById);
    return v.ok ? 'verified' : v.problem;
  };
  expect(problem((x) => (x.actions[3].stateHash = '0'.repeat(64)))).toMatch(/^action 3 \(.+\): the state after it has hash [0-9a-f]{64}, the file says 0{64}$/);
  expect(problem((x) => (x.seed = 'fedcba9876543210fedcba9876543210'))).toMatch(/^the seed does not match the seed hash shown at the start/);
  // Another seed with its own hash: the rolls are no longer those of the file.
  expect(problem((x) => ((x.seed = 'fedcba9876543210fedcba9876543210'), (x.seedHash = seedHash(x.seed))))).toMatch(/^(the opening state differs|action \d+ )/);
  expect(problem((x) => (x.actions[5].seat = x.actions[5].seat === 'ardenne' ? 'black-teeth' : 'ardenne'))).toMatch(/^action 5 \(.+\) (is refused by the rules|gives other events)/);
  expect(problem((x) => x.actions.pop())).toMatch(/^the battle has not ended after its \d+ actions$/);
  expect(problem((x) => (x.finalStateHash = 'f'.repeat(64)))).toMatch(/^the final state has hash/);
});

test('an export from another rules version is refused with the reason; other files are not exports', () => {
  const v = verifyExport(tampered((x) => (x.rulesVersion = '0.0.9')), scenarioById);
  expect(v).toEqual({ ok: false, problem: `this battle was played under rules version 0.0.9; this verifier runs version ${RULES_VERSION}, whose rules may play it otherwise: check it with Lames 0.0.9` });
  expect(verifyExport({ hello: 1 }, scenarioById)).toEqual({ ok: false, problem: expect.stringMatching(/^not a Lames battle export/) });
  expect(verifyExport(tampered((x) => (x.scenarioId = 'nowhere')), scenarioById)).toEqual({ ok: false, problem: 'unknown scenario "nowhere"' });
});
