import type { GameEvent } from '../state/events';

/**
 * The compact binary form of the events a seat receives after an action
 * (issue 9: a one-hex move was ~300 bytes of events as JSON). The server
 * encodes what `eventsFor` gives a seat, the client decodes it back: both
 * use this module, so the two ends cannot drift.
 *
 * Exact for any JSON value (what the old JSON message carried): a value the
 * tables below do not know is written in a general form, never dropped. It
 * is shorter where the tables know the value:
 *   - an event whose fields are among its kind's (SHAPES) is its kind's byte
 *     followed by the values in the kind's order, without keys (an absent
 *     field costs one byte); the small objects inside events likewise;
 *   - the strings the rules use as words (WORDS) are one byte; a string met
 *     before in the same message is a reference to it (a unit named by two
 *     events is spelt once); a rule section ('§2.6.11') packs two characters
 *     a byte;
 *   - whole numbers below 64 are one byte, halves of movement points two;
 *   - a side's id or the id of a unit in the open is its place in a table
 *     both ends hold (`wireNames`), two bytes where a stress battle's unit
 *     id took 21.
 *
 * The table (`wireNames`): the sides' ids, then the ids of the units in the
 * open, sorted. Both are public, every seat holds them (the synced state's
 * sides and pieces), and they say nothing of what lies under a cover: a
 * cover's id and a hidden unit's are spelt as before. The server builds it
 * from the state after the action, the client from the state it holds when
 * the message arrives: the room sends the action's patch before its events,
 * so the two are the same state (a connection still joining or reconnecting,
 * whose messages wait behind a full state of a later moment, is given no
 * table: every name spelt). Nothing is kept between messages, so a
 * reconnection or a replay needs nothing more.
 *
 * Secrecy (docs/secrets.md): the bytes are a function of the events given
 * and of the public table and of nothing else, so two seats given the same
 * events (a decoy's and a hidden unit's, as the rules make them) receive the
 * same bytes.
 */

/**
 * The type of the message carrying a seat's events (Colyseus `sendBytes`):
 * a number, one byte on the wire where the name 'events' took seven.
 */
export const EVENTS_MESSAGE = 1;

/** One byte each: 0x00–0x3F whole numbers 0–63, then strings, arrays, shapes and words by length or index. */
const INT_MAX = 0x3f;
const SHORT_STRING = 0x40; // + byte length 0–31
const SHORT_ARRAY = 0x60; // + count 0–15
const NULL = 0x70;
const FALSE = 0x71;
const TRUE = 0x72;
const ABSENT = 0x73;
const UINT = 0x74;
const NEGATIVE = 0x75;
const HALVES = 0x76;
const FLOAT = 0x77;
const STRING = 0x78;
const ARRAY = 0x79;
const OBJECT = 0x7a;
const SEEN = 0x7b;
const SECTION = 0x7c;
const NAME = 0x7d;
const SHAPE = 0x80; // + index 0–63
const WORD = 0xc0; // + index 0–63

/** An object form: its kind (for events, the value of `type`) and its fields in order. */
interface Shape {
  type?: string;
  keys: string[];
}

const TAIL = ['section', 'audience'];
const ev = (type: string, ...keys: string[]): Shape => ({ type, keys: [...keys, ...TAIL] });

