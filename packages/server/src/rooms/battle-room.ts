import { Client, matchMaker, Room } from '@colyseus/core';
import { actionSchema, apply, createGame, eventsFor, reject, type GameEvent, type GameState, type Rejection, type Seat } from '@lames/rules';
import { checkRefereeCode, hashRefereeCode, type BattleRecord } from '../persistence/store';
import { initStatic, syncBattleState } from '../sync/apply';
import { BattleState, type PieceState } from '../sync/schema';
import { mayLookUnder, viewForSeat } from '../sync/views';
import type { BattleRoomDeps } from './deps';
import { lobbyMetadata, type BattleMetadata } from './metadata';
import { createOptionsSchema, joinOptionsSchema, parseOptions, type CreateOptions, type JoinOptions } from './options';
import { Refusal } from './refusals';
import { SeatBook } from './seats';

interface SeatData {
  seat: Seat;
  playerName: string;
}
type BattleClient = Client<{ userData: SeatData }>;

/** What stays the same in every save of a battle. */
type RecordHead = Pick<BattleRecord, 'id' | 'battleName' | 'scenarioId' | 'createdAt' | 'refereeCodeHash'>;

const SERVER_FAULT: Rejection = {
  code: 'serverFault' as Rejection['code'],
  section: '—',
  message: { fr: "Le serveur n'a pas pu traiter cette action ; rien n'a changé.", en: 'The server could not process that action; nothing changed.' },
};
const STORE_ERROR = {
  code: 'storeError',
  message: { fr: "La partie n'a pas pu être enregistrée ; elle continue.", en: 'The battle could not be saved; play goes on.' },
};

/**
 * One battle (room name 'battle'). The rules state stays here, in full; each
 * connection receives only its seat's knowledge: the schema state (see
 * sync/) with a StateView per connection, and events filtered by eventsFor.
 * Turn-based, so patches go out right after each change instead of on a
 * timer. Subclassed by startServer to give it its dependencies.
 */
export class BattleRoom extends Room<{ state: BattleState; metadata: BattleMetadata; client: BattleClient }> {
  protected deps!: BattleRoomDeps;
  private game!: GameState;
  private log: GameEvent[] = [];
  private head!: RecordHead;
  private readonly seats = new SeatBook();

  override async onCreate(rawOptions: unknown): Promise<void> {
    const options = parseOptions(createOptionsSchema, rawOptions, 'invalidCreateOptions');
    this.patchRate = null;
    const opening = options.resume ? await this.resumeBattle(options.resume) : this.newBattle(options);
    this.game = opening.state;
    this.log = opening.log;
    this.head = opening.head;
    this.roomId = opening.head.id;
    this.state = new BattleState();
    initStatic(this.state, this.game, this.head.battleName);
    this.syncState();
    this.onMessage('action', (client: BattleClient, payload: unknown) => this.onAction(client, payload));
    this.onMessage('*', (client: BattleClient, type: unknown) =>
      this.refuse(client, reject('malformedAction', { detail: `unknown message type '${String(type)}'` })),
    );
    this.refreshMetadata();
    await this.save();
  }

  override onJoin(client: BattleClient, rawOptions: unknown): void {
    const options = parseOptions(joinOptionsSchema, rawOptions, 'invalidJoinOptions');
    const seat = this.admit(options);
    this.seats.take(seat, client.sessionId);
    client.userData = { seat, playerName: options.playerName };
    client.view = viewForSeat(this.state, seat);
    this.showSeat(seat, true);
    this.welcome(client);
    this.afterSeatChange();
  }

  /** A connection dropped without leaving: its seat waits for it (Colyseus 0.18 calls onDrop, then onLeave if it never comes back). */
  override onDrop(client: BattleClient): void {
    if (!client.userData) return; // never seated: its join was refused
    this.showConnected(client.userData.seat, false);
    this.broadcastPatch();
    // The deferred rejects when the window closes; Colyseus then calls onLeave.
    Promise.resolve(this.allowReconnection(client, this.deps.reconnectSeconds)).catch(() => undefined);
  }

  override onReconnect(client: BattleClient): void {
    this.showConnected(client.userData!.seat, true);
    this.welcome(client);
    this.broadcastPatch();
  }

  override onLeave(client: BattleClient): void {
    if (!client.userData) return;
    const { seat } = client.userData;
    this.seats.release(seat, client.sessionId);
    client.view?.dispose();
    this.showSeat(seat, false);
    this.afterSeatChange();
  }

  // --- seats -----------------------------------------------------------------

  /** The seat asked for, or the refusal. Synchronous, so two joins cannot take one seat. */
  private admit(options: JoinOptions): Seat {
    const seat = options.seat;
    if (seat === 'spectator') return seat;
    if (seat === 'referee') {
      if (!this.head.refereeCodeHash) throw new Refusal('noRefereeSeat');
      if (!options.refereeCode || !checkRefereeCode(options.refereeCode, this.head.refereeCodeHash)) throw new Refusal('wrongRefereeCode');
      if (this.seats.isTaken(seat)) throw new Refusal('refereeTaken');
      return seat;
    }
    if (!this.game.sides.some((s) => s.id === seat)) throw new Refusal('unknownSeat', { seat });
    if (this.seats.isTaken(seat)) throw new Refusal('seatTaken', { seat });
    return seat;
  }

