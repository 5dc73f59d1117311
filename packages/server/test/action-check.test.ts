/**
 * The compiled action checks (issue 9, src/rooms/action-check.ts) accept
 * only what the rules' zod action schema accepts, with the same output,
 * key order included; what they do not accept goes to zod. Checked on
 * generated actions of every type (every member, bounds included) and on
 * thousands of broken ones, and on the actions of random games.
 */
import { actionSchema } from '@lames/rules';
import { SCENARIOS } from '@lames/rules/scenarios';
import { randomGame } from '@lames/rules/testing';
import { checkAction, parseAction } from '../src/rooms/action-check';

type Def = { type: string; [k: string]: unknown };
type Schema = { _zod: { def: Def } };
const defOf = (s: unknown) => (s as Schema)._zod.def;
const checks = (d: Def) => ((d.checks as Schema[] | undefined) ?? []).map((c) => c._zod.def as unknown as Record<string, number | string | boolean>);
const bound = (d: Def, name: string, field: string, fallback: number) => (checks(d).find((c) => c.check === name)?.[field] as number | undefined) ?? fallback;

/** A small seeded generator (mulberry32), so that a failure replays. */
function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A value the schema accepts, its bounds reached now and then. */
function valid(schema: unknown, r: () => number): unknown {
  const d = defOf(schema);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  switch (d.type) {
    case 'literal':
      return (d.values as unknown[])[0];
    case 'enum':
      return pick(Object.values(d.entries as Record<string, string>));
    case 'boolean':
      return r() < 0.5;
    case 'string': {
      const len = pick([bound(d, 'min_length', 'minimum', 0), bound(d, 'max_length', 'maximum', 8), 1 + Math.floor(r() * 20)]);
      return 'é-x'.repeat(30).slice(0, len);
    }
    case 'number': {
      const min = bound(d, 'greater_than', 'value', -5);
      const max = bound(d, 'less_than', 'value', 1000);
      return pick([min, max, min + Math.floor(r() * (max - min))]);
    }
    case 'array': {
      const min = bound(d, 'min_length', 'minimum', 0);
      const len = pick([min, Math.min(min + 2, bound(d, 'max_length', 'maximum', 4)), r() < 0.05 ? bound(d, 'max_length', 'maximum', 4) : min]);
      return Array.from({ length: len }, () => valid(d.element, r));
    }
    case 'union':
      return valid(pick(d.options as unknown[]), r);
    case 'optional':
    case 'default':
      return valid(d.innerType, r);
    case 'object': {
      const out: Record<string, unknown> = {};
      // members in a shuffled order: the output's order is the shape's
      for (const [key, s] of Object.entries(d.shape as Record<string, unknown>).sort(() => r() - 0.5)) {
        const t = defOf(s).type;
        if ((t === 'optional' || t === 'default') && r() < 0.5) continue;
        out[key] = valid(s, r);
      }
      return out;
    }
    default:
      throw new Error(`the generator does not know ${d.type}`);
  }
}

const WRONG: unknown[] = [undefined, null, -1, 0, 1.5, 12, 100_001, Number.NaN, Infinity, 2 ** 53, '', 'x', 'x'.repeat(65), [], [1], {}, { to: 1 }, true, false, 'normal'];

/** Broken copies of a valid action: each member, at any depth, replaced, removed, or joined by a stranger. */
function broken(value: unknown, r: () => number): unknown[] {
  if (value === null || typeof value !== 'object') return WRONG.filter(() => r() < 0.4);
  const out: unknown[] = [];
  if (Array.isArray(value)) {
    value.forEach((item, i) => broken(item, r).forEach((b) => out.push(value.map((x, j) => (j === i ? b : x)))));
    out.push([...value, ...value, ...value], []);
    return out;
  }
  const obj = value as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    for (const b of broken(obj[key], r)) out.push({ ...obj, [key]: b });
    const { [key]: _gone, ...rest } = obj;
    out.push(rest);
  }
  out.push({ ...obj, extra: 1 }, { ...obj, type: 'teleport' }, Object.assign(Object.create({ inherited: 1 }), obj));
  return out;
}

/** The verdict both ways: the checks never accept what zod refuses, and give zod's output. */
function expectAgrees(input: unknown): boolean {
  const zod = actionSchema.safeParse(input);
  const fast = checkAction(input);
  if (fast) {
    expect(zod.success).toBe(true);
    expect(JSON.stringify(fast.value)).toBe(JSON.stringify(zod.data));
    expect(fast.value).toEqual(zod.data);
  }
  const parsed = parseAction(input);
  expect(parsed.success).toBe(zod.success);
  if (parsed.success) expect(JSON.stringify(parsed.data)).toBe(JSON.stringify(zod.data));
  else expect(parsed.error.issues).toEqual(zod.error!.issues);
  return fast !== undefined;
}

test('issue 9: every generated action of every type is accepted by the compiled checks, with zod\'s output', () => {
  const r = rng(9);
  const types = new Set<string>();
  for (const option of defOf(actionSchema).options as unknown[]) {
    for (let i = 0; i < 60; i++) {
      const action = valid(option, r) as { type: string };
      expect(expectAgrees(action)).toBe(true);
      types.add(action.type);
    }
  }
  expect(types.size).toBe((defOf(actionSchema).options as unknown[]).length);
});

test('issue 9: broken actions — wrong types, out of bounds, missing, unknown or inherited members — are never accepted where zod refuses', () => {
  const r = rng(12);
  let refused = 0;
  let total = 0;
  for (const option of defOf(actionSchema).options as unknown[]) {
    for (let i = 0; i < 4; i++) {
      for (const b of broken(valid(option, r), r)) {
        total++;
        expectAgrees(b);
        if (!actionSchema.safeParse(b).success) refused++;
      }
    }
  }
  expect(total).toBeGreaterThan(5000);
  expect(refused).toBeGreaterThan(total / 2);
  for (const odd of [null, undefined, 3, 'move', [], {}, { type: 'endTurn', __proto__: { x: 1 } }, JSON.parse('{"type":"endTurn","__proto__":{"x":1}}')]) expectAgrees(odd);
});

test('issue 9: the actions of random games of every scenario are accepted by the compiled checks, as zod gives them', () => {
  let n = 0;
  for (const scenario of SCENARIOS) {
    const { script } = randomGame(scenario, `checks-${scenario.id}`, { limit: 40 });
    for (const { action } of script) {
      // as a client sends it: through JSON
      expect(expectAgrees(JSON.parse(JSON.stringify(action)))).toBe(true);
      n++;
    }
  }
  expect(n).toBeGreaterThan(100);
});