/** Every event kind of state/events.ts, then the small objects events carry. Append only: the index is on the wire. */
const SHAPES: Shape[] = [
  ev('moved', 'unit', 'mode', 'from', 'path', 'cost', 'allowance', 'stoppedBy'),
  ev('activationEnded', 'piece', 'side', 'acted'),
  ev('activated', 'piece', 'side'),
  ev(
    'combat',
    'kind',
    'shot',
    'attacker',
    'defender',
    'supported',
    'advantage',
    'modifiers',
    'dice',
    'column',
    'losses',
  ),
  ev('recoiled', 'unit', 'from', 'to'),
  ev('lossesCancelled', 'unit', 'losses', 'reason'),
  ev('lossesAwaited', 'unit', 'side', 'losses'),
  ev('advanced', 'unit', 'from', 'to'),
  ev('coverMoved', 'cover', 'from', 'to'),
  ev('revealed', 'unit', 'cover', 'hex', 'by'),
  ev('decoyRemoved', 'cover', 'hex'),
  ev('markerPlaced', 'unit', 'marker'),
  ev('stackAligned', 'unit', 'facing', 'cohesionLost'),
  ev('sideTurnEnded', 'side', 'next'),
  ev('turnEnded', 'turn'),
  ev('gameEnded', 'reason', 'winner', 'defeated', 'scores', 'margin', 'turn'),
  ev('test', 'test', 'subject', 'dice', 'modifiers', 'total', 'threshold', 'success', 'natural'),
  ev('breathChanged', 'unit', 'breath', 'reason'),
  ev('breathIgnored', 'unit', 'reason'),
  ev('cohesionChanged', 'unit', 'cohesion', 'reason'),
  ev('chargeLost', 'unit', 'now'),
  ev('stepLost', 'unit', 'steps', 'reason'),
  ev('facultyRoll', 'piece', 'die', 'faculty', 'stepLost'),
  ev('unitDestroyed', 'unit', 'hex', 'reason'),
  ev('withdrew', 'unit', 'from', 'to', 'minimal'),
  ev('fled', 'unit', 'from', 'path', 'cost'),
  ev('leftMap', 'unit', 'hex', 'dir', 'final'),
  ev('returned', 'unit', 'hex', 'facing'),
  ev('pursuit', 'pursuer', 'pursued'),
  ev('markerRemoved', 'unit', 'marker'),
  ev('faced', 'unit', 'facing'),
  ev('wingFatigueChanged', 'wing', 'fatigue'),
  ev('stepRegained', 'unit', 'steps', 'reason'),
  ev('mustFlee', 'unit'),
  ev('ammunitionChanged', 'unit', 'ammunition', 'reason'),
  ev('decoyActed', 'piece', 'action'),
  ev('deployed', 'side'),
  ev('deploymentEnded'),
  ev('commandPoints', 'unit', 'die', 'rank', 'lowered', 'points'),
  ev('orderGiven', 'target', 'cost', 'left'),
  ev('directiveChanged', 'wing', 'directive', 'reason'),
  ev('commandTaken', 'unit', 'wing'),
  ev('resigned', 'unit', 'wing'),
  ev('leaderLost', 'unit', 'wing', 'armyCommander'),
  ev('wingMorale', 'wing', 'morale', 'shakenMarkers'),
  ev('gameElementsRolled', 'side', 'die', 'played'),
  ev('gameElementPlayed', 'element', 'subject', 'dice', 'changed'),
  ev('weatherChanged', 'from', 'to'),
  // inside events
  { keys: ['to', 'side'] }, // audience
  { keys: ['hex', 'facing', 'spent'] }, // a step of a move or a flight
  { keys: ['value', 'label', 'section'] }, // a test's or a combat's modifier
  { keys: ['fr', 'en'] }, // a text
  { keys: ['index', 'of', 'combined', 'harassment', 'crossed'] }, // a shot
  { keys: ['side', 'condition'] }, // a side defeated
  // formations (§3.3), appended
  ev('troopsMerged', 'action', 'unit', 'absorbed', 'hexes', 'facing', 'steps', 'breath', 'ammunition'),
  ev('troopsReleased', 'action', 'cause', 'unit', 'troops', 'steps'),
  ev('formationModeChanged', 'unit', 'mode'),
  { keys: ['id', 'hex', 'steps'] }, // a troop a formation releases
];

/** Strings one byte long on the wire. Append only: the index is on the wire. */
const WORDS: string[] = [
  'all',
  'owner',
  'others',
  'normal',
  'extra',
  'minimal',
  'reveal',
  'engaged',
  'contact',
  'charge',
  'none',
  'fresh',
  'winded',
  'exhausted',
  'inOrder',
  'shaken',
  'routed',
  'shock',
  'duel',
  'fire',
  'fireDuel',
  'breath',
  'attack',
  'defend',
  'hold',
  'order',
  'demoralised',
  'double',
  'reload',
  'rest',
  'reorganise',
  'rally',
  'invulnerable',
  'success',
  'failure',
  'lightFragile',
  'evanescent',
  'wingMorale',
  'wingRest',
  'weather',
  'turnLimit',
  'type',
  'section',
  'audience',
  'side',
  'unit',
  'hex',
  'facing',
];

