import { apply, ApplyResult, fixedDice, GameState, legalActions, lossChoices, LossPlan, shockOptions, stackPlace, viewFor } from '../src';
import { game, H, profiles, unit } from './fixtures';

type Units = Parameters<typeof game>[0];
type Map = Parameters<typeof game>[1];
const u = (s: GameState, id: string) => s.units.find((x) => x.id === id)!;
/** A game with `piece` under activation (set directly: activation's own operations are not under test). */
const fight = (units: Units, map: Map = {}, piece = 'b') => {
  const s = game(units, map);
  s.activation = { piece };
  return s;
};
/** Blue infantry at 0505 facing north, red infantry at 0504 facing south: they engage each other. */
const pair = (red: Parameters<typeof unit>[4] = {}, more: Units = [], map: Map = {}) => fight([unit('b', 'blue', '0505', 0), unit('r', 'red', '0504', 6, red), ...more], map);
const attack = (s: GameState, faces: number[], a: Record<string, unknown> = {}) =>
  apply(s, 'blue', { type: 'shock', piece: 'b', target: 'r', supported: true, ...a }, { dice: fixedDice([...faces, 1, 1, 1, 1]) });
const done = (r: ApplyResult) => {
  if (!r.ok) throw new Error(`refused: ${r.rejection.code}`);
  return r;
};
const code = (r: ApplyResult) => (r.ok ? 'ok' : r.rejection.code);
const combatOf = (r: ApplyResult) => done(r).events.find((e) => e.type === 'combat');
/** The defending player's choice of how to absorb the losses (§2.7.4), by `seat` (red by default). */
const absorb = (r: ApplyResult, plan: LossPlan, seat = 'red') => apply(done(r).state, seat, { type: 'absorbLosses', ...plan }, { dice: fixedDice([1, 1, 1, 1]) });
/** Recoil to `hex` when the defender may choose it. */
const recoilTo = (r: ApplyResult, hex: string) => done(absorb(r, { steps: [], recoil: H(hex) }));

