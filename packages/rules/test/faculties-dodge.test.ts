import { apply, ApplyResult, eventsFor, fixedDice, GameState, legalActions, Unit, viewFor } from '../src';
import type { DiceSource } from '../src/state/dice';
import { pursuitModifiers } from '../src/movement/off-map-pursuit';
import { game, gameWithFreeB, H, profiles, unit } from './fixtures';

/**
 * §3.1 Esquive (l.1797): −2 on the dodging unit's own disengagement,
 * crossing and pursuit tests (A-31: never on the tests of the units it
 * crosses), and without a charge marker it is never bound to shock.
 */
type Test = { type: 'test'; test: string; subject: string; success: boolean; modifiers: { value: number; section: string; label: { en: string } }[] };
const u = (s: GameState, id: string): Unit => s.units.find((x) => x.id === id)!;
const dodging = { faculties: ['dodge' as const] };
const tests = (events: { type: string }[], kind: string) => events.filter((e) => e.type === 'test' && (e as unknown as Test).test === kind) as unknown as Test[];
const isDodge = (m: Test['modifiers'][number]) => m.section === '§3.1' && m.label.en === 'Dodge';
const act = (s: GameState, piece: string, dice: number[] = []) => {
  const r = apply(s, 'blue', { type: 'activate', piece }, { dice: fixedDice(dice) });
  if (!r.ok) throw new Error(r.rejection.code);
  return r.state;
};
const play = (s: GameState, piece: string, action: object, dice: number[] = [], activationDice: number[] = [1, 1, 1, 1]) =>
  apply(act(s, piece, activationDice), 'blue', { piece, ...action }, { dice: fixedDice(dice) });
const code = (r: ApplyResult) => (r.ok ? 'ok' : r.rejection.code);

