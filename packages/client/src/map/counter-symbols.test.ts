import { WEAPON_CLASSES } from '@lames/rules';
import { fordGame } from '@lames/rules/testing';
import { SYMBOLS, symbolOf } from './counter-symbols';

const troop = (weapon: string) => ({ kind: 'troop' as const, profiles: { weapon: { class: weapon } } }) as Parameters<typeof symbolOf>[0];

describe('type symbols on counters (issue 11: symbols rather than only abbreviations)', () => {
  it('every weapon class of the rules has its own symbol', () => {
    for (const c of WEAPON_CLASSES) expect(symbolOf(troop(c))).toBe(c);
  });

  it('no two symbols are drawn alike; light and heavy cavalry above all', () => {
    const drawn = Object.values(SYMBOLS).map((parts) => JSON.stringify(parts));
    expect(new Set(drawn).size).toBe(drawn.length);
    expect(JSON.stringify(SYMBOLS.heavyCavalry)).not.toBe(JSON.stringify(SYMBOLS.lightCavalry));
  });

  it('a character shows the leader star whatever it wields; an unknown class a plain sign', () => {
    expect(symbolOf({ kind: 'character', profiles: { weapon: { class: 'archers' } } } as Parameters<typeof symbolOf>[0])).toBe('character');
    expect(symbolOf(troop('catapultOfDoom'))).toBe('unknown');
  });

  it('the ford: knights are heavy cavalry, Sire Gauvain a character', () => {
    const units = fordGame('x').units;
    expect(symbolOf(units.find((u) => u.id === 'h-knights')!)).toBe('heavyCavalry');
    expect(symbolOf(units.find((u) => u.id === 'h-gauvain')!)).toBe('character');
  });

  it('every part stays inside the symbol frame (−1..1)', () => {
    for (const parts of Object.values(SYMBOLS)) {
      for (const p of parts) {
        const coords = p.kind === 'line' || p.kind === 'poly' ? p.pts : [p.x, p.y];
        for (const v of coords) expect(Math.abs(v)).toBeLessThanOrEqual(1);
      }
    }
  });
});
