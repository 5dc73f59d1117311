/**
 * Nothing lost (issue 12): "Kill the server (kill -9) in the middle of
 * battles, start it again: every battle resumes exactly where its last
 * acknowledged action left it (state hash identical), seats reclaimable with
 * their keys", with both stores, killing a real server process.
 *
 * The test plays two battles through @colyseus/sdk clients against
 * `node packages/server/dist/main.js`. It keeps its own copy of each full
 * state: the initial one read from the store (the server's seed is secret
 * and random), then each action applied with the rules once it is
 * acknowledged (its events reached the sender, and must be the events the
 * copy gives), so the copy's stateHash is the hash after the last
 * acknowledged action. One battle is killed idle, the other with an action
 * on the wire: that one may come back with or without it, never in part.
 */
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { apply, eventsFor, stateHash, type GameEvent, type GameState } from '@lames/rules';
import { randomPlayer, type PlayedAction } from '@lames/rules/testing';
import { openFileStore } from '../../src/persistence/file-store';
import { replayJournal, SNAPSHOT_EVERY } from '../../src/persistence/journal';
import { openPgStore } from '../../src/persistence/pg-store';
import type { BattleStore, StoredBattle } from '../../src/persistence/store';
import { SdkClient, settle, waitFor, welcomed, type Seated } from '../helpers';
import { PG_URL, pgTestSchema } from './pg-schema';
import {
  buildServer,
  killAllServers,
  startServerProcess,
  type ServerProcess,
} from './server-process';

/** "long" crosses a snapshot (every 64 actions) and is killed with an action on the wire; "short" is killed idle. */
const PLAN = { long: SNAPSHOT_EVERY + 6, short: 12 };
/** Actions each battle plays on the restarted server. */
const AFTER_RESTART = 4;

interface Battle {
  id: string;
  label: keyof typeof PLAN;
  seats: Record<string, Seated>;
  keys: Record<string, string>;
  /** The full state after the last acknowledged action: the test's own copy. */
  state: GameState;
  acked: number;
  next: (state: GameState) => PlayedAction;
}

beforeAll(() => buildServer(), 300_000);
afterAll(() => killAllServers());

/** The rules' result of an action on the test's copy (an offered action is never refused). */
function applied(
  state: GameState,
  { seat, action }: PlayedAction,
): { state: GameState; events: GameEvent[] } {
  const r = apply(state, seat, action);
  if (!r.ok) throw new Error(`the random player's ${action.type} is refused: ${r.rejection.code}`);
  return r;
}

/** Sends the next action of a battle and waits for its acknowledgement; the sender's events must be the copy's. */
async function play(b: Battle): Promise<void> {
  const move = b.next(b.state);
  const result = applied(b.state, move);
  const sender = b.seats[move.seat];
  // Every seat gets one events message per action, each on its own socket: the
  // previous action's may still be on its way to this sender, and would then be
  // taken for this action's. Wait until every seat has had every earlier one.
  const counts = () => Object.values(b.seats).map((s) => s.inbox.events.length);
  await waitFor(
    () => new Set(counts()).size === 1,
    `battle ${b.label}: every seat has the events of the previous action`,
    10_000,
  );
  const before = sender.inbox.events.length;
  // Within each connection's message budget (limits/message-rate.ts): 10 a second.
  await settle(100);
  sender.room.send('action', move.action);
  await waitFor(
    () => sender.inbox.events.length > before || sender.inbox.rejected.length > 0,
    `battle ${b.label}: ${move.action.type} by ${move.seat}`,
    10_000,
  );
  expect(sender.inbox.rejected).toEqual([]);
  // As decoded from the wire (msgpack keeps Infinity, which JSON would not).
  expect(sender.inbox.events[before]).toEqual(eventsFor(result.events, move.seat));
  b.state = result.state;
  b.acked += 1;
}

/** A seated connection that never tries to reconnect by itself: the test brings the seats back with their keys. */
async function seat(joining: Promise<Seated['room']>): Promise<Seated> {
  const room = await joining;
  room.reconnection.enabled = false;
  return welcomed(room);
}

/** Forgets the connections to a stopped server. */
function drop(b: Battle): void {
  for (const s of Object.values(b.seats)) s.room.connection.close();
  b.seats = {};
}

