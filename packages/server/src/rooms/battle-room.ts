import { ClientState, CloseCode, matchMaker, Room, type AuthContext, type Client } from '@colyseus/core';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { actionSchema, applyAction, encodeEvents, eventsFor, EVENTS_MESSAGE, malformedAction, reject, wireNamesOf, type Action, type GameEvent, type GameState, type Rejection, type Seat } from '@lames/rules';
import { headOf, replayJournal, SNAPSHOT_EVERY } from '../persistence/journal';
import { newBattleFacts } from '../persistence/new-battle';
import { StateHasher } from '../persistence/state-hash';
import type { BattleAccess, BattleRecord, JournalEntry, PlayedAction } from '../persistence/store';
import { RATE_LIMITED, withinMessageRate } from '../limits/message-rate';
import { initStatic, syncBattleState } from '../sync/apply';
import { BattleState, type PieceState } from '../sync/schema';
import { sharedBuffers } from '../sync/serializer';
import { mayLookUnder, revealAtEnd, viewForSeat } from '../sync/views';
import { broadcastChannel, movesBroadcast } from '../sync/broadcast';
import { isBroadcast } from '../sync/broadcast-delay';
import { corked } from '../sync/corked';
import { admit, claim, freshInvites, handOver, newAccess, type Admission, type Invite, type SeatRequest } from './access';
import { clientAddress } from './address';
import type { BattleRoomDeps } from './deps';
import type { BattleMetadata } from './metadata';
import { joinOptionsSchema, newBattleOptionsSchema, parseCreateOptions, parseOptions, type NewBattleOptions } from './options';
import { Refusal } from './refusals';
import { serverRejection } from './rejections';
import { audienceOf, CHAT_HISTORY, CHAT_REFUSALS, chatMessageSchema, DEFAULT_SPECTATOR_CHAT, historyFor, invalidChatRefusal, mayRead, withinChatRate, type ChatLine } from './chat';
import { hashToken, issueToken } from './seat-keys';
import { applyCommand, controlRefusal, endsBattle, organiserCommandSchema, recordStatus, type CommandOutcome, type OrganiserCommand } from './organiser-control';
import { isPublicMoment } from '../persistence/public-moment';
import { publicAtOf } from '../persistence/summary';
import { SeatBook } from './seats';
import { withSharedBoard } from './shared-board';
import { PackedList } from './packed-list';
import { BattleClock, CANNOT_RESUME } from './battle-clock';
import { newClock, type ClockState } from './clock';
import { forfeitEnd } from './time-out';
import { actionAccepted, messageRefused } from '../ops/metrics';
import { claimOpenBattle, type OpenClaim } from '../scaling';

interface SeatData {
  seat: Seat;
  playerName: string;
  /** The key issued to this connection when it claimed its seat: sent again if it reconnects before keeping it. */
  seatKey?: string;
}
type BattleClient = Client<{ userData: SeatData }>;

/** What onAuth hands to onJoin: the creator's new seats, or a request already hashed and checked once. */
type SeatAuth =
  | { creator: { access: BattleAccess; key: string; invites: Invite[]; playerName: string } }
  | { creator?: undefined; request: SeatRequest; hash: string | null; fresh: { token: string; hash: string }; playerName: string };

/** What stays the same in every save of a battle (the seed included: never send it before the end). */
type RecordHead = Pick<BattleRecord, 'id' | 'battleName' | 'scenarioId' | 'createdAt' | 'dice' | 'rulesVersion' | 'spectatorChat' | 'broadcastDelay'>;

/** How long a resume waits for a battle's claim held while no room lists it (a room closing, a sweep): 20 × 100 ms. */
const CLAIM_ATTEMPTS = 20;
const CLAIM_RETRY_MS = 100;

/** What a room opens with, new or resumed. */
interface Opening {
  state: GameState;
  log: GameEvent[];
  head: RecordHead;
  access: BattleAccess | null;
  actions: number;
  played: PlayedAction[] | null;
  chat: ChatLine[];
  /** The time control's clocks (rooms/clock.ts), null for a battle without one. */
  clock: ClockState | null;
  /** The battle's last public moment (persistence/public-moment.ts). */
  publicAt: string;
}

/** What a record is written with besides its state: `played` only for a snapshot. */
interface RecordExtras {
  played?: PlayedAction[] | null;
  clock?: ClockState;
  publicAt?: string;
}

const SERVER_FAULT = serverRejection('serverFault', { fr: "Le serveur n'a pas pu traiter cette action ; rien n'a changé.", en: 'The server could not process that action; nothing changed.' });
const NOT_CREATOR = serverRejection('notCreatorSeat', { fr: 'Seul le siège du créateur de la bataille peut demander des invitations.', en: "Only the battle creator's seat may ask for invites." });
const NO_SEAT_TO_HAND_OVER = serverRejection('noSeatToHandOver', { fr: "Seul le titulaire d'un camp ou de l'arbitrage peut le céder.", en: 'Only the holder of a side or of the referee seat may hand it over.' });
const STORE_ERROR = {
  code: 'storeError',
  message: { fr: "La partie n'a pas pu être enregistrée ; elle continue.", en: 'The battle could not be saved; play goes on.' },
};
/** An action the store could not keep is not played: nobody was told of it, so nothing has to be taken back. */
const STORE_REFUSED = serverRejection('storeFailed', {
  fr: "Le serveur n'a pas pu enregistrer cette action : elle n'est pas jouée et rien n'a changé. Réessayez dans un instant.",
  en: 'The server could not store that action: it is not played and nothing changed. Try again in a moment.',
});

