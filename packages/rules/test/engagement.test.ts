import { engages } from '../src';
import { game, profiles, unit } from './fixtures';

/**
 * The rulebook's engagement figure (§2.3.2): cavalry 1 engages cavalry 2 but
 * not the reverse; 2 and the spearmen 4 engage each other; the men-at-arms 3
 * do not engage 2 across a hexside they cannot cross; the routed wolves 5
 * engage nobody.
 */
function figure() {
  const cav = profiles('equestrian');
  const s = game(
    [
      unit('c2', 'blue', '0505', 0, { profiles: cav }),
      unit('c1', 'red', '0506', 0, { profiles: cav }),
      unit('s4', 'red', '0504', 6),
      unit('m3', 'red', '0604', 8),
      unit('w5', 'red', '0404', 4, { profiles: profiles('animal') }),
    ],
    { hexsides: [{ hex: '0505', direction: 1, kind: 'impassable' }] },
  );
  s.units.find((u) => u.id === 'w5')!.cohesion = 'routed';
  return s;
}

describe('§2.3.2 engagement, the rulebook figure', () => {
  const s = figure();
  const by = (id: string) => s.units.find((u) => u.id === id)!;

  test('§2.3.2 (1) engages (2), which does not engage (1) back: engagement is not symmetric', () => {
    expect(engages(s, by('c1'), by('c2'))).toBe(true);
    expect(engages(s, by('c2'), by('c1'))).toBe(false);
  });

  test('§2.3.2 (2) and the spearmen (4) engage each other', () => {
    expect(engages(s, by('c2'), by('s4'))).toBe(true);
    expect(engages(s, by('s4'), by('c2'))).toBe(true);
  });

  test('§2.3.2 (3) does not engage (2) across a hexside it cannot cross', () => {
    expect(engages(s, by('m3'), by('c2'))).toBe(false);
  });

  test('§2.3.2 the routed wolves (5) engage nobody', () => {
    expect(engages(s, by('w5'), by('c2'))).toBe(false);
  });
});
