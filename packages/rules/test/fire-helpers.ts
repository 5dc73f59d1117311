import { advantageOf, apply, ApplyResult, fixedDice, GameState, Unit } from '../src';
import type { AttackSpec } from '../src';
import { game, profiles, TestUnit, unit as baseUnit } from './fixtures';

/** Helpers of the fire tests (§3.2): shooters of each weapon class, a battlefield with a piece under activation, a fire. */

type WeaponClass = TestUnit['profiles']['weapon']['class'];
type Capacity = TestUnit['profiles']['weapon']['capacity'];

export const u = (s: GameState, id: string): Unit => s.units.find((x) => x.id === id)!;

/** A unit of weapon class `cls` (archers by default), ordinary unless told. */
export function shooter(id: string, side: 'blue' | 'red', hex: string, facing: number, cls: WeaponClass = 'archers', capacity: Capacity = 'ordinary', extra: Partial<TestUnit> & InPlay = {}): FieldUnit {
  const movement = cls === 'lightCavalry' ? 'equestrian' : 'pedestrian';
  return unit(id, side, hex, facing, { ...extra, profiles: { ...profiles(movement), weapon: { class: cls, capacity } }, type: cls });
}

/** What a unit carries in play, not in a scenario: markers and condition. */
type InPlay = Partial<Pick<Unit, 'shock' | 'cohesion' | 'breath' | 'ammunition' | 'order'>>;
export type FieldUnit = TestUnit & { inPlay?: InPlay };

/** A unit of the fixtures, with its markers and condition in play. */
export function unit(id: string, side: 'blue' | 'red', hex: string, facing: number, extra: Partial<TestUnit> & InPlay = {}): FieldUnit {
  const { shock, cohesion, breath, ammunition, order, ...rest } = extra;
  const inPlay = Object.fromEntries(Object.entries({ shock, cohesion, breath, ammunition, order }).filter(([, v]) => v !== undefined)) as InPlay;
  return { ...baseUnit(id, side, hex, facing, rest), inPlay };
}

/** A battlefield with `piece` under activation (set directly: activation is not under test). */
export function field(units: FieldUnit[], map: Parameters<typeof game>[1] = {}, piece = 'b', decoys: Parameters<typeof game>[2] = []): GameState {
  const s = game(units.map(({ inPlay: _, ...t }) => t), map, decoys);
  for (const t of units) Object.assign(u(s, t.id), t.inPlay ?? {});
  s.activation = { piece };
  return s;
}

/** Blue fires with `piece` at `targets`; the dice given first, then spare ones. */
export function fire(s: GameState, targets: string[], faces: number[] = [6, 5], extra: { piece?: string; combine?: boolean; seat?: string } = {}): ApplyResult {
  const { piece = 'b', combine = false, seat = 'blue' } = extra;
  return apply(s, seat, { type: 'fire', piece, targets, combine }, { dice: fixedDice([...faces, 6, 5, 6, 5, 6, 5, 6, 5]) });
}

export function done(r: ApplyResult): Extract<ApplyResult, { ok: true }> {
  if (!r.ok) throw new Error(`refused: ${r.rejection.code} ${r.rejection.message.en}`);
  return r;
}

export const code = (r: ApplyResult): string => (r.ok ? 'ok' : r.rejection.code);

/** The advantage of a shot from `a` at `d` as the builder computes it. */
export function shotAdvantage(s: GameState, a = 'b', d = 'r', shot: Partial<NonNullable<AttackSpec['shot']>> = {}, kind: 'fire' | 'fireDuel' = 'fire') {
  return advantageOf(s, u(s, a), u(s, d), { kind, supported: false, shot: { crossed: 0, harassment: false, combined: 1, ...shot } });
}

/** The value of the modifier labelled `en` (English), or undefined when absent. */
export function modifier(s: GameState, en: string, shot: Partial<NonNullable<AttackSpec['shot']>> = {}, a = 'b', d = 'r'): number | undefined {
  return shotAdvantage(s, a, d, shot).modifiers.find((m) => m.label.en === en)?.value;
}
