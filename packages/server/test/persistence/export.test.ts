/**
 * Dice anyone can check (issue 12): "the seed's hash is shown to every seat
 * when the battle starts; the seed is revealed when it ends"; "export a
 * finished battle (scenario, seed, actions) as a file; npm run verify -- FILE
 * re-runs it through the rules and checks every state hash and every roll".
 *
 * A one-turn battle of the-ford (hidden deployment, decoys, dice) is played
 * to its end through the room; the seed appears in no frame and no route
 * before the end, the export route refuses until then, and its file
 * verifies (scripts/verify.cjs too, on the built rules) unless changed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { apply, createGame, exportBattle, RULES_VERSION, seedHash, stateHash, verifyExport, type BattleExport } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { exportLostOnTime, randomGame } from '@lames/rules/testing';
import { leaveAll, seatEveryone, settle, startTestServer, waitFor, type Seated, type TestServer } from '../helpers';
import { buildServer } from './server-process';

const SEED = '5eed5eed5eed5eed5eed5eed5eed5eed';
/** The-ford over one turn: a whole battle in some twenty actions. */
const SHORT = { ...scenarioById('the-ford')!, id: 'short-ford', turnLimit: 1 };
const ROOT = path.resolve(__dirname, '../../../..');

let server: TestServer;
let dir: string;