// Each table is indexed by one byte's low six bits.
if (SHAPES.length > 64 || WORDS.length > 64)
  throw new Error('wire/events: a table holds at most 64 entries');

/** Each event kind the shapes know, with its fields in order (tests check them against state/events.ts). */
export const WIRE_EVENT_FIELDS: ReadonlyMap<string, readonly string[]> = new Map(
  SHAPES.flatMap((s) => (s.type ? [[s.type, s.keys] as const] : [])),
);

const SHAPE_OF_TYPE = new Map(SHAPES.flatMap((s, i) => (s.type ? [[s.type, i] as const] : [])));
const NESTED = SHAPES.map((s, i) => ({ ...s, index: i })).filter((s) => !s.type);
const WORD_INDEX = new Map(WORDS.map((w, i) => [w, i]));
const SECTION_TEXT = /^§[0-9.]{1,30}$/;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * The table of names both ends hold (see the module comment): the sides' ids
 * in the state's order, then the ids of the units in the open, sorted.
 */
export function wireNames(sides: readonly string[], openUnits: readonly string[]): string[] {
  return [...sides, ...[...openUnits].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))];
}

/** A synced state as either end holds it: live (a MapSchema has values()) or as `toJSON()` gives it. */
export interface NamedState {
  sides?: Iterable<{ id: string }>;
  pieces?: { values(): Iterable<{ id: string }> } | Record<string, { id: string }>;
}

/**
 * The table from the synced state itself (its `sides`, and its `pieces`:
 * the units in the open), which the server and every connection hold alike.
 */
export function wireNamesOf(state: NamedState): string[] {
  const pieces = state.pieces;
  const open = !pieces ? [] : isLive(pieces) ? [...pieces.values()] : Object.values(pieces);
  return wireNames(
    [...(state.sides ?? [])].map((s) => s.id),
    open.map((p) => p.id),
  );
}

const isLive = (m: NonNullable<NamedState['pieces']>): m is { values(): Iterable<{ id: string }> } =>
  typeof m.values === 'function';

/** The events as bytes (see the module comment); `names` as `wireNames` gives them. */
export function encodeEvents(events: readonly GameEvent[], names: readonly string[] = []): Uint8Array {
  const out = new Writer(names);
  out.value(events as unknown as Json);
  return out.bytes();
}

/** The events `encodeEvents` wrote with the same `names`. Throws on bytes it did not write. */
export function decodeEvents(bytes: Uint8Array, names: readonly string[] = []): GameEvent[] {
  const input = new Reader(bytes, names);
  const events = input.value();
  if (!input.done() || !Array.isArray(events)) throw new Error('malformed events');
  return events as unknown as GameEvent[];
}

class Writer {
  private buf = new Uint8Array(256);
  private at = 0;
  private readonly strings = new Map<string, number>();
  private readonly utf8 = new TextEncoder();
  private readonly names: ReadonlyMap<string, number>;

  constructor(names: readonly string[]) {
    // the first place of a name (a side's id met again among the units would be a malformed table)
    const places = new Map<string, number>();
    names.forEach((n, i) => places.has(n) || places.set(n, i));
    this.names = places;
  }

  bytes(): Uint8Array {
    return this.buf.slice(0, this.at);
  }

  value(v: Json | undefined): void {
    if (v === undefined) return this.byte(ABSENT);
    if (v === null) return this.byte(NULL);
    if (v === true || v === false) return this.byte(v ? TRUE : FALSE);
    if (typeof v === 'number') return this.number(v);
    if (typeof v === 'string') return this.string(v);
    if (Array.isArray(v)) return this.array(v);
    return this.object(v);
  }