describe('§2.7.2–2.7.4 the combat procedure', () => {
  test('§2.7.4 worked example through an attack: advantage +1, roll 4 → 1 loss, roll 9 → none', () => {
    const s = pair();
    u(s, 'r').cohesion = 'shaken';
    expect(combatOf(attack(s, [2, 2]))).toMatchObject({ advantage: 1, dice: [2, 2], column: '+1', losses: 1, attacker: 'b', defender: 'r' });
    const miss = done(attack(s, [4, 5]));
    expect(combatOf(miss)).toMatchObject({ advantage: 1, losses: 0 });
    expect(u(miss.state, 'r')).toMatchObject({ steps: 2, hex: H('0504') });
  });

  test('§2.7 an attack is the whole action: the activation concludes', () => {
    const r = done(attack(pair(), [6, 6]));
    expect(r.state.activation).toBeNull();
    expect(r.events.find((e) => e.type === 'activationEnded')).toMatchObject({ piece: 'b', acted: true });
  });

  test('§2.7.3.1 a supported attack costs a level of breath, an unsupported one concedes 4', () => {
    const sup = done(attack(pair(), [6, 6]));
    expect(u(sup.state, 'b').breath).toBe('winded');
    const unsup = done(attack(pair(), [6, 6], { supported: false }));
    expect(u(unsup.state, 'b').breath).toBe('fresh');
    expect(combatOf(unsup)).toMatchObject({ advantage: -4, supported: false });
  });

  test('§2.7.3.1 an exhausted unit cannot support its attack', () => {
    const s = pair();
    u(s, 'b').breath = 'exhausted';
    expect(code(attack(s, [6, 6]))).toBe('exhaustedMayNotSupport');
    expect(code(attack(s, [6, 6], { supported: false }))).toBe('ok');
  });

  test('§2.7.3.1 a charging unit supports for free and §2.7.6 keeps its charge as it advances (§2.4.3: an enemy it could engage next turn)', () => {
    const s = pair({ steps: 1 }, [unit('r3', 'red', '0502', 6)]);
    u(s, 'b').shock = 'charge';
    const r = done(attack(s, [1, 1], { supported: false }));
    expect(combatOf(r)).toMatchObject({ supported: true, advantage: 2, losses: 2 });
    expect(u(r.state, 'r').destroyed).toBe(true);
    expect(u(r.state, 'b')).toMatchObject({ hex: H('0504'), shock: 'charge', breath: 'fresh', facing: 0 });
  });

  test('§2.4.3 a charging unit that advances where it could engage no enemy next turn cancels its charge (marker off, a level of breath)', () => {
    const s = pair({ steps: 1 });
    u(s, 'b').shock = 'charge';
    const r = done(attack(s, [1, 1]));
    expect(u(r.state, 'b')).toMatchObject({ hex: H('0504'), shock: 'none', breath: 'winded' });
    expect(r.events.find((e) => e.type === 'chargeLost')).toMatchObject({ unit: 'b', section: '§2.4.3' });
  });

  test('§2.7.6 a charging unit that does not dislodge its enemy loses its charge marker (no contact marker, still engaging) and a level of breath', () => {
    const s = pair();
    u(s, 'b').shock = 'charge';
    const r = done(attack(s, [6, 6]));
    expect(u(r.state, 'b')).toMatchObject({ shock: 'none', breath: 'winded', hex: H('0505') });
    expect(r.events.find((e) => e.type === 'chargeLost')).toMatchObject({ unit: 'b', now: 'none', section: '§2.7.6' });
  });

  test("Fiche 000 a charging unit loses its charge before attacking across a rough hexside", () => {
    const s = pair({}, [], { hexsides: [{ hex: '0505', direction: 0, kind: 'rough' }] });
    u(s, 'b').shock = 'charge';
    const r = done(attack(s, [6, 6]));
    expect(r.events.map((e) => e.type).indexOf('chargeLost')).toBeLessThan(r.events.map((e) => e.type).indexOf('combat'));
    expect(combatOf(r)?.type === 'combat' && combatOf(r)).toMatchObject({ advantage: -1 - 1 });
  });

  test('§2.7.4 a charging defender first loses a step and its charge (contact, breath)', () => {
    const s = pair({ steps: 3 });
    u(s, 'r').shock = 'charge';
    const r = done(attack(s, [3, 3]));
    expect(combatOf(r)).toMatchObject({ advantage: -2, losses: 1 });
    expect(u(r.state, 'r')).toMatchObject({ steps: 2, shock: 'contact', breath: 'winded', hex: H('0504') });
    const types = r.events.map((e) => e.type);
    expect(types.indexOf('chargeLost')).toBeLessThan(types.indexOf('stepLost'));
  });
});

