/**
 * The deadline sweep (issue 12, "what happens when time runs out is the
 * organiser's setting"; docs/time-controls.md, rooms/deadline-sweep.ts): a
 * deadline that passes while no room holds the battle is applied by the
 * server itself, on the embedded store and on PostgreSQL, once, and never
 * to a battle a room (in this process or another) holds. The time is given:
 * no test waits for a deadline.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { LocalPresence, type Presence } from '@colyseus/core';
import { RedisPresence } from '@colyseus/redis-presence';
import { apply } from '@lames/rules';
import { openFileStore } from '../../src/persistence/file-store';
import { migrate, MIGRATIONS, openPgStore, type PgStore } from '../../src/persistence/pg-store';
import { replayJournal } from '../../src/persistence/journal';
import { clockDueOf } from '../../src/persistence/clock-due';
import { summaryOf } from '../../src/persistence/summary';
import type { BattleRecord, BattleStore } from '../../src/persistence/store';
import { follow, newClock, type ClockState, type TimeControl } from '../../src/rooms/clock';
import { sweepDeadlines } from '../../src/rooms/deadline-sweep';
import { battleStatuses } from '../../src/organiser/battles';
import type { Tournament } from '../../src/organiser/model';
import { claimOpenBattle } from '../../src/scaling';
import { makeAccess, makeRecord, fakeHash } from '../persistence/fixtures';
import { PG_URL, pgTestSchema } from '../persistence/pg-schema';
import { ARDENNE, deploy, GOBLINS } from './ford';

const T0 = 1_800_000_000_000;
const HOUR = 3_600_000;
const REDIS_URL = `${process.env.LAMES_TEST_REDIS_URL || 'redis://127.0.0.1:6379'}/9`;

const deadline = (onTimeout: TimeControl['onTimeout']): TimeControl => ({
  mode: 'deadline',
  turnSeconds: 3600,
  onTimeout,
});
/** Clocks running for `side` since `since`, a whole deadline left. */
const running = (control: TimeControl, side: string, since = T0): ClockState =>
  follow(newClock(control, [ARDENNE, GOBLINS]), [side], since, false);
const bothSeated = () =>
  makeAccess({
    othersClaimed: true,
    seats: {
      ardenne: { keyHash: fakeHash('a'), inviteHash: null, playerName: 'Gauvain' },
      'black-teeth': { keyHash: fakeHash('b'), inviteHash: null, playerName: 'Grosdent' },
    },
  });
/** A battle of the-ford every side has joined, the Black Teeth's deployment awaited, with these clocks. */
const battle = (id: string, clock: ClockState, extra: Partial<BattleRecord> = {}): BattleRecord =>
  makeRecord(id, { access: bothSeated(), clock, ...extra });

/**
 * A battle whose Black Teeth deployed 30 minutes in, only appended to the
 * journal: Ardenne's fresh deadline runs from then (rooms/clock.ts follow),
 * carried by the journal head alone. Gives those clocks.
 */
async function appendedDeployment(store: BattleStore, id: string): Promise<ClockState> {
  const control = deadline('forfeit');
  const opening = battle(id, running(control, GOBLINS), { actions: 0, played: [] });
  await store.save(opening);
  const r = apply(opening.state, GOBLINS, deploy());
  if (!r.ok) throw new Error(r.rejection.code);
  const clock = follow(running(control, GOBLINS), [ARDENNE], T0 + HOUR / 2, true);
  const next: BattleRecord = {
    ...opening,
    state: r.state,
    clock,
    updatedAt: new Date(T0 + HOUR / 2).toISOString(),
  };
  await store.append(
    id,
    { n: 0, seat: GOBLINS, action: deploy(), events: r.events },
    {
      updatedAt: next.updatedAt,
      status: 'playing',
      access: next.access,
      summary: summaryOf(next),
      clock,
    },
  );
  return clock;
}

/** A one-round tournament of these battles of the-ford, for the organiser's view of them. */
const tournamentOf = (ids: string[]): Tournament => ({
  id: 't-sweep',
  name: 'Sweep',
  scenarioId: 'the-ford',
  referee: false,
  createdAt: new Date(T0).toISOString(),
  updatedAt: new Date(T0).toISOString(),
  players: [
    { id: 'p1', name: 'Gauvain' },
    { id: 'p2', name: 'Grosdent' },
  ],
  rounds: [
    {
      number: 1,
      createdAt: new Date(T0).toISOString(),
      byes: [],
      battles: ids.map((battleId) => ({
        battleId,
        sides: [
          { side: ARDENNE, playerId: 'p1' },
          { side: GOBLINS, playerId: 'p2' },
        ],
      })),
    },
  ],
});