describe('§3.1 Esquive (dodge)', () => {
  // Blue 'b' faces north, red 'r' south next to it with a contact marker: withdrawing owes a disengagement test (+1).
  const engaged = (extra = {}) => {
    const s = gameWithFreeB([unit('b', 'blue', '0505', 0, extra), unit('r', 'red', '0504', 6)]);
    u(s, 'r').shock = 'contact';
    return s;
  };

  test('§3.1 FAC-02 dodge: −2 on the unit’s own disengagement test after a withdrawal, which then passes where it would fail', () => {
    // 6+3 +1 (contact) = 10 fails at 8; with the dodge, 8 passes.
    const plain = play(engaged(), 'b', { type: 'withdraw', to: H('0506') }, [6, 3]);
    const dodge = play(engaged(dodging), 'b', { type: 'withdraw', to: H('0506') }, [6, 3]);
    if (!plain.ok || !dodge.ok) throw new Error('refused');
    expect(tests(plain.events, 'disengagement')[0]).toMatchObject({ success: false });
    const t = tests(dodge.events, 'disengagement')[0];
    expect(t).toMatchObject({ subject: 'b', success: true });
    expect(t.modifiers.map((m) => m.value)).toEqual([1, -2]);
    expect(t.modifiers.filter(isDodge)).toHaveLength(1);
    expect(u(dodge.state, 'b').cohesion).toBe('inOrder');
  });

  test('§3.1 FAC-02 dodge: −2 on the unit’s own disengagement test after a flight', () => {
    const r = play(engaged(dodging), 'b', { type: 'flee', steps: [{ face: 6 }, { to: H('0506') }, { to: H('0507') }] }, [1, 1, 1, 1]);
    if (!r.ok) throw new Error(r.rejection.code);
    const t = tests(r.events, 'disengagement')[0];
    // Flight: +1 (the enemy engaged by no one else), +1 (contact), −2 (dodge).
    expect(t.modifiers.map((m) => m.value)).toEqual([1, 1, -2]);
    expect(t.modifiers.filter(isDodge)).toHaveLength(1);
  });

  describe('§3.1 FAC-03 dodge on crossing tests (A-31: only the tests the dodging unit takes)', () => {
    const cavalry = { type: 'cavalry', profiles: profiles('equestrian', 'superior') };
    const crossing = (a: object, b: object) => {
      const s = game([unit('a', 'blue', '0506', 0, { ...cavalry, ...a }), unit('b', 'blue', '0505', 0, b), unit('r', 'red', '0101', 6)]);
      for (const w of s.wings) w.directive = 'defend';
      const r = play(s, 'a', { type: 'move', steps: [{ to: H('0505') }, { to: H('0504') }] }, [1, 1, 1, 1], []);
      if (!r.ok) throw new Error(r.rejection.code);
      return Object.fromEntries(tests(r.events, 'crossing').map((t) => [t.subject, t.modifiers]));
    };

    test('§3.1 FAC-03 a dodging crosser takes −2 on its own crossing test, the unit it crosses does not', () => {
      const m = crossing(dodging, {});
      expect(m.a.map((x) => x.value)).toEqual([1, 1, 1, -2]);
      expect(m.a.filter(isDodge)).toHaveLength(1);
      expect(m.b.map((x) => x.value)).toEqual([1, 1, 1]);
    });

    test('§3.1 FAC-03 a dodging unit crossed takes −2 on its own test, the crosser does not', () => {
      const m = crossing({}, dodging);
      expect(m.a.map((x) => x.value)).toEqual([1, 1, 1]);
      expect(m.b.map((x) => x.value)).toEqual([1, 1, 1, -2]);
    });
  });

  test('§3.1 FAC-04 dodge: −2 on the pursuit test of the dodging unit only (l.1193), cited §3.1', () => {
    const s = game([unit('p', 'blue', '0505', 0, dodging), unit('q', 'red', '0501', 6)]);
    const dodge = (tested: string, other: string) => pursuitModifiers(s, u(s, tested), u(s, other)).filter((m) => m.label.en === 'Dodge');
    expect(dodge('p', 'q')).toEqual([{ value: -2, label: { fr: 'Esquive', en: 'Dodge' }, section: '§3.1' }]);
    // The other unit's dodge is no part of this unit's test.
    expect(dodge('q', 'p')).toEqual([]);
  });

  describe('§3.1 FAC-05 a dodging unit without a charge marker is never bound to shock', () => {
    // Under its wing's attack directive (§2.5.1), no special order, adjacent to red.
    const attacking = (extra = {}, redAt = '0504') => game([unit('b', 'blue', '0505', 0, extra), unit('r', 'red', redAt, 6)]);

    test('§3.1 FAC-05 under an attack directive, adjacent to the enemy, a dodging unit may withdraw or flee instead of shocking', () => {
      expect(code(play(attacking(), 'b', { type: 'withdraw', to: H('0506') }))).toBe('attackNoWithdraw');
      expect(code(play(attacking(dodging), 'b', { type: 'withdraw', to: H('0506') }))).toBe('ok');
      expect(code(play(attacking(), 'b', { type: 'flee', steps: [{ face: 6 }, { to: H('0506') }] }, [1, 1, 1, 1]))).toBe('attackNoWithdraw');
      expect(code(play(attacking(dodging), 'b', { type: 'flee', steps: [{ face: 6 }, { to: H('0506') }] }, [1, 1, 1, 1]))).toBe('ok');
      const legal = legalActions(viewFor(act(attacking(dodging), 'b', [1, 1, 1, 1]), 'blue'), 'blue', 'b');
      expect(legal.find((l) => l.type === 'withdraw')?.allowed).toBe(true);
    });

    test('§3.1 FAC-05 away from the enemy the attack directive asks an approach, not a shock: the dodge frees nothing', () => {
      expect(code(play(attacking(dodging, '0501'), 'b', { type: 'withdraw', to: H('0506') }))).toBe('attackNoWithdraw');
    });

    test('§3.1 FAC-05, §2.9.1 a dodging unit with a charge marker stays bound to shock', () => {
      const s = attacking(dodging);
      u(s, 'b').shock = 'charge';
      expect(['mustShock', 'chargeNoRetreat']).toContain(code(play(s, 'b', { type: 'withdraw', to: H('0506') })));
      expect(['mustShock', 'chargeNoRetreat']).toContain(code(play(s, 'b', { type: 'flee', steps: [{ face: 6 }, { to: H('0506') }] })));
    });
  });
});

