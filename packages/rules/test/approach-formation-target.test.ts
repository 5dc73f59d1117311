import { engageCost, GameState, Unit, viewFor } from '../src';
import { approachField } from '../src/movement/approach-field';
import { game, unit } from './fixtures';

/**
 * §2.6.11.1, A-69: a one-hex unit approaching an enemy formation measures
 * its cost to engage the formation at the nearer of the formation's two
 * hexes, as the nearest threat to a formation is measured. Before, the
 * attack directive's field and `engageCost` looked at the formation's first
 * hex only.
 *
 * The red formation stands on 0502 (first hex) and 0503 (south of it),
 * facing west; the blue pedestrian on 0506 faces north, up the column.
 */
const find = (s: GameState, id: string): Unit => s.units.find((x) => x.id === id)!;
const setUp = () => game([unit('m', 'blue', '0506', 0), unit('rf', 'red', '0502', 9, { secondHex: '0503', steps: 6 })]);

describe('§2.6.11.1 A-69 a one-hex unit engages an enemy formation at its nearer hex', () => {
  test('§2.6.11.1 A-69 engageCost takes the nearer hex (0503, from 0504: 2 MP), not the first (0502: 3 MP)', () => {
    const s = setUp();
    const rf = find(s, 'rf');
    const m = find(s, 'm');
    const atFirst = engageCost(s, m, { ...rf, secondHex: undefined });
    const atSecond = engageCost(s, m, { ...rf, hex: rf.secondHex!, secondHex: undefined });
    expect(atSecond).toBeLessThan(atFirst);
    expect(engageCost(s, m, rf)).toBe(atSecond);
  });

  test('§2.6.11.1 A-69 the attack directive’s approach field prices the formation at its nearer hex too', () => {
    const s = viewFor(setUp(), 'blue');
    const rf = find(s, 'rf');
    const m = find(s, 'm');
    const field = approachField(s, m, [rf]);
    expect(field.at(m.hex, m.facing)).toBe(engageCost(s, m, rf));
    expect(field.at(m.hex, m.facing)).toBeLessThan(engageCost(s, m, { ...rf, secondHex: undefined }));
  });
});