describe('§2.7.5 recoil', () => {
  test('§2.7.5 the last loss may be taken as a recoil: one hex back, same facing, a level of cohesion, no contact', () => {
    const r = recoilTo(attack(pair(), [2, 2]), '0503');
    expect(u(r.state, 'r')).toMatchObject({ hex: H('0503'), facing: 6, steps: 2, cohesion: 'shaken', shock: 'none' });
    expect(r.events.find((e) => e.type === 'recoiled')).toMatchObject({ unit: 'r', from: H('0504'), to: H('0503'), section: '§2.7.5' });
  });

  test('§2.7.6 a supported attacker must advance into the vacated hex; an unsupported one may not', () => {
    const sup = recoilTo(attack(pair(), [2, 2]), '0503');
    expect(u(sup.state, 'b')).toMatchObject({ hex: H('0504'), shock: 'none' });
    expect(sup.events.find((e) => e.type === 'advanced')).toMatchObject({ unit: 'b', to: H('0504') });
    const unsup = recoilTo(attack(pair(), [2, 2], { supported: false }), '0503');
    expect(u(unsup.state, 'r').hex).toBe(H('0503'));
    expect(u(unsup.state, 'b').hex).toBe(H('0505'));
  });

  test('§2.7.5 no recoil for a unit engaged by its flank: the loss is a step, with nothing to decide', () => {
    const r = done(attack(pair({ facing: 9 }), [3, 3]));
    expect(combatOf(r)).toMatchObject({ advantage: 2, losses: 1 });
    expect(r.state.pendingLosses).toBeUndefined();
    expect(u(r.state, 'r')).toMatchObject({ hex: H('0504'), steps: 1, cohesion: 'inOrder' });
  });

  test('§2.7.5 no recoil into a hex where the unit would be engaged by its flank or rear', () => {
    const map = { terrain: { impassable: ['0603', '0403'] } };
    const r = done(attack(pair({}, [unit('b2', 'blue', '0502', 6)], map), [2, 2]));
    expect(u(r.state, 'r')).toMatchObject({ hex: H('0504'), steps: 1 });
  });

  test('§2.7.5 stacking: a recoil onto a friendly stack stays within 10 points and lands on top', () => {
    const map = { terrain: { impassable: ['0603', '0403'] } };
    const full = done(attack(pair({}, [unit('r2', 'red', '0503', 6), unit('r3', 'red', '0503', 6)], map), [2, 2]));
    expect(u(full.state, 'r')).toMatchObject({ hex: H('0504'), steps: 1 });
    const room = recoilTo(attack(pair({}, [unit('r2', 'red', '0503', 6)], map), [2, 2]), '0503');
    expect(u(room.state, 'r').hex).toBe(H('0503'));
    expect(stackPlace(room.state, u(room.state, 'r'))).toBe('front');
  });

  test('Fiche 000 Empilement, §2.7.5 no recoil onto a large friend with an inferior command profile', () => {
    const inferior = { ...profiles(), command: { class: 'regular' as const, capacity: 'inferior' as const } };
    const open = done(attack(pair({}, [unit('ri', 'red', '0503', 6, { profiles: inferior })]), [2, 2]));
    const recoils = lossChoices(open.state, 'red').map((p) => p.recoil).filter((h) => h !== undefined);
    expect(recoils.length).toBeGreaterThan(0);
    expect(recoils).not.toContain(H('0503'));
  });

  test('§2.7.5 recoil is compulsory on the last step; otherwise the defender chooses between a step and a recoil', () => {
    const last = done(attack(pair({ steps: 1 }), [2, 2]));
    const choices = lossChoices(last.state, 'red');
    expect(choices.length).toBeGreaterThan(0);
    expect(choices.every((p) => p.recoil !== undefined && p.steps.length === 0)).toBe(true);
    const r = recoilTo(last, '0503');
    expect(u(r.state, 'r')).toMatchObject({ hex: H('0503'), steps: 1, cohesion: 'shaken' });
    expect(u(r.state, 'r').destroyed).toBeFalsy();
    const open = done(attack(pair(), [2, 2]));
    expect(lossChoices(open.state, 'red')).toEqual(expect.arrayContaining([{ steps: ['r'] }, { steps: [], recoil: H('0503') }]));
    const stood = done(absorb(open, { steps: ['r'] }));
    expect(u(stood.state, 'r')).toMatchObject({ hex: H('0504'), steps: 1, cohesion: 'inOrder' });
    expect(u(stood.state, 'b').hex).toBe(H('0505'));
  });

  test('§2.7.4 steady units never recoil: they take steps', () => {
    const s = pair();
    u(s, 'r').profiles.morale.class = 'steady';
    const r = done(attack(s, [2, 2]));
    expect(u(r.state, 'r')).toMatchObject({ hex: H('0504'), steps: 1 });
  });

  test('§2.7.4 a stack recoils without its steady unit, which loses a step (the defender names it)', () => {
    const s = pair({}, [unit('r2', 'red', '0504', 6)]);
    u(s, 'r2').profiles.morale.class = 'steady';
    const open = done(attack(s, [3, 3]));
    expect(combatOf(open)).toMatchObject({ losses: 1 });
    expect(lossChoices(open.state, 'red')).toContainEqual({ steps: [], recoil: H('0503'), stayer: 'r2' });
    const r = done(absorb(open, { steps: [], recoil: H('0503'), stayer: 'r2' }));
    expect(u(r.state, 'r')).toMatchObject({ hex: H('0503'), steps: 2, cohesion: 'shaken' });
    expect(u(r.state, 'r2')).toMatchObject({ hex: H('0504'), steps: 1, cohesion: 'inOrder' });
    expect(r.events.find((e) => e.type === 'stepLost')).toMatchObject({ unit: 'r2', reason: 'steadyStayed', section: '§2.7.4' });
  });

  test('§2.3.1.1 recoiling backward past the steady unit behind is a crossing: the recoiling unit tests (§2.3.1.2), the steady one never does', () => {
    const s = pair({}, [unit('r2', 'red', '0504', 6)]);
    u(s, 'r2').profiles.morale.class = 'steady';
    expect(stackPlace(s, u(s, 'r2'))).toBe('back');
    const r = done(absorb(done(attack(s, [3, 3])), { steps: [], recoil: H('0503'), stayer: 'r2' }));
    const tests = r.events.filter((e) => e.type === 'test' && e.test === 'crossing');
    expect(tests).toHaveLength(1);
    expect(tests[0]).toMatchObject({ subject: 'r', section: '§2.3.1.2', modifiers: [expect.objectContaining({ value: 1, section: '§2.3.1.2' })] });
  });

  test('sheet 000 Leurres: a friendly decoy in a rear hex shapes the recoil choices exactly as the hidden unit it imitates would', () => {
    const recoilHexes = (behind: 'hidden' | 'decoy') => {
      const hidden = unit('rh', 'red', behind === 'hidden' ? '0503' : '0909', 0, { hidden: true });
      const decoys = behind === 'decoy' ? [{ id: 'rd', side: 'red', hex: '0503', facing: 0, mimic: 'rh' }] : [];
      const s = game([unit('b', 'blue', '0505', 0), unit('r', 'red', '0504', 6), hidden], {}, decoys);
      s.activation = { piece: 'b' };
      return lossChoices(done(attack(s, [2, 2])).state, 'red').flatMap((p) => (p.recoil === undefined ? [] : [p.recoil]));
    };
    expect(recoilHexes('hidden')).not.toContain(H('0503'));
    expect(recoilHexes('decoy')).toEqual(recoilHexes('hidden'));
  });

  test('§2.6.10 a recoil may leave the map across a rear edge hexside: the unit waits behind it, shaken, and the attacker advances', () => {
    const s = fight([unit('b', 'blue', '0502', 0), unit('r', 'red', '0501', 6)]);
    const open = done(attack(s, [2, 2]));
    expect(lossChoices(open.state, 'red')).toContainEqual({ steps: [], exit: 0 });
    const r = done(absorb(open, { steps: [], exit: 0 }));
    expect(u(r.state, 'r')).toMatchObject({ hex: -1, offMap: { hex: H('0501'), dir: 0 }, cohesion: 'shaken' });
    expect(r.events.find((e) => e.type === 'leftMap')).toMatchObject({ unit: 'r', hex: H('0501'), dir: 0, final: false, section: '§2.7.5' });
    expect(u(r.state, 'b').hex).toBe(H('0501'));
  });

  test('§2.6.10 a routed unit recoiling off the map is gone for good', () => {
    const s = fight([unit('b', 'blue', '0502', 0), unit('r', 'red', '0501', 6, { steps: 1 })]);
    u(s, 'r').cohesion = 'routed';
    const open = done(attack(s, [3, 4]));
    expect(combatOf(open)).toMatchObject({ losses: 1 });
    const r = open.state.pendingLosses ? done(absorb(open, { steps: [], exit: 0 })) : open;
    expect(u(r.state, 'r').destroyed).toBe(true);
    expect(r.events.find((e) => e.type === 'unitDestroyed')).toMatchObject({ unit: 'r', reason: 'leftMapRouted' });
  });

  test('§2.3.1 a small unit recoiling into a stack takes its facing', () => {
    const s = fight([unit('b', 'blue', '0505', 0), unit('r', 'red', '0504', 6, { kind: 'character', size: 'small' }), unit('r2', 'red', '0404', 4)]);
    const r = done(absorb(done(attack(s, [3, 3])), { steps: [], recoil: H('0404') }));
    expect(u(r.state, 'r')).toMatchObject({ hex: H('0404'), facing: 4 });
    expect(r.events.find((e) => e.type === 'stackAligned')).toMatchObject({ unit: 'r', facing: 4, cohesionLost: false });
  });

  test('§2.7.5 a small unit alone recoils to any hex free of enemies, the defender choosing which', () => {
    const s = fight([unit('b', 'blue', '0505', 0), unit('r', 'red', '0504', 6, { kind: 'character', size: 'small' })]);
    const open = done(attack(s, [3, 3]));
    expect(combatOf(open)).toMatchObject({ advantage: 4, losses: 1 });
    const hexes = lossChoices(open.state, 'red').flatMap((p) => (p.recoil === undefined ? [] : [p.recoil]));
    expect(hexes).toHaveLength(5);
    expect(hexes).not.toContain(H('0505'));
    const r = recoilTo(open, '0404');
    expect(u(r.state, 'r')).toMatchObject({ hex: H('0404'), steps: 2 });
  });

  test('§2.7.4 destruction, and losses left over fall on the stack (the last as a recoil)', () => {
    const s = pair({ steps: 1 }, [unit('r2', 'red', '0504', 6)]);
    const open = done(attack(s, [1, 1]));
    expect(combatOf(open)).toMatchObject({ advantage: 2, losses: 2 });
    expect(lossChoices(open.state, 'red')).toContainEqual({ steps: ['r'], recoil: H('0503') });
    expect(lossChoices(open.state, 'red')).toContainEqual({ steps: ['r', 'r2'] });
    const r = done(absorb(open, { steps: ['r'], recoil: H('0503') }));
    expect(r.events.find((e) => e.type === 'unitDestroyed')).toMatchObject({ unit: 'r', hex: H('0504') });
    expect(u(r.state, 'r2')).toMatchObject({ hex: H('0503'), steps: 2, cohesion: 'shaken' });
    expect(u(r.state, 'b').hex).toBe(H('0504'));
  });

  test('§2.7.4–2.7.5 the last loss is a recoil of what is left only if that recoil is possible then: a mate left alone, engaged by the flank, takes a step', () => {
    // b stands in the flank of the red stack: it engages the front unit r, not the back unit r2 — until r is destroyed.
    const s = pair({ facing: 9, steps: 1 }, [unit('r2', 'red', '0504', 9)]);
    const r = done(attack(s, [1, 1]));
    expect(combatOf(r)).toMatchObject({ losses: 2 });
    expect(r.state.pendingLosses).toBeUndefined();
    expect(u(r.state, 'r').destroyed).toBe(true);
    expect(u(r.state, 'r2')).toMatchObject({ hex: H('0504'), steps: 1, cohesion: 'inOrder' });
  });

  test('§2.7.4 the losses the destroyed unit cannot take are spread through its stack as the defender likes', () => {
    const s = pair({ steps: 1 }, [unit('r2', 'red', '0504', 6), unit('rc', 'red', '0504', 6, { kind: 'character', size: 'small' })]);
    const open = done(attack(s, [1, 1]));
    const steps = lossChoices(open.state, 'red').filter((p) => p.recoil === undefined);
    expect(steps).toEqual([{ steps: ['r', 'r2'] }, { steps: ['r', 'rc'] }]);
    const r = done(absorb(open, { steps: ['r', 'rc'] }));
    expect(u(r.state, 'rc').steps).toBe(u(s, 'rc').steps - 1);
    expect(u(r.state, 'r2')).toMatchObject({ steps: 2, hex: H('0504') });
  });
});

