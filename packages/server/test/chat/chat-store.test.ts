/**
 * The chat history in both stores (issue 12): lines come back in order,
 * only the last CHAT_HISTORY are kept, a battle never saved takes none, and
 * deleting a battle deletes its chat.
 */
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { openFileStore } from '../../src/persistence/file-store';
import { openPgStore } from '../../src/persistence/pg-store';
import type { BattleStore } from '../../src/persistence/store';
import { CHAT_HISTORY, type ChatLine } from '../../src/rooms/chat';
import { makeRecord } from '../persistence/fixtures';
import { PG_URL, pgTestSchema } from '../persistence/pg-schema';

const pg = pgTestSchema();
const line = (i: number): ChatLine => ({ at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(), seat: 'ardenne', name: 'Gauvain', audience: 'table', text: `ligne ${i}` });

describe.each([
  ['file store', async () => openFileStore(await fs.mkdtemp(path.join(os.tmpdir(), 'lames-chat-store-')))],
  ['PostgreSQL store', async () => openPgStore(PG_URL, pg.connection)],
])('chat history, %s', (_name, open: () => Promise<BattleStore>) => {
  let store: BattleStore;
  beforeAll(async () => (store = await open()));
  afterAll(async () => store.close());

  test(`keeps the last ${CHAT_HISTORY} lines in order, survives a snapshot, and goes with the battle`, async () => {
    const record = makeRecord(`chat-${Math.random().toString(36).slice(2, 8)}`);
    await store.save(record);
    expect(await store.loadChat(record.id)).toEqual([]);
    const total = 2 * CHAT_HISTORY + 3;
    for (let i = 0; i < total; i++) await store.appendChat(record.id, line(i));
    await store.save(record); // a snapshot drops the action journal, never the chat
    const kept = await store.loadChat(record.id);
    expect(kept).toHaveLength(CHAT_HISTORY);
    expect(kept[0]).toEqual(line(total - CHAT_HISTORY));
    expect(kept[CHAT_HISTORY - 1]).toEqual(line(total - 1));
    await store.delete(record.id);
    expect(await store.loadChat(record.id)).toEqual([]);
  }, 60_000);

  test('a battle never saved takes no chat line', async () => {
    await expect(store.appendChat('never-saved', line(1))).rejects.toThrow(/no saved record/);
    expect(await store.loadChat('never-saved')).toEqual([]);
  });
});
