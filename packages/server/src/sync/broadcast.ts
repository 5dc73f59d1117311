import {
  apply,
  cloneState,
  createGame,
  viewFor,
  type GameEvent,
  type GameState,
  type Scenario,
  type Seat,
} from '@lames/rules';
import { serverStateHash } from '../persistence/state-hash';
import type { BattleRecord } from '../persistence/store';

/**
 * Broadcast (issue 12): a battle created with `broadcastDelay: N` shows its
 * spectators the FULL view (every hidden unit and decoy, every event, the
 * referee's knowledge) as it was at the start of turn T−N while turn T is
 * played, and nothing of later turns. Before turn N+1 starts they see the
 * battle as it was opened, with what any spectator sees of it (the units
 * deploying hidden stay secret: they would help the enemy during the first
 * turns). Once the battle has ended they see everything.
 *
 * The delayed state is not kept anywhere: it is replayed from what the store
 * already keeps for the export (the secret seed and every action played,
 * persistence/store.ts), so it survives restarts and needs no new table.
 * `DelayedReplay` replays incrementally and keeps the state at the start
 * of each turn, so a room watching a battle for days replays each action once.
 */

/** What a broadcast spectator receives, whole, at each change (no schema patches: nothing to diff across turns). */
export interface BroadcastFrame {
  battleName: string;
  delay: number;
  /** The turn whose start `view` shows; 0 for the battle as it was opened (before turn 1). */
  shownTurn: number;
  ended: boolean;
  /** The view: the referee's (every secret), or the spectator's for the opening; its perspective is `spectator`. */
  view: GameState;
  /** The events of the log up to that moment, as the referee reads them. */
  log: GameEvent[];
  /** The dice commitment every seat gets: the seed only once the battle has ended. */
  dice: { seedHash: string; seed?: string };
  /** The organiser ended the battle (rooms/organiser-control.ts): closed with a reason, or adjudicated (the winning side, null: a draw). */
  closed?: { reason: string; at: string };
  adjudicated?: { winner: string | null; reason: string; at: string };
}

/** A turn's start: the state then, and how many events the log held. */
interface TurnStart {
  state: GameState;
  logLength: number;
}

/** Thrown when the record cannot be replayed into the delayed view (scenario changed, refused action). */
export class BroadcastReplayError extends Error {}

export class DelayedReplay {
  private state: GameState;
  private readonly log: GameEvent[] = [];
  private readonly opening: GameState;
  private readonly starts = new Map<number, TurnStart>();
  /** How many actions of `played` are replayed. */
  private replayed = 0;

  constructor(scenario: Scenario, dice: NonNullable<BattleRecord['dice']>) {
    this.state = createGame(scenario, dice.seed);
    if (serverStateHash(this.state) !== dice.initialStateHash)
      throw new BroadcastReplayError(
        'the scenario no longer deals the opening this battle was played from',
      );
    this.opening = cloneState(this.state);
    this.noteTurnStart();
  }

  /** Replays the actions of `played` not replayed yet (the record's list only grows). */
  catchUp(played: NonNullable<BattleRecord['played']>): void {
    if (played.length < this.replayed)
      throw new BroadcastReplayError('the record lost actions already broadcast');
    for (const p of played.slice(this.replayed)) {
      const result = apply(this.state, p.seat as Seat, p.action as Parameters<typeof apply>[2]);
      if (!result.ok)
        throw new BroadcastReplayError(
          `action ${this.replayed} (${p.action.type}) is refused on replay: ${result.rejection.code}`,
        );
      this.state = result.state;
      this.log.push(...result.events);
      this.replayed += 1;
      this.noteTurnStart();
    }
    const last = played[played.length - 1];
    if (last && serverStateHash(this.state) !== last.stateHash)
      throw new BroadcastReplayError('the replayed state differs from the one played');
  }

  /**
   * The frame for spectators now: the start of turn T−N, T the live turn
   * (the last replayed state's). `record` gives the end, which an organiser's
   * close or adjudication declares without an action.
   */
  frame(
    record: Pick<BattleRecord, 'battleName' | 'status' | 'state' | 'log' | 'dice' | 'access'>,
    delay: number,
  ): BroadcastFrame {
    const dice = record.dice!;
    const battleName = record.battleName;
    if (record.status === 'ended' || this.state.status === 'ended') {
      const final = record.status === 'ended' ? record.state : this.state;
      const log = record.status === 'ended' ? record.log : this.log;
      const { closed, adjudicated } = record.access ?? {};
      return {
        battleName,
        delay,
        shownTurn: final.turn,
        ended: true,
        // Everything, at any end: the referee's knowledge is the whole picture even when the
        // organiser (or the clock) ended a battle whose rules' state still says 'playing'.
        view: spectatorsView(final, 'referee'),
        log: [...log],
        dice: { seedHash: dice.seedHash, seed: dice.seed },
        ...(closed && { closed }),
        ...(adjudicated && { adjudicated }),
      };
    }
    const shownTurn = Math.max(0, this.state.turn - delay);
    const start = shownTurn > 0 ? this.starts.get(shownTurn) : undefined;
    if (!start)
      return {
        battleName,
        delay,
        shownTurn: 0,
        ended: false,
        view: spectatorsView(this.opening, 'spectator'),
        log: [],
        dice: { seedHash: dice.seedHash },
      };
    return {
      battleName,
      delay,
      shownTurn,
      ended: false,
      view: spectatorsView(start.state, 'referee'),
      log: this.log.slice(0, start.logLength),
      dice: { seedHash: dice.seedHash },
    };
  }

  /** A turn starts when the turn counter first shows it with the deployment over (turn 1 starts when the last side has deployed). */
  private noteTurnStart(): void {
    const s = this.state;
    if (s.status !== 'playing' || s.deployment || this.starts.has(s.turn)) return;
    this.starts.set(s.turn, { state: cloneState(s), logLength: this.log.length });
  }
}

/** `knowledge`'s view of `state`, shown as a spectator's (the client shows no seat's controls). */
function spectatorsView(state: GameState, knowledge: Seat): GameState {
  const view = viewFor(state, knowledge);
  view.perspective = 'spectator';
  return view;
}

/** The presence channel a battle room announces its turn boundaries on, for the broadcast rooms of the battle (any process). */
export function broadcastChannel(battleId: string): string {
  return `lames:broadcast:${battleId}`;
}

/**
 * Whether an action moved the broadcast: a new turn started or the battle
 * ended. Announcing only then keeps the time of every other action (a
 * hidden unit's as a decoy's) away from spectators.
 */
export function movesBroadcast(
  before: Pick<GameState, 'turn' | 'status'>,
  after: Pick<GameState, 'turn' | 'status'>,
): boolean {
  return before.turn !== after.turn || before.status !== after.status;
}
