import { createHash } from 'node:crypto';
import { sameData } from '../same-data';

/**
 * The rules' `stateHash` (SHA-256 of the state's canonical JSON, rules
 * state/hash.ts), computed with node:crypto: the server hashes the whole
 * state after every action, a hot path where the rules' pure-JS SHA-256
 * (kept for the browser) costs several times more. Same text, same digest
 * (packages/rules/test/state-hash.test.ts checks the two SHA-256 agree,
 * test/persistence/state-hash.test.ts that the texts do), so exports verify
 * under the rules' own function.
 *
 * The text is written here rather than by the rules' `canonicalJson`, whose
 * replacer makes a sorted copy of every object of the state (issue 9: 8 % of
 * the server's time in the rooms bench); and the text of what never changes
 * once built is written once per object and kept: the board (rules
 * state/types.ts) and each unit's profiles and faculties, which every copy of
 * the state shares with the original (rules state/clone.ts).
 */
export function serverStateHash(state: unknown): string {
  return createHash('sha256').update(canonicalStateText(state)).digest('hex');
}

const keptTexts = new WeakMap<object, string>();

/** The text of an object that never changes, written once. */
function kept(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return canonical(value);
  let text = keptTexts.get(value);
  if (text === undefined) keptTexts.set(value, (text = flat(canonical(value)!)));
  return text;
}

/**
 * The same text in one piece: a text built by concatenation is a tree of
 * its pieces, a few dozen bytes each (a board's: 13 KiB for 2 KiB of text),
 * kept as long as the text is.
 */
function flat(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/**
 * The hashes of the successive states of one battle (a room's): the text of
 * each unit, and of each other member of the state that is an object (the
 * wings, the victory's count, the dice…), is kept with the value it was
 * written from, and written again only when that value's data changed
 * (sameData). Issue 9: the room hashes its state after every action, the
 * rules copy the whole state on every action, and an action changes one or
 * two units and a few of the rest. Same text as serverStateHash for any
 * sequence of states (test/persistence/state-hash.test.ts).
 */
export class StateHasher {
  private readonly units = new Memo();
  private readonly members = new Map<string, Memo>();

  hash(state: unknown): string {
    const text = canonicalStateText(state, {
      unit: (u, i) => this.units.text(i, u, writeUnit),
      member: (key, value) => (value !== null && typeof value === 'object' ? this.memberMemo(key).text(0, value, canonical) : canonical(value)),
    });
    // units gone (merged troops) are not kept
    if (isRecord(state) && Array.isArray(state.units)) this.units.keep(state.units.length);
    return createHash('sha256').update(text).digest('hex');
  }

  private memberMemo(key: string): Memo {
    let memo = this.members.get(key);
    if (!memo) this.members.set(key, (memo = new Memo()));
    return memo;
  }
}

/** Texts kept by place, each with the value it was written from. */
class Memo {
  private values: unknown[] = [];
  private texts: (string | undefined)[] = [];

  text<T extends string | undefined>(i: number, value: unknown, write: (value: unknown) => T): T {
    if (i < this.values.length && sameData(this.values[i], value)) {
      this.values[i] = value; // the older copy is then free
      return this.texts[i] as T;
    }
    const text = write(value);
    this.values[i] = value;
    this.texts[i] = text === undefined ? text : flat(text);
    return text;
  }

  keep(length: number): void {
    this.values.length = this.texts.length = length;
  }
}

/** How the state's units and other members are written: afresh, or kept by a StateHasher. */
interface Writers {
  unit(unit: unknown, index: number): string;
  member(key: string, value: unknown): string | undefined;
}

const FRESH: Writers = { unit: (u) => writeUnit(u), member: (_key, value) => canonical(value) };

/** The rules' `canonicalJson(state)`, with the board, profiles and faculties kept (see above). */
export function canonicalStateText(state: unknown, writers: Writers = FRESH): string {
  return isRecord(state) ? objectText(state, (key, value) => stateMember(key, value, writers)) : (canonical(state) ?? 'undefined');
}

function stateMember(key: string, value: unknown, writers: Writers): string | undefined {
  if (key === 'board') return kept(value);
  if (key === 'units' && Array.isArray(value)) return `[${value.map((u, i) => writers.unit(u, i)).join(',')}]`;
  return writers.member(key, value);
}

function writeUnit(u: unknown): string {
  return isRecord(u) ? objectText(u, unitMember) : (canonical(u) ?? 'null');
}

function unitMember(key: string, value: unknown): string | undefined {
  return key === 'profiles' || key === 'faculties' ? kept(value) : canonical(value);
}

const anyMember = (_key: string, value: unknown) => canonical(value);

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * What `JSON.stringify(value, sortingReplacer)` gives (undefined where it
 * gives undefined): objects with their keys sorted, members whose value JSON
 * drops (undefined, functions, symbols) left out, and the same in arrays
 * written `null`.
 */
function canonical(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return canonical((value as { toJSON(): unknown }).toJSON());
      if (Array.isArray(value)) return arrayText(value);
      return objectText(value as Record<string, unknown>, anyMember);
    case 'bigint':
      return JSON.stringify(value); // throws, as JSON does
    default:
      return undefined;
  }
}

function arrayText(values: unknown[]): string {
  let out = '[';
  for (let i = 0; i < values.length; i++) out += (i === 0 ? '' : ',') + (canonical(values[i]) ?? 'null');
  return `${out}]`;
}

/**
 * An object's members in the order of the rules' sorted copy: its keys sorted
 * as strings, but put back into an object, whose array-index keys ("12",
 * "105") come first in numeric order. Object.keys gives those first already.
 */
function objectText(value: Record<string, unknown>, text: (key: string, value: unknown) => string | undefined): string {
  const keys = Object.keys(value);
  let indexes = 0;
  while (indexes < keys.length && isArrayIndex(keys[indexes])) indexes++;
  const ordered = indexes === keys.length ? keys : [...keys.slice(0, indexes), ...keys.slice(indexes).sort()];
  let out = '';
  for (const key of ordered) {
    const member = text(key, value[key]);
    if (member === undefined) continue;
    out += (out === '' ? '{' : ',') + quotedKey(key) + member;
  }
  return out === '' ? '{}' : `${out}}`;
}

/** `"key":`, kept: a state's objects use few keys, again and again. */
const quotedKeys = new Map<string, string>();
function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = `${JSON.stringify(key)}:`;
    if (quotedKeys.size < 10_000) quotedKeys.set(key, quoted);
  }
  return quoted;
}

function isArrayIndex(key: string): boolean {
  const n = Number(key) >>> 0;
  return n !== 0xffffffff && String(n) === key;
}
