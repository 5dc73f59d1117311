import { advantageOf, apply, ApplyResult, fireOptions, fixedDice, GameState, shockOptions } from '../src';
import { mayHarm } from '../src/units/invulnerable';
import { game, profiles, unit } from './fixtures';
import { done, field, fire, modifier as shotModifier, shooter, u, unit as fieldUnit } from './fire-helpers';

/** The faculties' advantage modifiers and the invulnerable rule (§3.1, checklist FAC-12, 14, 15, 22, 24, 27). */

type Units = Parameters<typeof game>[0];
type Map = Parameters<typeof game>[1];

/** Blue at 0505 facing north, red at 0504 facing south (they engage each other), blue under activation, by night unless told. */
function pair(blue: Parameters<typeof unit>[4] = {}, red: Parameters<typeof unit>[4] = {}, map: Map = {}, more: Units = []): GameState {
  const s = game([unit('b', 'blue', '0505', 0, blue), unit('r', 'red', '0504', 6, red), ...more], map);
  s.activation = { piece: 'b' };
  s.light = 'night';
  return s;
}
const shockAdvantage = (s: GameState) => advantageOf(s, u(s, 'b'), u(s, 'r'), { kind: 'shock', supported: true });
const shockModifier = (s: GameState, en: string) => shockAdvantage(s).modifiers.find((m) => m.label.en === en);
const attack = (s: GameState, faces: number[]) => apply(s, 'blue', { type: 'shock', piece: 'b', target: 'r', supported: true }, { dice: fixedDice([...faces, 1, 1, 1, 1]) });
const code = (r: ApplyResult) => (r.ok ? 'ok' : r.rejection.code);
/** The hexside between blue's 0505 and red's 0504. */
const side = (kind: 'impassable' | 'water' | 'fortification') => ({ hexsides: [{ hex: '0505', direction: 0, kind }] });

describe('§3.1 forest adaptation in combat and fire (FAC-14, A-28)', () => {
  test('§3.1 FAC-14 an adapted attacker in a wood hex gets +2 at shock; outside the woods nothing (A-28)', () => {
    const wood = pair({ faculties: ['forestAdapted'] }, {}, { features: { wood: ['0505'] } });
    expect(shockModifier(wood, 'Attacker forest-adapted')).toMatchObject({ value: 2, section: '§3.1' });
    expect(shockModifier(pair({ faculties: ['forestAdapted'] }), 'Attacker forest-adapted')).toBeUndefined();
  });

  test('§3.1 FAC-14, FIRE-56 an adapted defender in a forest hex costs the enemy 4, at shock and when fired on', () => {
    const s = pair({}, { faculties: ['forestAdapted'] }, { features: { forest: ['0504'] } });
    expect(shockModifier(s, 'Defender forest-adapted')).toMatchObject({ value: -4, section: '§3.1' });
    const shot = field([shooter('b', 'blue', '0508', 0), fieldUnit('r', 'red', '0506', 6, { faculties: ['forestAdapted'] })], { features: { forest: ['0506'] } });
    shot.light = 'night';
    expect(shotModifier(shot, 'Defender forest-adapted')).toBe(-4);
  });
});

describe('§3.1 light-fragile by day (FAC-15, A-32)', () => {
  test('§3.1 FAC-15 by day with no weather marker: the fair row, −4 attacking, +4 to the enemy defending (A-32)', () => {
    const s = pair({ faculties: ['lightFragile'] }, { faculties: ['lightFragile'] });
    s.light = 'day';
    expect(shockModifier(s, 'Attacker light-fragile (day)')).toMatchObject({ value: -4, section: '§3.1' });
    expect(shockModifier(s, 'Defender light-fragile (day)')).toMatchObject({ value: 4, section: '§3.1' });
  });

  test('§3.1 FAC-15 the weather sets the malus: cloudy 3, overcast 2, rain 1, storm 1, heatwave 4', () => {
    const s = pair({ faculties: ['lightFragile'] });
    s.light = 'day';
    const at = (w: 'cloudy' | 'overcast' | 'rain' | 'storm' | 'heatwave') => {
      s.gameElements = { weather: w };
      return shockModifier(s, 'Attacker light-fragile (day)')?.value;
    };
    expect([at('heatwave'), at('cloudy'), at('overcast'), at('rain'), at('storm')]).toEqual([-4, -3, -2, -1, -1]);
  });

  test('§3.1 FAC-15 a light-fragile shooter concedes by day too, and nothing at night', () => {
    const s = field([shooter('b', 'blue', '0508', 0, 'archers', 'ordinary', { faculties: ['lightFragile'] }), fieldUnit('r', 'red', '0506', 6)]);
    s.light = 'day';
    s.gameElements = { weather: 'overcast' };
    expect(shotModifier(s, 'Attacker light-fragile (day)')).toBe(-2);
    s.light = 'night';
    expect(shotModifier(s, 'Attacker light-fragile (day)')).toBeUndefined();
  });
});

