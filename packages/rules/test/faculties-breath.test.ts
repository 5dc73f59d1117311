import { advantageOf, apply, ApplyResult, fixedDice, GameState, lossOdds, shockOptions } from '../src';
import type { Capacity, WeaponClass } from '../src/data';
import { profiles } from './fixtures';
import { code, done, field, u, unit } from './fire-helpers';

/** Breath, Souffle (§3.1, checklist FAC-18, reading A-29): a shock option with a fixed advantage, never supported. */

const CAPACITIES: Capacity[] = ['superior', 'advantaged', 'ordinary', 'disadvantaged', 'inferior'];
type Extra = Parameters<typeof unit>[4];

function weapon(cls: WeaponClass, capacity: Capacity) {
  return { ...profiles(), weapon: { class: cls, capacity } };
}

/** Blue at 0505 facing north breathes on red at 0504 (facing south unless told), blue under activation. */
function pair(blue: Extra = {}, red: Extra = {}, redFacing = 6): GameState {
  return field([unit('b', 'blue', '0505', 0, { faculties: ['breath'], ...blue }), unit('r', 'red', '0504', redFacing, red)]);
}
const breathAdvantage = (s: GameState) => advantageOf(s, u(s, 'b'), u(s, 'r'), { kind: 'breath', supported: false });
const shock = (s: GameState, faces: number[], extra: { supported?: boolean; breath?: boolean } = {}): ApplyResult =>
  apply(s, 'blue', { type: 'shock', piece: 'b', target: 'r', supported: false, breath: true, ...extra }, { dice: fixedDice([...faces, 1, 1, 1, 1]) });
const combatOf = (r: ApplyResult) => (r.ok ? r.events.find((e) => e.type === 'combat') : undefined);

describe('§3.1 breath: the fixed advantage (FAC-18)', () => {
  test('§3.1 FAC-18 by weapon capacity, best to worst: +8/+4/0/−4/−8', () => {
    const values = CAPACITIES.map((c) => breathAdvantage(pair({ profiles: weapon('infantry', c) })).total);
    expect(values).toEqual([8, 4, 0, -4, -8]);
  });

  test('§3.1 FAC-18 dragons have their own row: +12/+8/+4/0/−4', () => {
    const values = CAPACITIES.map((c) => breathAdvantage(pair({ profiles: weapon('dragon', c) })).total);
    expect(values).toEqual([12, 8, 4, 0, -4]);
  });

  test('§3.1 FAC-18 no other modifier: condition, zone, terrain, size, faculties and the table count for nothing; the one modifier cites §3.1, even at 0', () => {
    const s = field(
      [
        unit('b', 'blue', '0505', 0, { faculties: ['breath', 'lightFragile'], size: 'small', breath: 'exhausted', cohesion: 'shaken' }),
        unit('r', 'red', '0504', 9, { faculties: ['forestAdapted', 'dodge'], cohesion: 'routed' }),
      ],
      { terrain: { rough: ['0505'], difficult: ['0504'] }, features: { forest: ['0504'] } },
    );
    const adv = breathAdvantage(s);
    expect(adv.total).toBe(0);
    expect(adv.modifiers).toEqual([expect.objectContaining({ value: 0, section: '§3.1' })]);
  });
});

describe('§3.1 breath: the attack (FAC-18, A-29)', () => {
  test('§3.1 FAC-18 fought on the combat table as a shock; the event says breath, unsupported, with its single §3.1 modifier', () => {
    const r = done(shock(pair({ profiles: weapon('infantry', 'superior') }, { steps: 3 }, 9), [3, 3]));
    const combat = r.events.find((e) => e.type === 'combat')!;
    expect(combat).toMatchObject({ kind: 'breath', supported: false, advantage: 8, losses: 1, section: '§3.1' });
    expect(combatOf(r)).toMatchObject({ modifiers: [{ value: 8, section: '§3.1' }] });
    expect(u(r.state, 'r').steps).toBe(2);
  });

  test('§3.1 A-29 no breath spent and no advance into the vacated hex, where a supported shock advances', () => {
    const s = () => pair({ profiles: weapon('infantry', 'superior') }, { steps: 1 }, 9);
    const r = done(shock(s(), [3, 3]));
    expect(u(r.state, 'r').destroyed).toBe(true);
    expect(u(r.state, 'b')).toMatchObject({ hex: u(s(), 'b').hex, breath: 'fresh' });
    expect(r.events.some((e) => e.type === 'advanced' || e.type === 'breathChanged')).toBe(false);
    const control = done(shock(s(), [3, 3], { breath: false, supported: true }));
    expect(control.events.some((e) => e.type === 'advanced')).toBe(true);
  });

  test('§3.1 A-29 a charging unit breathing is still unsupported: its charge neither supports nor is lost', () => {
    const r = done(shock(pair({ shock: 'charge' }, { steps: 3 }), [6, 6]));
    expect(combatOf(r)).toMatchObject({ kind: 'breath', supported: false, advantage: 0 });
    expect(u(r.state, 'b')).toMatchObject({ shock: 'charge', breath: 'fresh' });
  });

  test('§3.1 A-29 unlimited: an exhausted unit still breathes (no breath to spend)', () => {
    expect(code(shock(pair({ breath: 'exhausted' }), [6, 6]))).toBe('ok');
  });

  test('§3.1 FAC-18 refused to a unit without the faculty, and never supported', () => {
    expect(code(shock(pair({ faculties: [] }), [6, 6]))).toBe('noBreathFaculty');
    expect(code(shock(pair(), [6, 6], { supported: true }))).toBe('breathNeverSupported');
  });

  test('§3.1 FAC-18 otherwise as a shock: only against an engaged unit', () => {
    // Blue turns its back on red: adjacent, but it engages no one.
    const s = field([unit('b', 'blue', '0505', 6, { faculties: ['breath'] }), unit('r', 'red', '0504', 6)]);
    expect(code(shock(s, [6, 6]))).toBe('targetNotEngaged');
  });
});

describe('§3.1 breath in the shock options (FAC-18)', () => {
  test('§3.1 FAC-18 a separate, unsupported shock option, with its fixed advantage and the odds of the table', () => {
    const options = shockOptions(pair({ profiles: weapon('dragon', 'ordinary') }), 'blue', 'b');
    const breath = options.filter((o) => o.breath);
    expect(breath).toHaveLength(1);
    expect(breath[0]).toMatchObject({ type: 'shock', target: 'r', supported: false, advantage: 4, allowed: true, odds: lossOdds(4) });
    expect(breath[0].modifiers).toEqual([expect.objectContaining({ value: 4, section: '§3.1' })]);
    expect(options.filter((o) => !o.breath)).toHaveLength(2);
  });

  test('§3.1 FAC-18 no breath option for a unit without the faculty', () => {
    expect(shockOptions(pair({ faculties: [] }), 'blue', 'b').some((o) => o.breath)).toBe(false);
  });
});
