import { coversOf, eventsFor, seedRng, seededDice, seesEverything, viewFor, type GameState } from '../src';
import { SCENARIOS } from '../src/scenarios';
import type { Scenario } from '../src/scenario/schema';
import { randomGame, stressScenario } from '../src/testing';
import { cloneState } from '../src/state/clone';
import { revealSweep } from '../src/fog/reveal';
import { revealSweep as previousSweep } from './previous/reveal';
import { distance, neighbourOf, type Direction } from '../src/geometry/hex';
import { fordGame, FORD_DECOY } from '../src/testing';
import { game, H, profiles, unit, withOrder } from './fixtures';
import { ok } from './helpers';

const ford = () => fordGame('fog-seed');
const SECRETS = ['o-ambush', 'Embuscade gobeline', 'goblin-infantry', FORD_DECOY];

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
    expect(own.decoys.map((d) => d.id)).toEqual([FORD_DECOY]);
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
    const r = ok(s, 'black-teeth', { type: 'activate', piece: FORD_DECOY });
    for (const seat of ['ardenne', 'spectator']) {
      const told = JSON.stringify(eventsFor(r.events, seat));
      for (const secret of SECRETS) expect(told).not.toContain(secret);
    }
    expect(JSON.stringify(eventsFor(r.events, 'black-teeth'))).toContain(FORD_DECOY);
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

describe('sheet 000, Leurres: a decoy crossing friends is told like a hidden unit crossing them', () => {
  // Blue's hidden riders and a decoy imitating it each stand behind a friend in the open.
  const s = () =>
    withOrder(
      game([unit('h', 'blue', '0508', 0, { hidden: true, profiles: profiles('equestrian') }), unit('f', 'blue', '0507', 0), unit('f2', 'blue', '0307', 0), unit('r', 'red', '0101', 6)], {}, [{ id: 'd', side: 'blue', hex: '0308', facing: 0, mimic: 'h' }]),
      'h',
    );
  const crossingSeenByRed = (piece: string, through: string, beyond: string) => {
    const activated = ok(s(), 'blue', { type: 'activate', piece }).state;
    const r = ok(activated, 'blue', { type: 'move', piece, steps: [{ to: H(through) }, { to: H(beyond) }] });
    return eventsFor(r.events, 'red').filter((e) => e.type === 'test' && e.test === 'crossing');
  };

  test('§2.3.1.2 the friend in the open tests whether a hidden unit or a decoy crossed it, with the same modifiers; the hidden unit’s own test stays its owner’s', () => {
    const byUnit = crossingSeenByRed('h', '0507', '0506');
    const byDecoy = crossingSeenByRed('d', '0307', '0306');
    expect(byUnit.map((e) => e.type === 'test' && e.subject)).toEqual(['f']);
    expect(byDecoy.map((e) => e.type === 'test' && e.subject)).toEqual(['f2']);
    const mods = (e: (typeof byUnit)[number]) => (e.type === 'test' ? e.modifiers : []);
    expect(mods(byDecoy[0])).toEqual(mods(byUnit[0]));
  });
});

describe('issue 11: once the battle has ended, every seat sees what was under each cover', () => {
  /** The ford, its Black Teeth ambush and decoy still under their covers, ended at the turn limit. */
  function endedFord() {
    let s = ford();
    s.turnLimit = 1;
    s = ok(s, s.activeSide, { type: 'endTurn' }).state;
    if (s.status === 'playing') s = ok(s, s.activeSide, { type: 'endTurn' }).state;
    return s;
  }

  test('before the end the opponent and spectators see only covers; after it, the hidden unit and the decoy identified as such', () => {
    const ended = endedFord();
    expect(ended.status).toBe('ended');
    // still covered in the full state: the end reveals them in the views, it does not move them
    expect(ended.units.find((u) => u.id === 'o-ambush')).toMatchObject({ hidden: true });
    expect(ended.decoys.map((d) => d.id)).toEqual([FORD_DECOY]);
    for (const seat of ['ardenne', 'spectator', 'black-teeth', 'referee']) {
      const view = viewFor(ended, seat);
      expect(view.units.find((u) => u.id === 'o-ambush')).toMatchObject({ hidden: true, side: 'black-teeth' });
      expect(view.decoys.map((d) => d.id)).toEqual([FORD_DECOY]);
      // every cover now has what it hid beside it
      const under = new Set([...view.units.map((u) => u.coverId), ...view.decoys.map((d) => d.coverId)]);
      for (const c of view.covers!) expect(under.has(c.id)).toBe(true);
      expect(view.rng).toBeUndefined();
    }
    const playing = ford();
    playing.turnLimit = 1;
    const before = viewFor(ok(playing, playing.activeSide, { type: 'endTurn' }).state, 'ardenne');
    expect(before.status).toBe('playing');
    for (const secret of SECRETS) expect(JSON.stringify(before)).not.toContain(secret);
  });

  test('seesEverything: the referee always, the players and spectators only once the battle is over', () => {
    expect(seesEverything({ status: 'playing' }, 'referee')).toBe(true);
    expect(seesEverything({ status: 'playing' }, 'ardenne')).toBe(false);
    expect(seesEverything({ status: 'playing' }, 'spectator')).toBe(false);
    expect(seesEverything({ status: 'ended' }, 'spectator')).toBe(true);
    expect(seesEverything({ status: 'ended' }, 'ardenne')).toBe(true);
  });
});

