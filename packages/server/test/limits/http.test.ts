/**
 * The HTTP guard against a real server on 127.0.0.1 (issue 7): bodies over
 * 16 KiB refused everywhere (declared or chunked), battles created per
 * address per hour, and CORS only for the server's own origin or the
 * configured ones. Every request here is actually sent.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { leaveAll, startTestServer, welcomed, type TestServer } from '../helpers';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const LIMIT = 16 * 1024;

/** One request; `body` sent whole with its Content-Length. */
function request(
  server: TestServer,
  method: string,
  path: string,
  headers: Record<string, string | number> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: server.port, method, path, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Declares a body of `length` bytes and sends none of it: the answer must come from the headers alone. */
function declareOnly(server: TestServer, path: string, length: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path,
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          req.destroy();
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    req.on('error', reject);
    req.flushHeaders();
  });
}

/** A chunked body sent 1 KiB at a time until the server answers (or `maxBytes` went out, then ended). */
function chunked(
  server: TestServer,
  path: string,
  maxBytes: number,
  onChunk: () => void = () => undefined,
): Promise<Answer & { sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path,
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            sent,
          }),
        );
      },
    );
    req.on('error', (e) => (answered ? undefined : reject(e)));
    const pump = () => {
      if (answered) return;
      if (sent >= maxBytes) return void req.end();
      req.write(sent === 0 ? '{"x":"' : 'x'.repeat(1024));
      sent += sent === 0 ? 6 : 1024;
      onChunk();
      setTimeout(pump, 2);
    };
    pump();
  });
}

const health = (server: TestServer) => request(server, 'GET', '/health');

describe('issue 7: request bodies are capped at 16 KiB', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  test('a 100 MiB body declared to /matchmake/create is refused from its headers (413, JSON)', async () => {
    const answer = await declareOnly(server, '/matchmake/create/battle', 100 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'bodyTooLarge', limit: LIMIT });
  });

  test('a body over the limit sent to an /api route is refused (413, JSON)', async () => {
    const body = JSON.stringify({ ids: ['x'.repeat(LIMIT)] });
    const answer = await request(
      server,
      'POST',
      '/api/battles/lookup',
      { 'Content-Type': 'application/json' },
      body,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'bodyTooLarge', limit: LIMIT });
  });

  test('a chunked body is refused once it passes the limit, long before it ends', async () => {
    const answer = await chunked(server, '/matchmake/create/battle', 10 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'bodyTooLarge' });
    expect(answer.sent).toBeLessThan(1024 * 1024);
  });

  test('the server keeps answering /health while oversized bodies stream in', async () => {
    const answers: number[] = [];
    const floods = [1, 2, 3, 4].map(() =>
      chunked(server, '/matchmake/create/battle', 10 * 1024 * 1024),
    );
    const declared = [1, 2, 3, 4].map(() =>
      declareOnly(server, '/matchmake/joinById/x', 100 * 1024 * 1024),
    );
    answers.push((await health(server)).status);
    const refused = await Promise.all([...floods, ...declared]);
    answers.push((await health(server)).status);
    expect(refused.map((a) => a.status)).toEqual(Array(8).fill(413));
    expect(answers).toEqual([200, 200]);
  });

  test('bodies within the limit still reach Express routes, whole or chunked, read once', async () => {
    const ids = Array.from({ length: 50 }, (_, i) => `b${i}`);
    // Spaces make the body longer than its re-serialised form: nothing may rely on the two lengths agreeing.
    const body = JSON.stringify({ ids }, null, 4);
    const whole = await request(
      server,
      'POST',
      '/api/battles/lookup',
      { 'Content-Type': 'application/json' },
      body,
    );
    expect(whole.status).toBe(200);
    expect(JSON.parse(whole.body)).toEqual({ battles: [] });
    const bad = await request(
      server,
      'POST',
      '/api/battles/lookup',
      { 'Content-Type': 'application/json' },
      JSON.stringify({ ids: 'nope' }),
    );
    expect(bad.status).toBe(400);
    const small = await chunked(server, '/api/battles/lookup', 0);
    // An unfinished JSON string: the route sees the body and refuses it as a bad body, not as a missing one.
    expect(small.status).toBe(400);
  });

  test('a create within the limit still reaches Colyseus (a seat is reserved)', async () => {
    const body = JSON.stringify({
      scenarioId: 'ash-plain',
      seat: 'ardenne',
      playerName: '  Créateur  ',
    });
    const answer = await request(
      server,
      'POST',
      '/matchmake/create/battle',
      { 'Content-Type': 'application/json' },
      body,
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({
      name: 'battle',
      sessionId: expect.any(String),
    });
  });

  test('the SDK still creates and joins through the guard', async () => {
    const creator = await welcomed(
      await server
        .client()
        .create('battle', { scenarioId: 'ash-plain', seat: 'ardenne', playerName: 'Créateur' }),
    );
    expect(creator.inbox.welcome[0].seat).toBe('ardenne');
    await leaveAll(creator);
  });
});