/**
 * One battle (room name 'battle'). The rules state stays here, in full; each
 * connection receives only its seat's knowledge: the schema state (see
 * sync/) with a StateView per connection, and events filtered by eventsFor.
 * Turn-based, so patches go out right after each change instead of on a
 * timer. Subclassed by startServer to give it its dependencies.
 *
 * Seats belong to their players (rooms/access.ts): a connection sits where
 * its key, its invite or (listed battles) the lobby puts it, checked in
 * onAuth; leaving never frees a seat.
 */
export class BattleRoom extends Room<{ state: BattleState; metadata: BattleMetadata; client: BattleClient }> {
  protected deps!: BattleRoomDeps;
  private game!: GameState;
  /** The battle's events, for the snapshots and each seat's history on entering: kept packed (rooms/packed-list.ts, issue 9). */
  private log = new PackedList<GameEvent>();
  private head!: RecordHead;
  /** Null until the creator of a new battle has joined: nothing is saved before. */
  private access: BattleAccess | null = null;
  /** The options a new battle was opened with, for its creator's seat. */
  private opening: NewBattleOptions | null = null;
  private readonly seats = new SeatBook();
  /**
   * The tail of the room's one-at-a-time chain: every action (checked,
   * stored, then applied and sent) and every snapshot runs after the ones
   * before, so actions are stored in the order they are played and a
   * snapshot never lands between an action's store write and its commit.
   * Disposal waits for it.
   */
  private saving: Promise<void> = Promise.resolve();
  /** Accepted actions since the battle started: the index of the next journal entry. */
  private actions = 0;
  /** Actions appended to the journal since the last snapshot asked for. */
  private sinceSnapshot = 0;
  /** A save or an append failed: the next store write is a whole snapshot, so the journal never has a gap. */
  private snapshotDue = false;
  /** Every action played, for the export (issue 12), kept packed as the log; null for a battle created before it was recorded. */
  private played: PackedList<PlayedAction> | null = null;
  /** Hashes each state played for `played`, writing again only the units an action changed (issue 9). */
  private readonly hasher = new StateHasher();
  /** A resumed battle's claim across processes (scaling.ts), released after the last save. */
  private openClaim: OpenClaim | null = null;
  /** The chat lines kept by the store (the last CHAT_HISTORY), for the history each seat gets on entering. */
  private chat: ChatLine[] = [];
  /** The battle's clocks (rooms/battle-clock.ts), null without a time control. */
  private clocks: BattleClock | null = null;
  /** The last public moment (persistence/public-moment.ts): the lobby's time of the battle, moved only at turn boundaries and the end. */
  private publicAt = '';

  override async onCreate(rawOptions: unknown): Promise<void> {
    const options = parseCreateOptions(rawOptions);
    this.patchRate = null;
    const opening = 'scenarioId' in options ? await this.newBattle(options) : await this.resumeBattle(options.resume);
    this.game = withSharedBoard(opening.state); // one board per scenario, not per room (issue 9)
    this.log = new PackedList(opening.log);
    this.head = opening.head;
    this.access = opening.access;
    this.actions = opening.actions;
    this.played = opening.played && new PackedList(opening.played);
    this.chat = opening.chat;
    this.publicAt = opening.publicAt;
    const sides = this.game.sides.map((s) => s.id);
    this.clocks = opening.clock && BattleClock.reopened(opening.clock, this.deps.timers, (out) => this.onTimeUp(out), sides);
    this.roomId = opening.head.id;
    // Only the connection that opened the room may enter until it is seated (see onJoin).
    this.maxClients = 1;
    this.state = new BattleState();
    sharedBuffers(this); // every battle room encodes into the same buffers (issue 9)
    initStatic(this.state, this.game, this.head.battleName);
    this.syncState();
    // Every handler first spends from the connection's message budget (limits/message-rate.ts).
    this.onMessage('action', (client: BattleClient, payload: unknown) => (withinMessageRate(client) ? this.onAction(client, payload) : this.refuse(client, RATE_LIMITED)));
    this.onMessage('invites', (client: BattleClient) => (withinMessageRate(client) ? this.onInvites(client) : this.refuse(client, RATE_LIMITED)));
    this.onMessage('chat', (client: BattleClient, payload: unknown) => (withinMessageRate(client) ? this.onChat(client, payload) : this.refuse(client, RATE_LIMITED)));
    this.onMessage('resumeClock', (client: BattleClient) => (withinMessageRate(client) ? this.onResumeClock(client) : this.refuse(client, RATE_LIMITED)));
    this.onMessage('handOver', (client: BattleClient) => (withinMessageRate(client) ? this.onHandOver(client) : this.refuse(client, RATE_LIMITED)));
    this.onMessage('*', (client: BattleClient, type: unknown) =>
      withinMessageRate(client)
        ? this.refuse(client, reject('malformedAction', { detail: `unknown message type '${String(type)}'` }))
        : this.refuse(client, RATE_LIMITED),
    );
    if (this.access) this.showSeats();
    this.followClock();
    // A forfeit stored in the clocks whose end could not be stored with it (a failed write) ends the battle now.
    this.endIfForfeited();
  }

