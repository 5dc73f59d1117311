import type { Router } from 'express';
import type { CommandError, OrganiserCommand } from '../rooms/organiser-control';
import { reassignSeat } from './battles';
import { controlBattle } from './control';
import { toCsv } from './csv';
import type { Tournament, TournamentBattle } from './model';
import {
  INVITE_HEADER,
  inviteCells,
  inviteLink,
  OrganiserError,
  seatNameOf,
  type InviteRow,
} from './rounds';
import { found, originOf, parse, wrap } from './route-helpers';
import type { OrganiserDeps } from './routes';
import { adjudicateSchema, closeSchema, reassignSchema } from './schemas';

/** The organiser's hand on one battle of a tournament: adjudicate, lock, unlock, close, reassign a seat. */
export function mountBattleRoutes(router: Router, deps: OrganiserDeps): void {
  router.post(
    '/tournaments/:id/battles/:battleId/adjudicate',
    wrap(async (req, res) => {
      const body = parse(adjudicateSchema, req.body);
      const at = new Date().toISOString();
      let adjudicated: TournamentBattle | undefined;
      const t = await deps.tournaments.update(String(req.params.id), async (current) => {
        const battle = battleOf(current, String(req.params.battleId));
        if (body.winner !== null && !battle.sides.some((s) => s.playerId === body.winner))
          throw new OrganiserError(400, `player ${body.winner} does not play this battle`);
        battle.adjudication = { winner: body.winner, reason: body.reason, at };
        adjudicated = battle;
        return { ...current, updatedAt: at };
      });
      if (!t || !adjudicated) throw new OrganiserError(404, 'no such tournament');
      // The result is stored in the tournament, then the battle ends for everyone (stored, then told: control.ts).
      const winner = body.winner === null ? null : adjudicated.sides.find((s) => s.playerId === body.winner)!.side;
      await endAdjudicated(deps, adjudicated.battleId, { kind: 'adjudicate', winner, reason: body.reason, at });
      res.json({ ok: true });
    }),
  );
  for (const kind of ['lock', 'unlock'] as const) {
    router.post(
      `/tournaments/:id/battles/:battleId/${kind}`,
      wrap(async (req, res) => {
        const battle = battleOf(await found(deps, req), String(req.params.battleId));
        await command(deps, battle, { kind });
        res.json({ ok: true });
      }),
    );
  }
  router.post(
    '/tournaments/:id/battles/:battleId/close',
    wrap(async (req, res) => {
      const body = parse(closeSchema, req.body);
      const battle = battleOf(await found(deps, req), String(req.params.battleId));
      await command(deps, battle, {
        kind: 'close',
        reason: body.reason,
        at: new Date().toISOString(),
      });
      res.json({ ok: true });
    }),
  );
  router.post(
    '/tournaments/:id/battles/:battleId/reassign',
    wrap(async (req, res) => {
      const body = parse(reassignSchema, req.body);
      const t = await found(deps, req);
      const battle = battleOf(t, String(req.params.battleId));
      const made = await reassignSeat(deps.store, battle.battleId, body.seat);
      if (!made) throw unreachable();
      if ('error' in made) throw refusal(made.error, body.seat);
      const playerId = battle.sides.find((s) => s.side === body.seat)?.playerId;
      const player = playerId
        ? (t.players.find((p) => p.id === playerId)?.name ?? playerId)
        : `(${body.seat})`;
      const round = t.rounds.find((r) => r.battles.includes(battle))!.number;
      const battleName = (await deps.store.lookup([battle.battleId]))[0]?.battleName ?? '';
      const link = inviteLink(body.origin ?? originOf(req), battle.battleId, made.invite.token);
      const row: InviteRow = {
        round,
        battleId: battle.battleId,
        battleName,
        player,
        seat: body.seat,
        seatName: seatNameOf(deps.scenarios.get(t.scenarioId), body.seat),
        link,
      };
      res.json({ invite: row, csv: toCsv(INVITE_HEADER, [inviteCells(row)]) });
    }),
  );
}

function battleOf(t: Tournament, battleId: string): TournamentBattle {
  const battle = t.rounds.flatMap((r) => r.battles).find((b) => b.battleId === battleId);
  if (!battle) throw new OrganiserError(404, 'no such battle in this tournament');
  return battle;
}

async function command(
  deps: OrganiserDeps,
  battle: TournamentBattle,
  cmd: OrganiserCommand,
): Promise<void> {
  const outcome = await controlBattle(deps.store, battle.battleId, cmd);
  if (!outcome) throw unreachable();
  if (!outcome.ok) throw refusal(outcome.error);
}

/**
 * Ends an adjudicated battle where it is played. A battle the rules or the
 * clock already ended keeps its end (the tournament's adjudication is its
 * result); a battle with no record left has nothing to end.
 */
async function endAdjudicated(deps: OrganiserDeps, battleId: string, cmd: OrganiserCommand): Promise<void> {
  const outcome = await controlBattle(deps.store, battleId, cmd);
  if (!outcome) {
    if ((await deps.store.lookup([battleId])).length === 0) return;
    throw unreachable();
  }
  if (!outcome.ok && outcome.error !== 'ended') throw refusal(outcome.error);
}

const unreachable = () =>
  new OrganiserError(
    503,
    'the battle is being opened or closed by a room right now: try again in a moment',
  );

function refusal(error: CommandError, seat = ''): OrganiserError {
  const messages: Record<CommandError, [number, string]> = {
    noSuchSeat: [404, `no seat ${seat} in this battle`],
    closed: [409, 'the battle is closed'],
    ended: [409, 'the battle has ended'],
    notLocked: [409, 'the battle is not locked'],
    alreadyLocked: [409, 'the battle is locked already'],
    noSuchSide: [400, 'no such side in this battle'],
    storeFailed: [503, 'the battle could not be stored: nothing changed, try again in a moment'],
  };
  const [status, message] = messages[error];
  return new OrganiserError(status, message);
}