  private number(n: number): void {
    if (Number.isSafeInteger(n) && !Object.is(n, -0)) {
      if (n >= 0 && n <= INT_MAX) return this.byte(n);
      this.byte(n >= 0 ? UINT : NEGATIVE);
      return this.varint(Math.abs(n));
    }
    if (n > 0 && Number.isSafeInteger(n * 2)) {
      this.byte(HALVES);
      return this.varint(n * 2);
    }
    this.byte(FLOAT);
    this.reserve(8);
    new DataView(this.buf.buffer).setFloat64(this.at, n, true);
    this.at += 8;
  }

  private string(s: string): void {
    const word = WORD_INDEX.get(s);
    if (word !== undefined) return this.indexed(WORD, word);
    const name = this.names.get(s);
    if (name !== undefined) {
      this.byte(NAME);
      return this.varint(name);
    }
    const seen = this.strings.get(s);
    if (seen !== undefined) {
      this.byte(SEEN);
      return this.varint(seen);
    }
    this.strings.set(s, this.strings.size);
    if (SECTION_TEXT.test(s)) return this.section(s.slice(1));
    const bytes = this.utf8.encode(s);
    if (bytes.length <= 31) this.byte(SHORT_STRING + bytes.length);
    else {
      this.byte(STRING);
      this.varint(bytes.length);
    }
    this.raw(bytes);
  }

  /** '§' then digits and dots, two a byte: digit d is d, '.' is 10; an odd count ends on 15. */
  private section(chars: string): void {
    this.byte(SECTION);
    this.varint(chars.length);
    for (let i = 0; i < chars.length; i += 2)
      this.byte((nibble(chars[i]) << 4) | (i + 1 < chars.length ? nibble(chars[i + 1]) : 15));
  }

  private array(xs: Json[]): void {
    if (xs.length <= 15) this.byte(SHORT_ARRAY + xs.length);
    else {
      this.byte(ARRAY);
      this.varint(xs.length);
    }
    // as in JSON, a hole in an array is null
    for (const x of xs) this.value(x === undefined ? null : x);
  }

  private object(o: { [key: string]: Json }): void {
    // JSON leaves out undefined fields: so does the old message, and so does this one
    const keys = Object.keys(o).filter((k) => o[k] !== undefined);
    const shape = shapeFor(o, keys);
    if (shape !== undefined) {
      this.indexed(SHAPE, shape);
      for (const k of SHAPES[shape].keys) this.value(o[k]);
      return;
    }
    this.byte(OBJECT);
    this.varint(keys.length);
    for (const k of keys) {
      this.string(k);
      this.value(o[k]);
    }
  }

  private indexed(base: number, index: number): void {
    this.byte(base + index);
  }

  private varint(n: number): void {
    while (n >= 0x80) {
      this.byte((n % 0x80) | 0x80);
      n = Math.floor(n / 0x80);
    }
    this.byte(n);
  }

  private byte(b: number): void {
    this.reserve(1);
    this.buf[this.at++] = b;
  }

  private raw(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.buf.set(bytes, this.at);
    this.at += bytes.length;
  }

  private reserve(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const grown = new Uint8Array(Math.max(this.buf.length * 2, this.at + n));
    grown.set(this.buf.subarray(0, this.at));
    this.buf = grown;
  }
}

/** The shape an object is written in: its event kind's, or the smallest nested shape holding all its keys. */
function shapeFor(o: { [key: string]: Json }, keys: string[]): number | undefined {
  if (typeof o.type === 'string') {
    const index = SHAPE_OF_TYPE.get(o.type);
    if (index === undefined) return undefined;
    const fields = SHAPES[index].keys;
    return keys.every((k) => k === 'type' || fields.includes(k)) ? index : undefined;
  }
  let best: { index: number; keys: string[] } | undefined;
  for (const s of NESTED) {
    if (keys.every((k) => s.keys.includes(k)) && (!best || s.keys.length < best.keys.length))
      best = s;
  }
  return best?.index;
}

const nibble = (c: string) => (c === '.' ? 10 : c.charCodeAt(0) - 48);

class Reader {
  private at = 0;
  private readonly strings: string[] = [];
  private readonly utf8 = new TextDecoder('utf-8', { fatal: true });