  /**
   * Every credential is checked here, before a seat is reserved for the
   * connection: throttled by client address, hashed asynchronously, and
   * refused with one wording whatever was wrong.
   */
  override async onAuth(client: BattleClient, rawOptions: unknown, context: AuthContext): Promise<SeatAuth> {
    if (!this.access) return { creator: await this.prepareCreator(rawOptions) };
    // The organiser ended it: nobody new comes into the room, as no room opens it again (loadForResume).
    const over = this.organiserEnd();
    if (over) throw over;
    const request = parseOptions(joinOptionsSchema, rawOptions, 'invalidJoinOptions');
    const address = clientAddress(client, context, this.deps.trustProxy);
    // Spectating a listed battle proves nothing and is not counted; every other request is an attempt.
    const attempt = !(request.seat === 'spectator' && this.access.listed);
    const wait = attempt ? this.deps.attempts.check(address) : null;
    if (wait !== null) throw new Refusal('tooManyAttempts', { seconds: String(Math.ceil(wait)) });
    const token = request.key ?? request.invite;
    const [hash, fresh] = await Promise.all([token ? hashToken(token) : null, issueToken()]);
    const admission = admit(this.access, request, hash);
    if (!admission) {
      if (attempt) this.deps.attempts.failure(address);
      throw new Refusal('seatRefused');
    }
    if (attempt) this.deps.attempts.success(address);
    // A broadcast battle's spectators watch it N turns late in the broadcast room (rooms/broadcast-room.ts), never here.
    if (admission.seat === 'spectator' && isBroadcast(this.head.broadcastDelay)) throw new Refusal('broadcastOnly');
    return { request, hash, fresh, playerName: request.playerName };
  }

  override async onJoin(client: BattleClient, _options: unknown, auth: SeatAuth): Promise<void> {
    const { seat, seatKey, invites } = auth.creator ? this.seatCreator(auth.creator) : this.seatJoiner(auth);
    if (this.maxClients !== Infinity) this.maxClients = Infinity;
    this.takeOver(seat, client.sessionId);
    this.seats.take(seat, client.sessionId);
    client.userData = { seat, playerName: auth.creator ? auth.creator.playerName : auth.playerName, seatKey };
    client.view = viewForSeat(this.state, seat);
    this.welcome(client, invites);
    this.afterSeatChange();
    if (seat !== 'spectator') await this.save();
  }

  /** A connection dropped without leaving: its seat waits for it (Colyseus 0.18 calls onDrop, then onLeave if it never comes back). */
  override onDrop(client: BattleClient): void {
    const seat = client.userData?.seat;
    if (!seat || !this.seats.holds(seat, client.sessionId)) return; // never seated, or taken over
    this.seats.setDropped(client.sessionId, true);
    this.afterSeatChange();
    // The deferred rejects when the window closes; Colyseus then calls onLeave.
    Promise.resolve(this.allowReconnection(client, this.deps.reconnectSeconds)).catch(() => undefined);
  }

  override onReconnect(client: BattleClient): void {
    const seat = client.userData!.seat;
    // Its key was presented by another connection meanwhile, or the seat was handed over.
    if (!this.seats.holds(seat, client.sessionId)) throw new Refusal('seatRefused');
    this.seats.setDropped(client.sessionId, false);
    // The dropped connection's view missed every secret shown while it was away (showSecret and revealAtEnd reach
    // the connected clients only): a fresh one, sent whole with the full state that follows.
    client.view?.dispose();
    client.view = viewForSeat(this.state, seat);
    this.welcome(client);
    this.afterSeatChange();
  }

  override onLeave(client: BattleClient): void {
    if (!client.userData) return;
    this.seats.release(client.userData.seat, client.sessionId);
    client.view?.dispose();
    this.afterSeatChange();
  }

  override async onDispose(): Promise<void> {
    // A closing room leaves a snapshot, so that resuming it replays nothing
    // (decided after the actions still queued, which may add to the journal).
    await this.serial(async () => {
      this.clocks?.stop();
      // A clock is stored as charged at the close (rooms/clock.ts reopen).
      if (this.access && (this.sinceSnapshot > 0 || this.snapshotDue || this.clocks)) await this.snapshotNow();
    });
    await this.openClaim?.release();
  }

  /**
   * A reconnection token only brings back a connection that dropped; the
   * default would close a live connection holding it and give its seat away.
   */
  override checkReconnectionToken(reconnectionToken: string): string {
    if (this.clients.some((c) => c.reconnectionToken === reconnectionToken)) return undefined as unknown as string;
    return super.checkReconnectionToken(reconnectionToken);
  }

  // --- seats -----------------------------------------------------------------

  /** The creator of a new battle: its options were checked in onCreate; its key and the invites are drawn here. */
  private async prepareCreator(rawOptions: unknown) {
    const options = parseOptions(newBattleOptionsSchema, rawOptions, 'invalidCreateOptions');
    const opening = this.opening!;
    const made = await newAccess({
      sides: this.game.sides.map((s) => s.id),
      creatorSeat: opening.seat,
      referee: opening.referee || opening.seat === 'referee',
      listed: opening.listed,
      playerName: options.playerName,
    });
    return { ...made, playerName: options.playerName };
  }

  private seatCreator(creator: Extract<SeatAuth, { creator: object }>['creator']): { seat: Seat; seatKey: string; invites: Invite[] } {
    if (this.access) throw new Refusal('seatRefused'); // a second creator: cannot happen while maxClients is 1
    this.access = creator.access;
    this.showSeats();
    return { seat: creator.access.creatorSeat, seatKey: creator.key, invites: creator.invites };
  }

