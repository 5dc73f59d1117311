import type { Unit } from './types';

/*
 * A shallow copy of a unit, the same fields in the same order as `{ ...u }`
 * (so that it serialises as the original), made cheaply (issue 9). Units
 * reach many V8 object shapes in a game (eight for the plain fields alone in
 * the bench's: optional fields added in turn, copies made by spreads here
 * and there), and a spread that sees them all is megamorphic: it copies
 * through the runtime, about 1 µs a unit.
 * Most units hold only the fields every unit has, in the order
 * `createGame` gives them: those are copied by one object literal, whose
 * copies all share one shape; any other unit by a spread. (Should
 * `createGame`'s order change, its units would go to the spread: slower,
 * never different.)
 */
const BASE_FIELDS: readonly string[] = [
  'id',
  'name',
  'side',
  'wing',
  'kind',
  'size',
  'type',
  'profiles',
  'steps',
  'maxSteps',
  'faculties',
  'hex',
  'facing',
  'cohesion',
  'breath',
  'shock',
  'order',
  'stackRank',
  'hidden',
];

/** Does the unit hold exactly the base fields, in their order? */
function baseFieldsOnly(u: Unit): boolean {
  let i = 0;
  for (const key in u) if (key !== BASE_FIELDS[i++]) return false;
  return i === BASE_FIELDS.length;
}

export function copyUnit(u: Unit): Unit {
  if (!baseFieldsOnly(u)) return { ...u };
  return {
    id: u.id,
    name: u.name,
    side: u.side,
    wing: u.wing,
    kind: u.kind,
    size: u.size,
    type: u.type,
    profiles: u.profiles,
    steps: u.steps,
    maxSteps: u.maxSteps,
    faculties: u.faculties,
    hex: u.hex,
    facing: u.facing,
    cohesion: u.cohesion,
    breath: u.breath,
    shock: u.shock,
    order: u.order,
    stackRank: u.stackRank,
    hidden: u.hidden,
  };
}
