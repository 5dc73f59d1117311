import { matchMaker } from '@colyseus/core';
import { scenarioSummaries } from '@lames/rules/scenarios';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { openBattle, startTestServer, waitFor, welcomed, type TestServer } from './helpers';
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
const post = (p: string, body: unknown, raw?: 'raw') =>
  fetch(`${server.url}${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: raw ? String(body) : JSON.stringify(body) });

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

  test('GET /api/battles lists listed battles with public facts only; a saved battle is resumed with its key', async () => {
    const opened = await openBattle(server, { scenarioId: 'ash-plain', battleName: 'Au gué', playerName: 'Gauvain', referee: true });
    const unlisted = await openBattle(server, { listed: false, battleName: 'En secret' });
    const text = await (await get('/api/battles')).text();
    for (const token of [opened.key, ...Object.values(opened.invites)]) expect(text).not.toContain(token);
    expect(text).not.toMatch(/hash/i);
    const body = JSON.parse(text);
    expect(body).toMatchObject({ page: 0, pageSize: 20 });
    expect(body.battles.map((b: { battleId: string }) => b.battleId)).not.toContain(unlisted.battleId);
    expect(body.battles).toContainEqual({
      battleId: opened.battleId,
      battleName: 'Au gué',
      scenarioId: 'ash-plain',
      scenarioName: expect.objectContaining({ fr: expect.any(String), en: expect.any(String) }),
      status: 'playing',
      turn: 1,
      activeSide: 'ardenne',
      sides: [
        { id: 'ardenne', name: 'Ardenne', claimed: true, playerName: 'Gauvain', connected: true },
        { id: 'black-teeth', name: 'Dents Noires', claimed: false, playerName: null, connected: false },
      ],
      referee: { exists: true, claimed: false, connected: false },
      spectators: 0,
      listed: true,
      open: true,
      publicAt: expect.any(String),
    });

    // Everyone leaves: the room closes, the battle stays listed (not open), and its key resumes it.
    opened.creator.room.send('action', { type: 'endTurn' });
    await waitFor(() => opened.creator.room.state.actionCount === 1, 'the action');
    await Promise.all([opened.creator.room.leave(true), unlisted.creator.room.leave(true)]);
    let later = body;
    for (let i = 0; i < 100 && later.battles.find((b: { battleId: string }) => b.battleId === opened.battleId)?.open !== false; i++) {
      await new Promise((r) => setTimeout(r, 20));
      later = await (await get('/api/battles')).json();
    }
    expect(later.battles.find((b: { battleId: string }) => b.battleId === opened.battleId)).toMatchObject({ open: false, sides: [expect.objectContaining({ claimed: true, connected: false }), expect.anything()] });

    const back = await welcomed(await server.client().create('battle', { resume: opened.battleId, key: opened.key, playerName: 'Gauvain' }));
    expect(back.room.roomId).toBe(opened.battleId);
    expect(back.inbox.welcome[0]).toMatchObject({ seat: 'ardenne', battleId: opened.battleId, log: expect.arrayContaining([expect.objectContaining({ type: 'sideTurnEnded', side: 'ardenne' })]) });
    await expect(server.client().create('battle', { resume: opened.battleId, key: opened.key, playerName: 'X' })).rejects.toThrow(/battleAlreadyOpen/);
    await back.room.leave(true);
  });

  test('POST /api/battles/lookup gives the summaries of the given battles, listed or not; bad bodies are refused with the reason', async () => {
    const unlisted = await openBattle(server, { listed: false, battleName: 'En secret' });
    const res = await post('/api/battles/lookup', { ids: [unlisted.battleId, 'unknown-id'] });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { battles: unknown[] };
    expect(body.battles).toEqual([expect.objectContaining({ battleId: unlisted.battleId, battleName: 'En secret', listed: false, open: true })]);
    expect((await post('/api/battles/lookup', { ids: Array.from({ length: 51 }, (_, i) => `b${i}`) })).status).toBe(400);
    const bad = await post('/api/battles/lookup', { ids: ['../etc'] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/ids\.0: expected a battle id/);
    expect((await post('/api/battles/lookup', '{ not json', 'raw')).status).toBe(400);
    expect((await get('/api/battles?page=-1')).status).toBe(400);
    expect((await get('/api/battles?page=abc')).status).toBe(400);
    await unlisted.creator.room.leave(true);
    // Two rooms close and one reopens, waiting for the closing room's claim (rooms/battle-room.ts): more than
    // jest's default 5 s on a loaded machine; no duration is asserted.
  }, 30_000);

  test('a battle created without a connection leaves nothing in the store', async () => {
    const res = await post('/matchmake/create/battle', { scenarioId: 'ash-plain', seat: 'ardenne', playerName: 'Fantôme' });
    expect(res.status).toBe(200);
    const reservation = (await res.json()) as { roomId?: string; room?: { roomId: string } };
    const roomId = reservation.roomId ?? reservation.room?.roomId;
    expect(roomId).toEqual(expect.any(String));
    await new Promise((r) => setTimeout(r, 200));
    expect(((await (await post('/api/battles/lookup', { ids: [roomId] })).json()) as { battles: unknown[] }).battles).toEqual([]);
    expect(readdirSync(path.join(server.dataDir, 'battles'))).not.toContain(`${roomId}.json`);
    // Closes the room now rather than when the unused seat reservation runs out.
    await matchMaker.remoteRoomCall(roomId!, 'disconnect');
    expect(readdirSync(path.join(server.dataDir, 'battles'))).not.toContain(`${roomId}.json`);
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