  /** Checks the request again (another join may have claimed the seat since onAuth) and takes the seat. */
  private seatJoiner(auth: Extract<SeatAuth, { request: SeatRequest }>): { seat: Seat; seatKey?: string; invites?: undefined } {
    const admission: Admission | null = admit(this.access!, auth.request, auth.hash);
    if (!admission) throw new Refusal('seatRefused');
    const { seat } = admission;
    if (admission.claims) claim(this.access!, seat, auth.fresh.hash, auth.playerName);
    else if (seat !== 'spectator') this.access!.seats[seat].playerName = auth.playerName;
    this.showSeats();
    return { seat, seatKey: admission.claims ? auth.fresh.token : undefined };
  }

  /** A second connection with the seat's key takes the seat: the one sitting there is told, then closed. */
  private takeOver(seat: Seat, sessionId: string): void {
    if (seat === 'spectator' || this.seats.holder(seat) === sessionId) return;
    this.dismiss(seat, 'seatTakenOver');
  }

  /** The connection sitting in `seat`, if any, is told why (`message`) and closed; the seat is free. */
  private dismiss(seat: Seat, message: string): void {
    const previous = this.seats.holder(seat);
    if (previous === undefined) return;
    this.seats.release(seat, previous);
    const old = this.clients.getById(previous);
    if (old) {
      old.send(message, {});
      old.leave(CloseCode.CONSENTED);
    }
  }

  /**
   * An organiser's command (rooms/organiser-control.ts), sent by
   * organiser/control.ts through matchMaker.remoteRoomCall from whichever
   * process: applied after the actions queued, stored, then told to the
   * seats; nothing changes when the store fails. A close or an adjudication
   * ends the battle at once: every later action is refused, and the
   * broadcast rooms are told to show the end.
   */
  async organiserCommand(raw: unknown): Promise<CommandOutcome> {
    const cmd: OrganiserCommand = organiserCommandSchema.parse(raw);
    let outcome: CommandOutcome = { ok: false, error: 'closed' };
    await this.serial(async () => {
      if (!this.access) return;
      const access = structuredClone(this.access);
      outcome = applyCommand(access, cmd, this.game.status === 'ended' || !!this.clocks?.forfeited);
      if (!outcome.ok) return;
      const publicAt = endsBattle(cmd) ? cmd.at : this.publicAt;
      try {
        await this.snapshotNow(access, publicAt);
      } catch (e) {
        this.deps.logError(`battle ${this.roomId}: could not store an organiser's ${cmd.kind}; nothing changed`, e);
        outcome = { ok: false, error: 'storeFailed' };
        return;
      }
      this.access = access;
      this.publicAt = publicAt;
    });
    if (!outcome.ok) return outcome;
    if (cmd.kind === 'lock' || cmd.kind === 'unlock') this.broadcast('battleLocked', { locked: cmd.kind === 'lock' });
    if (cmd.kind === 'reassign') this.dismiss(cmd.seat, 'seatReassigned');
    this.afterSeatChange(); // the clocks stop for good once the organiser ended the battle (clock.ts awaitedSides)
    if (endsBattle(cmd)) {
      if (isBroadcast(this.head.broadcastDelay)) void this.presence.publish(broadcastChannel(this.roomId), this.game.turn);
      this.broadcast('battleClosed', this.endNotice()!);
    }
    return outcome;
  }

  /** What the seats are told of the organiser's end of the battle (null: not ended by the organiser). */
  private endNotice(): { reason: string; adjudicated?: { winner: string | null } } | null {
    const { closed, adjudicated } = this.access ?? {};
    // the adjudication, when there is one, is the result: its reason is the one to read
    if (adjudicated) return { reason: adjudicated.reason, adjudicated: { winner: adjudicated.winner } };
    return closed ? { reason: closed.reason } : null;
  }

  /** The refusal of a join to a battle the organiser ended (the room stays until its seats leave), or null. */
  private organiserEnd(): Refusal | null {
    const notice = this.endNotice();
    if (!notice) return null;
    return new Refusal(notice.adjudicated ? 'battleAdjudicated' : 'battleClosed', { id: this.roomId, reason: notice.reason });
  }

  /** The seat fields of the synced state: every seat sees who plays whom and who is here. */
  private showSeats(): void {
    const access = this.access!;
    for (const side of this.state.sides) {
      const held = access.seats[side.id];
      side.claimed = !!held?.keyHash;
      side.playerName = held?.playerName ?? '';
      side.connected = this.seats.connected(side.id);
    }
    const referee = access.seats.referee;
    this.state.refereeSeat = !!referee;
    this.state.refereeClaimed = !!referee?.keyHash;
    this.state.refereeName = referee?.playerName ?? '';
    this.state.refereeConnected = this.seats.connected('referee');
    this.state.spectators = this.seats.spectatorCount;
  }

  private afterSeatChange(): void {
    if (this.access) this.showSeats();
    this.followClock();
    this.broadcastPatch();
    this.refreshMetadata();
  }

  private welcome(client: BattleClient, invites?: Invite[]): void {
    const { seat, seatKey } = client.userData!;
    const dice = this.diceCommitment();
    client.send('welcome', { seat, battleId: this.roomId, log: eventsFor(this.log.items(), seat), ...(seatKey && { seatKey }), ...(invites && { invites }), ...(dice && { dice }) });
    client.send('chatHistory', { spectatorChat: this.spectatorChat, lines: historyFor(this.chat, seat, this.spectatorChat) });
    if (this.access?.locked) client.send('battleLocked', { locked: true });
    const ended = this.endNotice();
    if (ended) client.send('battleClosed', ended); // a connection coming back after the organiser ended the battle
    if (this.clocks) client.send('clock', this.clocks.view());
  }

