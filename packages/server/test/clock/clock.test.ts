/**
 * The clock arithmetic of time controls (issue 12, "Optional time controls";
 * docs/time-controls.md), with the time given: no test waits.
 */
import { createGame, type GameState } from '@lames/rules';
import { SCENARIOS } from '@lames/rules/scenarios';
import {
  awaitedSides,
  expired,
  follow,
  newClock,
  nextExpiryIn,
  reopen,
  resume,
  timeLeft,
  timeOut,
  viewOf,
  type ClockState,
  type TimeControl,
} from '../../src/rooms/clock';
import type { BattleAccess } from '../../src/persistence/store';

const SIDES = ['a', 'b'];
const live: TimeControl = {
  mode: 'clock',
  initialSeconds: 300,
  incrementSeconds: 5,
  onTimeout: 'notify',
};
const async: TimeControl = { mode: 'deadline', turnSeconds: 3600, onTimeout: 'notify' };
const T0 = 1_800_000_000_000;

function started(control: TimeControl, side = 'a'): ClockState {
  return follow(newClock(control, SIDES), [side], T0, false);
}

describe('live clock (initial time + increment per handover)', () => {
  it('charges only the awaited side, on the server time given', () => {
    const c = started(live);
    expect(timeLeft(c, 'a', T0 + 40_000)).toBe(260_000);
    expect(timeLeft(c, 'b', T0 + 40_000)).toBe(300_000);
  });

  it('adds the increment to the side that handed the wait over, once per handover, not per action', () => {
    let c = started(live);
    // two actions of side a in the same turn: no handover, no increment
    c = follow(c, ['a'], T0 + 10_000, true);
    c = follow(c, ['a'], T0 + 20_000, true);
    expect(c.remainingMs.a).toBe(280_000);
    c = follow(c, ['b'], T0 + 30_000, true);
    expect(c.remainingMs.a).toBe(275_000);
    expect(c.running).toEqual(['b']);
    expect(timeLeft(c, 'b', T0 + 31_000)).toBe(299_000);
  });

  it('gives no increment when the wait changes without a decision (a seat freed and taken again)', () => {
    let c = started(live);
    c = follow(c, [], T0 + 10_000, false);
    expect(c.remainingMs.a).toBe(290_000);
    expect(c.since).toBeNull();
    // stopped: time passes and nobody is charged
    c = follow(c, ['a'], T0 + 100_000, false);
    expect(c.remainingMs.a).toBe(290_000);
  });

  it('runs both sides during a simultaneous deployment', () => {
    const c = follow(newClock(live, SIDES), ['a', 'b'], T0, false);
    expect(timeLeft(c, 'a', T0 + 1000)).toBe(299_000);
    expect(timeLeft(c, 'b', T0 + 1000)).toBe(299_000);
  });

  it('says when the next side runs out and which sides have', () => {
    const c = started(live);
    expect(nextExpiryIn(c, T0 + 100_000)).toBe(200_000);
    expect(expired(c, T0 + 299_999)).toEqual([]);
    expect(expired(c, T0 + 300_000)).toEqual(['a']);
  });

  it('does not charge the time no room held the battle when reopened', () => {
    const c = started(live);
    const stored = follow(c, ['a'], T0 + 60_000, false);
    const reopened = reopen(stored, T0 + 86_400_000);
    expect(timeLeft(reopened, 'a', T0 + 86_400_000)).toBe(240_000);
  });
});

describe('deadline per decision (async play)', () => {
  it('gives a side newly awaited after a decision a whole deadline, kept across its own actions', () => {
    let c = started(async);
    c = follow(c, ['a'], T0 + 1_000_000, true);
    expect(timeLeft(c, 'a', T0 + 1_000_000)).toBe(2_600_000);
    c = follow(c, ['b'], T0 + 2_000_000, true);
    expect(timeLeft(c, 'b', T0 + 2_000_000)).toBe(3_600_000);
    // a defender's choice hands the wait to a and back: each gets a fresh deadline
    c = follow(c, ['a'], T0 + 2_100_000, true);
    expect(timeLeft(c, 'a', T0 + 2_100_000)).toBe(3_600_000);
  });

  it('keeps running on wall-clock time while no room holds the battle', () => {
    const c = started(async);
    const reopened = reopen(c, T0 + 3_000_000);
    expect(timeLeft(reopened, 'a', T0 + 3_000_000)).toBe(600_000);
    expect(expired(reopen(c, T0 + 3_600_000), T0 + 3_600_000)).toEqual(['a']);
  });

  it("restarts nobody's deadline when a seat is freed and claimed again", () => {
    let c = started(async);
    c = follow(c, [], T0 + 3_000_000, false);
    c = follow(c, ['a'], T0 + 9_000_000, false);
    expect(timeLeft(c, 'a', T0 + 9_000_000)).toBe(600_000);
  });
});

