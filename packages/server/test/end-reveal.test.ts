/**
 * Issue 11: once the battle has ended nothing is secret any more. The rules
 * decide it once (viewFor shows every seat what the referee sees once the
 * state has ended); this checks that the server's per-seat StateView then
 * really sends it: after the action that ends the battle, what each
 * connection decodes (through the client's own toView) equals viewFor for
 * its seat, so the enemy's formerly hidden unit and its decoy, marked as a
 * decoy, reach the opponent and the spectators. Before the end they do not.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { apply, fixedDice, viewFor, type GameState, type Seat } from '@lames/rules';
import { fordGame, FORD_DECOY } from '@lames/rules/testing';
import { openFileStore, type FileStore } from '../src/persistence/file-store';
import type { BattleAccess } from '../src/persistence/store';
import { hashToken } from '../src/rooms/seat-keys';
import { joinBattle, leaveAll, settle, startTestServer, waitFor, welcomed, type Seated, type TestServer } from './helpers';
import { makeRecord } from './persistence/fixtures';
import { comparable, decoded } from './support/seat-views';

const BATTLE = 'end-reveal';
const keyOf = (seat: string) => seat.replace(/[^a-z]/g, '').padEnd(22, 'x').slice(0, 22);

async function accessFor(game: GameState): Promise<BattleAccess> {
  const seats: BattleAccess['seats'] = {};
  for (const seat of [...game.sides.map((s) => s.id), 'referee']) {
    seats[seat] = { keyHash: await hashToken(keyOf(seat)), inviteHash: null, playerName: `Joueur ${seat}` };
  }
  return { listed: false, creatorSeat: game.sides[0].id, seats, spectatorHash: await hashToken(keyOf('spectator')), othersClaimed: true };
}

/**
 * The ford after Ardenne's first turn, the Black Teeth's ambush and decoy
 * still under their covers, every Black Teeth wing in retreat: their end of
 * turn meets the sudden-death condition (§2.4) and ends the battle.
 */
function lastMoment(): GameState {
  let game = fordGame('end-reveal');
  const r = apply(game, game.activeSide, { type: 'endTurn' }, { dice: fixedDice([]) });
  if (!r.ok) throw new Error(r.rejection.code);
  game = r.state;
  expect(game.activeSide).toBe('black-teeth');
  for (const w of game.wings.filter((x) => x.side === 'black-teeth')) w.directive = 'retreat';
  return game;
}


describe('issue 11: at the end of the battle every seat receives what was under each cover', () => {
  let server: TestServer;
  let store: FileStore;
  let storeDir: string;
  beforeAll(async () => {
    storeDir = mkdtempSync(path.join(tmpdir(), 'lames-end-reveal-'));
    store = await openFileStore(storeDir);
    server = await startTestServer({ store });
  });
  afterAll(async () => {
    await server.close();
    await store.close();
    rmSync(storeDir, { recursive: true, force: true });
  });

  test('sheet 000 Unités Cachées, Leurres: hidden until the end; after it the decoded state of each seat equals viewFor, decoy marked as a decoy', async () => {
    const before = lastMoment();
    await store.save(makeRecord(BATTLE, { scenarioId: before.scenarioId, state: before, access: await accessFor(before) }));
    const seats: Seat[] = ['ardenne', 'black-teeth', 'referee', 'spectator'];
    const joined: Partial<Record<Seat, Seated>> = {};
    joined.ardenne = await welcomed(await server.client().create('battle', { resume: BATTLE, playerName: 'Gauvain', key: keyOf('ardenne') }));
    for (const seat of seats.slice(1)) joined[seat] = await joinBattle(server, BATTLE, seat === 'spectator' ? { invite: keyOf(seat) } : { key: keyOf(seat) });
    await waitFor(() => seats.every((seat) => joined[seat]!.room.state.pieces?.size > 0), 'the state');
    await settle();

    // while the battle lasts: the opponent and the spectator see two covers and nothing under them
    for (const seat of ['ardenne', 'spectator'] as Seat[]) {
      const view = decoded(joined[seat]!, seat);
      expect(view.units.some((u) => u.id === 'o-ambush')).toBe(false);
      expect(view.decoys).toEqual([]);
      expect(view.covers).toHaveLength(2);
    }

    const ended = apply(before, 'black-teeth', { type: 'endTurn' });
    if (!ended.ok) throw new Error(ended.rejection.code);
    expect(ended.state.status).toBe('ended');
    joined['black-teeth']!.room.send('action', { type: 'endTurn' });
    await waitFor(() => seats.every((seat) => joined[seat]!.room.state.status === 'ended'), 'the end of the battle');
    await settle();

    for (const seat of seats) {
      const view = decoded(joined[seat]!, seat);
      expect({ seat, view: comparable(view) }).toEqual({ seat, view: comparable(viewFor(ended.state, seat)) });
      expect(view.units.find((u) => u.id === 'o-ambush')).toMatchObject({ side: 'black-teeth', hidden: true });
      expect(view.decoys.map((d) => d.id)).toEqual([FORD_DECOY]);
    }

    // a spectator arriving after the end gets it all too
    const late = await joinBattle(server, BATTLE, { invite: keyOf('spectator') });
    await waitFor(() => late.room.state.status === 'ended', 'the late spectator’s state');
    await settle();
    expect(comparable(decoded(late, 'spectator'))).toEqual(comparable(viewFor(ended.state, 'spectator')));
    await leaveAll(...seats.map((seat) => joined[seat]!), late);
  }, 30000);
});
