import { SchemaSerializer } from '@colyseus/core';
import { Encoder } from './colyseus-schema.mjs';
import { BattleState } from './schema';
import { serializerFacts } from './serializer';

/**
 * The size the encoding buffers start at (issue 9). The battle rooms share
 * their buffers, which grow to the largest battle's state
 * (sync/serializer.ts): the stress battle (@lames/rules/testing: 150 units,
 * 56 covers, 30×24 hexes, about 50 KiB of state) grows them once.
 */
export const FIRST_BUFFER_SIZE = 8 * 1024;

/**
 * Sizes the rooms' first buffers, and checks that @colyseus/core encodes
 * the rooms with the very copy of @colyseus/schema the server's state
 * classes come from (sync/colyseus-schema.mts tells how two copies came to
 * be loaded). Refuses to start otherwise: with two copies the size above
 * would not reach the rooms, nor would the growth of their buffers.
 */
export function useOneSchemaLibrary(): void {
  Encoder.BUFFER_SIZE = FIRST_BUFFER_SIZE;
  const probe = new SchemaSerializer<BattleState>();
  probe.reset(new BattleState());
  const facts = serializerFacts(probe, Encoder);
  if (!facts.sameLibrary || facts.fullStateBuffer !== FIRST_BUFFER_SIZE) {
    throw new Error(
      '@colyseus/core uses another copy of @colyseus/schema than the server (see packages/server/src/sync/colyseus-schema.mts)',
    );
  }
}
