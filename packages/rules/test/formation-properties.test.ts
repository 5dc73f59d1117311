import {
  apply,
  formationChoices,
  isFormation,
  modesOpen,
  type GameEvent,
  type GameState,
  type Unit,
} from '../src';
import { terrainAt } from '../src/terrain/board';
import { bodyHexes, bodyIsValid } from '../src/units/body';
import { loseCohesion, loseStep } from '../src/units/condition';
import { lostSteps } from '../src/units/formation-assembly';
import { stackAt, stackPointsAt, STACK_LIMIT } from '../src/units/stacking';
import { game, profiles, unit } from './fixtures';

/**
 * Properties of the formation actions over random sequences (§3.3): after
 * every fusion, constitution, join, leave, break and change of mode, and
 * after every forced break that combat pressure (steps, cohesion) causes, a
 * formation covers two adjacent clear hexes facing a vertex, has 3 to 12
 * steps and is never routed; no hex holds two formations or more than 10
 * points, except where a forced break put them; no step is won or
 * lost by a formation action (the victory count, §2.4).
 */

const superior = () => ({
  ...profiles(),
  command: { class: 'regular' as const, capacity: 'superior' as const },
});

/** Blue troops in pairs and stacks on clear ground (one-step pairs to fuse, full stacks to form, leave and join), all facing the east vertex; red far away. */
function field(): GameState {
  const stacks: [string, number[]][] = [
    ['0202', [2, 2]],
    ['0203', [2, 2]],
    ['0402', [1, 1]],
    ['0403', [2]],
    ['0602', [2, 2]],
    ['0603', [2, 1]],
    ['0802', [2]],
    ['0803', [1, 1]],
    ['0205', [2]],
  ];
  const units = stacks.flatMap(([hex, steps], i) =>
    steps.map((n, j) =>
      unit(`t${i}${j}`, 'blue', hex, 3, {
        profiles: superior(),
        steps: n,
        faculties: i % 3 === 0 ? ['manoeuvre'] : [],
      }),
    ),
  );
  const s = game([...units, unit('r', 'red', '0909', 9)], { terrain: { rough: ['0206', '0606'] } });
  s.formationProfiles = { infantry: superior() };
  s.troopProfiles = { infantry: superior() };
  for (const w of s.wings) w.directive = 'regroup';
  return s;
}

/** A small deterministic generator, one stream per seed. */
function random(seed: number): (n: number) => number {
  let x = seed >>> 0;
  return (n) => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x % n;
  };
}

/** Every action the chosen formation choices allow the piece. */
function options(s: GameState, piece: string): object[] {
  const c = formationChoices(s, 'blue', piece);
  return [
    ...c.fuse.map((w) => ({ type: 'fuse', piece, with: w })),
    ...c.constitute.map((w) => ({ type: 'constitute', piece, with: w })),
    ...(c.joinFormation ? [{ type: 'joinFormation', piece }] : []),
    ...c.leaveFormation.map((hexes) => ({ type: 'leaveFormation', piece, hexes })),
    ...c.breakFormation.map((h) =>
      h === undefined
        ? { type: 'breakFormation', piece }
        : { type: 'breakFormation', piece, heavier: h },
    ),
    ...c.changeMode.map((mode) => ({ type: 'changeMode', piece, mode })),
  ];
}

const blueLost = (s: GameState) =>
  s.units.filter((u) => u.side === 'blue').reduce((n, u) => n + lostSteps(u), 0);

function checkInvariants(s: GameState, overfull: Set<number>): void {
  const ids = s.units.map((u) => u.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const f of s.units.filter((u) => isFormation(u) && !u.destroyed)) {
    expect(bodyIsValid(s.board, f)).toBe(true);
    expect(bodyHexes(f).every((h) => terrainAt(s.board, h) === 'clear')).toBe(true);
    expect(f.steps).toBeGreaterThanOrEqual(3);
    expect(f.steps).toBeLessThanOrEqual(12);
    expect(f.cohesion).not.toBe('routed');
    if (f.formationMode) expect(modesOpen(f)).toContain(f.formationMode);
  }
  for (let hex = 0; hex < s.board.terrain.length; hex++) {
    expect(stackAt(s, hex).filter(isFormation).length).toBeLessThanOrEqual(1);
    if (!overfull.has(hex)) expect(stackPointsAt(s, hex)).toBeLessThanOrEqual(STACK_LIMIT);
  }
}

