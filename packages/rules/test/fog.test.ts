import { coversOf, createGame, eventsFor, scenarioById, viewFor } from '../src';
import { game, unit } from './fixtures';
import { ok } from './helpers';

const ford = () => createGame(scenarioById('the-ford')!, 'fog-seed');
const SECRETS = ['o-ambush', 'Embuscade gobeline', 'goblin-infantry', 'o-decoy-1'];

describe('Fiche mécanismes communs — what each seat may see', () => {
  test('the opponent sees cover markers, never the hidden unit or the decoy behind them', () => {
    const view = viewFor(ford(), 'ardenne');
    const text = JSON.stringify(view);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(view.covers).toHaveLength(2);
    expect(view.decoys).toEqual([]);
  });

  test('a decoy is indistinguishable from a hidden unit in the opponent’s view: same fields, same kind of id', () => {
    const covers = viewFor(ford(), 'ardenne').covers!;
    expect(covers.map((c) => Object.keys(c).sort())).toEqual([Object.keys(covers[0]).sort(), Object.keys(covers[0]).sort()]);
    for (const c of covers) expect(c.id).toMatch(/^[a-z2-9]{10}$/);
  });

  test('the owner sees his hidden unit and his decoy; the referee sees everything', () => {
    const own = viewFor(ford(), 'black-teeth');
    expect(own.units.find((u) => u.id === 'o-ambush')).toMatchObject({ hidden: true });
    expect(own.decoys.map((d) => d.id)).toEqual(['o-decoy-1']);
    const referee = JSON.stringify(viewFor(ford(), 'referee'));
    for (const secret of SECRETS) expect(referee).toContain(secret);
  });

  test('spectators see what both players see: units in the open and covers only', () => {
    const view = viewFor(ford(), 'spectator');
    const text = JSON.stringify(view);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(view.covers).toHaveLength(2);
  });

  test('no seat sees the dice state', () => {
    for (const seat of ['ardenne', 'black-teeth', 'referee', 'spectator']) expect(viewFor(ford(), seat).rng).toBeUndefined();
  });

  test('stack ranks are renumbered per hex in a view, so they count no placement made under a cover', () => {
    const view = viewFor(ford(), 'ardenne');
    for (const u of view.units) expect(u.stackRank).toBeLessThan(4);
  });

  test('the activation of a hidden piece shows the opponent only its cover', () => {
    let s = ford();
    s = ok(s, 'ardenne', { type: 'endTurn' }).state;
    s = ok(s, 'black-teeth', { type: 'activate', piece: 'o-ambush' }).state;
    const opponent = viewFor(s, 'ardenne').activation;
    expect(opponent).toMatchObject({ covered: true });
    expect(opponent?.piece).toBe(s.units.find((u) => u.id === 'o-ambush')?.coverId);
    expect(viewFor(s, 'black-teeth').activation).toEqual({ piece: 'o-ambush' });
  });

  test('events about hidden pieces reach the opponent only as events about covers', () => {
    let s = ford();
    s = ok(s, 'ardenne', { type: 'endTurn' }).state;
    const r = ok(s, 'black-teeth', { type: 'activate', piece: 'o-decoy-1' });
    for (const seat of ['ardenne', 'spectator']) {
      const told = JSON.stringify(eventsFor(r.events, seat));
      for (const secret of SECRETS) expect(told).not.toContain(secret);
    }
    expect(JSON.stringify(eventsFor(r.events, 'black-teeth'))).toContain('o-decoy-1');
  });

  test('a hidden unit next to an enemy at the start is revealed at once (adjacent units always see each other)', () => {
    const s = game([unit('b', 'blue', '0505', 0), unit('r', 'red', '0504', 6, { hidden: true })]);
    expect(s.units[1].hidden).toBe(false);
    expect(coversOf(s)).toEqual([]);
  });

  test('covers are listed by their random id, whatever they hide', () => {
    const covers = coversOf(ford());
    expect(covers.map((c) => c.id)).toEqual([...covers.map((c) => c.id)].sort());
  });
});
