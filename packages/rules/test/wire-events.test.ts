/**
 * Issue 9: the events a seat receives travel as compact bytes
 * (wire/events.ts) instead of JSON. Checked against the previous
 * implementation: whatever the rules produce, decoding the bytes gives
 * exactly the JSON the old message carried (JSON.parse(JSON.stringify)),
 * for every event kind, for the events of a recorded random game at every
 * seat, and for values the tables do not know.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { eventsFor, type GameEvent, type Seat } from '../src';
import { scenarioById } from '../src/scenarios';
import { asSent, randomGame } from '../src/testing';
import { apply, createGame } from '../src';
import {
  decodeEvents,
  encodeEvents,
  WIRE_EVENT_FIELDS,
  wireNames,
  wireNamesOf,
} from '../src/wire/events';

/** A table of names as a battle's would be: its sides, then units in the open (some of the SAMPLES among them). */
const NAMES = wireNames(['black-teeth', 'ardenne'], ['u1', 'n-orc-warg-riders-36', 'a-archers']);

const roundTrip = (events: unknown[], names: readonly string[] = NAMES) =>
  decodeEvents(encodeEvents(events as GameEvent[], names), names);

/** The kinds of state/events.ts, read from its source (the `type:` of each member of EventBody). */
function kindsInSource(): string[] {
  const source = readFileSync(path.join(__dirname, '..', 'src', 'state', 'events.ts'), 'utf8');
  const body = source.slice(
    source.indexOf('export type EventBody'),
    source.indexOf('export type GameEvent'),
  );
  return [...body.matchAll(/type: '(\w+)'/g)].map((m) => m[1]);
}

/** A value of every form the codec has: words, new and repeated strings, sections, halves, negatives, nested objects. */
const SAMPLES: unknown[] = [
  'n-orc-warg-riders-36',
  'black-teeth',
  'all',
  '§2.6.11',
  0,
  63,
  64,
  315,
  -2,
  0.5,
  3.5,
  -1.5,
  0.1,
  true,
  false,
  null,
  [1, 2],
  { to: 'owner', side: 'ardenne' },
  { fr: 'Crème brûlée', en: 'Bridge' },
];

test('every event kind of state/events.ts has its shape on the wire', () => {
  expect([...WIRE_EVENT_FIELDS.keys()].sort()).toEqual([...new Set(kindsInSource())].sort());
});

test.each([...WIRE_EVENT_FIELDS.keys()].map((kind) => [kind]))(
  '%s: every field given, or none, decodes to the event the rules made',
  (kind) => {
    const fields = WIRE_EVENT_FIELDS.get(kind)!.filter((f) => f !== 'section' && f !== 'audience');
    const full = {
      type: kind,
      ...Object.fromEntries(fields.map((f, i) => [f, SAMPLES[i % SAMPLES.length]])),
      section: '§2.4.3',
      audience: { to: 'all' },
    };
    const bare = { type: kind, section: '§1', audience: { to: 'others', side: 'black-teeth' } };
    const withUndefined = { ...full, [fields[0] ?? 'extra']: undefined };
    for (const events of [[full], [bare], [full, bare, full], [withUndefined]]) {
      expect(roundTrip(events)).toEqual(asSent(events));
      expect(roundTrip(events, [])).toEqual(asSent(events));
    }
  },
);

test('values the tables do not know: unknown kinds and fields, long strings and arrays, large and odd numbers, repeats', () => {
  const long = 'x'.repeat(300);
  const events = [
    { type: 'notAKind', unit: 'u1', section: '§9', audience: { to: 'all' } },
    {
      type: 'moved',
      unit: 'u1',
      novel: { deep: [long, long, 'é'.repeat(40)] },
      section: 'sheet 003, Météo',
      audience: { to: 'all' },
    },
    {
      type: 'test',
      subject: 'u1',
      dice: Array.from({ length: 40 }, (_, i) => i * 37),
      total: 2 ** 40,
      threshold: -(2 ** 33),
      success: true,
      modifiers: [{ value: -1, label: { fr: 'a', en: 'b' }, section: '§3.1' }],
      section: '§2.8.3',
      audience: { to: 'owner', side: 's' },
    },
    {
      type: 'combat',
      advantage: 1e-7,
      losses: Number.MAX_SAFE_INTEGER,
      dice: [6, 6],
      section: '§3.1',
      audience: { to: 'all' },
    },
    { plain: 'object', type: 42 },
    {},
  ];
  expect(roundTrip(events)).toEqual(asSent(events));
});