describe('§2.7.4 the defender decides while the combat waits', () => {
  test('§2.7.4 while the defender decides, every other action waits and the dice log says so', () => {
    const open = done(attack(pair(), [2, 2]));
    expect(open.events.find((e) => e.type === 'lossesAwaited')).toMatchObject({ unit: 'r', side: 'red', losses: 1, section: '§2.7.4' });
    expect(open.state.pendingLosses).toMatchObject({ side: 'red', defender: 'r', attacker: 'b' });
    expect(open.state.activation).toEqual({ piece: 'b' });
    expect(code(apply(open.state, 'blue', { type: 'pass', piece: 'b' }))).toBe('awaitingLosses');
    expect(code(apply(open.state, 'blue', { type: 'endTurn' }))).toBe('awaitingLosses');
    expect(legalActions(open.state, 'blue', 'b').every((l) => !l.allowed && l.rejection?.code === 'awaitingLosses')).toBe(true);
  });

  test('§2.7.4 only the defender (or the referee for an absent player) decides, and only among the plans the rules offer', () => {
    const open = done(attack(pair(), [2, 2]));
    expect(code(absorb(open, { steps: [], recoil: H('0503') }, 'blue'))).toBe('notDefender');
    expect(lossChoices(open.state, 'blue')).toEqual([]);
    expect(code(absorb(open, { steps: [], recoil: H('0404') }))).toBe('notALossPlan');
    expect(code(absorb(open, { steps: ['r', 'r'] }))).toBe('notALossPlan');
    // the referee's client, which sees every hidden unit, offers the defender's own choices
    expect(lossChoices(viewFor(open.state, 'referee'), 'referee')).toEqual(lossChoices(open.state, 'red'));
    const byReferee = done(absorb(open, { steps: [], recoil: H('0503') }, 'referee'));
    expect(u(byReferee.state, 'r').hex).toBe(H('0503'));
    expect(byReferee.state.pendingLosses).toBeUndefined();
    expect(byReferee.state.activation).toBeNull();
    expect(code(absorb(byReferee, { steps: ['r'] }))).toBe('noLossesAwaited');
  });
});

