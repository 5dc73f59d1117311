/**
 * Issue 10 in the synced state: a formation's two attacks under way
 * (§3.3.8, FORM-09: `Activation.attacks`) reach every seat, so that each
 * client offers only the second attack of the same kind, from the hex that
 * has not attacked, as the rules do. A formation is never hidden; a covered
 * piece's activation carries no attacks on the wire.
 */
import { Encoder } from '@colyseus/schema';
import { apply, createGame, legalActions, viewFor, type GameState } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { toView } from '../../client/src/state/to-view';
import type { DecodedState } from '../../client/src/state/decoded';
import { initStatic, syncBattleState } from '../src/sync/apply';
import { BattleState } from '../src/sync/schema';

const HILL = scenarioById('the-shield-hill')!;

function decodedAfter(game: GameState): DecodedState {
  const state = new BattleState();
  new Encoder(state);
  initStatic(state, game, 'test');
  syncBattleState(state, game, { secretCreated: () => undefined });
  return state.toJSON() as DecodedState;
}

describe('sync of a formation’s attacks (issue 10)', () => {
  test('§3.3.8 FORM-09 FORM-57 the attacks under way come back whole through the client’s decoding, for both sides', () => {
    const game = createGame(HILL, 'formation sync');
    const legion = game.units.find((u) => u.id === 'h-legion')!;
    game.activation = {
      piece: legion.id,
      attacks: { kind: 'shock', from: [legion.hex], recoiled: ['a-hammers'] },
    };
    const decoded = decodedAfter(game);
    for (const seat of HILL.sides.map((s) => s.id)) {
      expect(toView(decoded, seat).activation).toEqual(viewFor(game, seat).activation);
      expect(toView(decoded, seat).activation?.attacks).toEqual({
        kind: 'shock',
        from: [legion.hex],
        recoiled: ['a-hammers'],
      });
    }
  });

  test('§3.3.8 without attacks under way the field is empty', () => {
    const game = createGame(HILL, 'formation sync');
    game.activation = { piece: 'h-legion' };
    expect(decodedAfter(game).activationAttacks).toBe('');
    expect(toView(decodedAfter(game), HILL.sides[0]!.id).activation).toEqual({ piece: 'h-legion' });
  });

  test('§3.3.10 PRE-06 the formation counters reach every seat: the client judges a constitution as the server does', () => {
    const game = createGame(HILL, 'formation sync');
    const decoded = decodedAfter(game);
    expect(JSON.parse(decoded.formationProfiles!)).toEqual(game.formationProfiles);
    // two maniples side by side under a regroup directive: the client's verdict is the server's
    const maniple = game.units.find((u) => u.id === 'h-legion-2')!;
    const partner = { ...structuredClone(maniple), id: 'h-legion-3', hex: maniple.hex + 1 };
    game.units.push(partner);
    game.wings.find((w) => w.id === maniple.wing)!.directive = 'regroup';
    const active = apply(game, 'scarlet-horde', { type: 'activate', piece: maniple.id });
    if (!active.ok) throw new Error(active.rejection.code);
    const verdict = (s: GameState) => legalActions(s, 'scarlet-horde', maniple.id).find((l) => l.type === 'constitute');
    const client = toView(decodedAfter(active.state), 'scarlet-horde');
    expect(verdict(client)).toEqual(verdict(active.state));
    expect(verdict(client)?.rejection?.code).not.toBe('typeMayNotForm');
  });

  test('§3.3.11 a troop stacked behind the formation in its second hex stays behind it on the wire: the client judges the join as the server does', () => {
    const game = createGame(HILL, 'formation sync');
    const legion = game.units.find((u) => u.id === 'h-legion')!;
    const maniple = game.units.find((u) => u.id === 'h-legion-2')!;
    // on the Legion's second hex, placed after it (behind it in the stack)
    Object.assign(maniple, { hex: legion.secondHex!, facing: legion.facing, stackRank: legion.stackRank + 1 });
    game.wings.find((w) => w.id === legion.wing)!.directive = 'regroup';
    const active = apply(game, 'scarlet-horde', { type: 'activate', piece: legion.id });
    if (!active.ok) throw new Error(active.rejection.code);
    const verdict = (s: GameState) => legalActions(s, 'scarlet-horde', legion.id).find((l) => l.type === 'joinFormation');
    expect(verdict(active.state)?.allowed).toBe(true);
    for (const seat of ['scarlet-horde', 'alliance']) {
      const client = toView(decodedAfter(active.state), seat);
      const rank = (id: string) => client.units.find((u) => u.id === id)!.stackRank;
      expect(rank(legion.id)).toBeLessThan(rank(maniple.id));
      expect(verdict(client)).toEqual(verdict(active.state));
    }
  });

  test('§3.3 a battle without formations sends none', () => {
    const game = createGame(HILL, 'formation sync');
    delete game.formationProfiles;
    expect(decodedAfter(game).formationProfiles).toBe('');
    expect(toView(decodedAfter(game), 'alliance').formationProfiles).toBeUndefined();
  });
});