test('bytes it did not write are refused, not guessed', () => {
  const bytes = encodeEvents(
    asSent([
      {
        type: 'moved',
        unit: 'n-orc-warg-riders-36',
        from: 315,
        section: '§2.6.11',
        audience: { to: 'all' },
      },
    ]) as GameEvent[],
  );
  expect(() => decodeEvents(bytes.subarray(0, bytes.length - 1))).toThrow(/malformed/);
  expect(() => decodeEvents(new Uint8Array([...bytes, 0]))).toThrow(/malformed/);
  expect(() => decodeEvents(new Uint8Array([0x7f]))).toThrow(/malformed/);
  // a name the reader's table lacks
  const named = encodeEvents(
    asSent([{ type: 'mustFlee', unit: 'a-archers' }]) as GameEvent[],
    NAMES,
  );
  expect(() => decodeEvents(named, NAMES.slice(0, 2))).toThrow(/malformed events: unknown name/);
});

test('the names: sides first in their order, then the units in the open sorted; a name is two bytes, a string outside the table spelt', () => {
  expect(wireNames(['b', 'a'], ['z-1', 'c-2', 'm'])).toEqual(['b', 'a', 'c-2', 'm', 'z-1']);
  // from a synced state, live (a map of pieces) or as toJSON() gives it: the same table
  const sides = [{ id: 'b' }, { id: 'a' }];
  const pieces = { 'u:z-1': { id: 'z-1' }, 'u:c-2': { id: 'c-2' }, 'u:m': { id: 'm' } };
  expect(wireNamesOf({ sides, pieces: new Map(Object.entries(pieces)) })).toEqual([
    'b',
    'a',
    'c-2',
    'm',
    'z-1',
  ]);
  expect(wireNamesOf({ sides, pieces })).toEqual(['b', 'a', 'c-2', 'm', 'z-1']);
  const event = (unit: string) => asSent([{ type: 'mustFlee', unit }]) as GameEvent[];
  const named = encodeEvents(event('n-orc-warg-riders-36'), NAMES);
  const spelt = encodeEvents(event('n-orc-warg-riders-36'), []);
  expect(spelt.length - named.length).toBe('n-orc-warg-riders-36'.length - 1);
  // a cover's id (never in the table) costs what it did
  expect(encodeEvents(event('k3x9q2'), NAMES)).toEqual(encodeEvents(event('k3x9q2'), []));
});

test('a one-hex move and the end of its activation take a quarter of their JSON', () => {
  const events = [
    {
      type: 'moved',
      unit: 'n-orc-warg-riders-36',
      mode: 'normal',
      from: 284,
      path: [{ hex: 285, facing: 6, spent: 0.5 }],
      cost: 0.5,
      allowance: 4,
      section: '§2.6.11',
      audience: { to: 'all' },
    },
    {
      type: 'activationEnded',
      piece: 'n-orc-warg-riders-36',
      side: 'black-teeth',
      acted: true,
      section: '§2.4.3',
      audience: { to: 'all' },
    },
  ];
  expect(encodeEvents(events as GameEvent[]).length).toBeLessThanOrEqual(
    JSON.stringify(events).length / 4,
  );
  // with the unit and the side named by their place in the table, under 42 bytes (the move's 64 at the other seat, patch included)
  expect(encodeEvents(events as GameEvent[], NAMES).length).toBeLessThanOrEqual(42);
});

/** Every action's events at every seat of a random game, against their JSON. */
function checkGame(scenarioId: string, seed: string, limit: number): Set<string> {
  const scenario = scenarioById(scenarioId)!;
  const game = randomGame(scenario, seed, { limit });
  let state = createGame(scenario, seed);
  const seats: Seat[] = [...state.sides.map((s) => s.id), 'referee', 'spectator'];
  const kinds = new Set<string>();
  for (const { seat, action } of game.script) {
    const r = apply(state, seat, action);
    if (!r.ok) throw new Error(`replay refused ${action.type}`);
    state = r.state;
    // as the room names them: the sides, the units in the open after the action
    const names = wireNames(
      state.sides.map((x) => x.id),
      state.units.filter((u) => !u.hidden).map((u) => u.id),
    );
    for (const s of seats) {
      const told = eventsFor(r.events, s);
      told.forEach((e) => kinds.add(e.type));
      expect(roundTrip(told, names)).toEqual(asSent(told));
    }
  }
  return kinds;
}

// The first actions of a random game: the per-kind cases above cover every kind; this checks real events.
test('a recorded random game (the-wood-edge: deployment, moves, fights): every seat decodes exactly what the rules told it', () => {
  const kinds = checkGame('the-wood-edge', 'wire-events', 60);
  expect(kinds.size).toBeGreaterThan(5);
});
