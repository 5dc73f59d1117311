import { randomBytes } from 'node:crypto';
import type { Scenario } from '@lames/rules';
import type { AttemptThrottle } from '../limits/attempts';
import type { BattleStore } from '../persistence/store';
import type { ClockTimers } from './battle-clock';

/**
 * What a battle room needs from the server that opens it. Given by the
 * server (startServer), never by clients: the seed and the scenario
 * catalogue are test hooks only through startServer's options.
 */
export interface BattleRoomDeps {
  store: BattleStore;
  /** The scenarios a client may open, by the id it sends. */
  scenarios: ReadonlyMap<string, Scenario>;
  /** The secret seed of a new battle: its dice and its cover ids. */
  newSeed: () => string;
  /** How long a dropped connection keeps its seat. */
  reconnectSeconds: number;
  /** Counts wrong keys, invites and claims by client address (shared by every room of the process). */
  attempts: AttemptThrottle;
  /** Whether the client address comes from proxy headers (LAMES_TRUST_PROXY) rather than the socket. */
  trustProxy: boolean;
  logError: (message: string, error?: unknown) => void;
  /** The server's time, which runs the battles' clocks (rooms/battle-clock.ts). */
  timers: ClockTimers;
}

/** A secret, unpredictable seed (createGame requires one). */
export function randomSeed(): string {
  return randomBytes(16).toString('hex');
}