describe.each([
  ['the embedded file store', 'file'],
  ['PostgreSQL', 'pg'],
] as const)('kill -9 with %s', (_name, kind) => {
  const pg = kind === 'pg' ? pgTestSchema() : null;
  let dataDir: string;
  let env: { LAMES_DATA_DIR: string; DATABASE_URL?: string };

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `lames-kill9-${kind}-`));
    env = { LAMES_DATA_DIR: dataDir };
    if (pg) {
      const url = new URL(PG_URL);
      url.searchParams.set('options', pg.connection.options);
      // The server's connections have a name of their own: the test waits for them to be gone after a kill.
      url.searchParams.set('application_name', `${pg.connection.application_name}-server`);
      env.DATABASE_URL = url.toString();
    }
  });
  afterAll(async () => {
    killAllServers();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** Reads the server's store as the test itself (a file store is only opened while no server writes, or to read). */
  /**
   * A statement the killed server had sent still runs in PostgreSQL, and
   * commits, after the process is gone: the store is read once its
   * connections have ended (each backend ends when its statement is done and
   * it finds the client gone).
   */
  async function killedStatementsDone(): Promise<void> {
    if (!pg) return;
    const name = `${pg.connection.application_name}-server`;
    for (let i = 0; i < 200; i++) {
      const { rows } = await pg
        .admin()
        .query<{ n: string }>(
          'SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1',
          [name],
        );
      if (Number(rows[0]!.n) === 0) return;
      await settle(50);
    }
    throw new Error('the killed server’s PostgreSQL connections did not end within 10 s');
  }

  async function stored(id: string): Promise<StoredBattle | null> {
    const store: BattleStore = env.DATABASE_URL
      ? await openPgStore(env.DATABASE_URL)
      : await openFileStore(dataDir);
    try {
      return await store.load(id);
    } finally {
      await store.close();
    }
  }

  /** The hash of the battle a resumed room would rebuild: the last snapshot with its journal replayed. */
  const storedHash = async (id: string) => stateHash(replayJournal((await stored(id))!).state);

  /** Creates a battle of the-ford (hidden deployment, dice) and seats both sides, the second through its invite. */
  async function openBattle(server: ServerProcess, label: Battle['label']): Promise<Battle> {
    const creator = await seat(
      new SdkClient(server.url).create('battle', {
        scenarioId: 'the-ford',
        seat: 'ardenne',
        playerName: `Créateur ${label}`,
      }),
    );
    const { battleId, seatKey, invites } = creator.inbox.welcome[0];
    const invite = invites!.find((i) => i.seat !== 'spectator')!;
    const other = await seat(
      new SdkClient(server.url).joinById(battleId, {
        invite: invite.token,
        playerName: `Joueur ${label}`,
      }),
    );
    // The creator's join saves the new battle: its state is where the test's copy starts.
    let first: StoredBattle | null = null;
    for (let i = 0; i < 100 && !first; i++) {
      first = await stored(battleId);
      if (!first) await settle(50);
    }
    if (!first) throw new Error(`battle ${label} was never saved`);
    return {
      id: battleId,
      label,
      seats: { ardenne: creator, [invite.seat]: other },
      keys: { ardenne: seatKey!, [invite.seat]: other.inbox.welcome[0].seatKey! },
      state: replayJournal(first).state,
      acked: 0,
      next: randomPlayer(`kill9-${label}`),
    };
  }

  /** Resumes a battle on a new server with the creator's key, then seats the other side with its own. */
  async function reclaim(server: ServerProcess, b: Battle): Promise<void> {
    const [creatorSeat, otherSeat] = Object.keys(b.keys);
    const creator = await seat(
      new SdkClient(server.url).create('battle', {
        resume: b.id,
        key: b.keys[creatorSeat],
        playerName: 'De retour',
      }),
    );
    const other = await seat(
      new SdkClient(server.url).joinById(b.id, {
        key: b.keys[otherSeat],
        playerName: 'De retour aussi',
      }),
    );
    expect([creator.inbox.welcome[0].seat, other.inbox.welcome[0].seat]).toEqual([
      creatorSeat,
      otherSeat,
    ]);
    b.seats = { [creatorSeat]: creator, [otherSeat]: other };
  }

  test('every battle resumes at the hash of its last acknowledged action, seats come back with their keys, play goes on', async () => {
    let server = await startServerProcess(env);
    const battles = [await openBattle(server, 'long'), await openBattle(server, 'short')];
    const [long, short] = battles;

    // Interleaved: each battle waits for the acknowledgement of its action before sending the next.
    while (battles.some((b) => b.acked < PLAN[b.label])) {
      for (const b of battles) if (b.acked < PLAN[b.label]) await play(b);
    }
    expect(long.state.status).toBe('playing');
    // The long battle's last snapshot holds 64 actions, its journal the 6 after.
    expect((await stored(long.id))!.journal?.length).toBe(PLAN.long - SNAPSHOT_EVERY);

    // kill -9, with one more action of the long battle sent.
    const inFlight = long.next(long.state);
    long.seats[inFlight.seat].room.send('action', inFlight.action);
    server.child.kill('SIGKILL');
    expect(await server.exited).toBe('SIGKILL');
    battles.forEach(drop);
    await killedStatementsDone();

    expect(await storedHash(short.id)).toBe(stateHash(short.state));
    const afterFlight = applied(long.state, inFlight).state;
    const longHash = await storedHash(long.id);
    expect([stateHash(long.state), stateHash(afterFlight)]).toContain(longHash);
    if (longHash === stateHash(afterFlight)) long.state = afterFlight;

    // Start again on the same store: each seat comes back with its key, and both battles go on.
    server = await startServerProcess(env);
    for (const b of battles) await reclaim(server, b);
    for (let i = 0; i < AFTER_RESTART; i++) for (const b of battles) await play(b);

    // A clean stop closes every room; the store then holds exactly the test's copies.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    battles.forEach(drop);
    for (const b of battles) expect(await storedHash(b.id)).toBe(stateHash(b.state));
  }, 300_000);
});
