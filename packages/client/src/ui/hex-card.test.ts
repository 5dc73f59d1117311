import { createGame, parseHexLabel, viewFor } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { fordGame, FORD_DECOY } from '@lames/rules/testing';
import { hexCardModel } from './hex-card';

const state = fordGame('x');
const hex = (label: string) => parseHexLabel(state.board, label);

describe('hex card (issue 11: hover or long-press any hex: terrain, hexsides, altitude, objective, stack)', () => {
  const ardenne = viewFor(state, 'ardenne');

  it('the ford 0806: its objective with name and points, and the road crossing its north and south sides', () => {
    const fr = hexCardModel(ardenne, hex('0806'), 'fr');
    expect(fr.title).toBe('Hexagone 0806');
    expect(fr.objective).toBe('Objectif : Le gué — 4 PV');
    expect(fr.hexsides).toEqual([
      { dir: expect.any(String), kind: 'route' },
      { dir: expect.any(String), kind: 'route' },
    ]);
    const en = hexCardModel(ardenne, hex('0806'), 'en');
    expect(en.objective).toBe('Objective: The ford — 4 VP');
    expect(en.hexsides.map((s) => s.dir)).toEqual(['N', 'S']);
  });

  it('a cliff seen from both hexes it separates (0504 south, 0505 north), and the altitude of the hill', () => {
    expect(hexCardModel(ardenne, hex('0504'), 'en').hexsides).toContainEqual({ dir: 'S', kind: 'impassable hexside (cliff)' });
    expect(hexCardModel(ardenne, hex('0505'), 'en').hexsides).toContainEqual({ dir: 'N', kind: 'impassable hexside (cliff)' });
    expect(hexCardModel(ardenne, hex('0504'), 'en').terrain).toContain('Altitude 1');
    expect(hexCardModel(ardenne, hex('0710'), 'en').terrain).toContain('Altitude 0');
  });

  it('a stack lists every unit front first, each with type, steps, facing, place (§2.3.1), state', () => {
    const card = hexCardModel(ardenne, hex('0710'), 'fr');
    expect(card.pieces.map((p) => p.title)).toEqual(["Chevaliers d'Ardenne", 'Sire Gauvain']);
    const [knights, gauvain] = card.pieces;
    expect(knights.lines[0]).toContain('cavalerie lourde');
    // the only large unit is both front and back of its stack (§2.3.1): no place is named
    expect(knights.lines[1]).toBe('Pas : 2 / 2 · Orientation N');
    expect(knights.lines[0]).toBe('cavalerie lourde · Ardenne');
    expect(knights.lines[2]).toBe('en ordre, fraîche');
    expect(gauvain.lines[0]).toBe('personnage, chef · Ardenne');
    // a small unit with a large one is in the middle of the stack
    expect(gauvain.lines[1]).toContain('Au milieu');
  });

  it('shows the enemy hidden unit and decoy as covers only: a side, nothing of what is under (secrecy)', () => {
    for (const label of ['1303', '1204']) {
      const card = hexCardModel(ardenne, hex(label), 'fr');
      expect(card.pieces).toHaveLength(1);
      expect(card.pieces[0].title).toBe('Pion caché (Dents Noires)');
      expect(card.pieces[0].lines).toEqual([]);
      const text = JSON.stringify(card);
      expect(text).not.toContain('Embuscade');
      expect(text).not.toContain('o-ambush');
      expect(text).not.toContain(FORD_DECOY);
    }
    // the two covers' cards cannot be told apart, but for their hex and opaque id
    const strip = (label: string) => {
      const c = hexCardModel(ardenne, hex(label), 'fr');
      return { ...c, title: '', pieces: c.pieces.map((p) => ({ ...p, id: '' })), terrain: '', hexsides: [] };
    };
    expect(strip('1303')).toEqual(strip('1204'));
  });

  it("the owner sees under its own covers: the hidden unit and the decoy's mimic", () => {
    const teeth = viewFor(state, 'black-teeth');
    expect(hexCardModel(teeth, hex('1303'), 'en').pieces[0].title).toBe('Embuscade gobeline');
    const decoy = hexCardModel(teeth, hex('1204'), 'en').pieces[0];
    expect(decoy.title).toBe('decoy');
    expect(decoy.lines[0]).toBe('Mimics: Embuscade gobeline');
  });

  it('an empty hex of clear ground: terrain and altitude, no hexside, no piece', () => {
    const card = hexCardModel(ardenne, hex('0101'), 'en');
    expect(card.terrain).toMatch(/^Terrain: \w+ · Altitude 0$/);
    expect(card.pieces).toEqual([]);
    expect(card.objective).toBeNull();
  });
});

describe('hex card of a formation (issue 10, §3.3)', () => {
  const hill = viewFor(createGame(scenarioById('the-shield-hill')!, 'card'), 'alliance');
  const at = (label: string) => parseHexLabel(hill.board, label);

  it('either hex of a formation lists it, with its figures, bloodied face and mode, in French and English (§3.3.6)', () => {
    for (const label of ['0708', '0808']) {
      const card = hexCardModel(hill, at(label), 'fr');
      expect(card.pieces.find((p) => p.id === 'a-hammers')?.lines.join('\n')).toMatch(/^Figurines\s:\s3 \(6 pas\) · Mode\s:\sMur de boucliers$/m);
    }
    const archers = hexCardModel(hill, at('0408'), 'en').pieces.find((p) => p.id === 'a-archers')!;
    expect(archers.lines).toContain('Figures: 3 (5 steps), bloodied face · Mode: March');
    // a one-hex unit has no such line
    expect(hexCardModel(hill, at('1008'), 'fr').pieces[0].lines.some((l) => l.startsWith('Figurines'))).toBe(false);
  });
});