  /** The hash of the seed for every seat from the start; the seed itself only once the battle has ended (issue 12). */
  private diceCommitment(): { seedHash: string; seed?: string } | null {
    const dice = this.head.dice;
    if (!dice) return null;
    return this.game.status === 'ended' ? { seedHash: dice.seedHash, seed: dice.seed } : { seedHash: dice.seedHash };
  }

  /** The creator's seat asks for new invites to the seats nobody holds (the old ones stop working). */
  private async onInvites(client: BattleClient): Promise<void> {
    const seat = client.userData?.seat;
    if (!seat || seat !== this.access?.creatorSeat || !this.seats.holds(seat, client.sessionId)) return this.refuse(client, NOT_CREATOR);
    const invites = await freshInvites(this.access);
    client.send('invites', { invites });
    this.afterSeatChange();
    await this.save();
  }

  /** The holder gives its seat away: it gets an invite for it, its key stops working, and its connection closes. */
  private async onHandOver(client: BattleClient): Promise<void> {
    const seat = client.userData?.seat;
    if (!seat || seat === 'spectator' || !this.seats.holds(seat, client.sessionId)) return this.refuse(client, NO_SEAT_TO_HAND_OVER);
    const invite = await handOver(this.access!, seat);
    this.seats.release(seat, client.sessionId);
    client.userData!.seatKey = undefined;
    client.send('invites', { invites: [invite] });
    client.leave(CloseCode.CONSENTED);
    this.afterSeatChange();
    await this.save();
  }

  // --- chat ------------------------------------------------------------------

  private get spectatorChat() {
    return this.head.spectatorChat ?? DEFAULT_SPECTATOR_CHAT;
  }

  /**
   * A chat line (rooms/chat.ts): checked, stored, then sent to the seats
   * that may read it, the author included (its echo says it was kept).
   * Nothing is sent before the store has it, and a refusal goes to the
   * author alone.
   */
  private async onChat(client: BattleClient, payload: unknown): Promise<void> {
    const data = client.userData;
    if (!data || !this.access || !this.seats.holds(data.seat, client.sessionId)) return this.refuseChat(client, CHAT_REFUSALS.chatNotAllowed);
    if (!withinChatRate(client)) return this.refuseChat(client, CHAT_REFUSALS.chatRateLimited);
    const parsed = chatMessageSchema.safeParse(payload);
    if (!parsed.success) return this.refuseChat(client, invalidChatRefusal(parsed.error));
    const audience = audienceOf(data.seat, parsed.data.to, this.spectatorChat);
    if (!audience) return this.refuseChat(client, CHAT_REFUSALS.chatNotAllowed);
    const line: ChatLine = { at: new Date().toISOString(), seat: data.seat, name: data.playerName, audience, text: parsed.data.text };
    try {
      await this.deps.store.appendChat(this.roomId, line);
    } catch (e) {
      this.deps.logError(`battle ${this.roomId}: could not store a chat line; it is refused`, e);
      return this.refuseChat(client, CHAT_REFUSALS.chatStoreFailed);
    }
    this.chat.push(line);
    if (this.chat.length > CHAT_HISTORY) this.chat.splice(0, this.chat.length - CHAT_HISTORY);
    for (const c of this.clients) {
      if (c.userData && mayRead(c.userData.seat, audience, this.spectatorChat)) c.send('chat', line);
    }
  }

  private refuseChat(client: BattleClient, refusal: (typeof CHAT_REFUSALS)[keyof typeof CHAT_REFUSALS]): void {
    client.send('chatRejected', refusal);
  }

  // --- clocks (rooms/clock.ts, docs/time-controls.md) ---------------------------

  /** The clocks follow the game and its seats; every seat gets the same view when they change. */
  private followClock(): void {
    if (this.clocks) this.commitClock(this.clocks.next(this.game, this.access, false));
  }

  private commitClock(clock: ClockState): void {
    this.clocks!.commit(clock);
    this.broadcast('clock', this.clocks!.view());
  }

  /**
   * A side ran out of time and the policy was applied: every seat is told,
   * and the outcome stored; a forfeit ends the battle as any end does.
   */
  private onTimeUp(sides: string[]): void {
    this.broadcast('timeUp', { sides, policy: this.clocks!.view().control.onTimeout });
    this.broadcast('clock', this.clocks!.view());
    if (!this.access) return;
    if (this.clocks!.forfeited) this.endIfForfeited();
    else void this.save();
  }

  /**
   * The battle lost on time (rooms/time-out.ts), after the actions queued:
   * the rules' end stored first (a snapshot), then committed like the end
   * an action brings (every cover lifted, every seat's events, the seed
   * revealed). An action queued before the time ran out may have handed the
   * wait over meanwhile: the clocks are read again when its turn comes.
   */
  private endIfForfeited(): void {
    void this.serial(async () => {
      const clock = this.clocks?.current();
      const end = this.access && forfeitEnd(this.game, clock);
      if (!end) return;
      // The end is a public moment: the lobby's time moves (persistence/public-moment.ts).
      const publicAt = new Date().toISOString();
      try {
        await this.deps.store.save(this.recordOf(end.state, this.actions, [...this.log.items(), ...end.events], structuredClone(this.access!), { played: this.played?.items() ?? null, clock, publicAt }));
      } catch (e) {
        // The clocks keep the forfeit (no action is accepted): the next opening of the battle, or the deadline sweep, ends it.
        this.snapshotDue = true;
        this.deps.logError(`battle ${this.roomId}: could not store its end on time`, e);
        this.broadcast('storeError', STORE_ERROR);
        return;
      }
      this.sinceSnapshot = 0;
      this.snapshotDue = false;
      this.publicAt = publicAt;
      this.commitGame(end.state, end.events, clock);
    });
  }

