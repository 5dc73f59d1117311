/**
 * The chat in a room (issue 12), over both stores: lines are stored, then
 * delivered to the seats that may read them; a spectator never receives the
 * players' lines (not one byte of their text) unless the battle says
 * `readOnly`; refusals (too long, rate, not allowed) go to the author alone;
 * the history sent on entering, also after the battle is resumed from the
 * store, obeys the same rule.
 */
import { matchMaker } from '@colyseus/core';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { openFileStore } from '../../src/persistence/file-store';
import { openPgStore } from '../../src/persistence/pg-store';
import type { BattleStore } from '../../src/persistence/store';
import type { ChatLine } from '../../src/rooms/chat';
import { framesText, leaveAll, seatEveryone, seated, settle, startTestServer, waitFor, type SdkRoom, type Seated, type TestServer } from '../helpers';
import { PG_URL, pgTestSchema } from '../persistence/pg-schema';

interface ChatInbox {
  lines: ChatLine[];
  history: Array<{ spectatorChat: string; lines: ChatLine[] }>;
  refused: Array<{ code: string }>;
}

/** Records the chat messages of a seated connection (its history only when called before the welcome arrives, see `entered`). */
function chatOf(s: Seated): ChatInbox {
  const inbox: ChatInbox = { lines: [], history: [], refused: [] };
  s.room.onMessage('chat', (m: ChatLine) => inbox.lines.push(m));
  s.room.onMessage('chatHistory', (m: ChatInbox['history'][number]) => inbox.history.push(m));
  s.room.onMessage('chatRejected', (m: { code: string }) => inbox.refused.push(m));
  return inbox;
}

/** A fresh connection with its chat recorded from the start, once its welcome and history have come. */
async function entered(room: Promise<SdkRoom>): Promise<Seated & { chat: ChatInbox }> {
  const s = seated(await room);
  const chat = chatOf(s);
  await waitFor(() => s.inbox.welcome.length > 0 && chat.history.length > 0, 'the welcome and the chat history');
  return { ...s, chat };
}

async function closed(battleId: string): Promise<void> {
  for (let i = 0; i < 150 && (await matchMaker.query({ roomId: battleId })).length > 0; i++) await settle(20);
}

const pg = pgTestSchema();