/**
 * Secrecy (§4.5.1, sheet 000 Leurres): the same withdrawal played by a
 * hidden dodging unit and by a decoy imitating it. The piece at P leaves its
 * stack backward, crossing the open large friend 'g' behind it: g's test is
 * public, the mover's own (with the dodge) is told to its owner only, and
 * the decoy rolls it too, so that the dice run alike.
 */
describe('§3.1 dodge under a cover', () => {
  const P = '0508';
  const Q = '0708';
  type Under = 'unit' | 'decoy';

  function world(under: Under) {
    const s = game([unit('h', 'blue', P, 0, dodging), unit('g', 'blue', P, 0), unit('r', 'red', '0101', 6)]);
    for (const w of s.wings) w.directive = 'defend';
    Object.assign(u(s, 'h'), { hex: H(under === 'unit' ? P : Q), hidden: true, coverId: under === 'unit' ? 'cover-1' : 'cover-2', stackRank: 0 });
    u(s, 'g').stackRank = 1;
    s.decoys = [{ id: 'd', side: 'blue', hex: H(under === 'unit' ? Q : P), facing: 0, mimic: 'h', activated: false, stackRank: 0, coverId: under === 'unit' ? 'cover-2' : 'cover-1' }];
    return { state: s, actor: under === 'unit' ? 'h' : 'd' };
  }

  const withdraw = (w: ReturnType<typeof world>, dice: DiceSource) => {
    const r = apply(act(w.state, w.actor), 'blue', { type: 'withdraw', piece: w.actor, to: H('0509') }, { dice });
    if (!r.ok) throw new Error(r.rejection.code);
    return r;
  };
  const heard = (r: ApplyResult & { ok: true }, seat: string) => {
    const seen = JSON.parse(JSON.stringify({ events: eventsFor(r.events, seat), view: viewFor(r.state, seat) }));
    seen.view.covers.sort((a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1));
    return seen;
  };

  test('§3.1 FAC-03, §4.5.1 a hidden dodging unit and a decoy withdrawing across a friend tell the opponent the same, and roll alike', () => {
    const dice = { unit: fixedDice([1, 1, 1, 1]), decoy: fixedDice([1, 1, 1, 1]) };
    const ru = withdraw(world('unit'), dice.unit);
    const rd = withdraw(world('decoy'), dice.decoy);
    for (const seat of ['red', 'spectator']) expect(heard(rd, seat)).toEqual(heard(ru, seat));
    expect([dice.unit.remaining(), dice.decoy.remaining()]).toEqual([0, 0]);
    // The opponent hears g's test, without the dodge of the unit that crossed it.
    const redTests = tests(eventsFor(ru.events, 'red'), 'crossing');
    expect(redTests.map((t) => t.subject)).toEqual(['g']);
    expect(redTests[0].modifiers.some(isDodge)).toBe(false);
    // The owner hears the mover's own test, dodge included, for the unit and for the decoy alike.
    const own = (r: ApplyResult & { ok: true }, piece: string) => tests(eventsFor(r.events, 'blue'), 'crossing').find((t) => t.subject === piece)!;
    expect(own(ru, 'h').modifiers).toEqual(own(rd, 'd').modifiers);
    expect(own(rd, 'd').modifiers.filter(isDodge)).toHaveLength(1);
    expect(u(rd.state, 'h').cohesion).toBe('inOrder');
  });
});