  /** The opponent of the side out of time, or the referee, lets a paused battle go on. */
  private async onResumeClock(client: BattleClient): Promise<void> {
    const seat = client.userData?.seat;
    if (!seat || !this.seats.holds(seat, client.sessionId) || !this.clocks?.resume(seat)) return this.refuse(client, CANNOT_RESUME);
    this.followClock();
    await this.save();
  }

  // --- actions ---------------------------------------------------------------

  /** Checks the message's shape at once, then plays it after the actions already queued (see `saving`). */
  private onAction(client: BattleClient, payload: unknown): Promise<void> | void {
    const receivedAt = performance.now(); // ops metrics: action latency
    const parsed = actionSchema.safeParse(payload);
    if (!parsed.success) return this.refuse(client, malformedAction(parsed.error.issues));
    return this.serial(() => this.playAction(client, parsed.data, receivedAt));
  }

  /**
   * Nothing lost (issue 12): the rules give the next state without touching
   * the current one, the action is stored, and only then is the state
   * committed, synced and its events sent. The patch loop is off (patchRate
   * null), so no change leaves before broadcastPatch; a store failure refuses
   * the action and leaves the battle as it was.
   */
  private async playAction(client: BattleClient, action: Action, receivedAt: number): Promise<void> {
    const seat = client.userData?.seat;
    // The rules decide what the referee may do (decide losses or deploy for an absent side); spectators only watch.
    if (!seat || seat === 'spectator' || !this.seats.holds(seat, client.sessionId)) return this.refuse(client, reject('notAPlayer'));
    const paused = controlRefusal(this.access); // the organiser's lock or close (issue 12)
    if (paused) return this.refuse(client, paused);
    const halted = this.clocks?.refusal();
    if (halted) return this.refuse(client, halted);
    let result: ReturnType<typeof applyAction>;
    try {
      result = applyAction(this.game, seat, action); // parsed in onAction
    } catch (e) {
      this.deps.logError(`battle ${this.roomId}: the rules threw on an action`, e);
      return this.refuse(client, SERVER_FAULT);
    }
    if (!result.ok) return this.refuse(client, result.rejection);
    // The lobby's time moves only at public moments, never at this action's time otherwise (persistence/public-moment.ts).
    const publicAt = isPublicMoment(this.game, result.state, isBroadcast(this.head.broadcastDelay)) ? new Date().toISOString() : this.publicAt;
    const entry: JournalEntry = { n: this.actions, seat, action, events: result.events };
    const played: PlayedAction | null = this.played && { seat, action, events: result.events.length, stateHash: this.hasher.hash(result.state) };
    // The clocks after the action are stored with it: an increment or a fresh deadline survives a crash.
    const clock = this.clocks?.next(result.state, this.access, true);
    let snapshotDue: boolean;
    try {
      snapshotDue = await this.storeAction(entry, result.state, played, { clock, publicAt });
    } catch (e) {
      // The write may have reached the store in part: the next write is a whole snapshot, which replaces it.
      this.snapshotDue = true;
      this.deps.logError(`battle ${this.roomId}: could not store action ${entry.n}; it is refused`, e);
      return this.refuse(client, STORE_REFUSED);
    }
    this.actions += 1;
    this.publicAt = publicAt;
    if (played) this.played!.push(played);
    this.state.actionCount += 1;
    this.commitGame(result.state, result.events, clock);
    actionAccepted(receivedAt); // ops metrics
    if (snapshotDue) this.snapshotBehind();
  }

  /**
   * A change of the game already stored (an action, or the end on time):
   * committed, synced (the end lifts every cover for every connection), each
   * seat's events sent, the clocks after it, and at the end the seed.
   */
  private commitGame(next: GameState, events: GameEvent[], clock: ClockState | undefined): void {
    const announce = isBroadcast(this.head.broadcastDelay) && movesBroadcast(this.game, next);
    this.game = next;
    this.log.push(...events);
    this.syncState();
    // each connection's patch and events leave in one write (sync/corked.ts)
    corked(this.clients, () => this.sendChange(events));
    if (clock) this.commitClock(clock);
    // The end reveals the seed, so that anyone can check every roll against the hash shown at the start.
    const dice = this.game.status === 'ended' && this.diceCommitment();
    if (dice) this.broadcast('dice', dice);
    if (announce) void this.presence.publish(broadcastChannel(this.roomId), this.game.turn);
  }

  /** The patch of a change, then each seat's events. */
  private sendChange(events: GameEvent[]): void {
    this.broadcastPatch();
    // pieces named by their place among the public names of the state just patched (@lames/rules wire/events.ts)
    const names = wireNamesOf(this.state);
    for (const c of this.clients) {
      // compact binary (issue 9): a function of the seat's events and the public names alone, so a decoy's and a hidden unit's are the same bytes
      if (c.userData) c.sendBytes(EVENTS_MESSAGE, encodeEvents(eventsFor(events, c.userData.seat), namesHeldBy(c, names)));
    }
  }

