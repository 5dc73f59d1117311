import type { Room, SchemaSerializer } from '@colyseus/core';
import { Encoder } from './colyseus-schema.mjs';
import type { BattleState } from './schema';

/**
 * Every battle room encodes into the same two buffers, which grow to the
 * largest battle's state (issue 9).
 *
 * @colyseus/core's serializer encodes a room's full state into a buffer of
 * its own (`fullEncodeBuffer`, `Encoder.BUFFER_SIZE` bytes) and each seat's
 * view after it; its encoder writes patches into another (`sharedBuffer`).
 * When the state is larger, the encoder grows a copy of the buffer, but core
 * went on reading the old one: past the buffer's end every seat received
 * zeros. The first cure sized every buffer for the largest battle (256 KiB,
 * twice per room); the second let each room's buffers grow to its own
 * state, still about 25 KiB a room. Now the rooms share them: JavaScript
 * runs one encode to its end before another starts, and what leaves a
 * buffer is a copy (core copies each seat's view out of it, and the reads
 * that would not copy are made to, below), so the rooms hold no buffer of
 * their own between two patches:
 *   - a full state is encoded afresh for each connection that needs one
 *     (joining, reconnecting): core's cache of it lay in the shared buffer,
 *     which other rooms have written since;
 *   - the shared part of a patch, which core sends as it is to a connection
 *     without a view, is copied out;
 *   - the handshake (the state's types, the same for every battle room) is
 *     encoded once.
 * The room kept free while a seat's view is written is what the largest
 * object of this battle needs (ensureCapacity below).
 *
 * The serializer core made when the room set its state is changed in place:
 * a second serializer would give the state a second encoder, whose
 * reference ids no longer match the first's (the seats then decode garbage).
 */
export function sharedBuffers(room: Room<{ state: BattleState }>): void {
  const serializer = serializerOf(room);
  const encoder = serializer.encoder;
  shareBuffer(serializer, 'fullEncodeBuffer', FULL);
  shareBuffer(encoder, 'sharedBuffer', PATCH);
  const getFullState = serializer.getFullState.bind(serializer);
  serializer.getFullState = (client, timing) => {
    serializer.needFullEncode = true;
    const out = getFullState(client, timing);
    return out.buffer === FULL.bytes.buffer ? out.slice() : out;
  };
  // the shared pass (no view) is what core may send as it is; a view's pass is copied out by core (encodeView)
  const encode = encoder.encode.bind(encoder);
  encoder.encode = (it, view, buffer) => (view ? encode(it, view, buffer) : encode(it, view, buffer).slice());
  const handshake = serializer.handshake.bind(serializer);
  serializer.handshake = () => (sharedHandshake ??= handshake());
  // core reads `fullEncodeBuffer` again after encodeAll, for each seat's view: it must be the grown one
  const encodeAll = encoder.encodeAll.bind(encoder);
  encoder.encodeAll = (it, buffer) => {
    const out = encodeAll(it, buffer);
    if (buffer && out.buffer !== buffer.buffer) serializer.fullEncodeBuffer = new Uint8Array(out.buffer);
    return out;
  };
  const grow = (buffer: Uint8Array, size: number, keep: number) => {
    const grown = new Uint8Array(Math.ceil(size / Encoder.BUFFER_SIZE) * Encoder.BUFFER_SIZE);
    grown.set(buffer.subarray(0, keep));
    if (buffer === encoder.sharedBuffer) encoder.sharedBuffer = grown;
    return grown;
  };
  encoder._resizeBuffer = (buffer, usedOffset) => grow(buffer, usedOffset, buffer.byteLength);
  // A seat's view is written one object at a time, each without a bounds check: keep room for the largest.
  encoder.ensureCapacity = (buffer, offset) => {
    const needed = offset + Encoder.BUFFER_SIZE + largestSecretBytes(room.state);
    return needed <= buffer.byteLength ? buffer : grow(buffer, needed, offset);
  };
}

/** A buffer every battle room writes into, grown when one needs more (made at first use, once Encoder.BUFFER_SIZE is set). */
class SharedBuffer {
  private current: Uint8Array | null = null;
  get bytes(): Uint8Array {
    return (this.current ??= new Uint8Array(Encoder.BUFFER_SIZE));
  }
  set bytes(grown: Uint8Array) {
    this.current = grown;
  }
}
const FULL = new SharedBuffer();
const PATCH = new SharedBuffer();
let sharedHandshake: Uint8Array | undefined;

/** `owner[key]` reads and replaces the shared buffer; the buffer the library made for the room is dropped. */
function shareBuffer<K extends string>(owner: Record<K, Uint8Array>, key: K, shared: SharedBuffer): void {
  const first = owner[key][0]; // core marks byte 0 of the full state's buffer once (Protocol.ROOM_STATE)
  Object.defineProperty(owner, key, {
    get: () => shared.bytes,
    set: (grown: Uint8Array) => (shared.bytes = grown),
    configurable: true,
  });
  if (first !== 0) shared.bytes[0] = first;
}

/**
 * The most bytes one object of a seat's view may take beyond the usual: a
 * side's deployment secret, its waiting units as JSON (about 10 KiB for the
 * stress battle). Counted as three bytes a character (the
 * most UTF-8 takes for one UTF-16 unit), since it runs for every object.
 */
function largestSecretBytes(state: BattleState): number {
  let most = 0;
  state.deploymentSecrets.forEach(
    (secret) => (most = Math.max(most, 3 * (secret.units.length + secret.placement.length))),
  );
  return most;
}

/** The members of core's SchemaSerializer and of its Encoder read or replaced here (@colyseus/core 0.18, @colyseus/schema 5). */
interface OpenSerializer {
  fullEncodeBuffer: Uint8Array;
  needFullEncode: boolean;
  getFullState(client?: unknown, timing?: unknown): Uint8Array;
  handshake(): Uint8Array;
  encoder: {
    encode(it?: { offset: number }, view?: unknown, buffer?: Uint8Array): Uint8Array;
    sharedBuffer: Uint8Array;
    encodeAll(it?: { offset: number }, buffer?: Uint8Array): Uint8Array;
    ensureCapacity(buffer: Uint8Array, offset: number): Uint8Array;
    _resizeBuffer(buffer: Uint8Array, usedOffset: number): Uint8Array;
  };
}

function serializerOf(room: Room<{ state: BattleState }>): OpenSerializer {
  return (room as unknown as { _serializer: SchemaSerializer<BattleState> })
    ._serializer as unknown as OpenSerializer;
}

/** The size of the buffer `serializer` encodes a full state into, and whether it encodes with `encoder` (the start-up check). */
export function serializerFacts(
  serializer: SchemaSerializer<BattleState>,
  encoder: typeof Encoder,
): { fullStateBuffer: number; sameLibrary: boolean } {
  const open = serializer as unknown as OpenSerializer;
  return {
    fullStateBuffer: open.fullEncodeBuffer.byteLength,
    sameLibrary: open.encoder instanceof encoder,
  };
}