describe('§2.7.1 who may attack whom', () => {
  const stack = (facing: number) => pair({ facing }, [unit('r2', 'red', '0504', facing)]);
  test('§2.7.1 from the front the front unit of a stack is attacked; from the rear the back unit', () => {
    expect(code(attack(stack(6), [6, 6]))).toBe('ok');
    expect(code(attack(stack(6), [6, 6], { target: 'r2' }))).toBe('targetNotEngaged');
    expect(code(attack(stack(0), [6, 6]))).toBe('targetNotEngaged');
    expect(code(attack(stack(0), [6, 6], { target: 'r2' }))).toBe('ok');
  });

  test('§2.3.1.3 only the front unit of a stack attacks by shock', () => {
    const s = fight([unit('b2', 'blue', '0505', 0), unit('b', 'blue', '0505', 0), unit('r', 'red', '0504', 6)]);
    expect(stackPlace(s, u(s, 'b'))).toBe('back');
    expect(code(attack(s, [6, 6]))).toBe('notFrontOfStack');
  });

  test('§2.7.3.2 a small unit stacked with a large one cannot be attacked by shock', () => {
    const s = pair({}, [unit('rc', 'red', '0504', 6, { kind: 'character', size: 'small' })]);
    expect(code(attack(s, [6, 6], { target: 'rc' }))).toBe('targetProtectedInStack');
  });

  test('§2.7.3 shock only against an engaged unit', () => {
    const s = fight([unit('b', 'blue', '0505', 6), unit('r', 'red', '0504', 6)]);
    expect(code(attack(s, [6, 6]))).toBe('targetNotEngaged');
  });

  test('Fiche 000 no shock across an impassable hexside (§3.1 FAC-22: only a climber may)', () => {
    expect(code(attack(pair({}, [], { hexsides: [{ hex: '0505', direction: 0, kind: 'impassable' }] }), [6, 6]))).toBe('shockAcrossImpassable');
  });

  test('§2.7 a routed unit may not attack', () => {
    const s = pair();
    u(s, 'b').cohesion = 'routed';
    expect(code(attack(s, [6, 6]))).toBe('routedMayNotAttack');
  });
});