describe('timeout policies', () => {
  it('notify: records the side once and play goes on', () => {
    const c = timeOut(started({ ...live, onTimeout: 'notify' }), ['a'], SIDES, T0 + 300_000);
    expect(c.timedOut).toEqual(['a']);
    expect(c.running).toEqual(['a']);
    expect(expired(c, T0 + 400_000)).toEqual([]);
    expect(nextExpiryIn(c, T0 + 400_000)).toBeNull();
  });

  it('notify: a side that gains time again may be told again', () => {
    let c = timeOut(started({ ...live, onTimeout: 'notify' }), ['a'], SIDES, T0 + 300_000);
    c = follow(c, ['b'], T0 + 301_000, true);
    expect(c.remainingMs.a).toBe(5_000);
    expect(c.timedOut).toEqual([]);
  });

  it('pause: stops every clock until another seat resumes, which gives the side a minute', () => {
    let c = timeOut(started({ ...live, onTimeout: 'pause' }), ['a'], SIDES, T0 + 300_000);
    expect(c.paused).toBe('a');
    expect(follow(c, ['a'], T0 + 400_000, false).running).toEqual([]);
    expect(resume(c, 'a')).toBeNull();
    expect(resume(c, 'spectator')).toBeNull();
    const resumed = resume(c, 'b')!;
    expect(resumed.paused).toBeNull();
    expect(resumed.remainingMs.a).toBe(60_000);
    c = follow(resumed, ['a'], T0 + 500_000, false);
    expect(timeLeft(c, 'a', T0 + 530_000)).toBe(30_000);
  });

  it('pause on a deadline: the referee may resume, with a whole deadline', () => {
    const c = timeOut(started({ ...async, onTimeout: 'pause' }), ['a'], SIDES, T0 + 3_600_000);
    expect(resume(c, 'referee')!.remainingMs.a).toBe(3_600_000);
  });

  it('forfeit: ends the battle won by the side left in time; a draw when both ran out', () => {
    const c = timeOut(started({ ...live, onTimeout: 'forfeit' }), ['a'], SIDES, T0 + 300_000);
    expect(c.forfeit).toEqual({
      losers: ['a'],
      winner: 'b',
      at: new Date(T0 + 300_000).toISOString(),
    });
    expect(c.running).toEqual([]);
    const both = timeOut(
      follow(newClock({ ...live, onTimeout: 'forfeit' }, SIDES), SIDES, T0, false),
      SIDES,
      SIDES,
      T0 + 300_000,
    );
    expect(both.forfeit?.winner).toBeNull();
  });

  it('the view carries times relative to its sending, the same for every seat', () => {
    const v = viewOf(started(live), T0 + 12_000);
    expect(v.remainingMs).toEqual({ a: 288_000, b: 300_000 });
    expect(v.running).toEqual(['a']);
  });
});

describe('awaited sides (public facts only)', () => {
  const state = (): GameState =>
    createGame(
      SCENARIOS.find((s) => s.id === 'ash-plain')!,
      'clock-seed',
    );
  const access = (claimed: string[]): BattleAccess => ({
    listed: true,
    creatorSeat: 'ardenne',
    spectatorHash: 'x'.repeat(43),
    othersClaimed: true,
    seats: Object.fromEntries(
      state().sides.map((s) => [
        s.id,
        {
          keyHash: claimed.includes(s.id) ? 'k'.repeat(43) : null,
          inviteHash: null,
          playerName: null,
        },
      ]),
    ),
  });

  it('waits for every side to be claimed before any clock runs', () => {
    const g = state();
    expect(awaitedSides(g, access([g.sides[0].id]))).toEqual([]);
  });

  it('is the active side, or the defender while it chooses its losses, or nobody once ended', () => {
    const g = state();
    const all = access(g.sides.map((s) => s.id));
    const playing = { ...g, deployment: undefined };
    expect(awaitedSides(playing, all)).toEqual([g.activeSide]);
    const other = g.sides.find((s) => s.id !== g.activeSide)!.id;
    expect(
      awaitedSides(
        { ...playing, pendingLosses: { side: other } as GameState['pendingLosses'] },
        all,
      ),
    ).toEqual([other]);
    expect(awaitedSides({ ...playing, status: 'ended' }, all)).toEqual([]);
  });
});
