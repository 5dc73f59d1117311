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
 *
 * A unit is kept in pieces (unitPieces): its own text, flat, and between
 * them its profiles' and faculties' texts, which are the scenario's (kept
 * once per object for every room), not copied into each room's unit text
 * (issue 9, memory per room: a third of the kept text on the-ford).
 */
export class StateHasher {
  private readonly units = new Memo(keptUnit);
  /** The state's other members by key: a member may be an object in one state and null in the next (activation). */
  private readonly members = new Map<string, { value: unknown; text: string | undefined }>();

  hash(state: unknown): string {
    const text = canonicalStateText(state, {
      unit: (u, i) => this.units.kept(i, u),
      member: (key, value) => (value !== null && typeof value === 'object' ? this.member(key, value) : canonical(value)),
    });
    // units gone (merged troops) are not kept
    if (isRecord(state) && Array.isArray(state.units)) this.units.keep(state.units.length);
    return createHash('sha256').update(text).digest('hex');
  }

  /** The characters this hasher keeps of its own (the shared texts of profiles, faculties and boards not counted), for the tests. */
  ownLength(): number {
    return this.units.length((pieces) => pieces.reduce((n, p, i) => (i % 2 === 0 ? n + p.length : n), 0)) + [...this.members.values()].reduce((n, kept) => n + (kept.text?.length ?? 0), 0);
  }

  /** A member's text, kept with its value: one small record per key, not a Memo's two arrays. */
  private member(key: string, value: unknown): string | undefined {
    const kept = this.members.get(key);
    if (kept && sameData(kept.value, value)) {
      kept.value = value; // the older copy is then free
      return kept.text;
    }
    const text = keptMember(value);
    this.members.set(key, { value, text });
    return text;
  }
}

/** Kept forms by place, each with the value it was written from. */
class Memo<K> {
  private values: unknown[] = [];
  private forms: K[] = [];

  constructor(private readonly write: (value: unknown) => K) {}

  kept(i: number, value: unknown): K {
    if (i < this.values.length && sameData(this.values[i], value)) {
      this.values[i] = value; // the older copy is then free
      return this.forms[i];
    }
    this.values[i] = value;
    return (this.forms[i] = this.write(value));
  }

  keep(length: number): void {
    this.values.length = this.forms.length = length;
  }

  length(of: (form: K) => number): number {
    return this.forms.reduce((n, form) => n + of(form), 0);
  }
}

function keptMember(value: unknown): string | undefined {
  const text = canonical(value);
  return text === undefined ? text : flat(text);
}

/** How the state's units and other members are written: afresh, or kept by a StateHasher. */
interface Writers {
  /** A unit's text in pieces (unitPieces). */
  unit(unit: unknown, index: number): string[];
  member(key: string, value: unknown): string | undefined;
}

const FRESH: Writers = { unit: (u) => unitPieces(u), member: (_key, value) => canonical(value) };

/** The rules' `canonicalJson(state)`, with the board, profiles and faculties kept (see above). */
export function canonicalStateText(state: unknown, writers: Writers = FRESH): string {
  return isRecord(state) ? objectText(state, (key, value) => stateMember(key, value, writers)) : (canonical(state) ?? 'undefined');
}

function stateMember(key: string, value: unknown, writers: Writers): string | undefined {
  if (key === 'board') return kept(value);
  if (key === 'units' && Array.isArray(value)) return unitsText(value, writers);
  return writers.member(key, value);
}

/** The units' text, every piece of every unit joined at once (one copy, no rope). */
function unitsText(units: unknown[], writers: Writers): string {
  const parts: string[] = ['['];
  for (let i = 0; i < units.length; i++) {
    if (i > 0) parts.push(',');
    for (const piece of writers.unit(units[i], i)) parts.push(piece);
  }
  parts.push(']');
  return parts.join('');
}

/**
 * A unit's text in pieces: its own members' texts at the even places, and
 * at the odd places the kept texts of its profiles and faculties (the same
 * string for every copy of the unit and every room of its scenario).
 */
function unitPieces(u: unknown): string[] {
  if (!isRecord(u)) return [canonical(u) ?? 'null'];
  const pieces: string[] = [];
  let out = '';
  for (const key of orderedKeys(u)) {
    const shared = key === 'profiles' || key === 'faculties';
    const member = shared ? kept(u[key]) : canonical(u[key]);
    if (member === undefined) continue;
    out += (out === '' && pieces.length === 0 ? '{' : ',') + quotedKey(key);
    if (shared) {
      pieces.push(out, member);
      out = '';
    } else out += member;
  }
  pieces.push(pieces.length === 0 && out === '' ? '{}' : `${out}}`);
  return pieces;
}

/** A unit's pieces as a hasher keeps them: its own texts flat (the even places), the shared ones as they are. */
function keptUnit(u: unknown): string[] {
  const pieces = unitPieces(u);
  for (let i = 0; i < pieces.length; i += 2) pieces[i] = flat(pieces[i]);
  return pieces;
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

/** An object's text, its members in the order of the rules' sorted copy (orderedKeys). */
function objectText(value: Record<string, unknown>, text: (key: string, value: unknown) => string | undefined): string {
  let out = '';
  for (const key of orderedKeys(value)) {
    const member = text(key, value[key]);
    if (member === undefined) continue;
    out += (out === '' ? '{' : ',') + quotedKey(key) + member;
  }
  return out === '' ? '{}' : `${out}}`;
}

/**
 * An object's keys in the order of the rules' sorted copy: sorted as
 * strings, but put back into an object, whose array-index keys ("12",
 * "105") come first in numeric order. Object.keys gives those first already.
 */
function orderedKeys(value: Record<string, unknown>): string[] {
  const keys = Object.keys(value);
  let indexes = 0;
  while (indexes < keys.length && isArrayIndex(keys[indexes])) indexes++;
  return indexes === keys.length ? keys : [...keys.slice(0, indexes), ...keys.slice(indexes).sort()];
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
