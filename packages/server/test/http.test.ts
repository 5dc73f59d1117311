import { scenarioSummaries } from '@lames/rules';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { seated, startTestServer, waitFor, type TestServer } from './helpers';

const REFEREE_CODE = 'code-secret-de-l-arbitre';
let server: TestServer;
let clientDir: string;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'lames-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Lames</title>');
  writeFileSync(path.join(clientDir, 'app.js'), 'console.log("lames")');
  server = await startTestServer({}, { clientDir });
});
afterAll(async () => {
  await server.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (p: string, headers: Record<string, string> = {}) => fetch(`${server.url}${p}`, { headers });

describe('HTTP', () => {
  test('GET /health answers ok with the number of rooms', async () => {
    const res = await get('/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', rooms: expect.any(Number) });
  });

  test('GET /api/scenarios lists the scenarios without who starts hidden', async () => {
    const body = await (await get('/api/scenarios')).json();
    expect(body).toEqual(scenarioSummaries());
    expect(body).toContainEqual(expect.objectContaining({ id: 'the-ford', sides: [{ id: 'ardenne', name: 'Ardenne' }, { id: 'black-teeth', name: 'Dents Noires' }] }));
    expect(JSON.stringify(body)).not.toContain('o-ambush');
  });

  test('GET /api/battles lists open battles with their seats, never the referee code, then resumable ones', async () => {
    const ardenne = seated(await server.client().create('battle', { scenarioId: 'the-ford', battleName: 'Au gué', refereeCode: REFEREE_CODE, seat: 'ardenne', playerName: 'Gauvain' }));
    await waitFor(() => ardenne.inbox.welcome.length === 1, 'the welcome');
    const text = await (await get('/api/battles')).text();
    expect(text).not.toContain(REFEREE_CODE);
    expect(text).not.toMatch(/refereeCode/i);
    const body = JSON.parse(text);
    expect(body.open).toContainEqual({
      roomId: ardenne.room.roomId,
      battleName: 'Au gué',
      scenarioId: 'the-ford',
      scenarioName: { fr: 'Le Gué des Dents Noires', en: 'The Black Teeth Ford' },
      status: 'playing',
      sides: [{ id: 'ardenne', name: 'Ardenne', taken: true }, { id: 'black-teeth', name: 'Dents Noires', taken: false }],
      hasReferee: true,
      refereeSeated: false,
      spectators: 0,
    });
    expect(body.resumable.map((b: { battleId: string }) => b.battleId)).not.toContain(ardenne.room.roomId);

    // Everyone leaves: the room closes, the saved battle becomes resumable, and resuming continues it.
    ardenne.room.send('action', { type: 'activate', piece: 'h-spears' });
    await waitFor(() => ardenne.room.state.actionCount === 1, 'the activation');
    const battleId = ardenne.room.roomId;
    await ardenne.room.leave(true);
    let later = { open: [] as Array<{ roomId: string }>, resumable: [] as Array<{ battleId: string }> };
    for (let i = 0; i < 50 && !later.resumable.some((b) => b.battleId === battleId); i++) {
      await new Promise((r) => setTimeout(r, 20));
      later = (await (await get('/api/battles')).json()) as typeof later;
    }
    expect(later.open.map((b) => b.roomId)).not.toContain(battleId);
    // The lobby can seat the sides of a saved battle, and knows whether it has a referee (never the code).
    expect(later.resumable).toContainEqual(
      expect.objectContaining({ battleId, battleName: 'Au gué', scenarioId: 'the-ford', hasReferee: true, sides: [expect.objectContaining({ id: 'ardenne', taken: false }), expect.objectContaining({ id: 'black-teeth', taken: false })] }),
    );
    expect(JSON.stringify(later)).not.toContain(REFEREE_CODE);

    const back = seated(await server.client().create('battle', { resume: battleId, seat: 'ardenne', playerName: 'Gauvain' }));
    await waitFor(() => back.inbox.welcome.length === 1, 'the welcome on resume');
    expect(back.room.roomId).toBe(battleId);
    expect(back.inbox.welcome[0]).toMatchObject({ battleId, log: [expect.objectContaining({ type: 'activated', piece: 'h-spears' })] });
    expect(back.room.state.pieces.get('u:h-spears').activating).toBe(true);
    await expect(server.client().create('battle', { resume: battleId, seat: 'black-teeth', playerName: 'X' })).rejects.toThrow(/battleAlreadyOpen/);
    await back.room.leave(true);
  });

  test('the built client is served, with index.html for the client routes', async () => {
    const file = await get('/app.js');
    expect(await file.text()).toContain('lames');
    const route = await get('/battle/abc', { accept: 'text/html' });
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>Lames</title>');
    expect((await get('/api/nothing')).status).toBe(404);
  });
});
