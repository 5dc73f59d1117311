import { capacityTable, capacityTableSchema, DataFileError, movementTable, parseDataFile } from '../src';

describe('data files are validated at load', () => {
  test('README capacity table: thresholds 10/9/8/7/6, movement +2..−2', () => {
    expect(capacityTable.ranks.map((r) => r.testThreshold)).toEqual([10, 9, 8, 7, 6]);
    expect(capacityTable.ranks.map((r) => r.movementBonus)).toEqual([2, 1, 0, -1, -2]);
  });

  test('§2.6.1 movement classes in the restored order with bases 2, 3, 3, 2, 4, 2', () => {
    expect(movementTable.classes.map((c) => [c.id, c.base])).toEqual([
      ['pedestrian', 2],
      ['equestrian', 3],
      ['animal', 3],
      ['wheeled', 2],
      ['flying', 4],
      ['floating', 2],
    ]);
  });

  test('a bad data file is refused with the file and the field named', () => {
    const broken = { ranks: capacityTable.ranks.map((r, i) => (i === 2 ? { ...r, testThreshold: 13 } : r)) };
    expect(() => parseDataFile('capacities.json', capacityTableSchema, broken)).toThrow(DataFileError);
    expect(() => parseDataFile('capacities.json', capacityTableSchema, broken)).toThrow(/capacities\.json: ranks\.2\.testThreshold/);
  });
});