describe.each([
  ['file store', async () => openFileStore(await fs.mkdtemp(path.join(os.tmpdir(), 'lames-chat-')))],
  ['PostgreSQL store', async () => openPgStore(PG_URL, pg.connection)],
])('chat in a room, %s', (_name, open: () => Promise<BattleStore>) => {
  let store: BattleStore;
  let server: TestServer;

  beforeAll(async () => {
    store = await open();
    server = await startTestServer({ store });
  });
  afterAll(async () => {
    await server.close();
    await store.close();
  });

  test('amongThemselves (default): players talk at the table, spectators among themselves, each never sees the other; stored and given back on resume', async () => {
    const { battleId, seats, keys, invites } = await seatEveryone(server);
    const players = Object.keys(seats).filter((s) => s !== 'spectator');
    const chats = Object.fromEntries(Object.entries(seats).map(([seat, s]) => [seat, chatOf(s)]));
    const [first, second] = players;

    seats[first].room.send('chat', { to: 'all', text: '  Secret de table : attaque au gué  ' });
    await waitFor(() => chats[second].lines.length === 1 && chats[first].lines.length === 1, 'the table line');
    expect(chats[second].lines[0]).toMatchObject({ seat: first, audience: 'table', text: 'Secret de table : attaque au gué' });
    expect(Object.keys(chats[second].lines[0]).sort()).toEqual(['at', 'audience', 'name', 'seat', 'text']);

    seats.spectator.room.send('chat', { to: 'spectators', text: 'Bavardage du public' });
    seats.spectator.room.send('chat', { to: 'all', text: 'Je parle aux joueurs' });
    await waitFor(() => chats.spectator.lines.length === 1 && chats.spectator.refused.length === 1, 'the spectator line and refusal');
    expect(chats.spectator.refused[0].code).toBe('chatNotAllowed');
    await settle();
    expect(chats.spectator.lines.map((l) => l.text)).toEqual(['Bavardage du public']);
    for (const p of players) expect(chats[p].lines.map((l) => l.text)).toEqual(['Secret de table : attaque au gué']);
    // Not one byte of the players' words reached the spectator's socket.
    expect(framesText(seats.spectator.frames())).not.toContain('attaque au gu');
    // The line is stored with the battle.
    expect((await store.loadChat(battleId)).map((l) => l.text)).toEqual(['Secret de table : attaque au gué', 'Bavardage du public']);

    await leaveAll(...Object.values(seats));
    await closed(battleId);
    const back = await entered(server.client().create('battle', { resume: battleId, key: keys[first], playerName: 'Retour' }));
    const spectator = await entered(server.client().joinById(battleId, { invite: invites.spectator, playerName: 'Public' }));
    expect(back.chat.history[0]).toEqual({ spectatorChat: 'amongThemselves', lines: [expect.objectContaining({ seat: first, text: 'Secret de table : attaque au gué' })] });
    expect(spectator.chat.history[0].lines.map((l) => l.text)).toEqual(['Bavardage du public']);
    expect(framesText(spectator.frames())).not.toContain('attaque au gu');
    await leaveAll(back, spectator);
  });

  test('off: spectators neither read nor post, on the wire or in the history; readOnly: they read the table and may not post', async () => {
    const off = await seatEveryone(server, { spectatorChat: 'off' });
    const offChat = chatOf(off.seats.spectator);
    const [player] = Object.keys(off.seats).filter((s) => s !== 'spectator');
    off.seats[player].room.send('chat', { to: 'players', text: 'Réservé aux joueurs' });
    off.seats.spectator.room.send('chat', { to: 'spectators', text: 'Public muet' });
    await waitFor(() => offChat.refused.length === 1, 'the refusal');
    await settle();
    expect(offChat.lines).toEqual([]);
    expect(framesText(off.seats.spectator.frames())).not.toContain('Réservé aux');
    const late = await entered(server.client().joinById(off.battleId, { invite: off.invites.spectator, playerName: 'Tard' }));
    expect(late.chat.history[0]).toEqual({ spectatorChat: 'off', lines: [] });
    expect(framesText(late.frames())).not.toContain('Réservé aux');
    await leaveAll(late, ...Object.values(off.seats));

    const ro = await seatEveryone(server, { spectatorChat: 'readOnly' });
    const roChat = chatOf(ro.seats.spectator);
    ro.seats[player].room.send('chat', { to: 'all', text: 'Le public peut lire' });
    ro.seats.spectator.room.send('chat', { to: 'spectators', text: 'Refusé' });
    await waitFor(() => roChat.lines.length === 1 && roChat.refused.length === 1, 'the table line and the refusal');
    expect(roChat.lines[0].text).toBe('Le public peut lire');
    expect(roChat.refused[0].code).toBe('chatNotAllowed');
    await leaveAll(...Object.values(ro.seats));
  });

  test('too long, control characters and a sixth line within seconds are refused to the author alone, and nothing is stored', async () => {
    const { battleId, seats } = await seatEveryone(server);
    const [a, b] = Object.keys(seats).filter((s) => s !== 'spectator');
    const chatA = chatOf(seats[a]);
    const chatB = chatOf(seats[b]);
    seats[a].room.send('chat', { to: 'all', text: 'x'.repeat(501) });
    seats[a].room.send('chat', { to: 'all', text: 'bip\u0007' });
    await waitFor(() => chatA.refused.length === 2, 'two refusals');
    expect(chatA.refused.map((r) => r.code)).toEqual(['chatTooLong', 'chatInvalid']);
    // Invalid messages spend the chat budget too, so the rate is checked from the other player's connection.
    for (let i = 1; i <= 6; i++) seats[b].room.send('chat', { to: 'all', text: `ligne ${i}` });
    await waitFor(() => chatB.refused.length === 1 && chatA.lines.length === 5, 'five lines and a refusal');
    expect(chatB.refused[0]).toMatchObject({ code: 'chatRateLimited', message: { fr: expect.any(String), en: expect.any(String) } });
    await settle();
    expect(chatA.lines.map((l) => l.text)).toEqual(['ligne 1', 'ligne 2', 'ligne 3', 'ligne 4', 'ligne 5']);
    expect(chatA.refused).toHaveLength(2);
    expect((await store.loadChat(battleId)).map((l) => l.text)).toEqual(['ligne 1', 'ligne 2', 'ligne 3', 'ligne 4', 'ligne 5']);
    await leaveAll(...Object.values(seats));
  });
});
