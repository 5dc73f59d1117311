import { apply, ApplyResult, buildBoard, engages, eventsFor, fixedDice, GameState, loadScenario, mayCharge, reorientCost, stepCost, viewFor, withdrawOptions } from '../src';
import type { Faculty } from '../src/data/schemas';
import { zoneAttacked } from '../src/combat/geometry';
import { recoilHexes } from '../src/combat/recoil';
import { loseCharge } from '../src/units/condition';
import { joinStack } from '../src/units/stack-facing';
import { game, gameWithFreeB, H, profiles, scenario, unit } from './fixtures';
import { activated } from './helpers';

/**
 * Issue 8, chapter 3 §3.1: the faculties that change movement, zones and
 * breath (checklist FAC-09, FAC-11, FAC-13, FAC-21, FAC-23, FAC-27).
 */
const u = (s: GameState, id: string) => s.units.find((x) => x.id === id)!;
const code = (r: ApplyResult) => (r.ok ? 'ok' : r.rejection.code);
const moveOf = (s: GameState, piece: string, steps: unknown[], mode = 'normal') => apply(activated(s, 'blue', piece), 'blue', { type: 'move', piece, steps, mode });
const done = (r: ApplyResult) => {
  if (!r.ok) throw new Error(`refused: ${r.rejection.code}`);
  return r;
};
const mover = (cls: Parameters<typeof profiles>[0], faculties: Faculty[] = []) => ({ profiles: profiles(cls), faculties, size: 'large' as const });

describe('§3.1 FAC-13 forest adaptation (l.1811): a wood or forest hex counts as clear terrain', () => {
  const board = buildBoard(loadScenario(scenario([unit('b', 'blue', '0101', 0)], { terrain: { difficult: ['0504', '0604'] }, features: { wood: ['0504'], forest: ['0604'] } })));

  test('§3.1 FAC-13 a wood or forest hex costs the adapted unit the clear column; others pay its terrain', () => {
    expect(stepCost(board, mover('pedestrian'), H('0505'), 0)).toMatchObject({ kind: 'cost', halves: 4 });
    expect(stepCost(board, mover('pedestrian', ['forestAdapted']), H('0505'), 0)).toMatchObject({ kind: 'cost', halves: 2 });
    expect(stepCost(board, mover('equestrian'), H('0505'), 1)).toMatchObject({ kind: 'minimal' });
    expect(stepCost(board, mover('equestrian', ['forestAdapted']), H('0505'), 1)).toMatchObject({ kind: 'cost', halves: 1 });
  });

  test('§3.1 FAC-13 adapted cavalry rides through a wood in a normal move; other cavalry needs minimal movement', () => {
    const map = { terrain: { difficult: ['0504'] }, features: { wood: ['0504'] } };
    const cav = (faculties: Faculty[]) => gameWithFreeB([unit('b', 'blue', '0505', 0, { profiles: profiles('equestrian'), faculties })], map);
    expect(code(moveOf(cav([]), 'b', [{ to: H('0504') }, { to: H('0503') }]))).toBe('needsMinimalMovement');
    const r = done(moveOf(cav(['forestAdapted']), 'b', [{ to: H('0504') }, { to: H('0503') }]));
    expect(u(r.state, 'b')).toMatchObject({ hex: H('0503'), breath: 'fresh' });
  });
});

describe('§3.1 FAC-21, FAC-27 climber (l.1830): over an impassable or fortification hexside by minimal movement only', () => {
  const map = (kind: 'impassable' | 'fortification') => ({ hexsides: [{ hex: '0505', direction: 0, kind }] });
  const climber = (kind: 'impassable' | 'fortification', faculties: Faculty[] = ['climber']) => gameWithFreeB([unit('b', 'blue', '0505', 0, { faculties })], map(kind));

  test('§3.1 FAC-21 a climber crosses an impassable hexside by minimal movement, one hex, for a level of breath', () => {
    expect(code(moveOf(climber('impassable'), 'b', [{ to: H('0504') }]))).toBe('needsMinimalMovement');
    expect(code(moveOf(climber('impassable'), 'b', [{ to: H('0504') }, { to: H('0503') }], 'minimal'))).toBe('minimalOneHex');
    const r = done(moveOf(climber('impassable'), 'b', [{ to: H('0504') }], 'minimal'));
    expect(u(r.state, 'b')).toMatchObject({ hex: H('0504'), breath: 'winded' });
  });

  test('§3.1 FAC-21 a unit that does not climb may not cross, even by minimal movement', () => {
    expect(code(moveOf(climber('impassable', []), 'b', [{ to: H('0504') }], 'minimal'))).toBe('forbiddenHexside');
  });

  test('§3.1 FAC-27 a climber crosses a fortification hexside by minimal movement too; a flyer crosses unhindered', () => {
    expect(code(moveOf(climber('fortification'), 'b', [{ to: H('0504') }]))).toBe('needsMinimalMovement');
    expect(code(moveOf(climber('fortification'), 'b', [{ to: H('0504') }], 'minimal'))).toBe('ok');
    const board = buildBoard(loadScenario(scenario([unit('b', 'blue', '0101', 0)], map('fortification'))));
    expect(stepCost(board, mover('flying', ['climber']), H('0505'), 0)).toMatchObject({ kind: 'cost', halves: 2 });
  });
});

