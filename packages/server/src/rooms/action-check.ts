import { actionSchema, type Action } from '@lames/rules';

/**
 * The action schema (@lames/rules actions/schema.ts) compiled once into
 * plain checks (issue 9: zod's parse of each action was 4–6 % of the
 * server's busy time at 300 rooms). The model stays the zod schema: this
 * reads its definition, and knows only what the action schema uses (strict
 * objects, unions, literals, enums, strings and arrays with their length
 * bounds, safe integers with inclusive bounds, booleans, optional and
 * default members). Anything else, and any value the checks do not accept,
 * goes to zod itself: zod stays the one judge of a refusal and of its
 * message, and the checks only ever accept what zod accepts, with the
 * same output (test/action-check.test.ts).
 */
type Check = (input: unknown) => { value: unknown } | undefined;

/** Accepts what `schema` accepts, or answers undefined; never accepts what zod refuses. */
type ZodLike = { _zod: { def: ZodDef } };
interface ZodDef {
  type: string;
  [field: string]: unknown;
}

const UNDECIDED: Check = () => undefined;

export function compileCheck(schema: ZodLike): Check {
  const def = schema._zod.def;
  switch (def.type) {
    case 'object':
      return objectCheck(def);
    case 'union':
      return unionCheck((def.options as ZodLike[]).map(compileCheck));
    case 'literal': {
      const values = def.values as unknown[];
      return (v) => (values.includes(v) ? { value: v } : undefined);
    }
    case 'enum': {
      const values = Object.values(def.entries as Record<string, unknown>);
      return (v) => (typeof v === 'string' && values.includes(v) ? { value: v } : undefined);
    }
    case 'boolean':
      return noChecks(def) ? (v) => (typeof v === 'boolean' ? { value: v } : undefined) : UNDECIDED;
    case 'string':
      return boundedCheck(def, (v) => typeof v === 'string', (v) => (v as string).length);
    case 'number':
      return numberCheck(def);
    case 'array':
      return arrayCheck(def);
    default:
      return UNDECIDED; // zod decides
  }
}

function noChecks(def: ZodDef): boolean {
  return !def.checks || (def.checks as unknown[]).length === 0;
}

const checkDefs = (def: ZodDef) => ((def.checks as ZodLike[] | undefined) ?? []).map((c) => c._zod.def as unknown as Record<string, unknown>);

/** A string's or an array's length bounds; any other check leaves the type undecided. */
function lengthBounds(def: ZodDef): { min: number; max: number } | undefined {
  let min = 0;
  let max = Infinity;
  for (const c of checkDefs(def)) {
    if (c.check === 'min_length') min = Math.max(min, c.minimum as number);
    else if (c.check === 'max_length') max = Math.min(max, c.maximum as number);
    else return undefined;
  }
  return { min, max };
}

function boundedCheck(def: ZodDef, isType: (v: unknown) => boolean, length: (v: unknown) => number): Check {
  const bounds = lengthBounds(def);
  if (!bounds) return UNDECIDED;
  return (v) => (isType(v) && length(v) >= bounds.min && length(v) <= bounds.max ? { value: v } : undefined);
}

/** Safe integers within inclusive bounds: the only numbers the action schema holds. */
function numberCheck(def: ZodDef): Check {
  let integer = false;
  let min = -Infinity;
  let max = Infinity;
  for (const c of checkDefs(def)) {
    if (c.check === 'number_format' && c.format === 'safeint') integer = true;
    else if (c.check === 'greater_than' && c.inclusive === true) min = Math.max(min, c.value as number);
    else if (c.check === 'less_than' && c.inclusive === true) max = Math.min(max, c.value as number);
    else return UNDECIDED;
  }
  if (!integer) return UNDECIDED;
  return (v) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max ? { value: v } : undefined);
}

function arrayCheck(def: ZodDef): Check {
  const bounds = lengthBounds(def);
  if (!bounds) return UNDECIDED;
  const element = compileCheck(def.element as ZodLike);
  return (v) => {
    if (!Array.isArray(v) || v.length < bounds.min || v.length > bounds.max) return undefined;
    const out: unknown[] = [];
    for (const item of v) {
      const r = element(item);
      if (!r) return undefined;
      out.push(r.value);
    }
    return { value: out };
  };
}

/** zod's union answers with its first option that accepts. */
function unionCheck(options: Check[]): Check {
  return (v) => {
    for (const option of options) {
      const r = option(v);
      if (r) return r;
    }
    return undefined;
  };
}

type Member = { key: string; check: Check; optional: boolean; fallback?: () => unknown };

/** A member's check, with what an absent value gives: nothing (optional), a default, or a refusal. */
function member(key: string, schema: ZodLike): Member {
  const def = schema._zod.def;
  if (def.type === 'optional') return { key, check: compileCheck(def.innerType as ZodLike), optional: true };
  if (def.type === 'default') return { key, check: compileCheck(def.innerType as ZodLike), optional: false, fallback: () => structuredClone(def.defaultValue) };
  return { key, check: compileCheck(schema), optional: false };
}

/**
 * A strict object (no other key): a plain object in, a new object out with
 * its members in the order of the shape, as zod gives it. A member present
 * but undefined is left to zod.
 */
function objectCheck(def: ZodDef): Check {
  const catchall = (def.catchall as ZodLike | undefined)?._zod.def.type;
  if (catchall !== 'never') return UNDECIDED;
  const members = Object.entries(def.shape as Record<string, ZodLike>).map(([key, s]) => member(key, s));
  const known = new Set(members.map((m) => m.key));
  return (v) => {
    if (v === null || typeof v !== 'object' || Object.getPrototypeOf(v) !== Object.prototype) return undefined;
    const input = v as Record<string, unknown>;
    for (const key in input) if (!known.has(key) || !Object.prototype.hasOwnProperty.call(input, key)) return undefined;
    const out: Record<string, unknown> = {};
    for (const m of members) {
      const value = input[m.key];
      if (value === undefined) {
        if (m.key in input) return undefined;
        if (m.fallback) out[m.key] = m.fallback();
        else if (!m.optional) return undefined;
        continue;
      }
      const r = m.check(value);
      if (!r) return undefined;
      out[m.key] = r.value;
    }
    return { value: out };
  };
}

export const checkAction = compileCheck(actionSchema as unknown as ZodLike);

/** The action schema's parse: the compiled checks first, zod for what they do not accept (and for its refusal's message). */
export function parseAction(payload: unknown): ReturnType<typeof actionSchema.safeParse> {
  const fast = checkAction(payload);
  return fast ? { success: true, data: fast.value as Action } : actionSchema.safeParse(payload);
}