  /** A refusal goes to the one client that asked, and nothing changes. */
  private refuse(client: BattleClient, rejection: Rejection): void {
    messageRefused(rejection.code); // ops metrics
    client.send('rejected', { code: rejection.code, section: rejection.section, message: rejection.message });
  }

  // --- state -----------------------------------------------------------------

  private syncState(): void {
    const wasEnded = this.state.status === 'ended';
    syncBattleState(this.state, this.game, { secretCreated: (piece, side) => this.showSecret(piece, side) });
    // the action that ended the battle lifts every cover for every connection (issue 11)
    if (!wasEnded && this.state.status === 'ended') for (const c of this.clients) if (c.view) revealAtEnd(this.state, c.view);
  }

  /** A new secret goes into the views of the connections that may look under its cover. */
  private showSecret(piece: PieceState, side: string): void {
    for (const c of this.clients) {
      if (c.userData && c.view && mayLookUnder(c.userData.seat, side, this.state.status)) c.view.add(piece);
    }
  }

  /** Who is connected, for the lobby (see http/battles.ts); everything else it shows comes from the stored summary. */
  private refreshMetadata(): void {
    if (!this.access) return;
    const connected: Record<string, boolean> = {};
    for (const seat of Object.keys(this.access.seats)) connected[seat] = this.seats.connected(seat);
    const metadata: BattleMetadata = { battleId: this.roomId, connected, spectators: this.seats.spectatorCount };
    void this.setMetadata(metadata).catch((e: unknown) => this.deps.logError(`battle ${this.roomId}: could not update the lobby listing`, e));
  }

  // --- opening and saving ------------------------------------------------------

  /**
   * A new battle is claimed across processes too (scaling.ts), as a resumed
   * one: whoever takes a battle's claim (the organiser's commands, the
   * deadline sweep) then knows that no room holds it.
   */
  private async newBattle(options: NewBattleOptions): Promise<Opening> {
    const scenario = this.deps.scenarios.get(options.scenarioId);
    if (!scenario) throw new Refusal('unknownScenario', { id: options.scenarioId });
    if (options.seat !== 'referee' && !scenario.sides.some((s) => s.id === options.seat)) throw new Refusal('unknownSeat', { seat: options.seat });
    this.openClaim = await claimOpenBattle(matchMaker.presence, this.roomId);
    if (!this.openClaim) throw new Refusal('battleAlreadyOpen', { id: this.roomId });
    this.opening = options;
    const { state, dice, rulesVersion } = newBattleFacts(scenario, this.deps.newSeed());
    const head: RecordHead = {
      id: this.roomId,
      battleName: options.battleName ?? scenario.name.fr,
      scenarioId: scenario.id,
      createdAt: new Date().toISOString(),
      dice,
      rulesVersion,
      spectatorChat: options.spectatorChat,
      ...(isBroadcast(options.broadcastDelay) && { broadcastDelay: options.broadcastDelay }),
    };
    const clock = options.timeControl ? newClock(options.timeControl, state.sides.map((s) => s.id)) : null;
    return { state, log: [], head, access: null, actions: 0, played: [], chat: [], clock, publicAt: head.createdAt };
  }

  /**
   * Claims the battle across processes (scaling.ts) before reading it: the
   * room's query of open rooms cannot see one another request is creating,
   * and a load before the claim could read a save the closing room has not
   * finished. Released again when the resume is refused.
   */
  private async resumeBattle(id: string): Promise<Opening> {
    this.openClaim = await this.claimWhenFree(id);
    try {
      return await this.loadForResume(id);
    } catch (e) {
      await this.openClaim.release();
      this.openClaim = null;
      throw e;
    }
  }

  /**
   * The battle's claim. A room that is closing has left the room list
   * before its last save, and keeps the claim until that save is done; the
   * deadline sweep or an organiser's command holds it for a moment too: a
   * claim held while no room lists the battle is waited for a little, so
   * that coming back right after everyone left reopens the battle.
   */
  private async claimWhenFree(id: string): Promise<OpenClaim> {
    for (let attempt = 1; ; attempt++) {
      const claim = await claimOpenBattle(matchMaker.presence, id);
      if (claim) return claim;
      const listed = (await matchMaker.query({ name: this.roomName, roomId: id })).length > 0;
      if (listed || attempt >= CLAIM_ATTEMPTS) throw new Refusal('battleAlreadyOpen', { id });
      await sleep(CLAIM_RETRY_MS);
    }
  }

