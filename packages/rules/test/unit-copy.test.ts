import { copyUnit } from '../src/state/unit-copy';
import type { Unit } from '../src/state/types';
import { recordedPositions } from './recorded-positions';

/**
 * Issue 9, seventh pass: `apply`, the seat views and the snapshots copy units
 * by `copyUnit` rather than a spread. A copy must be the spread's: the same
 * fields, in the same order (saved records and views serialise units), the
 * profiles and faculties shared.
 */
const units = recordedPositions('unit-copy', {
  every: 50,
  stressLimit: 100,
  formations: true,
}).flatMap(([, s]) => s.units);

const sameAsSpread = (u: Unit) => {
  const copy = copyUnit(u);
  expect(copy).not.toBe(u);
  expect(Object.keys(copy)).toEqual(Object.keys({ ...u }));
  expect(JSON.stringify(copy)).toBe(JSON.stringify(u));
  expect(copy.profiles).toBe(u.profiles);
  expect(copy.faculties).toBe(u.faculties);
};

test('issue 9: every unit of recorded games copied as a spread copies it', () => {
  expect(units.length).toBeGreaterThan(500);
  units.forEach(sameAsSpread);
});

test('issue 9: a unit whose fields come in another order, or with optional ones, keeps its own order', () => {
  const u = units.find((x) => Object.keys(x).length === 19)!;
  const { hidden, stackRank, ...rest } = u;
  sameAsSpread({ ...rest, hidden, stackRank } as Unit);
  sameAsSpread({ ...u, coverId: 'c-1' });
  sameAsSpread({ ...u, testedAgainst: ['x'], offMap: { hex: 1, dir: 2, turn: 3 } });
  const { ammunition: _none, ...plain } = { ...u, ammunition: 'diminished' as const };
  sameAsSpread({ ammunition: 'diminished', ...plain } as Unit);
});