describe('§3.1 FAC-23 swimmer (l.1832): across water or into water by minimal movement only', () => {
  const swimmer = (map: Parameters<typeof game>[1], faculties: Faculty[] = ['swimmer']) => gameWithFreeB([unit('b', 'blue', '0505', 0, { faculties })], map);

  test('§3.1 FAC-23 a swimmer enters a water hex by minimal movement only; a walker may not', () => {
    const water = { terrain: { water: ['0504'] } };
    expect(code(moveOf(swimmer(water), 'b', [{ to: H('0504') }]))).toBe('needsMinimalMovement');
    const r = done(moveOf(swimmer(water), 'b', [{ to: H('0504') }], 'minimal'));
    expect(u(r.state, 'b')).toMatchObject({ hex: H('0504'), breath: 'winded' });
    expect(code(moveOf(swimmer(water, []), 'b', [{ to: H('0504') }], 'minimal'))).toBe('forbiddenTerrain');
  });

  test('§3.1 FAC-23 a swimmer crosses a water hexside by minimal movement only; a walker may not', () => {
    const river = { hexsides: [{ hex: '0505', direction: 0, kind: 'water' as const }] };
    expect(code(moveOf(swimmer(river), 'b', [{ to: H('0504') }]))).toBe('needsMinimalMovement');
    expect(code(moveOf(swimmer(river), 'b', [{ to: H('0504') }], 'minimal'))).toBe('ok');
    expect(code(moveOf(swimmer(river, []), 'b', [{ to: H('0504') }], 'minimal'))).toBe('forbiddenHexside');
  });
});

describe('§3.1 FAC-11 hedgehog (l.1807, l.294; sheet 000 Orientation): all six hexes are its front', () => {
  const hedgehog = (faculties: Faculty[] = ['hedgehog'], more: Parameters<typeof game>[0] = []) => gameWithFreeB([unit('b', 'blue', '0505', 0, { faculties }), ...more]);

  test('§3.1 FAC-11 a large hedgehog steps into the hex behind it; another large unit may not', () => {
    expect(code(moveOf(hedgehog(), 'b', [{ to: H('0506') }]))).toBe('ok');
    expect(code(moveOf(hedgehog([]), 'b', [{ to: H('0506') }]))).toBe('notFrontZone');
  });

  test('§3.1 FAC-11 reorienting is free for a hedgehog, even of a class that pays for it', () => {
    const cav = { profiles: profiles('equestrian'), size: 'large' as const };
    expect(reorientCost({ ...cav, faculties: [] }, 0, 6)).toBeGreaterThan(0);
    expect(reorientCost({ ...cav, faculties: ['hedgehog'] }, 0, 6)).toBe(0);
  });

  test('§3.1 FAC-11 an enemy behind a hedgehog is in its front zone: it engages it, and is attacked from the front', () => {
    const behind = [unit('r', 'red', '0506', 0)];
    for (const [faculties, zone, engaged] of [[['hedgehog'], 'front', true], [[], 'rear', false]] as const) {
      const s = hedgehog([...faculties], behind);
      expect(engages(s, u(s, 'b'), u(s, 'r'))).toBe(engaged);
      expect(zoneAttacked(s, u(s, 'r'), u(s, 'b'))).toBe(zone);
    }
  });

  test('§3.1 FAC-11 it withdraws into any of its six hexes, like a unit with only a front zone', () => {
    const allowed = (faculties: Faculty[]) => withdrawOptions(activated(hedgehog(faculties, [unit('r', 'red', '0502', 6)]), 'blue', 'b'), 'blue', 'b').filter((o) => o.allowed);
    expect(allowed(['hedgehog'])).toHaveLength(6);
    expect(allowed([])).toHaveLength(3);
  });

  test('§3.1 FAC-11 it recoils into any free hex of the six', () => {
    const recoils = (faculties: Faculty[]) => {
      const s = hedgehog(faculties, [unit('r', 'red', '0504', 6)]);
      return recoilHexes(s, [u(s, 'b')]).length;
    };
    expect(recoils(['hedgehog'])).toBe(5);
    expect(recoils([])).toBe(3);
  });

  test('§3.1 FAC-11 joining a stack facing elsewhere, it turns without losing cohesion; another large unit loses a level', () => {
    for (const [faculties, cohesion] of [[['hedgehog'], 'inOrder'], [[], 'shaken']] as const) {
      const s = hedgehog([...faculties], [unit('f', 'blue', '0505', 6)]);
      joinStack(s, u(s, 'b'));
      expect(u(s, 'b')).toMatchObject({ facing: 6, cohesion });
    }
  });
});