  constructor(
    private readonly buf: Uint8Array,
    private readonly names: readonly string[],
  ) {}

  done(): boolean {
    return this.at === this.buf.length;
  }

  value(): Json | undefined {
    const tag = this.byte();
    if (tag <= INT_MAX) return tag;
    if (tag < SHORT_ARRAY) return this.literal(tag - SHORT_STRING);
    if (tag < NULL) return this.items(tag - SHORT_ARRAY);
    if (tag >= WORD) return word(tag - WORD);
    if (tag >= SHAPE) return this.shaped(tag - SHAPE);
    switch (tag) {
      case NULL:
        return null;
      case FALSE:
        return false;
      case TRUE:
        return true;
      case ABSENT:
        return undefined;
      case UINT:
        return this.varint();
      case NEGATIVE:
        return -this.varint();
      case HALVES:
        return this.varint() / 2;
      case FLOAT:
        return this.float();
      case STRING:
        return this.literal(this.varint());
      case ARRAY:
        return this.items(this.varint());
      case OBJECT:
        return this.keyed(this.varint());
      case SEEN:
        return this.seen(this.varint());
      case SECTION:
        return this.section(this.varint());
      case NAME:
        return this.name(this.varint());
      default:
        throw new Error(`malformed events: tag ${tag}`);
    }
  }

  private literal(length: number): string {
    if (this.at + length > this.buf.length)
      throw new Error('malformed events: string past the end');
    const s = this.utf8.decode(this.buf.subarray(this.at, this.at + length));
    this.at += length;
    this.strings.push(s);
    return s;
  }

  private section(count: number): string {
    let s = '§';
    for (let i = 0; i < count; i += 2) {
      const b = this.byte();
      s += char(b >> 4);
      if (i + 1 < count) s += char(b & 15);
    }
    this.strings.push(s);
    return s;
  }

  private name(index: number): string {
    const s = this.names[index];
    if (s === undefined) throw new Error('malformed events: unknown name');
    return s;
  }

  private seen(index: number): string {
    const s = this.strings[index];
    if (s === undefined) throw new Error('malformed events: unknown string reference');
    return s;
  }

  private items(count: number): Json[] {
    const out: Json[] = [];
    for (let i = 0; i < count; i++) out.push(this.present());
    return out;
  }

  private shaped(index: number): Json {
    const shape = SHAPES[index];
    if (!shape) throw new Error(`malformed events: shape ${index}`);
    const o: { [key: string]: Json } = shape.type ? { type: shape.type } : {};
    for (const k of shape.keys) {
      const v = this.value();
      if (v !== undefined) o[k] = v;
    }
    return o;
  }

  private keyed(count: number): Json {
    const o: { [key: string]: Json } = {};
    for (let i = 0; i < count; i++) {
      const k = this.present();
      if (typeof k !== 'string') throw new Error('malformed events: a key that is not a string');
      o[k] = this.present();
    }
    return o;
  }

  /** A value that may not be absent (an array's element, an object's key or value). */
  private present(): Json {
    const v = this.value();
    if (v === undefined) throw new Error('malformed events: absent value');
    return v;
  }

  private float(): number {
    if (this.at + 8 > this.buf.length) throw new Error('malformed events: number past the end');
    const n = new DataView(this.buf.buffer, this.buf.byteOffset).getFloat64(this.at, true);
    this.at += 8;
    return n;
  }

  private varint(): number {
    let n = 0;
    let scale = 1;
    for (;;) {
      const b = this.byte();
      n += (b & 0x7f) * scale;
      if (b < 0x80) return n;
      scale *= 0x80;
      if (scale > 2 ** 56) throw new Error('malformed events: number too long');
    }
  }

  private byte(): number {
    if (this.at >= this.buf.length) throw new Error('malformed events: past the end');
    return this.buf[this.at++];
  }
}

function word(index: number): string {
  const w = WORDS[index];
  if (w === undefined) throw new Error(`malformed events: word ${index}`);
  return w;
}

function char(n: number): string {
  if (n === 10) return '.';
  if (n > 9) throw new Error('malformed events: section');
  return String(n);
}