/** The same behaviour whatever keeps the battles. */
function sweepContract(store: () => BattleStore, presence: () => Presence) {
  const sweep = (now: number) =>
    sweepDeadlines(
      {
        store: store(),
        presence: presence(),
        logError: (m, e) => {
          throw new Error(`${m}: ${String(e)}`);
        },
      },
      now,
    );
  const stored = async (id: string) => replayJournal((await store().load(id))!);

  test('forfeit: nothing before the deadline; at it the battle ends through the rules, lost on time, stored once', async () => {
    await store().save(battle('s-forfeit', running(deadline('forfeit'), GOBLINS)));
    expect(await store().listClockDue(T0 + HOUR - 1, 100)).not.toContain('s-forfeit');
    expect(await sweep(T0 + HOUR - 1)).toEqual([]);
    expect((await stored('s-forfeit')).status).toBe('playing');

    expect(await store().listClockDue(T0 + HOUR, 100)).toContain('s-forfeit');
    expect(await sweep(T0 + HOUR)).toEqual(['s-forfeit']);
    const after = await stored('s-forfeit');
    // §2.4 as any end: the rules' state has ended, the log says why, the clocks say who ran out
    expect(after.status).toBe('ended');
    expect(after.state.status).toBe('ended');
    expect(after.state.result).toMatchObject({
      reason: 'lostOnTime',
      winner: ARDENNE,
      defeated: [{ side: GOBLINS, condition: 'lostOnTime' }],
    });
    expect(after.log.at(-1)).toMatchObject({
      type: 'gameEnded',
      reason: 'lostOnTime',
      winner: ARDENNE,
    });
    expect(after.clock!.forfeit).toMatchObject({ losers: [GOBLINS], winner: ARDENNE });
    const [summary] = await store().lookup(['s-forfeit']);
    expect(summary).toMatchObject({
      status: 'ended',
      forfeit: { losers: [GOBLINS], winner: ARDENNE, reason: 'timeout' },
    });

    // applied once: nothing is due any more, a later pass changes nothing
    expect(await store().listClockDue(T0 + 100 * HOUR, 100)).not.toContain('s-forfeit');
    expect(await sweep(T0 + 100 * HOUR)).toEqual([]);
    expect((await stored('s-forfeit')).log.filter((e) => e.type === 'gameEnded')).toHaveLength(1);
  });

  test('notify records the side out of time (told once), pause stops the clocks; neither ends the battle', async () => {
    await store().save(battle('s-notify', running(deadline('notify'), GOBLINS)));
    await store().save(battle('s-pause', running(deadline('pause'), GOBLINS)));
    expect((await sweep(T0 + 2 * HOUR)).sort()).toEqual(['s-notify', 's-pause']);
    const notified = await stored('s-notify');
    expect(notified).toMatchObject({
      status: 'playing',
      clock: { timedOut: [GOBLINS], running: [GOBLINS], paused: null, forfeit: null },
    });
    const paused = await stored('s-pause');
    expect(paused).toMatchObject({
      status: 'playing',
      clock: { timedOut: [GOBLINS], running: [], paused: GOBLINS },
    });
    // the organiser reads it from the stored summary (organiser/battles.ts): who ran out, and whether it waits for a resume
    const summaries = new Map(
      (await store().lookup(['s-notify', 's-pause'])).map((s) => [s.battleId, s]),
    );
    expect(summaries.get('s-notify')?.timeUp).toEqual({ sides: [GOBLINS], paused: false });
    expect(summaries.get('s-pause')?.timeUp).toEqual({ sides: [GOBLINS], paused: true });
    const statuses = await battleStatuses(store(), tournamentOf(['s-notify', 's-pause']));
    expect(statuses.map((s) => [s.battleId, s.phase, s.timedOut])).toEqual([
      ['s-notify', 'deploying', [GOBLINS]],
      ['s-pause', 'pausedOnTime', [GOBLINS]],
    ]);
    expect(await store().listClockDue(T0 + 100 * HOUR, 100)).not.toEqual(
      expect.arrayContaining(['s-notify']),
    );
    expect(await store().listClockDue(T0 + 100 * HOUR, 100)).not.toEqual(
      expect.arrayContaining(['s-pause']),
    );
    expect(await sweep(T0 + 100 * HOUR)).toEqual([]);
  });

  test('a live clock is not charged while no room holds the battle, a closed battle is never due, an ended one neither', async () => {
    const live = follow(
      newClock({ mode: 'clock', initialSeconds: 600, incrementSeconds: 0, onTimeout: 'forfeit' }, [
        ARDENNE,
        GOBLINS,
      ]),
      [GOBLINS],
      T0,
      false,
    );
    await store().save(battle('s-live', live));
    await store().save(
      battle('s-closed', running(deadline('forfeit'), GOBLINS), {
        access: { ...bothSeated(), closed: { reason: 'abandon', at: '2027-01-01T00:00:00.000Z' } },
      }),
    );
    await store().save(
      battle('s-over', running(deadline('forfeit'), GOBLINS), { status: 'ended' }),
    );
    await store().save(battle('s-due', running(deadline('forfeit'), GOBLINS)));
    const due = await store().listClockDue(T0 + 1000 * HOUR, 100);
    expect(due).toContain('s-due');
    expect(due).not.toContain('s-live');
    expect(due).not.toContain('s-closed');
    expect(due).not.toContain('s-over');
  });

  test('the clocks of the last journal head decide (an action only appended)', async () => {
    const clock = await appendedDeployment(store(), 's-head');
    expect(clockDueOf({ status: 'playing', clock })).toBe(T0 + HOUR / 2 + HOUR);
    expect(await store().listClockDue(T0 + HOUR, 100)).not.toContain('s-head');
    expect(await sweep(T0 + 1.5 * HOUR)).toContain('s-head');
    const after = await stored('s-head');
    // replayed from the journal, then lost on time by Ardenne after the Black Teeth's deployment
    expect(after.state.result).toMatchObject({ reason: 'lostOnTime', winner: GOBLINS });
    expect(after.state.deployment).toBeUndefined();
  });

  test('a battle whose claim is held (a room runs it, here or in another process) is left to its room', async () => {
    await store().save(battle('s-held', running(deadline('forfeit'), GOBLINS)));
    const claim = await claimOpenBattle(presence(), 's-held');
    try {
      expect(await sweep(T0 + 2 * HOUR)).not.toContain('s-held');
      expect((await stored('s-held')).status).toBe('playing');
    } finally {
      await claim!.release();
    }
    expect(await sweep(T0 + 2 * HOUR)).toContain('s-held');
  });
}