/** The hexes a forced break filled: they may hold more than 10 points. */
function forcedHexes(events: GameEvent[]): number[] {
  return events.flatMap((e) =>
    e.type === 'troopsReleased' && e.cause !== 'voluntary' ? e.troops.map((t) => t.hex) : [],
  );
}

/** The formation actions the random games played, and the forced breaks they caused. */
const played = new Set<string>();

describe('§3.3 properties of random formation actions', () => {
  test.each([1, 2, 3, 4, 5, 6])(
    'seed %i: formations stay whole, stacks legal, steps conserved',
    (seed) => {
      const pick = random(seed);
      let s = field();
      const overfull = new Set<number>();
      let acted = 0;
      for (let round = 0; round < 80; round++) {
        // Every round is a fresh activation of a blue piece (the turn's flow is tested elsewhere).
        for (const u of s.units) if (u.side === 'blue' && u.order === 'activated') u.order = 'none';
        Object.assign(s, { activation: null, activeSide: 'blue' });
        const pieces = s.units.filter((u) => u.side === 'blue' && u.hex >= 0 && !u.destroyed);
        const piece = pieces[pick(pieces.length)];
        if (pick(5) === 0 && isFormation(piece)) {
          // combat pressure: a step, or a cohesion level by recoil or fright
          const before = blueLost(s);
          const events =
            pick(2) === 0
              ? loseStep(s, piece, 'combat', '§2.7.4')
              : loseCohesion(s, piece, pick(2) === 0 ? 'recoil' : 'frightened', '§2.7.5');
          forcedHexes(events).forEach((h) => overfull.add(h));
          if (forcedHexes(events).length > 0) played.add('forcedBreak');
          expect(blueLost(s) - before).toBeLessThanOrEqual(1);
          checkInvariants(s, overfull);
          continue;
        }
        const activation = apply(s, 'blue', { type: 'activate', piece: piece.id });
        if (!activation.ok) continue;
        s = activation.state;
        const open = options(s, piece.id);
        if (open.length === 0) continue;
        const before = blueLost(s);
        const action = open[pick(open.length)] as { type: string };
        played.add(action.type);
        const r = apply(s, 'blue', action);
        if (!r.ok) throw new Error(`a listed choice was refused: ${r.rejection.code}`);
        s = r.state;
        acted += 1;
        expect(blueLost(s)).toBe(before);
        checkInvariants(s, overfull);
      }
      expect(acted).toBeGreaterThan(5);
    },
  );

  test('§3.3 the random games played every formation action and forced breaks', () => {
    expect([...played].sort()).toEqual([
      'breakFormation',
      'changeMode',
      'constitute',
      'forcedBreak',
      'fuse',
      'joinFormation',
      'leaveFormation',
    ]);
  });

  test('§3.3.10 constituting at random: every listed constitution is allowed, and builds an in-order formation of 3 to 12 steps', () => {
    const pick = random(7);
    let s = field();
    for (let i = 0; i < 40; i++) {
      for (const u of s.units) if (u.side === 'blue') u.order = 'none';
      Object.assign(s, { activation: null, activeSide: 'blue' });
      const pieces: Unit[] = s.units.filter((u) => u.side === 'blue' && u.hex >= 0);
      const piece = pieces[pick(pieces.length)];
      const a = apply(s, 'blue', { type: 'activate', piece: piece.id });
      if (!a.ok) continue;
      const constitute = options(a.state, piece.id).filter(
        (o) => (o as { type: string }).type === 'constitute',
      );
      if (constitute.length === 0) continue;
      const r = apply(a.state, 'blue', constitute[0]);
      if (!r.ok) throw new Error(`a listed constitution was refused: ${r.rejection.code}`);
      s = r.state;
    }
    const formations = s.units.filter(isFormation);
    expect(formations.length).toBeGreaterThan(0);
    expect(formations.every((f) => f.cohesion === 'inOrder' && f.steps >= 3 && f.steps <= 12)).toBe(
      true,
    );
  });
});
