import type { Scenario } from '@lames/rules';
import type { BattleStore } from '../persistence/store';
import { openOrganisedBattle } from './battles';
import type { Pairing, Round, Tournament } from './model';
import type { BattleStatus } from './battles';
import { roundRobin, swissRound, type ScheduledRound } from './pairings';
import type { Standing } from './standings';

/** A refusal the API answers with its status and message. */
export class OrganiserError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/** One line of the invite list: who opens which link. */
export interface InviteRow {
  round: number;
  battleId: string;
  battleName: string;
  player: string;
  /** A side id, `referee` or `spectator`. */
  seat: string;
  /** The side's name in the scenario (the seat id for the referee and spectators). */
  seatName: string;
  link: string;
}

export const INVITE_HEADER = ['round', 'battle', 'battle name', 'player', 'seat', 'link'];
export const inviteCells = (r: InviteRow) => [r.round, r.battleId, r.battleName, r.player, r.seatName, r.link];

/** A seat's name as players know it: the scenario's side name. */
export const seatNameOf = (scenario: Scenario | undefined, seat: string) => scenario?.sides.find((s) => s.id === seat)?.name ?? seat;

/** The next round of the round-robin schedule, or an error once every round was played. */
export function nextRoundRobin(t: Tournament): { pairings: Pairing[] } {
  const schedule = roundRobin(t.players.map((p) => p.id));
  const next = schedule[t.rounds.length];
  if (!next) throw new OrganiserError(409, `the round-robin has ${schedule.length} rounds and all were created`);
  return next;
}

/**
 * The next Swiss round (pairings.ts swissRound) from the standings. Refused
 * while a battle of an earlier round is neither decided (played to the end
 * or adjudicated) nor closed: its players' scores are not known yet.
 */
export function nextSwiss(t: Tournament, battles: BattleStatus[], standings: Standing[]): ScheduledRound {
  const open = battles.filter((b) => !b.result && !b.closed).length;
  if (open > 0) throw new OrganiserError(409, `${open} battle(s) of earlier rounds have no result yet: wait, adjudicate or close them first`);
  const played = t.rounds.flatMap((r) => r.battles.map((b) => ({ first: b.sides[0].playerId, second: b.sides[1].playerId })));
  return swissRound({ ranking: standings.map((s) => s.playerId), played, byes: t.rounds.flatMap((r) => r.byes), rounds: t.rounds.length });
}

/** Entered pairings must name known players, each at most once. */
export function checkPairings(t: Tournament, pairings: Pairing[]): void {
  const known = new Set(t.players.map((p) => p.id));
  const seen = new Set<string>();
  for (const { first, second } of pairings) {
    for (const id of [first, second]) {
      if (!known.has(id)) throw new OrganiserError(400, `unknown player ${id}`);
      if (seen.has(id)) throw new OrganiserError(400, `player ${id} is paired twice`);
      seen.add(id);
    }
  }
}

/**
 * Opens every battle of a new round at once and returns the tournament with
 * the round added, and the invite links (shown once: the store keeps only
 * their hashes). Players left out of the pairings have a bye.
 */
export async function createRound(opts: {
  t: Tournament;
  pairings: Pairing[];
  store: BattleStore;
  scenario: Scenario;
  newSeed: () => string;
  origin: string;
}): Promise<{ tournament: Tournament; invites: InviteRow[] }> {
  const { t, pairings, scenario } = opts;
  const number = t.rounds.length + 1;
  const names = new Map(t.players.map((p) => [p.id, p.name]));
  const [firstSide, secondSide] = scenario.sides.map((s) => s.id);
  const round: Round = { number, createdAt: new Date().toISOString(), battles: [], byes: [] };
  const invites: InviteRow[] = [];
  for (const [i, pairing] of pairings.entries()) {
    const battleName = `${t.name} — R${number}.${i + 1} ${names.get(pairing.first)} / ${names.get(pairing.second)}`.slice(0, 80);
    const opened = await openOrganisedBattle({ store: opts.store, scenario, seed: opts.newSeed(), battleName, referee: t.referee, timeControl: t.timeControl, broadcastDelay: t.broadcastDelay });
    const playerOf: Record<string, string> = { [firstSide]: pairing.first, [secondSide]: pairing.second };
    round.battles.push({ battleId: opened.battleId, sides: [{ side: firstSide, playerId: pairing.first }, { side: secondSide, playerId: pairing.second }] });
    for (const invite of opened.invites) {
      const player = playerOf[invite.seat] ? names.get(playerOf[invite.seat])! : `(${invite.seat})`;
      invites.push({ round: number, battleId: opened.battleId, battleName, player, seat: invite.seat, seatName: seatNameOf(scenario, invite.seat), link: inviteLink(opts.origin, opened.battleId, invite.token) });
    }
  }
  const paired = new Set(pairings.flatMap((p) => [p.first, p.second]));
  round.byes = t.players.filter((p) => !paired.has(p.id)).map((p) => p.id);
  return { tournament: { ...t, updatedAt: round.createdAt, rounds: [...t.rounds, round] }, invites };
}

/** The same link the game page gives (client net/links.ts): the secret in the fragment, never sent to a server. */
export function inviteLink(origin: string, battleId: string, token: string): string {
  return `${origin}/#/b/${battleId}/i/${token}`;
}
