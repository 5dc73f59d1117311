import type { Faculty } from '../src/data/schemas';
import { buildBoard, loadScenario, movementPoints, pathDistance, reorientCost, stepCost } from '../src';
import { game, H, profiles, scenario, unit } from './fixtures';

const field = (map: Parameters<typeof scenario>[1]) => buildBoard(loadScenario(scenario([unit('b', 'blue', '0101', 0)], map)));
const mover = (cls: Parameters<typeof profiles>[0], capacity: Parameters<typeof profiles>[1] = 'ordinary') => ({
  profiles: profiles(cls, capacity),
  faculties: [] as Faculty[],
  size: 'large' as const,
});

describe('§2.6.1 movement capacity', () => {
  test.each([
    ['pedestrian', 'ordinary', 2],
    ['equestrian', 'ordinary', 3],
    ['animal', 'superior', 5],
    ['wheeled', 'inferior', 0],
    ['flying', 'advantaged', 5],
    ['floating', 'disadvantaged', 1],
  ] as const)('§2.6.1 %s of %s capacity has %d movement points', (cls, cap, mp) => {
    expect(movementPoints(mover(cls, cap))).toBe(mp);
  });
});

describe('§2.6.2 the movement table', () => {
  const board = field({
    terrain: { rough: ['0502'], difficult: ['0503'], water: ['0504'] },
    altitude: { '1': ['0302'] },
    hexsides: [
      { hex: '0201', direction: 3, kind: 'road' },
      { hex: '0401', direction: 3, kind: 'rough' },
      { hex: '0601', direction: 3, kind: 'impassable' },
    ],
  });
  const cost = (cls: Parameters<typeof mover>[0], from: string, dir: number) => stepCost(board, mover(cls), H(from), dir as 0);

  test('§2.6.2 clear terrain: 1 for foot, ½ for horse', () => {
    expect(cost('pedestrian', '0101', 3)).toMatchObject({ kind: 'cost', halves: 2 });
    expect(cost('equestrian', '0101', 3)).toMatchObject({ kind: 'cost', halves: 1 });
  });

  test('§2.6.2 rough 1½; difficult is minimal movement for horse, 2 for foot', () => {
    expect(cost('pedestrian', '0501', 3)).toMatchObject({ kind: 'cost', halves: 3 });
    expect(cost('equestrian', '0502', 3)).toMatchObject({ kind: 'minimal' });
    expect(cost('pedestrian', '0502', 3)).toMatchObject({ kind: 'cost', halves: 4 });
  });

  test('§2.2.1.1 water is forbidden to walkers, open to flyers', () => {
    expect(cost('pedestrian', '0503', 3)).toMatchObject({ kind: 'forbidden', reason: 'terrain' });
    expect(cost('flying', '0503', 3)).toMatchObject({ kind: 'cost', halves: 2 });
  });

  test('§2.2.1.2 a road hexside replaces the cost of the hex entered', () => {
    expect(cost('equestrian', '0201', 3)).toMatchObject({ kind: 'cost', halves: 1, road: true });
    expect(cost('wheeled', '0201', 3)).toMatchObject({ kind: 'cost', halves: 2 });
    expect(cost('wheeled', '0101', 3)).toMatchObject({ kind: 'minimal' });
  });

  test('§2.2.1.2 a rough hexside adds its column: ½ for foot, 1 for horse', () => {
    expect(cost('pedestrian', '0401', 3)).toMatchObject({ kind: 'cost', halves: 3 });
    expect(cost('equestrian', '0401', 3)).toMatchObject({ kind: 'cost', halves: 3 });
  });

  test('§2.2.1.2 climbing a level costs ½ more, going down nothing, flyers never', () => {
    expect(cost('pedestrian', '0301', 3)).toMatchObject({ kind: 'cost', halves: 3, climb: true });
    expect(cost('pedestrian', '0302', 0)).toMatchObject({ kind: 'cost', halves: 2, climb: false });
    expect(cost('flying', '0301', 3)).toMatchObject({ kind: 'cost', halves: 2, climb: false });
  });

  test('§2.2.1.2 an impassable hexside stops everyone but flyers', () => {
    expect(cost('pedestrian', '0601', 3)).toMatchObject({ kind: 'forbidden', reason: 'hexside' });
    expect(cost('flying', '0601', 3)).toMatchObject({ kind: 'cost' });
  });
});

describe('§2.6.6 reorientation costs', () => {
  test('§2.6.6 foot: first vertex free, each further ½', () => {
    expect(reorientCost(mover('pedestrian'), 0, 1)).toBe(0);
    expect(reorientCost(mover('pedestrian'), 0, 3)).toBe(2);
  });

  test('§2.6.6 horse: first vertex ½, each further 1', () => {
    expect(reorientCost(mover('equestrian'), 0, 1)).toBe(1);
    expect(reorientCost(mover('equestrian'), 0, 6)).toBe(11);
  });

  test('§2.3 a small unit turns for free', () => {
    expect(reorientCost({ ...mover('equestrian'), size: 'small' }, 0, 6)).toBe(0);
  });
});

describe('§2.6.2 distances in movement points', () => {
  test('§2.6.2 worked example: cavalry with 3 MP through two clear hexes and a forest is 5.5 points away', () => {
    const state = game([unit('cav', 'blue', '0508', 0, { profiles: profiles('equestrian', 'ordinary') })], { terrain: { difficult: ['0505'] } });
    const cav = state.units[0];
    expect(movementPoints(cav)).toBe(3);
    expect(pathDistance(state.board, cav, [H('0507'), H('0506'), H('0505')])).toBe(5.5);
  });
});