beforeAll(async () => {
  buildServer(); // scripts/verify.cjs runs on packages/rules/dist
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lames-export-'));
  server = await startTestServer({ seed: () => SEED, scenarios: { [SHORT.id]: SHORT, 'the-ford': scenarioById('the-ford')! } });
}, 300_000);
afterAll(async () => {
  await server.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const download = (id: string) => fetch(`${server.url}/api/battles/${id}/export`);
/** Everything the seats and the HTTP routes gave so far, as one text to search. */
const seen = (seats: Record<string, Seated>) => Object.values(seats).map((s) => Buffer.concat(s.frames()).toString('latin1')).join('');

test('the seed hash is shown from the start, the seed only at the end; the export is refused until then, then verifies', async () => {
  const { battleId, seats } = await seatEveryone(server, { scenarioId: SHORT.id, seat: 'ardenne' });
  for (const s of Object.values(seats)) expect(s.inbox.welcome[0]).toMatchObject({ dice: { seedHash: seedHash(SEED) } });
  for (const s of Object.values(seats)) expect(s.inbox.welcome[0]).not.toHaveProperty('dice.seed');

  const game = randomGame(SHORT, SEED);
  expect(game.state.status).toBe('ended');
  const dice: Record<string, unknown[]> = {};
  for (const [seat, s] of Object.entries(seats)) s.room.onMessage('dice', (m) => (dice[seat] ??= []).push(m));
  for (const [i, { seat, action }] of game.script.entries()) {
    if (i === game.script.length - 1) {
      // Just before the last action, every route and every frame so far: no seed, no export.
      const refused = await download(battleId);
      expect(refused.status).toBe(403);
      const body = await refused.text();
      expect(JSON.parse(body)).toMatchObject({ error: 'battleNotEnded' });
      const lobby = await (await fetch(`${server.url}/api/battles/lookup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ids: [battleId] }) })).text();
      expect(body + lobby + seen(seats)).not.toContain(SEED);
      expect(seen(seats)).toContain(seedHash(SEED));
    }
    const s = seats[seat];
    const before = s.inbox.events.length;
    await settle(100); // within the message budget (limits/message-rate.ts)
    s.room.send('action', action);
    await waitFor(() => s.inbox.events.length > before || s.inbox.rejected.length > 0, `action ${i} by ${seat}`);
    expect(s.inbox.rejected).toEqual([]);
  }
  await waitFor(() => Object.keys(seats).every((seat) => dice[seat]?.length === 1), 'the seed revealed to every seat');
  for (const seat of Object.keys(seats)) expect(dice[seat]).toEqual([{ seedHash: seedHash(SEED), seed: SEED }]);

  const response = await download(battleId);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-disposition')).toBe(`attachment; filename="lames-${battleId}.json"`);
  const file = (await response.json()) as BattleExport;
  expect(file).toMatchObject({ seed: SEED, seedHash: seedHash(SEED), scenarioId: SHORT.id, battle: { id: battleId } });
  expect(file.actions.map((a) => a.action)).toEqual(game.script.map((a) => a.action));
  expect(verifyExport(file, (id) => (id === SHORT.id ? SHORT : undefined))).toMatchObject({ ok: true, actions: game.script.length });
  await leaveAll(...Object.values(seats));
}, 60_000);

test('GET /api/battles/:id/export: unknown battle 404, bad id 400', async () => {
  expect((await download('nobody-here')).status).toBe(404);
  expect(await (await download('nobody-here')).json()).toMatchObject({ error: 'battleNotFound' });
  expect((await download('bad%20id')).status).toBe(400);
});

describe('npm run verify -- FILE (scripts/verify.cjs)', () => {
  /**
   * An honest export of a whole battle of a shipped scenario (the CLI knows
   * only those), built as the room records it: each action's events and the
   * hash after it. The route's own file is checked above.
   */
  function honestFile(): BattleExport {
    const ford = scenarioById('the-ford')!;
    const game = randomGame(ford, SEED, { limit: 400 });
    let state = createGame(ford, SEED);
    const actions = game.script.map(({ seat, action }, n) => {
      const r = apply(state, seat, action);
      if (!r.ok) throw new Error(r.rejection.code);
      state = r.state;
      return { n, seat, action, events: r.events, stateHash: stateHash(state) };
    });
    return exportBattle({
      battle: { id: 'cli', name: 'Le Gué', createdAt: new Date().toISOString(), endedAt: new Date().toISOString() },
      scenario: ford,
      seed: SEED,
      rulesVersion: RULES_VERSION,
      initialStateHash: stateHash(createGame(ford, SEED)),
      actions,
      result: state.result ?? null,
      finalStateHash: stateHash(state),
    });
  }

  const verify = async (name: string, content: unknown) => {
    const file = path.join(dir, name);
    await fs.writeFile(file, JSON.stringify(content));
    return spawnSync(process.execPath, [path.join(ROOT, 'scripts/verify.cjs'), file], { encoding: 'utf8', timeout: 120_000 });
  };

  test('an honest export verifies (exit 0); a changed roll fails naming the action (exit 1); no file is a usage error (exit 2)', async () => {
    const honest = honestFile();
    const ok = await verify('honest.json', honest);
    expect(ok.stderr).toBe('');
    expect(ok.stdout).toMatch(/^OK: .*honest\.json: battle "Le Gué" replayed under rules \S+: \d+ actions, every roll and every state hash as recorded; the seed 5eed\S+ is the one whose hash [0-9a-f]{64} was shown at the start/);
    expect(ok.status).toBe(0);

    const rolled = honest.actions.find((a) => a.events.some((e) => Array.isArray((e as { dice?: unknown }).dice)))!;
    const event = rolled.events.find((e) => Array.isArray((e as { dice?: unknown }).dice)) as unknown as { dice: number[] };
    event.dice[0] = event.dice[0] === 1 ? 2 : 1;
    const bad = await verify('tampered.json', honest);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(new RegExp(`^FAILED: .*tampered\\.json: action ${rolled.n} \\(.+\\) gives other events than the file says, a roll or its outcome: events\\[\\d+\\]\\.dice\\[0\\]: file \\d, rules \\d`));

    expect(spawnSync(process.execPath, [path.join(ROOT, 'scripts/verify.cjs')], { encoding: 'utf8' }).status).toBe(2);
    // The npm script itself, as the README says to run it.
    expect(execFileSync('npm', ['run', '--silent', 'verify', '--', path.join(dir, 'honest.json')], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 })).toMatch(/^OK: /);
  }, 180_000);

  test('a battle lost on time (docs/time-controls.md) verifies as ended and says who lost on time', async () => {
    const game = randomGame(scenarioById('the-ford')!, SEED, { limit: 400 });
    const file = exportLostOnTime(scenarioById('the-ford')!, SEED, game.script.slice(0, 10), ['black-teeth']);
    const ok = await verify('lost-on-time.json', file);
    expect(ok.stderr).toBe('');
    expect(ok.stdout).toMatch(/^OK: .*lost-on-time\.json: .*: 10 actions, .*; black-teeth lost on time, ardenne won\.$/m);
    expect(ok.status).toBe(0);
  }, 180_000);
});
