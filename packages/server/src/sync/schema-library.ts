import { SchemaSerializer } from '@colyseus/core';
import { Encoder } from './colyseus-schema.mjs';
import { BattleState } from './schema';

/**
 * The size of the buffer each room encodes its full state into (issue 9).
 *
 * @colyseus/core's SchemaSerializer allocates its full-state buffer once,
 * `Encoder.BUFFER_SIZE` bytes (16 KiB by default), and sends every seat
 * (each has a StateView) the shared part of the state read from that buffer.
 * When the state is larger the schema encoder grows a copy of the buffer,
 * but core keeps reading the old one: past the first 16 KiB every seat
 * received zeros, and decoded a battle without most of its pieces. So the
 * buffer must hold the largest full state a seat may receive: the state
 * every connection shares plus the referee's secrets. The stress battle
 * (@lames/rules/testing: 150 units, 56 covers, 30×24 hexes) needs about
 * 64 KiB; 256 KiB leaves room for the largest board the scenario schema
 * allows (64×64 hexes) with as many units. The memory is reserved per room
 * but only the pages written are used.
 */
export const STATE_BUFFER_SIZE = 256 * 1024;

/**
 * Sizes the rooms' state buffers, and checks that @colyseus/core encodes
 * the rooms with the very copy of @colyseus/schema the server's state
 * classes come from (sync/colyseus-schema.mts tells how two copies came to
 * be loaded). Refuses to start otherwise: with two copies the setting above
 * would not reach the rooms, and large battles would again reach the seats
 * cut short, with nothing but a warning in the console.
 */
export function useOneSchemaLibrary(): void {
  Encoder.BUFFER_SIZE = Math.max(Encoder.BUFFER_SIZE, STATE_BUFFER_SIZE);
  const probe = new SerializerProbe();
  probe.reset(new BattleState());
  if (!probe.encodesWith(Encoder)) {
    throw new Error('@colyseus/core uses another copy of @colyseus/schema than the server (see packages/server/src/sync/colyseus-schema.mts)');
  }
}

/** A serializer as core makes one per room, asked which encoder it uses and how large its buffer is. */
class SerializerProbe extends SchemaSerializer<BattleState> {
  encodesWith(encoder: typeof Encoder): boolean {
    return this.encoder instanceof encoder && this.fullEncodeBuffer.byteLength >= STATE_BUFFER_SIZE;
  }
}