describe('§2.7.1.1 duels', () => {
  const hero = (id: string, side: 'blue' | 'red', hex: string, facing: number, size: 'small' | 'large' = 'small') => unit(id, side, hex, facing, { kind: 'character', size });
  const duel = (s: GameState, target: string, faces: number[] = [6, 6], piece = 'bc') =>
    apply(s, 'blue', { type: 'duel', piece, target, supported: false }, { dice: fixedDice([...faces, 1, 1]) });

  test('§2.7.1.1 case 1: a small character in a stack duels a small character in a stack', () => {
    const s = fight([unit('b', 'blue', '0505', 0), hero('bc', 'blue', '0505', 0), unit('r', 'red', '0504', 6), hero('rc', 'red', '0504', 6)], {}, 'bc');
    expect(code(apply(s, 'blue', { type: 'shock', piece: 'bc', target: 'r', supported: false }))).toBe('notFrontOfStack');
    const open = done(duel(s, 'rc', [2, 2]));
    // The size modifiers cancel: unsupported −4 only; one loss, the character recoils alone.
    expect(combatOf(open)).toMatchObject({ kind: 'duel', advantage: -4, losses: 1 });
    const r = recoilTo(open, '0503');
    expect(u(r.state, 'rc').hex).toBe(H('0503'));
    expect(u(r.state, 'r').hex).toBe(H('0504'));
    expect(u(r.state, 'bc').hex).toBe(H('0505'));
  });

  test('§2.7.1.1 case 2: a lone character not engaged duels a small character in a stack', () => {
    const s = fight([hero('bc', 'blue', '0503', 6), unit('r', 'red', '0504', 6), hero('rc', 'red', '0504', 6)], {}, 'bc');
    expect(code(duel(s, 'rc'))).toBe('ok');
  });

  test('§2.7.1.1 case 3: a small character in a stack duels a large character', () => {
    const s = fight([unit('b', 'blue', '0505', 0), hero('bc', 'blue', '0505', 0), hero('rl', 'red', '0504', 6, 'large')], {}, 'bc');
    expect(code(duel(s, 'rl'))).toBe('ok');
  });

  test('§2.7.1.1 no duel with or against a troop, by an engaged character, or outside the cases', () => {
    const troop = fight([unit('b', 'blue', '0505', 0), unit('r', 'red', '0504', 6), hero('rc', 'red', '0504', 6)]);
    expect(code(duel(troop, 'rc', [6, 6], 'b'))).toBe('duelNeedsCharacters');
    const engaged = fight([hero('bc', 'blue', '0505', 0), unit('r', 'red', '0504', 6), hero('rc', 'red', '0504', 6)], {}, 'bc');
    expect(code(duel(engaged, 'rc'))).toBe('duelByEngagedCharacter');
    const loose = fight([hero('bc', 'blue', '0503', 6), hero('rl', 'red', '0504', 6, 'large')], {}, 'bc');
    expect(code(duel(loose, 'rl'))).toBe('duelNotAllowed');
  });
});

