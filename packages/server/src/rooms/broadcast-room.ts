import { Room, type AuthContext, type Client } from '@colyseus/core';
import { reject } from '@lames/rules';
import { z } from 'zod';
import { replayJournal } from '../persistence/journal';
import {
  BATTLE_ID_PATTERN,
  type BattleAccess,
  type BattleRecord,
  type StoredBattle,
} from '../persistence/store';
import { RATE_LIMITED, withinMessageRate } from '../limits/message-rate';
import { broadcastChannel, DelayedReplay, type BroadcastFrame } from '../sync/broadcast';
import { isBroadcast } from '../sync/broadcast-delay';
import { admit } from './access';
import { clientAddress } from './address';
import type { BattleRoomDeps } from './deps';
import { joinOptionsSchema, parseOptions } from './options';
import { Refusal } from './refusals';
import { hashToken } from './seat-keys';

const broadcastOptionsSchema = z.object({
  battleId: z.string().regex(BATTLE_ID_PATTERN, 'expected a battle id'),
});

/**
 * The spectators of a broadcast battle (room name 'broadcast', one per
 * battle through filterBy): the battle room refuses them (`broadcastOnly`)
 * and they come here, where nothing of the battle's live state exists. This
 * room has no synced state; it sends each spectator the whole delayed frame
 * (sync/broadcast.ts) on joining and again only when the frame changes, which
 * happens at turn boundaries: the battle room announces those alone on the
 * presence channel, so neither the content nor the timing of what spectators
 * receive depends on the actions of the turn being played.
 *
 * Everything comes from the store, so the broadcast survives restarts, works
 * while no room runs the battle, and from any process of a Redis cluster.
 * Spectators here send nothing (no chat: the table's lines carry the live
 * turn's timing).
 */
export class BroadcastRoom extends Room {
  protected deps!: BattleRoomDeps;
  private battleId = '';
  private replay: DelayedReplay | null = null;
  private frame: BroadcastFrame | null = null;
  private frameJson = '';
  /** The battle's seats, for the spectators' credentials (null: no such broadcast battle). */
  private access: BattleAccess | null = null;
  /** Loads run one after the other (a turn announcement and a join may come together). */
  private loading: Promise<void> = Promise.resolve();

  override onCreate(rawOptions: unknown): void {
    const parsed = broadcastOptionsSchema.safeParse(rawOptions ?? {});
    if (!parsed.success)
      throw new Refusal('invalidJoinOptions', { detail: 'battleId: expected a battle id' });
    this.battleId = parsed.data.battleId;
    this.patchRate = null;
    void this.presence.subscribe(broadcastChannel(this.battleId), this.onTurnAnnounced);
    this.onMessage('*', (client: Client) =>
      client.send('rejected', withinMessageRate(client) ? broadcastRefusal() : RATE_LIMITED),
    );
  }

  /** Spectators only, with the battle's spectator link (or from the lobby for a listed battle); throttled as the battle room's seats. */
  override async onAuth(client: Client, rawOptions: unknown, context: AuthContext): Promise<true> {
    const request = parseOptions(joinOptionsSchema, rawOptions, 'invalidJoinOptions');
    const address = clientAddress(client, context, this.deps.trustProxy);
    const wait = this.deps.attempts.check(address);
    if (wait !== null) throw new Refusal('tooManyAttempts', { seconds: String(Math.ceil(wait)) });
    // Once the room follows the battle, a join reads the seats alone: it replays nothing, so its
    // duration does not grow with the actions of the turn being played.
    await this.serial(() => (this.replay ? this.readAccess() : this.load()));
    const token = request.key ?? request.invite;
    const hash = token ? await hashToken(token) : null;
    const access = this.access;
    const admission = access && admit(access, request, hash);
    if (!admission || admission.seat !== 'spectator') {
      this.deps.attempts.failure(address);
      throw new Refusal('seatRefused');
    }
    this.deps.attempts.success(address);
    return true;
  }

  override onJoin(client: Client): void {
    client.send('broadcast', this.frame);
  }

  override async onDispose(): Promise<void> {
    this.presence.unsubscribe(broadcastChannel(this.battleId), this.onTurnAnnounced);
    await this.loading;
  }

  /** A turn boundary (or the end) in the battle room: the frame moves on, and every spectator gets it at once. */
  private readonly onTurnAnnounced = (): void => {
    void this.refresh().catch((e: unknown) =>
      this.deps.logError(`broadcast ${this.battleId}: could not follow the battle`, e),
    );
  };

  /** Reads the battle again and sends the frame to every spectator when it changed. */
  private refresh(): Promise<void> {
    return this.serial(() => this.load());
  }

  /** Runs store reads one after the other. */
  private serial(task: () => Promise<void>): Promise<void> {
    const run = this.loading.then(task);
    this.loading = run.catch(() => undefined);
    return run;
  }

  private async stored(): Promise<StoredBattle | null> {
    try {
      return await this.deps.store.load(this.battleId);
    } catch (e) {
      this.deps.logError(`broadcast ${this.battleId}: could not be loaded`, e);
      throw new Refusal('storeUnavailable');
    }
  }

  /** The seats as last saved (the battle room saves a snapshot at every change of them): new spectator links work at once. */
  private async readAccess(): Promise<void> {
    const stored = await this.stored();
    this.access = stored && isBroadcast(stored.broadcastDelay) ? (stored.access ?? null) : null;
  }

  private async load(): Promise<void> {
    const stored = await this.stored();
    let record: BattleRecord | null;
    try {
      record = stored && replayJournal(stored);
    } catch (e) {
      this.deps.logError(`broadcast ${this.battleId}: could not be replayed`, e);
      throw new Refusal('storeUnavailable');
    }
    // One wording for a battle that does not exist or is not broadcast, as for a wrong key (checked in onAuth).
    if (!record || !isBroadcast(record.broadcastDelay) || !record.dice || !record.played) return;
    const scenario = this.deps.scenarios.get(record.scenarioId);
    if (!scenario) return;
    this.replay ??= new DelayedReplay(scenario, record.dice);
    this.replay.catchUp(record.played);
    this.access = record.access ?? null;
    const frame = this.replay.frame(record, record.broadcastDelay);
    const json = JSON.stringify(frame);
    if (json === this.frameJson) return;
    this.frame = frame;
    this.frameJson = json;
    for (const c of this.clients) c.send('broadcast', frame);
  }
}

function broadcastRefusal() {
  const r = reject('notAPlayer');
  return { code: r.code, section: r.section, message: r.message };
}