/**
 * Issue 9: the reveal sweep (fog/reveal.ts) marks once the hexes each side's
 * units see, instead of asking every unit's distance for each cover; it must
 * reveal and remove what the previous sweep did (test/previous/reveal.ts).
 * Covers are scattered over positions of random games of every scenario
 * (formations included: the-shield-hill) and the stress battle, and set
 * next to a formation's second hex only (a formation sees from both its
 * hexes, docs/formations.md): the same events, units and decoys.
 */
describe('Fiche mécanismes communs, Unités Cachées et Leurres: the sweep marks what each side sees (issue 9)', () => {
  const sweepBoth = (state: GameState, moverId?: string) => {
    const now = cloneState(state);
    const before = cloneState(state);
    const events = [revealSweep(now, moverId), previousSweep(before, moverId)];
    return { now: [events[0], now.units, now.decoys], before: [events[1], before.units, before.decoys] };
  };
  const battles: Array<[string, Scenario]> = [...SCENARIOS.map((s) => [s.id, s] as [string, Scenario]), ['stress battle', stressScenario()]];
  test.each(battles)('%s: covers scattered over random positions', (id, scenario) => {
    const pick = seededDice(seedRng(`reveal-${id}`));
    const states: GameState[] = [];
    let n = 0;
    randomGame(scenario, 'reveal', { limit: id === 'stress battle' ? 150 : 600, afterEach: (s) => void (++n % 5 === 0 && states.push(cloneState(s))) });
    let changed = 0;
    for (const state of states) {
      const size = state.board.cols * state.board.rows;
      // A quarter of the one-hex units under covers too, so that battles without hidden units (the-shield-hill's formations see) sweep some.
      state.units.forEach((u, i) => {
        if (i % 4 === 0 && u.secondHex === undefined && u.hex >= 0) Object.assign(u, { hidden: true, coverId: u.coverId ?? `cover-${i}` });
        if (u.hidden) u.hex = pick.roll(size) - 1;
      });
      for (const d of state.decoys) d.hex = pick.roll(size) - 1;
      const { now, before } = sweepBoth(state, state.decoys[0]?.id);
      expect(now).toEqual(before);
      if ((before[0] as unknown[]).length > 0) changed += 1;
    }
    expect(changed).toBeGreaterThan(0);
  });

  test('a cover next to a formation\'s second hex only is seen (docs/formations.md)', () => {
    const state = game(
      [unit('f', 'red', '0505', 3, { secondHex: '0504', steps: 7 }), unit('h', 'blue', '0909', 0, { hidden: true }), unit('g', 'blue', '0101', 0, { hidden: true })],
      {},
      [{ id: 'd', side: 'blue', mimic: 'g', hex: '0109', facing: 0 }],
    );
    const f = state.units.find((u) => u.id === 'f')!;
    const onlySecond = [0, 1, 2, 3, 4, 5].map((d) => neighbourOf(state.board, f.secondHex!, d as Direction)).filter((h) => h >= 0 && h !== f.hex && distance(state.board, h, f.hex) > 1);
    expect(onlySecond.length).toBeGreaterThan(1);
    state.units.find((u) => u.id === 'h')!.hex = onlySecond[0];
    state.decoys.find((d) => d.id === 'd')!.hex = onlySecond[1];
    const { now, before } = sweepBoth(state);
    expect(now).toEqual(before);
    expect((now[0] as Array<{ type: string }>).map((e) => e.type).sort()).toEqual(['decoyRemoved', 'revealed']);
  });
});
