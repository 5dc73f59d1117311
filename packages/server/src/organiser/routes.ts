import { randomBytes } from 'node:crypto';
import type { Scenario } from '@lames/rules';
import express, { type Application } from 'express';
import type { AttemptThrottle } from '../limits/attempts';
import type { BattleStore } from '../persistence/store';
import { requireOrganiser } from './auth';
import { mountBattleRoutes } from './battle-routes';
import { battleStatuses, reissueInvites, type BattleStatus } from './battles';
import { toCsv } from './csv';
import type { Tournament } from './model';
import { roundRobin } from './pairings';
import { checkPairings, createRound, INVITE_HEADER, inviteCells, inviteLink, nextRoundRobin, nextSwiss, OrganiserError, seatNameOf, type InviteRow } from './rounds';
import { found, originOf, parse, sendCsv, wrap } from './route-helpers';
import { createRoundSchema, createTournamentSchema, formatQuerySchema, invitesSchema } from './schemas';
import { standingsOf, type BattleOutcome } from './standings';
import type { TournamentStore } from './tournament-store';

export interface OrganiserDeps {
  store: BattleStore;
  tournaments: TournamentStore;
  scenarios: ReadonlyMap<string, Scenario>;
  newSeed: () => string;
  attempts: AttemptThrottle;
  trustProxy: boolean;
  /** SHA-256 of the organiser token; null: the API answers 503. */
  tokenHash: string | null;
}

/** The organiser API under /api/organiser (README, "Organisers"); mount before the /api catch-all. */
export function mountOrganiser(app: Application, deps: OrganiserDeps): void {
  const router = express.Router();
  router.use(requireOrganiser(deps.tokenHash, deps.attempts, deps.trustProxy));
  router.use(express.json({ limit: '16kb' }));
  router.get('/tournaments', wrap(async (_req, res) => {
    res.json({ tournaments: (await deps.tournaments.list()).map((t) => ({ id: t.id, name: t.name, scenarioId: t.scenarioId, players: t.players.length, rounds: t.rounds.length, createdAt: t.createdAt })) });
  }));
  router.post('/tournaments', wrap(async (req, res) => {
    const body = parse(createTournamentSchema, req.body);
    if (!deps.scenarios.has(body.scenarioId)) throw new OrganiserError(400, `unknown scenario ${body.scenarioId}`);
    const now = new Date().toISOString();
    const t: Tournament = {
      id: randomBytes(9).toString('base64url'),
      name: body.name,
      scenarioId: body.scenarioId,
      referee: body.referee,
      ...(body.timeControl && { timeControl: body.timeControl }),
      ...(body.broadcastDelay > 0 && { broadcastDelay: body.broadcastDelay }),
      createdAt: now,
      updatedAt: now,
      players: body.players.map((name, i) => ({ id: `p${i + 1}`, name })),
      rounds: [],
    };
    await deps.tournaments.create(t);
    res.status(201).json({ tournament: t });
  }));
  router.get('/tournaments/:id', wrap(async (req, res) => {
    const t = await found(deps, req);
    const battles = await battleStatuses(deps.store, t);
    res.json({ tournament: t, battles, standings: standingsOf(t, outcomes(battles)) });
  }));
  router.get('/tournaments/:id/round-robin', wrap(async (req, res) => {
    const t = await found(deps, req);
    res.json({ rounds: roundRobin(t.players.map((p) => p.id)) });
  }));
  router.post('/tournaments/:id/rounds', wrap(async (req, res) => {
    const body = parse(createRoundSchema, req.body);
    let invites: InviteRow[] = [];
    const t = await deps.tournaments.update(String(req.params.id), async (current) => {
      const scenario = deps.scenarios.get(current.scenarioId);
      if (!scenario) throw new OrganiserError(409, `scenario ${current.scenarioId} is no longer served`);
      const pairings = 'roundRobin' in body ? nextRoundRobin(current).pairings : 'swiss' in body ? await swissPairings(deps, current) : body.pairings;
      checkPairings(current, pairings);
      const made = await createRound({ t: current, pairings, store: deps.store, scenario, newSeed: deps.newSeed, origin: body.origin ?? originOf(req) });
      invites = made.invites;
      return made.tournament;
    });
    if (!t) throw new OrganiserError(404, 'no such tournament');
    res.status(201).json({ round: t.rounds[t.rounds.length - 1], invites, csv: toCsv(INVITE_HEADER, invites.map(inviteCells)) });
  }));
  router.post('/tournaments/:id/rounds/:n/invites', wrap(async (req, res) => {
    const t = await found(deps, req);
    const body = parse(invitesSchema, req.body ?? {});
    const { format } = parse(formatQuerySchema, req.query);
    const round = t.rounds.find((r) => String(r.number) === req.params.n);
    if (!round) throw new OrganiserError(404, 'no such round');
    const { rows, skipped } = await freshRoundInvites(deps, t, round.number, body.origin ?? originOf(req));
    const csv = toCsv(INVITE_HEADER, rows.map(inviteCells));
    if (format === 'csv') return void sendCsv(res, `invites-round-${round.number}.csv`, csv);
    res.json({ invites: rows, skipped, csv });
  }));
  mountBattleRoutes(router, deps);
  router.get('/tournaments/:id/standings', wrap(async (req, res) => {
    const t = await found(deps, req);
    const { format } = parse(formatQuerySchema, req.query);
    const standings = standingsOf(t, outcomes(await battleStatuses(deps.store, t)));
    if (format === 'json') return void res.json({ standings });
    const header = ['rank', 'player', 'played', 'wins', 'draws', 'losses', 'byes', 'score', 'victory points'];
    sendCsv(res, 'standings.csv', toCsv(header, standings.map((s) => [s.rank, s.name, s.played, s.wins, s.draws, s.losses, s.byes, s.score, s.victoryPoints])));
  }));
  router.get('/tournaments/:id/results', wrap(async (req, res) => {
    const t = await found(deps, req);
    const { format } = parse(formatQuerySchema, req.query);
    const battles = await battleStatuses(deps.store, t);
    if (format === 'json') return void res.json({ results: battles });
    const header = ['round', 'battle', 'first player', 'second player', 'phase', 'winner', 'first points', 'second points', 'adjudication', 'closed'];
    sendCsv(res, 'results.csv', toCsv(header, battles.map(resultCells)));
  }));
  router.use((_req, res) => void res.status(404).json({ error: 'not found' }));
  app.use('/api/organiser', router);
}

