import { apply, ApplyResult, eventsFor, fixedDice, GameState, hexLabel, legalActions, neighbourOf, reloadOption, viewFor } from '../src';
import type { Direction } from '../src';
import { supplyDistance } from '../src/fire/ammunition-source';
import { H } from './fixtures';
import { code, done, field, FieldUnit, shooter, u, unit } from './fire-helpers';

/** Action de Rechargement (§3.2.10, sheet 001 "Action Rechargement"), A-7. */

type Directive = 'attack' | 'defend' | 'regroup' | 'retreat';
const setDirective = (s: GameState, d: Directive) => {
  s.wings.find((w) => w.id === 'blue-wing')!.directive = d;
  return s;
};
/** Blue archers 'b' at 0508 out of ammunition, the blue source at `source`, red far away; defend unless told. */
function battle(source: string | null, extra: Parameters<typeof shooter>[6] = {}, others: FieldUnit[] = [unit('r', 'red', '0101', 6)], d: Directive = 'defend'): GameState {
  const s = field([shooter('b', 'blue', '0508', 0, 'archers', 'ordinary', { ammunition: 'exhausted', ...extra }), ...others]);
  if (source) s.sides.find((x) => x.id === 'blue')!.ammunitionSource = H(source);
  return setDirective(s, d);
}
const reload = (s: GameState, faces: number[] = [6, 6], piece = 'b'): ApplyResult => apply(s, 'blue', { type: 'reload', piece }, { dice: fixedDice(faces) });
const tests = (r: ApplyResult & { ok: true }) => r.events.filter((e) => e.type === 'test');
const label = (hex: number) => hexLabel({ cols: 10, rows: 10 }, hex);

describe('§3.2.10 reload', () => {
  test('§3.2.10 FIRE-21, PRE-07 a reload removes the ammunition marker (unit state) whatever its face, in one action', () => {
    for (const ammunition of ['diminished', 'exhausted'] as const) {
      const r = done(reload(battle('0507', { ammunition })));
      expect(u(r.state, 'b').ammunition).toBeUndefined();
      expect(r.events).toContainEqual(expect.objectContaining({ type: 'ammunitionChanged', unit: 'b', ammunition: 'full', reason: 'reload' }));
      expect(r.state.activation).toBeNull();
    }
  });

  test('§3.3 FORM-06 a formation of archers reloads as a troop does', () => {
    const archers = shooter('b', 'blue', '0508', 3, 'archers', 'ordinary', { ammunition: 'exhausted', steps: 6, secondHex: '0507' });
    const s = setDirective(field([archers, unit('r', 'red', '0101', 6)]), 'defend');
    s.sides.find((x) => x.id === 'blue')!.ammunitionSource = H('0509');
    const r = done(reload(s));
    expect(u(r.state, 'b')).toMatchObject({ secondHex: H('0507'), steps: 6 });
    expect(u(r.state, 'b').ammunition).toBeUndefined();
  });

  test('§3.2.10 FIRE-57 a unit with full ammunition has nothing to reload; only shooters reload', () => {
    expect(code(reload(battle('0507', { ammunition: undefined })))).toBe('fullAmmunition');
    const foot = field([unit('b', 'blue', '0508', 0, { ammunition: 'exhausted' }), unit('r', 'red', '0101', 6)]);
    foot.sides[0].ammunitionSource = H('0507');
    expect(code(reload(setDirective(foot, 'defend')))).toBe('notAShooter');
  });

  test('§3.2.10 FIRE-57 neither shaken, routed nor exhausted', () => {
    expect(code(reload(battle('0507', { cohesion: 'shaken' })))).toBe('mayNotReload');
    expect(code(reload(battle('0507', { cohesion: 'routed' })))).toBe('mayNotReload');
    expect(code(reload(battle('0507', { breath: 'exhausted' })))).toBe('mayNotReload');
    expect(code(reload(battle('0507', { breath: 'winded' })))).toBe('ok');
  });

  test('§3.2.6 FIRE-24 an engaged shooter may not reload, marker or not on the enemy', () => {
    expect(code(reload(battle('0509', {}, [unit('r', 'red', '0507', 6)])))).toBe('engagedNoReload');
    expect(code(reload(battle('0509', {}, [unit('r', 'red', '0507', 6, { shock: 'contact' })])))).toBe('engagedNoReload');
  });

  test('§1 reload belongs to the intermediate rules', () => {
    const s = battle('0507');
    s.rulesLevel = 'basic';
    expect(code(reload(s))).toBe('intermediateRulesOnly');
  });
});