describe('§2.7 options for the client', () => {
  test('§2.7 shockOptions: each target, supported or not, with advantage, modifiers and exact odds', () => {
    const s = pair();
    const opts = shockOptions(s, 'blue', 'b');
    expect(opts.map((o) => [o.type, o.target, o.supported, o.allowed])).toEqual([
      ['shock', 'r', true, true],
      ['shock', 'r', false, true],
    ]);
    expect(opts[0].advantage - opts[1].advantage).toBe(4);
    expect(opts[1].odds[0] + opts[1].odds[1] + opts[1].odds[2]).toBeCloseTo(1);
    expect(opts[0].odds[1]).toBeCloseTo(23 / 36);
  });

  test('§2.7.3.1 a charging unit is offered the supported attack only, unless its charge is lost at a rough hexside', () => {
    const s = pair();
    u(s, 'b').shock = 'charge';
    expect(shockOptions(s, 'blue', 'b').map((o) => o.supported)).toEqual([true]);
    const rough = pair({}, [], { hexsides: [{ hex: '0505', direction: 0, kind: 'rough' }] });
    u(rough, 'b').shock = 'charge';
    expect(shockOptions(rough, 'blue', 'b').map((o) => o.supported)).toEqual([true, false]);
  });

  test('§2.7.3.1 refused options carry their rejection; legalActions gives shock and duel verdicts', () => {
    const s = pair();
    u(s, 'b').breath = 'exhausted';
    const opts = shockOptions(s, 'blue', 'b');
    expect(opts[0]).toMatchObject({ supported: true, allowed: false, rejection: { code: 'exhaustedMayNotSupport' } });
    const legal = legalActions(s, 'blue', 'b');
    expect(legal.find((l) => l.type === 'shock')).toMatchObject({ allowed: true });
    expect(legal.find((l) => l.type === 'duel')).toMatchObject({ allowed: false });
  });
});
