import type { Room, SchemaSerializer } from '@colyseus/core';
import { Encoder } from './colyseus-schema.mjs';
import type { BattleState } from './schema';

/**
 * A battle room's encoding buffers start small and grow to the battle's
 * size (issue 9).
 *
 * @colyseus/core's serializer encodes a room's full state into a buffer of
 * its own (`fullEncodeBuffer`, `Encoder.BUFFER_SIZE` bytes) and each seat's
 * view after it. When the state is larger, the encoder grows a copy of the
 * buffer, but core went on reading the old one: past the buffer's end every
 * seat received zeros. The first cure sized every buffer for the largest
 * battle (256 KiB, twice per room, plus the encoder's growth above it for
 * each seat's view): about 700 KiB of resident memory per room, whatever its
 * size. Here the room's serializer keeps the grown buffer instead, so a room
 * holds buffers as large as its own state, growing is quiet (the library
 * warns each time it grows, which is expected here), and the room kept free
 * while a seat's view is written is what this battle's largest object needs
 * rather than what the largest battle's would.
 *
 * The serializer core made when the room set its state is changed in place:
 * a second serializer would give the state a second encoder, whose
 * reference ids no longer match the first's (the seats then decode garbage).
 */
export function growingBuffers(room: Room<{ state: BattleState }>): void {
  const serializer = serializerOf(room);
  const encoder = serializer.encoder;
  const encodeAll = encoder.encodeAll.bind(encoder);
  // core reads `fullEncodeBuffer` again after encodeAll, for each seat's view: it must be the grown one
  encoder.encodeAll = (it, buffer) => {
    const out = encodeAll(it, buffer);
    if (buffer && out.buffer !== buffer.buffer)
      serializer.fullEncodeBuffer = new Uint8Array(out.buffer);
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
  encoder: {
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