describe('§3.2.10 reload and the directives (FIRE-59, A-7)', () => {
  test('§3.2.10 defend: it may reload', () => {
    expect(code(reload(battle('0507', {}, undefined, 'defend')))).toBe('ok');
  });

  test('§3.2.6 attack: only with exhausted ammunition (FIRE-26)', () => {
    expect(code(reload(battle('0507', { ammunition: 'exhausted' }, undefined, 'attack')))).toBe('ok');
    expect(code(reload(battle('0507', { ammunition: 'diminished' }, undefined, 'attack')))).toBe('attackNoReload');
  });

  test('§3.2.10 regroup: out of the enemy’s reach only', () => {
    expect(code(reload(battle('0507', {}, [unit('r', 'red', '0505', 6)], 'regroup')))).toBe('regroupInReach');
    expect(code(reload(battle('0507', {}, [unit('r', 'red', '0101', 6)], 'regroup')))).toBe('ok');
  });

  test('§3.2.10 retreat: no reload; a special order or a character is free of the directive', () => {
    expect(code(reload(battle('0507', {}, undefined, 'retreat')))).toBe('retreatNoReload');
    expect(code(reload(battle('0507', { order: 'specialOrder' }, undefined, 'retreat')))).toBe('ok');
    expect(code(reload(battle('0507', { kind: 'character', size: 'small' }, undefined, 'retreat')))).toBe('ok');
  });
});

describe('§3.2.10 the ammunition source and the supply path', () => {
  test('§3.2.10 FIRE-60, PRE-11 without a scenario source, the army commander is the source', () => {
    const s = battle(null, {}, [unit('r', 'red', '0101', 6), unit('cmd', 'blue', '0506', 0, { kind: 'character', size: 'small' })]);
    s.sides[0].armyCommander = 'cmd';
    const r = done(reload(s));
    expect(tests(r)).toHaveLength(0);
    expect(u(r.state, 'b').ammunition).toBeUndefined();
  });

  test('§3.2.10, sheet 001 FIRE-61 once the army commander is gone, the army can no longer reload', () => {
    const s = battle(null, {}, [unit('r', 'red', '0101', 6), unit('cmd', 'blue', '0506', 0, { kind: 'character', size: 'small' })]);
    s.sides[0].armyCommander = 'cmd';
    Object.assign(u(s, 'cmd'), { hex: -1, destroyed: true });
    expect(code(reload(s))).toBe('noAmmunitionSource');
    s.sides[0].armyCommander = null;
    expect(code(reload(s))).toBe('noAmmunitionSource');
  });

  test('§3.2.10 FIRE-62, A-7 within 2 hexes automatic; at 3 a test at +1', () => {
    expect(tests(done(reload(battle('0506'))))).toHaveLength(0);
    const r = done(reload(battle('0505'), [6, 6]));
    expect(tests(r)).toEqual([expect.objectContaining({ test: 'reload', threshold: 12, total: 13, success: false, modifiers: [expect.objectContaining({ value: 1, section: '§3.2.10.1' })] })]);
    expect(u(r.state, 'b').ammunition).toBe('exhausted');
  });

  test('§3.2.10.1 FIRE-64 2D6 + 1 per complete band of 3 hexes ≤ 12: at 7 hexes +2', () => {
    const s = battle('0501');
    expect(reloadOption(s, 'blue', 'b')).toEqual({ allowed: true, source: H('0501'), distance: 7, automatic: false, bands: 2, chance: 33 / 36 });
    const ok = done(reload(s, [5, 5]));
    expect(tests(ok)[0]).toEqual(expect.objectContaining({ total: 12, success: true }));
    expect(u(ok.state, 'b').ammunition).toBeUndefined();
    const failed = done(reload(s, [6, 5]));
    expect(tests(failed)[0]).toEqual(expect.objectContaining({ total: 13, success: false }));
    expect(u(failed.state, 'b').ammunition).toBe('exhausted');
  });

  test('§3.2.10 FIRE-63 the path runs through clear or rough hexes only', () => {
    const around = battle('0506');
    expect(reloadOption(around, 'blue', 'b').distance).toBe(2);
    const src = H('0505');
    const ring = ([0, 1, 2, 3, 4, 5] as Direction[]).map((d) => label(neighbourOf({ cols: 10, rows: 10 }, src, d)));
    const walled = field([shooter('b', 'blue', '0508', 0, 'archers', 'ordinary', { ammunition: 'exhausted' }), unit('r', 'red', '0101', 6)], { terrain: { difficult: ring } });
    walled.sides[0].ammunitionSource = src;
    expect(code(reload(setDirective(walled, 'defend')))).toBe('noSupplyPath');
    const rough = field([shooter('b', 'blue', '0508', 0, 'archers', 'ordinary', { ammunition: 'exhausted' }), unit('r', 'red', '0101', 6)], { terrain: { rough: ring } });
    rough.sides[0].ammunitionSource = src;
    expect(reloadOption(setDirective(rough, 'defend'), 'blue', 'b').distance).toBe(3);
  });

  test('§3.2.10 FIRE-63 no wall or impassable hexside crossed: the path goes round it', () => {
    const from = H('0507');
    const dir = ([0, 1, 2, 3, 4, 5] as Direction[]).find((d) => neighbourOf({ cols: 10, rows: 10 }, from, d) === H('0508'))!;
    for (const kind of ['impassable', 'fortification'] as const) {
      const s = field([shooter('b', 'blue', '0508', 0), unit('r', 'red', '0101', 6)], { hexsides: [{ hex: '0507', direction: dir, kind }] });
      expect(supplyDistance(s.board, from, H('0508'))).toBe(2);
    }
    const open = field([shooter('b', 'blue', '0508', 0), unit('r', 'red', '0101', 6)], { hexsides: [{ hex: '0507', direction: dir, kind: 'rough' }] });
    expect(supplyDistance(open.board, from, H('0508'))).toBe(1);
  });

  test('§3.2.10 the legal actions list reload with its reason', () => {
    expect(legalActions(battle('0507'), 'blue', 'b').find((l) => l.type === 'reload')).toEqual({ type: 'reload', allowed: true });
    expect(legalActions(battle('0507', { ammunition: undefined }), 'blue', 'b').find((l) => l.type === 'reload')?.rejection?.code).toBe('fullAmmunition');
  });
});