describe('§3.1 FAC-09 tireless (l.1803): every result that would add a level of breath is ignored', () => {
  const ignored = (r: ApplyResult & { ok: true }, reason: string) => expect(r.events).toContainEqual(expect.objectContaining({ type: 'breathIgnored', unit: 'b', reason, section: '§3.1' }));

  test('§3.1 FAC-09 minimal movement: the tireless unit stays fresh, and the log says why', () => {
    const s = gameWithFreeB([unit('b', 'blue', '0505', 0, { profiles: profiles('wheeled', 'inferior'), faculties: ['tireless'] })]);
    const r = done(moveOf(s, 'b', [{ to: H('0504') }], 'minimal'));
    expect(u(r.state, 'b')).toMatchObject({ hex: H('0504'), breath: 'fresh' });
    ignored(r, 'minimalMovement');
  });

  test('§3.1 FAC-09 extra movement: the tireless unit stays fresh', () => {
    const s = gameWithFreeB([unit('b', 'blue', '0505', 0, { faculties: ['tireless'] })]);
    const r = done(moveOf(s, 'b', [{ to: H('0504') }, { to: H('0503') }, { to: H('0502') }], 'extra'));
    expect(u(r.state, 'b')).toMatchObject({ hex: H('0502'), breath: 'fresh' });
    ignored(r, 'extraMovement');
  });

  test('§3.1 FAC-09 supported attack: the tireless attacker stays fresh', () => {
    const s = game([unit('b', 'blue', '0505', 0, { faculties: ['tireless'] }), unit('r', 'red', '0504', 6)]);
    s.activation = { piece: 'b' };
    const r = done(apply(s, 'blue', { type: 'shock', piece: 'b', target: 'r', supported: true }, { dice: fixedDice([6, 6, 1, 1, 1, 1]) }));
    expect(u(r.state, 'b').breath).toBe('fresh');
    ignored(r, 'supportedAttack');
  });

  test('§3.1 FAC-09 lost charge marker: the marker goes, no breath is taken', () => {
    const s = game([unit('b', 'blue', '0505', 0, { faculties: ['tireless'] })]);
    u(s, 'b').shock = 'charge';
    u(s, 'b').breath = 'winded';
    const events = loseCharge(s, u(s, 'b'), '§2.6.9');
    expect(u(s, 'b')).toMatchObject({ shock: 'none', breath: 'winded' });
    expect(events).toContainEqual(expect.objectContaining({ type: 'breathIgnored', reason: 'chargeLost' }));
  });

  test('§3.1 FAC-09 a winded tireless unit may still end extra movement charging: the mode takes no breath from it', () => {
    const s = gameWithFreeB([unit('b', 'blue', '0505', 0, { faculties: ['tireless'] }), unit('w', 'blue', '0305', 0)]);
    for (const id of ['b', 'w']) u(s, id).breath = 'winded';
    u(s, 'w').order = 'specialOrder';
    expect(mayCharge(s, u(s, 'b'), 'extra')).toBe(true);
    expect(mayCharge(s, u(s, 'w'), 'extra')).toBe(false);
  });

  test('§3.1 FAC-09, §4.5.1: a hidden tireless unit and a decoy playing it leave the same public trace of a minimal move', () => {
    const world = (under: 'unit' | 'decoy') => {
      const cart = { profiles: profiles('wheeled', 'inferior'), faculties: ['tireless'] as Faculty[] };
      const s = game([unit('h', 'blue', '0508', 0, cart), unit('r', 'red', '0101', 6)]);
      const h = u(s, 'h');
      Object.assign(h, { hex: H(under === 'unit' ? '0508' : '0708'), hidden: true, coverId: under === 'unit' ? 'cover-1' : 'cover-2', order: 'specialOrder' });
      s.decoys = [{ id: 'd', side: 'blue', hex: H(under === 'unit' ? '0708' : '0508'), facing: 0, mimic: 'h', activated: false, stackRank: 0, coverId: under === 'unit' ? 'cover-2' : 'cover-1' }];
      const piece = under === 'unit' ? 'h' : 'd';
      return done(apply(activated(s, 'blue', piece), 'blue', { type: 'move', piece, steps: [{ to: H('0507') }], mode: 'minimal' }));
    };
    const [ru, rd] = [world('unit'), world('decoy')];
    for (const seat of ['red', 'spectator'] as const) {
      expect({ events: eventsFor(rd.events, seat), view: viewFor(rd.state, seat) }).toEqual({ events: eventsFor(ru.events, seat), view: viewFor(ru.state, seat) });
    }
    expect(eventsFor(ru.events, 'blue')).toContainEqual(expect.objectContaining({ type: 'breathIgnored', unit: 'h' }));
    expect(eventsFor(ru.events, 'red').some((e) => e.type === 'breathIgnored')).toBe(false);
  });
});
