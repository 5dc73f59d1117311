/** The clocks on the battle page (issue 12, time controls): counted down locally between the server's views, time given. */
import {
  formatClock,
  mayResume,
  sideClocks,
  timeControlOption,
  type ClockView,
} from './clock-model';

const view = (over: Partial<ClockView> = {}): ClockView => ({
  control: { mode: 'clock', initialSeconds: 600, incrementSeconds: 5, onTimeout: 'notify' },
  remainingMs: { a: 300_000, b: 90_000 },
  running: ['b'],
  timedOut: [],
  paused: null,
  forfeit: null,
  ...over,
});

it('counts down only the running side from the moment the view arrived', () => {
  const [a, b] = sideClocks({ view: view(), at: 1000 }, ['a', 'b'], 31_000);
  expect(a).toMatchObject({ ms: 300_000, running: false, low: false });
  expect(b).toMatchObject({ ms: 60_000, running: true, low: false });
  expect(sideClocks({ view: view(), at: 1000 }, ['b'], 32_000)[0].low).toBe(true);
});

it('stops at zero and shows a side out of time', () => {
  const [, b] = sideClocks({ view: view(), at: 0 }, ['a', 'b'], 200_000);
  expect(b).toMatchObject({ ms: 0, out: true });
  expect(sideClocks({ view: view({ timedOut: ['a'] }), at: 0 }, ['a'], 0)[0].out).toBe(true);
});

it('formats minutes, hours and days', () => {
  expect(formatClock(9_000)).toBe('0:09');
  expect(formatClock(247_000)).toBe('4:07');
  expect(formatClock(3_909_000)).toBe('1:05:09');
  expect(formatClock(2 * 86_400_000 + 3 * 3_600_000)).toBe('2 d 03:00');
  // a part of a second left still shows a second
  expect(formatClock(400)).toBe('0:01');
});

it('lets the opponent or the referee resume a paused battle, not the side out of time nor a spectator', () => {
  const paused = view({ paused: 'b' });
  expect(mayResume(paused, 'a')).toBe(true);
  expect(mayResume(paused, 'referee')).toBe(true);
  expect(mayResume(paused, 'b')).toBe(false);
  expect(mayResume(paused, 'spectator')).toBe(false);
  expect(mayResume(view(), 'a')).toBe(false);
});

it('turns the create form into the server option', () => {
  const form = { minutes: 25, incrementSeconds: 10, hours: 48, onTimeout: 'forfeit' as const };
  expect(timeControlOption({ ...form, mode: 'none' })).toBeUndefined();
  expect(timeControlOption({ ...form, mode: 'clock' })).toEqual({
    mode: 'clock',
    initialSeconds: 1500,
    incrementSeconds: 10,
    onTimeout: 'forfeit',
  });
  expect(timeControlOption({ ...form, mode: 'deadline' })).toEqual({
    mode: 'deadline',
    turnSeconds: 172_800,
    onTimeout: 'forfeit',
  });
});