describe('§3.2.10, §4.5.1 secrecy of reload', () => {
  const P = '0508';
  const Q = '0708';
  /** Blue archers 'h' hidden and their decoy 'd', one at P and the other at Q; the actor is the piece at P. */
  function world(under: 'unit' | 'decoy', source: string) {
    const s = field([shooter('h', 'blue', P, 0, 'archers', 'ordinary', { ammunition: 'exhausted' }), unit('r', 'red', '0101', 6)], {}, under === 'unit' ? 'h' : 'd');
    Object.assign(u(s, 'h'), { hex: H(under === 'unit' ? P : Q), hidden: true, coverId: under === 'unit' ? 'cover-P' : 'cover-Q' });
    s.decoys = [{ id: 'd', side: 'blue', hex: H(under === 'unit' ? Q : P), facing: 0, mimic: 'h', activated: false, stackRank: 0, coverId: under === 'unit' ? 'cover-Q' : 'cover-P' }];
    s.sides[0].ammunitionSource = H(source);
    s.activation = null;
    const actor = under === 'unit' ? 'h' : 'd';
    return { state: done(apply(setDirective(s, 'defend'), 'blue', { type: 'activate', piece: actor })).state, actor };
  }
  const heard = (r: ApplyResult & { ok: true }, seat: 'red' | 'spectator') => {
    const view = viewFor(r.state, seat);
    view.covers?.sort((a, b) => (a.id < b.id ? -1 : 1));
    return { events: eventsFor(r.events, seat), view };
  };

  test.each([
    ['automatic', '0507', [6, 6]],
    ['by a failed test', '0501', [6, 6]],
    ['by a successful test', '0501', [1, 1]],
  ])('§4.5.1 a decoy reloads %s as the hidden unit it plays: red and spectators hear the same', (_, source, faces) => {
    const [wu, wd] = [world('unit', source as string), world('decoy', source as string)];
    const ru = done(reload(wu.state, faces as number[], wu.actor));
    const rd = done(reload(wd.state, faces as number[], wd.actor));
    for (const seat of ['red', 'spectator'] as const) expect(heard(rd, seat)).toEqual(heard(ru, seat));
    expect(eventsFor(ru.events, 'red').some((e) => e.type === 'test' || e.type === 'ammunitionChanged')).toBe(false);
    expect(eventsFor(rd.events, 'blue')).toContainEqual(expect.objectContaining({ type: 'decoyActed', piece: 'd', action: 'reload' }));
  });

  test('§3.2.10.1 a test that would tell how far a hidden army commander stands is told to its side alone', () => {
    const s = battle(null, {}, [unit('r', 'red', '0101', 6), unit('cmd', 'blue', '0503', 0, { kind: 'character', size: 'small' })]);
    s.sides[0].armyCommander = 'cmd';
    Object.assign(u(s, 'cmd'), { hidden: true, coverId: 'cover-cmd' });
    const r = done(reload(s, [1, 1]));
    expect(eventsFor(r.events, 'blue').filter((e) => e.type === 'test')).toHaveLength(1);
    expect(eventsFor(r.events, 'red').filter((e) => e.type === 'test')).toHaveLength(0);
    // The marker coming off is in everyone's sight.
    expect(eventsFor(r.events, 'red')).toContainEqual(expect.objectContaining({ type: 'ammunitionChanged', unit: 'b' }));
  });
});
