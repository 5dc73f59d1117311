import { createGame, parseHexLabel, viewFor, type GameState, type Unit } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { modeBadge, stacksOf, type StackItem } from './counters-model';
import { DOUBLE, doubleAxis, mapLayout } from './formation-layout';
import { hexToWorld, SQRT3, R } from './layout';
import { CHARACTER, stackLayout, TROOP } from './stack-layout';

const state = createGame(scenarioById('the-shield-hill')!, 'layout');
const view = viewFor(state, 'alliance');
const at = (label: string) => parseHexLabel(view.board, label);
const heightOf = (it: StackItem) => (it.kind === 'unit' && it.unit.size === 'small' ? CHARACTER.h : TROOP.h);
const unit = (id: string) => view.units.find((u) => u.id === id)!;
const deg = (r: number) => Math.round((r * 180) / Math.PI);

/** The view with one unit changed (its rank in the stacks, its facing). */
function withUnit(v: GameState, id: string, patch: Partial<Unit>): GameState {
  return { ...v, units: v.units.map((u) => (u.id === id ? { ...u, ...patch } : u)) };
}

describe('§3.3 a formation in the stacks of both its hexes', () => {
  it('belongs to the stack of each of its two hexes, at its one rank', () => {
    const stacks = stacksOf(view);
    for (const label of ['0408', '0508']) expect(stacks.get(at(label))!.map((i) => i.id)).toContain('a-archers');
  });
});

describe('§3.3 the double counter: one counter across two hexes, its front towards the vertex it faces', () => {
  it('is centred on the shared hexside and turned along the line joining the hexes', () => {
    const hammers = unit('a-hammers');
    const { centre, rotation, frontUp } = doubleAxis(view.board, hammers);
    const a = hexToWorld(view.board, hammers.hex);
    const b = hexToWorld(view.board, hammers.secondHex!);
    expect(centre).toEqual({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
    // facing 1 (the vertex between north and north-east): hexes along NW–SE, front up
    expect(deg(rotation)).toBe(30);
    expect(frontUp).toBe(true);
  });

  it('§3.3.3 the half-turn keeps the counter and turns its front down', () => {
    const hammers = { ...unit('a-hammers'), facing: 7 as const };
    expect(deg(doubleAxis(view.board, hammers).rotation)).toBe(30);
    expect(doubleAxis(view.board, hammers).frontUp).toBe(false);
  });

  it('never reads upside down: a north–south pair turns by 90°, never −90°, with its front east or west', () => {
    const hex = at('0505');
    const north = at('0504');
    expect(deg(doubleAxis(view.board, { hex, secondHex: north, facing: 3 }).rotation)).toBe(90);
    expect(deg(doubleAxis(view.board, { hex: north, secondHex: hex, facing: 3 }).rotation)).toBe(90);
    expect(doubleAxis(view.board, { hex, secondHex: north, facing: 3 }).frontUp).toBe(true);
    expect(doubleAxis(view.board, { hex, secondHex: north, facing: 9 }).frontUp).toBe(false);
  });

  it('is long enough to cover both hex centres with a troop counter’s half beyond each', () => {
    expect(DOUBLE.w / 2).toBeCloseTo((SQRT3 * R) / 2 + TROOP.w / 2);
    expect(DOUBLE.h).toBe(TROOP.h);
  });
});

describe('§2.3.1 the layout of a double counter in the stack of each hex', () => {
  it('a formation alone in its hexes: one double counter at the centre of the pair, full size, and nothing in its hexes', () => {
    const { singles, doubles } = mapLayout(view.board, stacksOf(view), heightOf);
    const hammers = doubles.find((d) => d.unit.id === 'a-hammers')!;
    const { centre } = doubleAxis(view.board, hammers.unit);
    expect({ x: hammers.x, y: hammers.y, scale: hammers.scale }).toEqual({ ...centre, scale: 1 });
    expect(singles.some((s) => s.item.id === 'a-hammers' || s.hex === at('0708') || s.hex === at('0808'))).toBe(false);
    expect(doubles.map((d) => d.unit.id).sort()).toEqual(['a-archers', 'a-hammers', 'h-cohort', 'h-legion']);
  });

  it('a character behind the formation in one hex keeps its head above it and is drawn before it', () => {
    // Dame Aélis stands in the archers' second hex, listed after them: behind
    const v = withUnit(view, 'a-aelis', { stackRank: unit('a-archers').stackRank + 1 });
    const { singles, doubles } = mapLayout(v.board, stacksOf(v), heightOf);
    const aelis = singles.find((s) => s.item.id === 'a-aelis')!;
    const archers = doubles.find((d) => d.unit.id === 'a-archers')!;
    const hex = hexToWorld(v.board, at('0508'));
    expect(aelis).toMatchObject({ hex: at('0508'), front: false, overFormation: false });
    // the hex shingles the two as any stack; the double counter takes the mean of its slot there and its slot alone in 0408
    const [slot, behind] = stackLayout([TROOP.h, CHARACTER.h]);
    expect(aelis.y).toBeCloseTo(hex.y + behind.y);
    expect(aelis.y).toBeLessThan(hex.y);
    const { centre } = doubleAxis(v.board, archers.unit);
    expect(archers.y - centre.y).toBeCloseTo(slot.y / 2);
    expect(archers.scale).toBe(aelis.scale);
    expect(archers.scale).toBeLessThan(1);
  });

  it('a character in front of the formation in one hex is drawn over it, at the front of its hex', () => {
    const v = withUnit(view, 'a-aelis', { stackRank: unit('a-archers').stackRank - 1 });
    const { singles, doubles } = mapLayout(v.board, stacksOf(v), heightOf);
    const aelis = singles.find((s) => s.item.id === 'a-aelis')!;
    const hex = hexToWorld(v.board, at('0508'));
    expect(aelis).toMatchObject({ hex: at('0508'), front: true, overFormation: true });
    expect(aelis.y).toBeGreaterThan(hex.y);
    const archers = doubles.find((d) => d.unit.id === 'a-archers')!;
    expect(archers.y).toBeLessThan(doubleAxis(v.board, archers.unit).centre.y);
  });

  it('every other stack is laid out as before: the two archers stacked in 0310 shingle in their hex', () => {
    const { singles } = mapLayout(view.board, stacksOf(view), heightOf);
    const here = singles.filter((s) => s.hex === at('0310'));
    expect(here.map((s) => [s.item.id, s.front, s.overFormation])).toEqual([
      ['a-archers-2', true, false],
      ['a-archers-3', false, false],
    ]);
    expect(here[1].y).toBeLessThan(here[0].y);
  });
});

describe('§3.3.6 the mode marker', () => {
  it('march shows none; shield wall and tortoise show their short names in each language', () => {
    expect(modeBadge(unit('a-archers'), 'fr')).toBeNull();
    expect(modeBadge(unit('a-hammers'), 'fr')?.text).toBe('MUR');
    expect(modeBadge(unit('a-hammers'), 'en')?.text).toBe('WALL');
    expect(modeBadge(unit('h-cohort'), 'fr')?.text).toBe('TORTUE');
    expect(modeBadge(unit('h-cohort'), 'en')?.text).toBe('TORTOISE');
  });
});