describe('on the embedded file store', () => {
  let dir: string;
  let store: BattleStore;
  const presence = new LocalPresence();
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'lames-deadline-sweep-'));
    store = await openFileStore(dir);
  });
  afterAll(async () => {
    await store.close();
    presence.shutdown();
    rmSync(dir, { recursive: true, force: true });
  });
  sweepContract(
    () => store,
    () => presence,
  );

  test('the due time survives a restart of the store (its index is rebuilt from the files)', async () => {
    await store.save(battle('s-reopened', running(deadline('forfeit'), GOBLINS)));
    const again = await openFileStore(dir);
    try {
      expect(await again.listClockDue(T0 + HOUR, 100)).toContain('s-reopened');
    } finally {
      await again.close();
    }
  });
});

describe('on PostgreSQL, two processes sharing Redis', () => {
  const pg = pgTestSchema();
  let store: PgStore;
  let other: PgStore;
  let presences: Presence[];
  beforeAll(async () => {
    store = await openPgStore(PG_URL, pg.connection);
    other = await openPgStore(PG_URL, pg.connection);
    presences = [new RedisPresence(REDIS_URL), new RedisPresence(REDIS_URL)];
  });
  afterAll(async () => {
    await store.close();
    await other.close();
    for (const p of presences) p.shutdown();
  });
  sweepContract(
    () => store,
    () => presences[0],
  );

  test('two processes sweeping at the same moment apply a deadline once', async () => {
    await store.save(battle('s-twice', running(deadline('forfeit'), GOBLINS)));
    const fail = (m: string) => {
      throw new Error(m);
    };
    const passes = await Promise.all([
      sweepDeadlines({ store, presence: presences[0], logError: fail }, T0 + 2 * HOUR),
      sweepDeadlines({ store: other, presence: presences[1], logError: fail }, T0 + 2 * HOUR),
    ]);
    expect(passes.flat().filter((id) => id === 's-twice')).toHaveLength(1);
    const after = replayJournal((await store.load('s-twice'))!);
    expect(after.log.filter((e) => e.type === 'gameEnded')).toHaveLength(1);
  });

  test('migration 7 gives battles stored before it their due time, from the last journal head or the snapshot', async () => {
    const clock = running(deadline('forfeit'), GOBLINS);
    await store.save(battle('s-before', clock));
    await store.save(battle('s-ended', clock, { status: 'ended' }));
    const headClock = await appendedDeployment(store, 's-journal');
    const admin = pg.admin();
    await admin.query(`SET search_path TO ${pg.schema}`);
    await admin.query('UPDATE lames_battles SET clock_due = NULL');
    await admin.query('DELETE FROM lames_schema_version WHERE version = 7');
    const client = await (
      store as unknown as { pool: { connect(): Promise<import('pg').PoolClient> } }
    ).pool.connect();
    try {
      await migrate(client);
    } finally {
      client.release();
    }
    const { rows } = await admin.query<{ id: string; due: Date | null }>(
      `SELECT id, clock_due AS due FROM lames_battles WHERE id IN ('s-before', 's-ended', 's-journal') ORDER BY id`,
    );
    expect(rows.map((r) => [r.id, r.due?.getTime() ?? null])).toEqual([
      ['s-before', clockDueOf({ status: 'playing', clock })],
      ['s-ended', null],
      ['s-journal', clockDueOf({ status: 'playing', clock: headClock })],
    ]);
    expect(clockDueOf({ status: 'playing', clock: headClock })).not.toBe(
      clockDueOf({ status: 'playing', clock }),
    );
    expect(MIGRATIONS.map((m) => m.version)).toContain(7);
    await admin.query('RESET search_path');
  });
});
