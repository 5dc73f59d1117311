/**
 * Clocks survive a server restart (issue 12, "clocks survive restarts";
 * docs/time-controls.md), on the file store and on PostgreSQL: a server
 * stops with a battle's clock running, a new one opens the same store, and
 * the battle comes back with the time left as stored. A live clock is not
 * charged for the time no server held it; a deadline is wall-clock time and
 * is. The journal head carries the clock too: after an action that was only
 * appended (no snapshot), the clock comes back from the head.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { openFileStore } from '../../src/persistence/file-store';
import { openPgStore } from '../../src/persistence/pg-store';
import { replayJournal } from '../../src/persistence/journal';
import type { BattleStore } from '../../src/persistence/store';
import { seatEveryone, startTestServer, waitFor, welcomed, type Seated } from '../helpers';
import { PG_URL, pgTestSchema } from '../persistence/pg-schema';
import { FakeTime } from './fake-time';
import { ARDENNE, deploy, FORD, GOBLINS } from './ford';

const T0 = 1_800_000_000_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const lastClock = (s: Seated) => s.inbox.clock[s.inbox.clock.length - 1];

/**
 * Plays the deployment on one server (2 minutes of the Black Teeth's time,
 * then Ardenne's clock runs 3 minutes), stops it, moves the time by an hour
 * and resumes the battle on a second server over the same store.
 */
async function restartAcross(store: BattleStore, timeControl: object) {
  const time = new FakeTime(T0);
  const options = {
    timers: time,
    seed: () => 'clock restart seed',
    scenarios: { 'the-ford': FORD },
    store,
  };
  const first = await startTestServer(options);
  let battleId: string;
  let keys: Record<string, string>;
  try {
    const battle = await seatEveryone(first, {
      scenarioId: 'the-ford',
      seat: ARDENNE,
      timeControl,
    });
    ({ battleId, keys } = battle);
    time.advance(2 * MINUTE);
    battle.seats[GOBLINS].room.send('action', deploy());
    await waitFor(
      () => lastClock(battle.seats[ARDENNE])?.running[0] === ARDENNE,
      'the clock handed to Ardenne',
    );
    time.advance(3 * MINUTE);
    // stored by the append: the journal head carries the clock after the deployment
    const head = replayJournal((await store.load(battleId))!).clock!;
    expect(head.running).toEqual([ARDENNE]);
  } finally {
    await first.close();
  }
  time.advance(HOUR);
  const second = await startTestServer(options);
  try {
    const back = await welcomed(
      await second
        .client()
        .create('battle', { resume: battleId, key: keys[ARDENNE], playerName: 'Ardenne' }),
    );
    await waitFor(() => back.inbox.clock.length > 0, 'the clock after the restart');
    return lastClock(back);
  } finally {
    await second.close();
  }
}

function bothStores(name: string, open: () => Promise<BattleStore>) {
  describe(name, () => {
    it('a live clock comes back with its time left, the hour without a server not charged', async () => {
      const store = await open();
      try {
        const clock = await restartAcross(store, {
          mode: 'clock',
          initialSeconds: 1800,
          incrementSeconds: 0,
          onTimeout: 'notify',
        });
        expect(clock.running).toEqual([ARDENNE]);
        expect(clock.remainingMs).toEqual({ [ARDENNE]: 27 * MINUTE, [GOBLINS]: 28 * MINUTE });
      } finally {
        await store.close();
      }
    });

    it('a deadline keeps running on wall-clock time, and its policy applies when the battle opens past it', async () => {
      const store = await open();
      try {
        const clock = await restartAcross(store, {
          mode: 'deadline',
          turnSeconds: 2 * 3600,
          onTimeout: 'pause',
        });
        // Ardenne's deadline, begun at the deployment: 3 minutes, then the hour without a server
        expect(clock.remainingMs[ARDENNE]).toBe(2 * HOUR - 3 * MINUTE - HOUR);
        expect(clock.paused).toBeNull();
        const late = await restartAcross(store, {
          mode: 'deadline',
          turnSeconds: 3600,
          onTimeout: 'pause',
        });
        expect(late.paused).toBe(ARDENNE);
      } finally {
        await store.close();
      }
    });
  });
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
bothStores('file store', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lames-clock-'));
  dirs.push(dir);
  return openFileStore(dir);
});

const pg = pgTestSchema();
bothStores('PostgreSQL', () => openPgStore(PG_URL, { options: pg.connection.options }));