describe('§3.1 climbers and swimmers shocking across a hexside (FAC-22, FAC-24, FAC-27, A-30)', () => {
  test('§3.1 FAC-22 a climber shocks across an impassable hexside at −4; a non-climber may not', () => {
    const s = pair({ faculties: ['climber'] }, {}, side('impassable'));
    expect(shockModifier(s, 'Climber attacking across an impassable hexside')).toMatchObject({ value: -4, section: '§3.1' });
    expect(code(attack(s, [6, 6]))).toBe('ok');
    expect(code(attack(pair({}, {}, side('impassable')), [6, 6]))).toBe('shockAcrossImpassable');
  });

  test('§3.1 FAC-22 a flying non-climber may not shock across an impassable hexside either (sheet 000: its movement alone is free)', () => {
    const s = pair({ profiles: profiles('flying') }, {}, side('impassable'));
    expect(code(attack(s, [6, 6]))).toBe('shockAcrossImpassable');
    expect(shockOptions(s, 'blue', 'b').every((o) => o.rejection?.code === 'shockAcrossImpassable')).toBe(true);
  });

  test('§3.1 FAC-27 a climber shocks across a fortification hexside at −4, as across an impassable one; a non-climber may not', () => {
    const s = pair({ faculties: ['climber'] }, {}, side('fortification'));
    expect(shockModifier(s, 'Climber attacking across an impassable hexside')?.value).toBe(-4);
    expect(code(attack(s, [6, 6]))).toBe('ok');
    expect(code(attack(pair({ profiles: profiles('flying') }, {}, side('fortification')), [6, 6]))).toBe('shockAcrossImpassable');
  });

  test('§3.1 FAC-24 a swimmer shocks across a water hexside at −2; a non-swimmer (a flyer too) may not', () => {
    const s = pair({ faculties: ['swimmer'] }, {}, side('water'));
    expect(shockModifier(s, 'Swimmer attacking across a water hexside')).toMatchObject({ value: -2, section: '§3.1' });
    expect(code(attack(s, [6, 6]))).toBe('ok');
    expect(code(attack(pair({ profiles: profiles('flying') }, {}, side('water')), [6, 6]))).toBe('shockAcrossWater');
  });

  test('§3.1 FAC-24 A-30 a swimmer attacking from a water hex concedes 2 once: the terrain’s −2 is the same modifier', () => {
    const s = pair({ faculties: ['swimmer'], profiles: profiles('floating') }, {}, { terrain: { water: ['0505'] } });
    const adv = shockAdvantage(s);
    expect(adv.modifiers.find((m) => m.label.en === 'Terrain (from and/or into)')?.value).toBe(-2);
    expect(adv.modifiers.filter((m) => m.section === '§3.1')).toEqual([]);
  });
});

describe('§3.1 invulnerable (FAC-12)', () => {
  test('§3.1 FAC-12 mayHarm: no weapon yet harms an invulnerable unit; every other unit can be harmed', () => {
    expect(mayHarm({ faculties: [] }, { faculties: ['invulnerable'] })).toBe(false);
    expect(mayHarm({ faculties: [] }, { faculties: ['dodge'] })).toBe(true);
  });

  test('§3.1 FAC-12 an invulnerable defender takes none of a shock’s losses, and the log says why', () => {
    const s = pair({}, { faculties: ['invulnerable'] });
    u(s, 'r').cohesion = 'shaken';
    const r = attack(s, [1, 1]);
    if (!r.ok) throw new Error(r.rejection.code);
    const combat = r.events.find((e) => e.type === 'combat');
    expect(combat).toMatchObject({ losses: 2 });
    expect(r.events.find((e) => e.type === 'lossesCancelled')).toMatchObject({ unit: 'r', losses: 2, reason: 'invulnerable', section: '§3.1' });
    expect(u(r.state, 'r')).toMatchObject({ steps: 2, hex: u(s, 'r').hex });
    expect(u(r.state, 'r').destroyed).toBeFalsy();
    expect(r.state.pendingLosses).toBeUndefined();
  });

  test('§3.1 FAC-12 an invulnerable target takes no loss from fire', () => {
    const s = field([shooter('b', 'blue', '0508', 0), fieldUnit('r', 'red', '0506', 6, { faculties: ['invulnerable'], steps: 1 })]);
    const r = done(fire(s, ['r'], [1, 1]));
    const combat = r.events.find((e) => e.type === 'combat') as { losses: number };
    expect(combat.losses).toBeGreaterThan(0);
    expect(r.events.find((e) => e.type === 'lossesCancelled')).toMatchObject({ unit: 'r', losses: combat.losses, section: '§3.1' });
    expect(u(r.state, 'r').steps).toBe(1);
    expect(u(r.state, 'r').destroyed).toBeFalsy();
  });

  test('§3.1 FAC-12 previews show certain 0 losses against an invulnerable unit, at shock and at fire', () => {
    const s = pair({}, { faculties: ['invulnerable'] });
    for (const o of shockOptions(s, 'blue', 'b')) expect(o.odds).toMatchObject({ 0: 1, 1: 0, 2: 0 });
    const f = field([shooter('b', 'blue', '0508', 0), fieldUnit('r', 'red', '0506', 6, { faculties: ['invulnerable'] })]);
    const opts = fireOptions(f, 'blue', 'b');
    expect(opts.length).toBeGreaterThan(0);
    for (const o of opts) expect(o.odds[0]).toBe(1);
  });
});