function resultCells(b: BattleStatus): (string | number)[] {
  const [first, second] = b.sides;
  const winner = b.result ? (b.result.winner === null ? 'draw' : (b.sides.find((s) => s.playerId === b.result!.winner)?.player ?? '')) : '';
  const pts = (id: string) => (b.result ? (b.result.points[id] ?? 0) : '');
  return [b.round, b.battleId, first.player, second.player, b.phase, winner, pts(first.playerId), pts(second.playerId), b.result?.adjudication?.reason ?? (b.result?.forfeit ? 'lost on time' : ''), b.closed?.reason ?? ''];
}

function outcomes(battles: BattleStatus[]): Map<string, BattleOutcome> {
  return new Map(battles.flatMap((b) => (b.result ? [[b.battleId, b.result] as const] : [])));
}

/**
 * Fresh invites for the seats nobody holds in a round's battles, made by the
 * room that runs a battle if one does (organiser/control.ts). A battle that
 * could not be reached (a room opening or closing at that moment), or that
 * is closed, is skipped and named.
 */
async function freshRoundInvites(deps: OrganiserDeps, t: Tournament, number: number, origin: string) {
  const round = t.rounds.find((r) => r.number === number)!;
  const names = new Map(t.players.map((p) => [p.id, p.name]));
  const rows: InviteRow[] = [];
  const skipped: string[] = [];
  for (const battle of round.battles) {
    const invites = await reissueInvites(deps.store, battle.battleId);
    if (!invites) {
      skipped.push(battle.battleId);
      continue;
    }
    const summary = (await deps.store.lookup([battle.battleId]))[0];
    for (const invite of invites) {
      const playerId = battle.sides.find((s) => s.side === invite.seat)?.playerId;
      const player = playerId ? names.get(playerId)! : `(${invite.seat})`;
      rows.push({ round: number, battleId: battle.battleId, battleName: summary?.battleName ?? '', player, seat: invite.seat, seatName: seatNameOf(deps.scenarios.get(t.scenarioId), invite.seat), link: inviteLink(origin, battle.battleId, invite.token) });
    }
  }
  return { rows, skipped };
}

/** The next Swiss round, from the standings of every battle decided so far. */
async function swissPairings(deps: OrganiserDeps, t: Tournament) {
  const battles = await battleStatuses(deps.store, t);
  return nextSwiss(t, battles, standingsOf(t, outcomes(battles))).pairings;
}