describe('issue 7: battles created per address per hour', () => {
  let server: TestServer;
  afterEach(() => server.close());

  const create = (extra: Record<string, string> = {}) =>
    request(
      server,
      'POST',
      '/matchmake/create/battle',
      { 'Content-Type': 'application/json', ...extra },
      JSON.stringify({ scenarioId: 'ash-plain', seat: 'ardenne', playerName: 'A' }),
    );

  test('the 31st create from one address within the hour is refused (429, Retry-After) and /health still answers', async () => {
    server = await startTestServer({}, { createsPerHour: 30 });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await create()).status);
    expect(statuses).toEqual(Array(30).fill(200));
    const refused = await create();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(JSON.parse(refused.body)).toMatchObject({
      error: 'tooManyCreates',
      retryAfter: expect.any(Number),
    });
    expect(JSON.parse(refused.body).message).toMatch(/^tooManyCreates: /);
    expect((await health(server)).status).toBe(200);
    // Only creates are counted: joining is not.
    expect(
      (
        await request(
          server,
          'POST',
          '/matchmake/joinById/nope',
          { 'Content-Type': 'application/json' },
          '{}',
        )
      ).status,
    ).not.toBe(429);
  });

  test('without a trusted proxy, X-Forwarded-For does not give a fresh address', async () => {
    server = await startTestServer({}, { createsPerHour: 2 });
    await create({ 'X-Forwarded-For': '10.0.0.1' });
    await create({ 'X-Forwarded-For': '10.0.0.2' });
    expect((await create({ 'X-Forwarded-For': '10.0.0.3' })).status).toBe(429);
  });

  test('behind a trusted proxy the address the proxy saw counts, not the hops the client wrote before it', async () => {
    server = await startTestServer({}, { createsPerHour: 2, trustProxy: true });
    await create({ 'X-Forwarded-For': 'spoof-1, 10.0.0.1' });
    await create({ 'X-Forwarded-For': 'spoof-2, 10.0.0.1' });
    expect((await create({ 'X-Forwarded-For': 'spoof-3, 10.0.0.1' })).status).toBe(429);
    expect((await create({ 'X-Forwarded-For': '10.0.0.2' })).status).toBe(200);
  });
});

describe('issue 7: CORS only for the server’s own origin and the configured ones', () => {
  let server: TestServer;
  afterEach(() => server.close());

  const preflight = (origin: string) =>
    request(server, 'OPTIONS', '/matchmake/create/battle', {
      Origin: origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    });

  test('a foreign origin gets no Access-Control-Allow-Origin, on preflights, /matchmake and /api', async () => {
    server = await startTestServer();
    const foreign = 'https://evil.example';
    const answers = [
      await preflight(foreign),
      await request(server, 'GET', '/api/scenarios', { Origin: foreign }),
      await request(server, 'GET', '/health', { Origin: foreign }),
      await request(
        server,
        'POST',
        '/matchmake/create/battle',
        { Origin: foreign, 'Content-Type': 'application/json' },
        JSON.stringify({ scenarioId: 'ash-plain', seat: 'ardenne', playerName: 'A' }),
      ),
      await request(
        server,
        'POST',
        '/api/battles/lookup',
        { Origin: foreign, 'Content-Type': 'application/json' },
        'x'.repeat(LIMIT + 1),
      ),
      // The guard's own marker header, forged by the client, is ignored.
      await request(server, 'GET', '/api/scenarios', {
        Origin: foreign,
        'X-Lames-Approved-Origin': foreign,
      }),
    ];
    for (const a of answers) {
      expect(a.headers['access-control-allow-origin']).toBeUndefined();
      expect(a.headers['access-control-allow-credentials']).toBeUndefined();
    }
    expect(answers[0].status).toBe(204);
  });

  test('the server’s own origin is allowed', async () => {
    server = await startTestServer();
    const own = `http://127.0.0.1:${server.port}`;
    expect((await preflight(own)).headers['access-control-allow-origin']).toBe(own);
    expect(
      (await request(server, 'GET', '/api/scenarios', { Origin: own })).headers[
        'access-control-allow-origin'
      ],
    ).toBe(own);
  });

  test('an origin listed in LAMES_CORS_ORIGINS is allowed, with credentials; others are not', async () => {
    server = await startTestServer({}, { corsOrigins: ['https://lames.example'] });
    const listed = await preflight('https://lames.example');
    expect(listed.headers['access-control-allow-origin']).toBe('https://lames.example');
    expect(listed.headers['access-control-allow-credentials']).toBe('true');
    const api = await request(server, 'GET', '/api/scenarios', { Origin: 'https://lames.example' });
    expect(api.headers['access-control-allow-origin']).toBe('https://lames.example');
    expect(
      (await preflight('https://other.example')).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });
});

describe('issue 7: no source map is ever served', () => {
  let server: TestServer;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), 'lames-client-'));
    mkdirSync(path.join(clientDir, 'assets'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Lames</title>');
    writeFileSync(path.join(clientDir, 'assets', 'main.js'), 'console.log(1);\n');
    writeFileSync(
      path.join(clientDir, 'assets', 'main.js.map'),
      '{"version":3,"sources":["secret.ts"]}',
    );
    server = await startTestServer({}, { clientDir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  test('a debugging build’s .map files stay unserved, however the path is written', async () => {
    expect((await request(server, 'GET', '/assets/main.js')).status).toBe(200);
    for (const p of [
      '/assets/main.js.map',
      '/assets/main.js.MAP',
      '/assets/main.js.ma%70',
      '/assets/main.js.map?x=1',
    ]) {
      const answer = await request(server, 'GET', p, { Accept: 'text/html,*/*' });
      expect([p, answer.status]).toEqual([p, 404]);
      expect(answer.body).not.toContain('secret.ts');
    }
  });
});