  private async loadForResume(id: string): Promise<Opening> {
    let record: BattleRecord | null;
    let chat: ChatLine[] = [];
    try {
      const stored = await this.deps.store.load(id);
      // The snapshot, then every action journalled after it, replayed through the rules.
      record = stored && replayJournal(stored);
      if (record) chat = await this.deps.store.loadChat(id);
    } catch (e) {
      this.deps.logError(`battle ${id}: could not be loaded`, e);
      throw new Refusal('storeUnavailable');
    }
    if (!record) throw new Refusal('battleNotFound', { id });
    // The organiser's end first: its record is ended too, and the reason is what its players need.
    if (record.access?.adjudicated) throw new Refusal('battleAdjudicated', { id, reason: record.access.adjudicated.reason });
    if (record.access?.closed) throw new Refusal('battleClosed', { id, reason: record.access.closed.reason });
    if (record.status === 'ended') throw new Refusal('battleEnded', { id });
    if (!record.access) throw new Refusal('battleWithoutSeats', { id });
    if ((await matchMaker.query({ name: this.roomName, roomId: id })).length > 0) throw new Refusal('battleAlreadyOpen', { id });
    const { state, log, access, dice, rulesVersion, spectatorChat, broadcastDelay } = record;
    const head: RecordHead = { id: record.id, battleName: record.battleName, scenarioId: record.scenarioId, createdAt: record.createdAt, ...(dice && { dice }), ...(rulesVersion && { rulesVersion }), ...(spectatorChat && { spectatorChat }), ...(broadcastDelay && { broadcastDelay }) };
    return { state, log, head, access, actions: record.actions ?? 0, played: record.played ?? null, chat, clock: record.clock ?? null, publicAt: publicAtOf(record) };
  }

  /**
   * Stores an action before it is committed: appended to the journal, or
   * the whole record with its state after the action (a snapshot) at the
   * end of the battle and after a failed write (which may have left a gap
   * or a stray entry in the journal). Throws when the store fails; runs
   * inside the room's chain. True when the periodic snapshot is due once
   * the action is committed (snapshotBehind).
   */
  private async storeAction(entry: JournalEntry, next: GameState, played: PlayedAction | null, extras: RecordExtras): Promise<boolean> {
    const actions = entry.n + 1;
    if (this.snapshotDue || next.status === 'ended') {
      const all = played && [...this.played!.items(), played];
      await this.deps.store.save(this.recordOf(next, actions, [...this.log.items(), ...entry.events], structuredClone(this.access!), { ...extras, played: all }));
      this.sinceSnapshot = 0;
      this.snapshotDue = false;
      return false;
    }
    await this.deps.store.append(this.roomId, entry, headOf(this.recordOf(next, actions, [], structuredClone(this.access!), extras)));
    this.sinceSnapshot += 1;
    return this.sinceSnapshot >= SNAPSHOT_EVERY;
  }

  /**
   * The snapshot every SNAPSHOT_EVERY actions, taken once the action it
   * follows is journalled, committed and sent (issue 9): it only bounds what
   * a resumed battle replays, so no action waits for it — a snapshot is
   * three synced writes, and the actions that waited for one were the
   * slowest of the rooms bench. Called before the room's chain moves on, so
   * the store has it after this action's append and before any later one;
   * should it fail, the next action stores a snapshot in its place.
   */
  private snapshotBehind(): void {
    this.sinceSnapshot = 0;
    const record = this.recordOf(this.game, this.actions, this.log.items(), structuredClone(this.access!), { played: this.played?.items() ?? null, publicAt: this.publicAt });
    this.deps.store.save(record).catch((e: unknown) => {
      this.snapshotDue = true;
      this.deps.logError(`battle ${this.roomId}: could not save its periodic snapshot; the next action stores one`, e);
    });
  }

  /** Saves the whole record (a snapshot) after what is queued; a failure is logged and told, and play goes on. */
  private save(): Promise<void> {
    return this.serial(() =>
      this.snapshotNow().catch((e: unknown) => {
        this.deps.logError(`battle ${this.roomId}: could not be saved`, e);
        this.broadcast('storeError', STORE_ERROR);
      }),
    );
  }

  /**
   * The snapshot of the battle as committed, taken when its turn in the
   * chain comes, with `access` and `publicAt` about to be committed (an
   * organiser's command); throws when the store fails.
   */
  private async snapshotNow(access = this.access!, publicAt = this.publicAt): Promise<void> {
    try {
      await this.deps.store.save(this.recordOf(this.game, this.actions, this.log.items(), structuredClone(access), { played: this.played?.items() ?? null, publicAt }));
    } catch (e) {
      this.snapshotDue = true;
      throw e;
    }
    this.sinceSnapshot = 0;
    this.snapshotDue = false;
  }

  /**
   * The record of `state` after `actions` actions; `log`, `access` and
   * `played` are copies taken by the caller (played only for a snapshot),
   * the state is never changed in place.
   */
  private recordOf(state: GameState, actions: number, log: GameEvent[], access: BattleAccess, extras: RecordExtras = {}): BattleRecord {
    const { played, clock = this.clocks?.current(), publicAt = this.publicAt } = extras;
    // A battle lost on time or ended by the organiser is over, though the rules' state is left as the last action made it.
    const status = recordStatus(state.status, access, !!clock?.forfeit);
    return { ...this.head, updatedAt: new Date().toISOString(), publicAt, status, state, log, access, actions, ...(played && { played }), ...(clock && { clock }) };
  }

  /** Runs `task` after every action and store write already queued, in call order; a failure does not stop the chain. */
  private serial(task: () => Promise<void>): Promise<void> {
    const run = this.saving.then(task);
    this.saving = run.catch((e: unknown) => this.deps.logError(`battle ${this.roomId}: an action or a save failed`, e));
    return this.saving;
  }
}

/**
 * The names a connection decodes the events with: the state it holds when
 * they arrive. A joined connection has just received the action's patch. One
 * still joining or reconnecting gets its messages queued behind a full state
 * of some later moment, whose names may differ (a unit revealed, troops
 * merged): it gets every name spelt out.
 */
function namesHeldBy(client: Client, names: string[]): string[] {
  return client.state === ClientState.JOINED ? names : [];
}
