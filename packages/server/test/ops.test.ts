/**
 * Operations endpoints and logs (issue 12, "Scale"): /healthz, /readyz,
 * /metrics behind its token, and JSON logs that never carry a seat key, an
 * invite or a seed, read from the logger's own output stream during a battle
 * with a hidden deployment (§4.5.2).
 */
import { createGame, parseHexLabel } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import type { BattleStore } from '../src/persistence/store';
import { readinessFailures } from '../src/ops/health';
import { colyseusLogger, createLogger } from '../src/ops/logger';
import { leaveAll, seatEveryone, startTestServer, waitFor, type TestServer } from './helpers';

const SEED = 'ops-test-seed-0f3c9a';

async function waitForAsync(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}
const TOKEN = 'metrics-token-for-the-ops-test';

describe('ops endpoints and logs during a battle', () => {
  const lines: string[] = [];
  let server: TestServer;

  beforeAll(async () => {
    const logger = createLogger({ write: (line: string) => void lines.push(line) });
    // logError left out: the server logs its errors through `logger`, as in production.
    server = await startTestServer({ logger, logError: undefined, seed: () => SEED }, { metricsToken: TOKEN });
  });
  afterAll(() => server.close());

  test('/healthz and /readyz answer 200 while the store answers, uncached', async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  test('/metrics: 401 without the bearer token or with a wrong one', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain('lames_');
  });

  test('a hidden-deployment battle: metrics count it, logs hold no key, invite or seed', async () => {
    const { seats, keys, invites } = await seatEveryone(server, { scenarioId: 'the-wood-edge', seat: 'ardenne' });
    const board = createGame(scenarioById('the-wood-edge')!, SEED).board;
    // §4.5.2: Ardenne deploys one unit and one decoy, both hidden.
    seats.ardenne.room.send('action', {
      type: 'deploy',
      units: [{ unit: 'a-rangers', hex: parseHexLabel(board, '0508'), facing: 1 }],
      decoys: [{ mimic: 'a-rangers', hex: parseHexLabel(board, '0709'), facing: 1 }],
    });
    await waitFor(() => seats.ardenne.inbox.events.length > 0, 'the deployment events');
    seats.ardenne.room.send('action', { type: 'no-such-action' });
    await waitFor(() => seats.ardenne.inbox.rejected.length > 0, 'the refusal');

    // The journal append follows the broadcast: wait until the store call is counted.
    let text = '';
    await waitForAsync(async () => {
      const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      text = await res.text();
      return /^lames_store_latency_seconds_count\{operation="append",outcome="ok"\} [1-9]/m.test(text);
    }, 'the journal append in the metrics');
    expect(text).toMatch(/^lames_actions_total [1-9]/m);
    expect(text).toMatch(/^lames_refusals_total\{code="malformedAction"\} [1-9]/m);
    expect(text).toMatch(/^lames_action_latency_seconds_count [1-9]/m);
    expect(text).toMatch(/^lames_store_latency_seconds_count\{operation="append",outcome="ok"\} [1-9]/m);
    expect(text).toMatch(/^lames_rooms [1-9]/m);
    expect(text).toMatch(/^lames_connections [1-9]/m);
    // Labels are fixed sets: no battle id, seat key or player name.
    for (const secret of [...Object.values(keys), ...Object.values(invites), SEED, 'Joueur']) expect(text).not.toContain(secret);

    // An error carrying a key as a property, as a careless throw might: the serializer keeps only type, message, stack, code.
    const err = Object.assign(new Error('save failed'), { seatKey: keys.ardenne, seed: SEED });
    createLogger({ write: (line: string) => void lines.push(line) }).error({ err, seatKey: keys.ardenne, options: { invite: invites.spectator } }, 'probe');
    await leaveAll(...Object.values(seats));

    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) JSON.parse(line); // every line is JSON
    const all = lines.join('\n');
    expect(all).toContain('[redacted]');
    for (const secret of [...Object.values(keys), ...Object.values(invites), SEED]) expect(all).not.toContain(secret);
  });
});

describe('readinessFailures', () => {
  const logger = createLogger({ write: () => undefined });
  const store = (load: BattleStore['load']) => ({ load }) as unknown as BattleStore;

  test('names the store when it throws, without its error text', async () => {
    const failing = store(() => Promise.reject(new Error('connect ECONNREFUSED postgres://lames:pw@db')));
    expect(await readinessFailures({ store: failing, isShuttingDown: () => false, logger })).toEqual(['store']);
  });

  test('says shutting-down first, whatever else', async () => {
    expect(await readinessFailures({ store: store(async () => null), isShuttingDown: () => true, logger })).toEqual(['shutting-down']);
  });

  test('names redis when the presence does not answer', async () => {
    const presence = { get: () => Promise.reject(new Error('down')) } as never;
    expect(await readinessFailures({ store: store(async () => null), presence, isShuttingDown: () => false, logger })).toEqual(['redis']);
  });
});

describe('colyseusLogger', () => {
  test("Colyseus's messages become JSON lines; an Error keeps type, message, stack and code, not its other properties", () => {
    const lines: string[] = [];
    const log = colyseusLogger(createLogger({ write: (line: string) => void lines.push(line) }));
    log.error('onCreate failed:', Object.assign(new Error('boom'), { seatKey: 'k-SECRET-KEY', code: 4002 }));
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]) as { source: string; msg: string; err: { message: string; code: number } };
    expect(line).toMatchObject({ source: 'colyseus', msg: 'onCreate failed:', err: { message: 'boom', code: 4002 } });
    expect(lines[0]).not.toContain('k-SECRET-KEY');
  });
});