  private showSeat(seat: Seat, seated: boolean): void {
    if (seat === 'spectator') this.state.spectators = this.seats.spectatorCount;
    else if (seat === 'referee') this.state.refereeSeated = seated;
    else {
      const side = this.sideInfo(seat);
      if (side) Object.assign(side, { seated, connected: seated });
    }
  }

  private showConnected(seat: Seat, connected: boolean): void {
    const side = this.sideInfo(seat);
    if (side) side.connected = connected;
  }

  private sideInfo(seat: Seat) {
    return this.state.sides.find((s) => s.id === seat);
  }

  private afterSeatChange(): void {
    this.broadcastPatch();
    this.refreshMetadata();
  }

  private welcome(client: BattleClient): void {
    const { seat } = client.userData!;
    client.send('welcome', { seat, battleId: this.roomId, log: eventsFor(this.log, seat) });
  }

  // --- actions ---------------------------------------------------------------

  private async onAction(client: BattleClient, payload: unknown): Promise<void> {
    const parsed = actionSchema.safeParse(payload);
    if (!parsed.success) {
      const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      return this.refuse(client, reject('malformedAction', { detail }));
    }
    const seat = client.userData?.seat;
    if (!seat || seat === 'referee' || seat === 'spectator') return this.refuse(client, reject('notAPlayer'));
    let result: ReturnType<typeof apply>;
    try {
      result = apply(this.game, seat, parsed.data);
    } catch (e) {
      this.deps.logError(`battle ${this.roomId}: the rules threw on an action`, e);
      return this.refuse(client, SERVER_FAULT);
    }
    if (!result.ok) return this.refuse(client, result.rejection);
    this.game = result.state;
    this.log.push(...result.events);
    this.syncState();
    this.state.actionCount += 1;
    this.broadcastPatch();
    for (const c of this.clients) {
      if (c.userData) c.send('events', eventsFor(result.events, c.userData.seat));
    }
    if (this.game.status === 'ended') this.refreshMetadata();
    await this.save();
  }

  /** A refusal goes to the one client that asked, and nothing changes. */
  private refuse(client: BattleClient, rejection: Rejection): void {
    client.send('rejected', { code: rejection.code, section: rejection.section, message: rejection.message });
  }

  // --- state -----------------------------------------------------------------

  private syncState(): void {
    syncBattleState(this.state, this.game, { secretCreated: (piece, side) => this.showSecret(piece, side) });
  }

  /** A new secret goes into the views of the connections that may look under its cover. */
  private showSecret(piece: PieceState, side: string): void {
    for (const c of this.clients) {
      if (c.userData && c.view && mayLookUnder(c.userData.seat, side)) c.view.add(piece);
    }
  }

  private refreshMetadata(): void {
    void this.setMetadata(lobbyMetadata(this.head, this.game, this.state, this.deps.scenarios)).catch((e: unknown) =>
      this.deps.logError(`battle ${this.roomId}: could not update the lobby listing`, e),
    );
  }

  // --- opening and saving ------------------------------------------------------

  private newBattle(options: CreateOptions): { state: GameState; log: GameEvent[]; head: RecordHead } {
    const scenario = this.deps.scenarios.get(options.scenarioId!);
    if (!scenario) throw new Refusal('unknownScenario', { id: options.scenarioId! });
    const head: RecordHead = {
      id: this.roomId,
      battleName: options.battleName ?? scenario.name.fr,
      scenarioId: scenario.id,
      createdAt: new Date().toISOString(),
      refereeCodeHash: options.refereeCode ? hashRefereeCode(options.refereeCode) : null,
    };
    return { state: createGame(scenario, this.deps.newSeed()), log: [], head };
  }

  private async resumeBattle(id: string): Promise<{ state: GameState; log: GameEvent[]; head: RecordHead }> {
    let record: BattleRecord | null;
    try {
      record = await this.deps.store.load(id);
    } catch (e) {
      this.deps.logError(`battle ${id}: could not be loaded`, e);
      throw new Refusal('storeUnavailable');
    }
    if (!record) throw new Refusal('battleNotFound', { id });
    if (record.status === 'ended') throw new Refusal('battleEnded', { id });
    if ((await matchMaker.query({ name: this.roomName, roomId: id })).length > 0) throw new Refusal('battleAlreadyOpen', { id });
    const { state, log, ...rest } = record;
    return { state, log: [...log], head: { id: rest.id, battleName: rest.battleName, scenarioId: rest.scenarioId, createdAt: rest.createdAt, refereeCodeHash: rest.refereeCodeHash } };
  }

  /** Saves the whole record; a failure is logged and told, and play goes on. */
  private async save(): Promise<void> {
    const record: BattleRecord = { ...this.head, updatedAt: new Date().toISOString(), status: this.game.status, state: this.game, log: [...this.log] };
    try {
      await this.deps.store.save(record);
    } catch (e) {
      this.deps.logError(`battle ${this.roomId}: could not be saved`, e);
      this.broadcast('storeError', STORE_ERROR);
    }
  }
}
