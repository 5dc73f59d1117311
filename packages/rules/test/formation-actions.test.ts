import {
  apply as applyRules,
  figuresOf,
  formationChoices,
  formationTable,
  isBloodied,
  isFormation,
  legalActions,
  organisationPreview,
  viewFor,
  type Capacity,
  type GameState,
  type Unit,
} from '../src';
import { engagedBy } from '../src/units/engagement';
import { sharedView } from '../src/fog/view';
import { rollTest } from '../src/tests/roll';
import { fixedDice } from '../src/state/dice';
import { scoreSides } from '../src/turn/victory';
import { lostSteps } from '../src/units/formation-assembly';
import { formationGround } from '../src/units/formation-ground';
import { stackPlace } from '../src/units/stacking';
import { game, H, profiles, unit, withOrder, type TestUnit } from './fixtures';
import { activated, ok, refused } from './helpers';

/**
 * The formation actions (§3.3.9–3.3.14, sheet 001), each with the worked
 * example of its section: fusion (EX-FORM-4), constitute 2+2+1 (EX-FORM-5),
 * join 7+2+1 (EX-FORM-6), voluntary break of 5 (EX-FORM-7), leave 4 of 10
 * (EX-FORM-8), and the change of mode with its organisation test.
 */

/** Profiles of a troop type whose command capacity is `command`. */
function commanded(command: Capacity, weapon: Capacity = 'ordinary') {
  const p = profiles();
  return {
    ...p,
    command: { ...p.command, capacity: command },
    weapon: { ...p.weapon, capacity: weapon },
  };
}

/** The formation counter of the test type: a better morale than the troop's (§3.3.1, l.2157). */
function formationCounter(command: Capacity) {
  const p = commanded(command);
  return { ...p, morale: { ...p.morale, capacity: 'advantaged' as const } };
}

/** A battlefield whose troops of type 'infantry' may form (the scenario gives their formation counter, PRE-06), blue under a regroup directive. */
function field(units: TestUnit[], command: Capacity = 'superior', map = {}): GameState {
  // A reserve far away keeps blue's turn open once the tested unit has acted.
  const s = game([...units, unit('reserve', 'blue', '0110', 0, { type: 'reserve' })], map);
  s.formationProfiles = { ...s.formationProfiles, infantry: formationCounter(command) };
  s.troopProfiles = { infantry: commanded(command) };
  s.wings.find((w) => w.side === 'blue')!.directive = 'regroup';
  return s;
}

const troop = (
  id: string,
  hex: string,
  steps: number,
  command: Capacity = 'superior',
  extra: Partial<TestUnit> = {},
) => unit(id, 'blue', hex, 3, { steps, profiles: commanded(command), ...extra });
const formation = (
  id: string,
  steps: number,
  command: Capacity = 'superior',
  extra: Partial<TestUnit> = {},
) =>
  unit(id, 'blue', '0505', 3, {
    secondHex: '0504',
    steps,
    profiles: formationCounter(command),
    ...extra,
  });
const u = (s: GameState, id: string): Unit => s.units.find((x) => x.id === id)!;
/** Why blue's action is refused, its piece activated first. */
const why = (s: GameState, action: { type: string; piece: string } & Record<string, unknown>) =>
  refused(activated(s, 'blue', action.piece), 'blue', action).code;
const totalLost = (s: GameState) =>
  s.units.filter((x) => x.side === 'blue').reduce((n, x) => n + lostSteps(x), 0);
/** The troops and formations of the tested type. */
const infantry = (s: GameState) =>
  s.units.filter((x) => x.kind === 'troop' && (x.type === 'infantry' || x.type === 'archers'));

describe('§3.3.9 Action de Fusion', () => {
  const pair = () => {
    const s = field([troop('a', '0505', 1), troop('b', '0505', 1)]);
    u(s, 'b').breath = 'winded';
    return s;
  };

  test('§3.3.9 (EX-FORM-4) two one-step troops become one troop of two steps, winded as one of them was, activated', () => {
    const s = pair();
    const lostBefore = totalLost(s);
    const r = ok(activated(s, 'blue', 'a'), 'blue', { type: 'fuse', piece: 'a', with: 'b' });
    expect(r.state.units.map((x) => x.id)).not.toContain('b');
    expect(u(r.state, 'a')).toMatchObject({ steps: 2, breath: 'winded', order: 'activated' });
    expect(r.events).toContainEqual(
      expect.objectContaining({
        type: 'troopsMerged',
        action: 'fusion',
        unit: 'a',
        absorbed: ['b'],
        steps: 2,
        breath: 'winded',
        section: '§3.3.9',
      }),
    );
    // §2.4 the victory count: merging loses no step, and wins none back
    expect(totalLost(r.state)).toBe(lostBefore);
    expect(scoreSides(r.state)).toEqual(scoreSides(s));
  });

  test('§3.3.9 (EX-FORM-4) either troop may be the acting one', () => {
    const r = ok(activated(pair(), 'blue', 'b'), 'blue', { type: 'fuse', piece: 'b', with: 'a' });
    expect(u(r.state, 'b')).toMatchObject({ steps: 2, breath: 'winded' });
  });

  test('§3.3.9 only two stacked troops with one step each, neither activated beforehand', () => {
    const s = field([troop('a', '0505', 2), troop('b', '0505', 1), troop('c', '0506', 1)]);
    expect(why(s, { type: 'fuse', piece: 'a', with: 'b' })).toBe('fusionPair');
    expect(why(s, { type: 'fuse', piece: 'b', with: 'c' })).toBe('fusionPair');
    const t = pair();
    u(t, 'b').order = 'activated';
    expect(why(t, { type: 'fuse', piece: 'a', with: 'b' })).toBe('formationTroopActivated');
  });

  test('sheet 001 (A-22) under an attack directive without a special order, no fusion; a special order allows it', () => {
    const s = pair();
    s.wings.find((w) => w.side === 'blue')!.directive = 'attack';
    expect(why(s, { type: 'fuse', piece: 'a', with: 'b' })).toBe('formationNeedsRegroup');
    withOrder(s, 'a', 'b');
    expect(
      infantry(
        ok(activated(s, 'blue', 'a'), 'blue', { type: 'fuse', piece: 'a', with: 'b' }).state,
      ),
    ).toHaveLength(1);
  });

  test('§3.3.9 FORM-66 FORM-67 the partner is of the same type and neither shaken nor routed', () => {
    const other = field([troop('a', '0505', 1), troop('b', '0505', 1, 'superior', { type: 'archers' })]);
    expect(why(other, { type: 'fuse', piece: 'a', with: 'b' })).toBe('fusionPair');
    for (const cohesion of ['shaken', 'routed'] as const) {
      const s = pair();
      u(s, 'b').cohesion = cohesion;
      expect(why(s, { type: 'fuse', piece: 'a', with: 'b' })).toBe('formationShakenOrExhausted');
    }
  });

  test('§3.3.9 FORM-66 the partner is of the same wing', () => {
    const s = pair();
    s.wings.push({ ...s.wings.find((w) => w.id === 'blue-wing')!, id: 'blue-other' });
    u(s, 'b').wing = 'blue-other';
    expect(why(s, { type: 'fuse', piece: 'a', with: 'b' })).toBe('fusionPair');
  });

  test('§3.3.9 FORM-70 the troop keeps the worse ammunition of the two', () => {
    const s = pair();
    u(s, 'b').ammunition = 'diminished';
    const r = ok(activated(s, 'blue', 'a'), 'blue', { type: 'fuse', piece: 'a', with: 'b' });
    expect(u(r.state, 'a').ammunition).toBe('diminished');
  });

  test('§3.3.9 not adjacent to an enemy, not exhausted', () => {
    const near = field([troop('a', '0505', 1), troop('b', '0505', 1), unit('r', 'red', '0605', 9)]);
    expect(why(near, { type: 'fuse', piece: 'a', with: 'b' })).toBe('formationNearEnemy');
    const tired = pair();
    u(tired, 'b').breath = 'exhausted';
    expect(why(tired, { type: 'fuse', piece: 'a', with: 'b' })).toBe('formationShakenOrExhausted');
  });
});

describe('§3.3.10 Action Constituer une Formation', () => {
  /** EX-FORM-5: 2 + 1 steps in 0505, 2 in 0504, all facing the east vertex, one winded. */
  const three = (command: Capacity = 'advantaged', facing = 3) => {
    const s = field(
      [
        troop('a', '0505', 2, command, { facing }),
        troop('c', '0505', 1, command, { facing }),
        troop('b', '0504', 2, command, { facing }),
      ],
      command,
    );
    u(s, 'c').breath = 'winded';
    return s;
  };

  test('§3.3.10 (EX-FORM-5) 2 + 2 + 1 = 5 steps: one formation on the two hexes, three figures on the bloodied face, winded, activated', () => {
    const s = three();
    const r = ok(activated(s, 'blue', 'a'), 'blue', { type: 'constitute', piece: 'a', with: 'b' });
    const f = u(r.state, 'a');
    expect(isFormation(f)).toBe(true);
    expect([f.hex, f.secondHex, f.facing]).toEqual([H('0505'), H('0504'), 3]);
    expect(f).toMatchObject({
      steps: 5,
      breath: 'winded',
      order: 'activated',
      cohesion: 'inOrder',
    });
    expect([figuresOf(f.steps), isBloodied(f.steps)]).toEqual([3, true]);
    // §3.3, PRE-06: the formation is its type's formation counter, with its better morale
    expect(f.profiles.morale.capacity).toBe('advantaged');
    expect(infantry(r.state).map((x) => x.id)).toEqual(['a']);
    expect(totalLost(r.state)).toBe(totalLost(s));
  });

  test('§3.3.10 (EX-FORM-5) any of the three may act: the troop alone in its hex too', () => {
    const r = ok(activated(three(), 'blue', 'b'), 'blue', {
      type: 'constitute',
      piece: 'b',
      with: 'a',
    });
    expect(u(r.state, 'b')).toMatchObject({ hex: H('0504'), secondHex: H('0505'), steps: 5 });
  });

  test('§3.3.10 the common facing must be a vertex at 90° to the two hexes', () => {
    expect(
      refused(activated(three('advantaged', 0), 'blue', 'a'), 'blue', {
        type: 'constitute',
        piece: 'a',
        with: 'b',
      }).code,
    ).toBe('constituteNotPerpendicular');
    // facing the north-east vertex, 0504 lies ahead of 0505, not beside it
    expect(
      refused(activated(three('advantaged', 1), 'blue', 'a'), 'blue', {
        type: 'constitute',
        piece: 'a',
        with: 'b',
      }).code,
    ).toBe('constituteNotPerpendicular');
  });

  test('§3.3.2 (FORM-30) the size limit follows the command: 5 steps are too many for ordinary troops (4), disadvantaged ones never form', () => {
    expect(
      refused(activated(three('ordinary'), 'blue', 'a'), 'blue', {
        type: 'constitute',
        piece: 'a',
        with: 'b',
      }),
    ).toMatchObject({ code: 'formationTooBig', section: '§3.3.2' });
    expect(
      refused(activated(three('disadvantaged'), 'blue', 'a'), 'blue', {
        type: 'constitute',
        piece: 'a',
        with: 'b',
      }).code,
    ).toBe('typeMayNotForm');
  });

  test('§3.3 a formation has at least 3 steps', () => {
    const s = field([troop('a', '0505', 1), troop('b', '0504', 1)]);
    expect(
      refused(activated(s, 'blue', 'a'), 'blue', { type: 'constitute', piece: 'a', with: 'b' })
        .code,
    ).toBe('formationTooFew');
  });

  test('§3.3.10 (FORM-74) a troop of the two hexes that fails the criteria forbids it: shaken, or of another type', () => {
    const shaken = three();
    u(shaken, 'c').cohesion = 'shaken';
    expect(
      refused(activated(shaken, 'blue', 'a'), 'blue', { type: 'constitute', piece: 'a', with: 'b' })
        .code,
    ).toBe('formationShakenOrExhausted');
    const mixed = field([
      troop('a', '0505', 2),
      troop('b', '0504', 2),
      troop('x', '0504', 2, 'superior', { type: 'archers' }),
    ]);
    expect(
      refused(activated(mixed, 'blue', 'a'), 'blue', { type: 'constitute', piece: 'a', with: 'b' })
        .code,
    ).toBe('constituteStack');
  });

  test('§3.3.7, sheet 001 (FORM-73) only on clear ground', () => {
    const s = field([troop('a', '0505', 2), troop('b', '0504', 2)], 'superior', {
      terrain: { rough: ['0504'] },
    });
    expect(
      refused(activated(s, 'blue', 'a'), 'blue', { type: 'constitute', piece: 'a', with: 'b' })
        .code,
    ).toBe('formationNotClear');
  });

  test('sheet 001 (FORM-73, OBS-04) constitute, the move and the scenario ask the one ground predicate, terrain by terrain', () => {
    // Until positions (WP5) and obstacles (WP4) exist, formationGround is the terrain's word alone.
    for (const t of ['rough', 'difficult', 'fortification'] as const) {
      const map = { terrain: { [t]: ['0504'] } };
      expect(formationGround(field([], 'superior', map).board, H('0504'))).toBe(false);
      const pair = field([troop('a', '0505', 2), troop('b', '0504', 2)], 'superior', map);
      expect(why(pair, { type: 'constitute', piece: 'a', with: 'b' })).toBe('formationNotClear');
      expect(() => field([formation('f', 4)], 'superior', map)).toThrow(/clear terrain only/);
    }
    expect(formationGround(field([]).board, H('0504'))).toBe(true);
  });

  test('§3.3 (FORM-01, FORM-29, FORM-34) only large simple troops of the same facing: not a character, not with a formation, not with another facing', () => {
    const hero = field([
      unit('c', 'blue', '0505', 3, {
        kind: 'character',
        size: 'small',
        profiles: commanded('superior'),
      }),
      troop('b', '0504', 2),
    ]);
    expect(
      refused(activated(hero, 'blue', 'c'), 'blue', { type: 'constitute', piece: 'c', with: 'b' })
        .code,
    ).toBe('notSimpleTroop');
    const withFormation = field([
      troop('a', '0303', 2),
      { ...formation('f', 4), hex: '0403', secondHex: '0402' },
    ]);
    expect(
      why(withFormation, {
        type: 'constitute',
        piece: 'a',
        with: 'f',
      }),
    ).toBe('constitutePartner');
    expect(
      why(withFormation, {
        type: 'constitute',
        piece: 'f',
        with: 'a',
      }),
    ).toBe('notSimpleTroop');
    const askew = field([troop('a', '0505', 2), troop('b', '0504', 2, 'superior', { facing: 9 })]);
    expect(
      refused(activated(askew, 'blue', 'a'), 'blue', { type: 'constitute', piece: 'a', with: 'b' })
        .code,
    ).toBe('constitutePartner');
  });

  test('sheet 001 (FORM-68, FORM-76, FORM-83, FORM-85, FORM-89) every action that builds or undoes a formation needs a regroup directive or a special order', () => {
    const s = field([formation('f', 6), troop('t', '0505', 2)]);
    s.wings.find((w) => w.side === 'blue')!.directive = 'defend';
    const a = activated(s, 'blue', 'f');
    for (const action of [
      { type: 'joinFormation', piece: 'f' },
      { type: 'leaveFormation', piece: 'f', hexes: [H('0504')] },
      { type: 'breakFormation', piece: 'f' },
    ]) {
      expect(refused(a, 'blue', action).code).toBe('formationNeedsRegroup');
    }
    expect(
      ok(activated(withOrder(s, 'f', 't'), 'blue', 'f'), 'blue', {
        type: 'joinFormation',
        piece: 'f',
      }).state.units.find((x) => x.id === 'f')!.steps,
    ).toBe(8);
  });

  test('§3.3 a troop type the scenario gives no formation counter cannot form', () => {
    const s = game([troop('a', '0505', 2), troop('b', '0504', 2)]);
    s.wings.find((w) => w.side === 'blue')!.directive = 'regroup';
    expect(
      refused(activated(s, 'blue', 'a'), 'blue', { type: 'constitute', piece: 'a', with: 'b' })
        .code,
    ).toBe('typeMayNotForm');
  });
});

describe('§3.3.11 Action Joindre une Formation', () => {
  test('§3.3.11 (EX-FORM-6) 7 + 2 + 1 = 10 steps, five figures; a winded troop makes it winded, exhausted ammunition replaces its diminished marker — under the book’s stacking reading (A-21)', () => {
    const sheet = formationTable.noStackFrom;
    formationTable.noStackFrom = 'sizeLimit';
    try {
      const s = field([formation('f', 7), troop('t2', '0505', 2), troop('t1', '0504', 1)]);
      u(s, 'f').ammunition = 'diminished';
      u(s, 't2').breath = 'winded';
      u(s, 't1').ammunition = 'exhausted';
      const r = ok(activated(s, 'blue', 'f'), 'blue', { type: 'joinFormation', piece: 'f' });
      expect(u(r.state, 'f')).toMatchObject({
        steps: 10,
        breath: 'winded',
        ammunition: 'exhausted',
        order: 'activated',
      });
      expect([figuresOf(10), isBloodied(10)]).toEqual([5, false]);
      expect(infantry(r.state).map((x) => x.id)).toEqual(['f']);
      expect(totalLost(r.state)).toBe(totalLost(s));
    } finally {
      formationTable.noStackFrom = sheet;
    }
  });

  test('§3.3.11 under the sheet’s reading (A-21) a formation of 5 takes in 2 + 1 within the advantaged limit of 8', () => {
    const s = field(
      [
        formation('f', 5, 'advantaged'),
        troop('t2', '0505', 2, 'advantaged'),
        troop('t1', '0504', 1, 'advantaged'),
      ],
      'advantaged',
    );
    expect(
      u(ok(activated(s, 'blue', 'f'), 'blue', { type: 'joinFormation', piece: 'f' }).state, 'f')
        .steps,
    ).toBe(8);
  });

  test('§3.3.11 a seat’s view keeps the troop behind the formation in its second hex: the join is open there as on the server', () => {
    const s = activated(field([formation('f', 5, 'advantaged'), troop('t1', '0504', 2, 'advantaged')], 'advantaged'), 'blue', 'f');
    const join = (g: GameState) => legalActions(g, 'blue', 'f').find((a) => a.type === 'joinFormation');
    expect(join(s)?.allowed).toBe(true);
    for (const view of [viewFor(s, 'blue'), sharedView(s, 'blue'), viewFor(s, 'spectator')]) {
      expect(u(view, 'f').stackRank).toBeLessThan(u(view, 't1').stackRank);
      expect(join(view)?.allowed).toBe(true);
    }
  });

  test('§3.3.2 the joined formation must fit the command’s size limit', () => {
    const s = field(
      [
        formation('f', 5, 'advantaged'),
        troop('t2', '0505', 2, 'advantaged'),
        troop('t1', '0504', 2, 'advantaged'),
      ],
      'advantaged',
    );
    expect(
      refused(activated(s, 'blue', 'f'), 'blue', { type: 'joinFormation', piece: 'f' }),
    ).toMatchObject({ code: 'formationTooBig' });
  });

  test('§3.3.11 (FORM-82) a troop stacked with it that it cannot take in forbids the whole join: another type, or shaken', () => {
    const other = field([
      formation('f', 4),
      troop('t2', '0505', 2),
      troop('x', '0504', 2, 'superior', { type: 'archers' }),
    ]);
    expect(why(other, { type: 'joinFormation', piece: 'f' })).toBe('joinStack');
    const shaken = field([formation('f', 4), troop('t2', '0505', 2), troop('t1', '0504', 2)]);
    u(shaken, 't1').cohesion = 'shaken';
    expect(why(shaken, { type: 'joinFormation', piece: 'f' })).toBe('formationShakenOrExhausted');
  });

  test('§3.3.11 FORM-80 an exhausted or already activated troop in its hexes forbids the join', () => {
    const tired = field([formation('f', 4), troop('t2', '0505', 2)]);
    u(tired, 't2').breath = 'exhausted';
    expect(why(tired, { type: 'joinFormation', piece: 'f' })).toBe('formationShakenOrExhausted');
    const done = field([formation('f', 4), troop('t2', '0505', 2)]);
    u(done, 't2').order = 'activated';
    expect(why(done, { type: 'joinFormation', piece: 'f' })).toBe('formationTroopActivated');
  });

  test('§3.3.1.2 (FORM-17) a shaken formation never takes in troops', () => {
    const s = field([formation('f', 4), troop('t2', '0505', 2)]);
    u(s, 'f').cohesion = 'shaken';
    expect(why(s, { type: 'joinFormation', piece: 'f' })).toBe('formationShakenOrExhausted');
  });

  test('§3.3.11 the formation in front, the troops behind', () => {
    const s = field([troop('t2', '0505', 2), formation('f', 4)]);
    expect(why(s, { type: 'joinFormation', piece: 'f' })).toBe('joinNotBehind');
  });
});

describe('§3.3.12 Action Briser une Formation', () => {
  test('§3.3.12 (EX-FORM-7) 5 steps break into 2 | 2 + 1, the extra step where the owner chooses, winded as it was, all activated', () => {
    const s = field([formation('f', 5)]);
    u(s, 'f').breath = 'winded';
    const r = ok(activated(s, 'blue', 'f'), 'blue', {
      type: 'breakFormation',
      piece: 'f',
      heavier: H('0504'),
    });
    const troops = infantry(r.state);
    const steps = (hex: string) => troops.filter((x) => x.hex === H(hex)).map((x) => x.steps);
    expect(steps('0504')).toEqual([2, 1]);
    expect(steps('0505')).toEqual([2]);
    for (const t of troops)
      expect(t).toMatchObject({
        facing: 3,
        breath: 'winded',
        cohesion: 'inOrder',
        order: 'activated',
      });
    expect(troops.some(isFormation)).toBe(false);
    // §3.3: the troops are the type's simple troop counter again
    for (const t of troops) expect(t.profiles.morale.capacity).toBe('ordinary');
    expect(totalLost(r.state)).toBe(totalLost(s));
  });

  test('§3.3.12 (A-42) without a choice the first hex takes the extra step', () => {
    const r = ok(activated(field([formation('f', 5)]), 'blue', 'f'), 'blue', {
      type: 'breakFormation',
      piece: 'f',
    });
    expect(r.state.units.filter((x) => x.hex === H('0505')).map((x) => x.steps)).toEqual([2, 1]);
  });

  test('§3.3.12 (FORM-86) at most 8 steps; (FORM-85) neither shaken nor exhausted (A-24)', () => {
    expect(
      refused(activated(field([formation('f', 9)]), 'blue', 'f'), 'blue', {
        type: 'breakFormation',
        piece: 'f',
      }).code,
    ).toBe('breakTooBig');
    const shaken = field([formation('f', 6)]);
    u(shaken, 'f').cohesion = 'shaken';
    expect(why(shaken, { type: 'breakFormation', piece: 'f' })).toBe('formationShakenOrExhausted');
  });

  test('§3.3.12 each hex within 10 points afterwards', () => {
    const s = field([
      formation('f', 4),
      unit('c', 'blue', '0505', 3, { kind: 'character', size: 'small' }),
      unit('c2', 'blue', '0505', 3, { kind: 'character', size: 'small' }),
      unit('c3', 'blue', '0505', 3, { kind: 'character', size: 'small' }),
    ]);
    // 4 steps: one troop per hex, 4 + 3 points in 0505
    expect(
      infantry(ok(activated(s, 'blue', 'f'), 'blue', { type: 'breakFormation', piece: 'f' }).state),
    ).toHaveLength(2);
    const full = field([
      formation('f', 8),
      unit('c', 'blue', '0505', 3, { kind: 'character', size: 'small' }),
      unit('c2', 'blue', '0505', 3, { kind: 'character', size: 'small' }),
      unit('c3', 'blue', '0505', 3, { kind: 'character', size: 'small' }),
    ]);
    expect(
      refused(activated(full, 'blue', 'f'), 'blue', { type: 'breakFormation', piece: 'f' }),
    ).toMatchObject({ code: 'formationStacking' });
  });
});

describe('§3.3.13 Action Quitter une Formation', () => {
  test('§3.3.13 (EX-FORM-8) 10 steps detach 4: two troops of 2, one per hex, behind it, with its breath and ammunition; it keeps 6 steps', () => {
    const s = field([formation('f', 10)]);
    u(s, 'f').breath = 'winded';
    u(s, 'f').ammunition = 'diminished';
    const r = ok(activated(s, 'blue', 'f'), 'blue', {
      type: 'leaveFormation',
      piece: 'f',
      hexes: [H('0505'), H('0504')],
    });
    const f = u(r.state, 'f');
    expect(f).toMatchObject({ steps: 6, order: 'activated' });
    expect(figuresOf(f.steps)).toBe(3);
    const troops = infantry(r.state).filter((x) => x.id !== 'f');
    expect(troops.map((t) => [t.hex, t.steps])).toEqual([
      [H('0505'), 2],
      [H('0504'), 2],
    ]);
    for (const t of troops) {
      expect(t).toMatchObject({
        facing: 3,
        breath: 'winded',
        ammunition: 'diminished',
        cohesion: 'inOrder',
        order: 'activated',
      });
      expect(stackPlace(r.state, t)).toBe('back');
    }
    expect(totalLost(r.state)).toBe(totalLost(s));
  });

  test('§3.3.4, S0 l.223 (A-21) a 10-step formation may not detach 2 alone: 8 steps (4 figures) stack with nothing but a small unit', () => {
    const s = field([formation('f', 10)]);
    expect(
      why(s, {
        type: 'leaveFormation',
        piece: 'f',
        hexes: [H('0505')],
      }),
    ).toBe('formationStacking');
  });

  test('sheet 001 (A-23) at least 6 steps; troops leave only from its own hexes, one per hex', () => {
    expect(
      refused(activated(field([formation('f', 5)]), 'blue', 'f'), 'blue', {
        type: 'leaveFormation',
        piece: 'f',
        hexes: [H('0505')],
      }).code,
    ).toBe('leaveTooSmall');
    const s = activated(field([formation('f', 6)]), 'blue', 'f');
    expect(
      refused(s, 'blue', { type: 'leaveFormation', piece: 'f', hexes: [H('0506')] }).code,
    ).toBe('leaveHexes');
    expect(
      refused(s, 'blue', { type: 'leaveFormation', piece: 'f', hexes: [H('0505'), H('0505')] })
        .code,
    ).toBe('leaveHexes');
    // 6 − 4 = 2: it would drop below 3 steps
    expect(
      refused(s, 'blue', { type: 'leaveFormation', piece: 'f', hexes: [H('0505'), H('0504')] })
        .code,
    ).toBe('formationTooFew');
    expect(
      u(ok(s, 'blue', { type: 'leaveFormation', piece: 'f', hexes: [H('0504')] }).state, 'f').steps,
    ).toBe(4);
  });

  test('sheet 000 Empilement (FORM-41) a formation in hedgehog stacks with small units only: no troop may leave it', () => {
    const s = field([formation('f', 6, 'superior', { faculties: ['manoeuvre'] })]);
    u(s, 'f').formationMode = 'hedgehog';
    expect(
      why(s, {
        type: 'leaveFormation',
        piece: 'f',
        hexes: [H('0504')],
      }),
    ).toBe('formationStacking');
  });

  test('§3.3.1.2 (FORM-18) a shaken formation lets nobody leave', () => {
    const s = field([formation('f', 8)]);
    u(s, 'f').cohesion = 'shaken';
    expect(
      why(s, {
        type: 'leaveFormation',
        piece: 'f',
        hexes: [H('0504')],
      }),
    ).toBe('formationShakenOrExhausted');
  });
});

describe('§3.3.14 Changer le Mode d’une Formation', () => {
  test('§3.3.14 (FORM-94, FORM-96) without Manoeuvre: shield wall, automatic away from the enemy; tortoise is not open', () => {
    const s = activated(field([formation('f', 6)]), 'blue', 'f');
    const r = ok(s, 'blue', { type: 'changeMode', piece: 'f', mode: 'shieldWall' });
    expect(u(r.state, 'f').formationMode).toBe('shieldWall');
    expect(r.events.some((e) => e.type === 'test')).toBe(false);
    expect(refused(s, 'blue', { type: 'changeMode', piece: 'f', mode: 'tortoise' }).code).toBe(
      'modeNotOpen',
    );
    expect(refused(s, 'blue', { type: 'changeMode', piece: 'f', mode: 'march' }).code).toBe(
      'sameMode',
    );
  });

  test('§3.3.6, FAC-10 with Manoeuvre: tortoise, rotating ranks, hedgehog — and no shield wall', () => {
    const s = activated(
      field([formation('f', 6, 'superior', { faculties: ['manoeuvre'] })]),
      'blue',
      'f',
    );
    expect(formationChoices(s, 'blue', 'f').changeMode).toEqual([
      'tortoise',
      'rotatingRanks',
      'hedgehog',
    ]);
    expect(refused(s, 'blue', { type: 'changeMode', piece: 'f', mode: 'shieldWall' }).code).toBe(
      'modeNotOpen',
    );
    expect(
      u(ok(s, 'blue', { type: 'changeMode', piece: 'f', mode: 'hedgehog' }).state, 'f')
        .formationMode,
    ).toBe('hedgehog');
  });

  test('sheet 000 Empilement (FORM-41) no hedgehog while stacked with another large unit', () => {
    const s = activated(
      field([formation('f', 4, 'superior', { faculties: ['manoeuvre'] }), troop('t', '0504', 2)]),
      'blue',
      'f',
    );
    expect(refused(s, 'blue', { type: 'changeMode', piece: 'f', mode: 'hedgehog' }).code).toBe(
      'hedgehogStacked',
    );
  });

  test('§3.3.14 (FORM-93) adjacent to an enemy without contact or charge marker: refused; neither shaken nor exhausted', () => {
    const s = field([formation('f', 6), unit('r', 'red', '0605', 9)]);
    expect(
      why(s, {
        type: 'changeMode',
        piece: 'f',
        mode: 'shieldWall',
      }),
    ).toBe('modeNearEnemy');
    const tired = field([formation('f', 6)]);
    u(tired, 'f').breath = 'exhausted';
    expect(
      why(tired, {
        type: 'changeMode',
        piece: 'f',
        mode: 'shieldWall',
      }),
    ).toBe('formationShakenOrExhausted');
  });

  test('§3.3.14 (FORM-95) adjacent to a contact-marked enemy: the organisation test, −2 with Manoeuvre, +1 per engaging enemy, against the weapon capacity', () => {
    // red engages the formation's front from 0605 (east), with a contact marker
    const s = field([
      formation('f', 6, 'superior', {
        faculties: ['manoeuvre'],
        profiles: {
          ...formationCounter('superior'),
          weapon: { class: 'infantry', capacity: 'advantaged' },
        },
      }),
      unit('r', 'red', '0605', 9),
    ]);
    u(s, 'r').shock = 'contact';
    const a = activated(s, 'blue', 'f');
    const pass = apply(a, { type: 'changeMode', piece: 'f', mode: 'tortoise' }, [5, 6]);
    const test = pass.events.find((e) => e.type === 'test')!;
    expect(test).toMatchObject({
      test: 'organisation',
      threshold: 9,
      total: 10,
      success: false,
      section: '§3.3.14',
    });
    expect((test as { modifiers: { value: number }[] }).modifiers.map((m) => m.value)).toEqual([
      -2, 1,
    ]);
    expect(u(pass.state, 'f').formationMode).toBeUndefined();
    expect(pass.state.activation).toBeNull();
    const won = apply(a, { type: 'changeMode', piece: 'f', mode: 'tortoise' }, [4, 6]);
    expect(u(won.state, 'f').formationMode).toBe('tortoise');
    // the preview the client shows before choosing: the same threshold and modifiers; 2D6 − 1 ≤ 9
    // passes on 10 or less, and the natural 12 (11 after −1) fails: 33/36
    const preview = organisationPreview(a, 'blue', 'f')!;
    expect(preview).toMatchObject({ test: 'organisation', threshold: 9, section: '§3.3.14' });
    expect(preview.modifiers.map((m) => m.value)).toEqual([-2, 1]);
    expect(preview.chance).toBeCloseTo(33 / 36);
    // away from the enemy the change is automatic: no test to preview
    expect(organisationPreview(activated(field([formation('g', 6, 'superior')]), 'blue', 'g'), 'blue', 'g')).toBeNull();
  });

  test('§3.3.14 a double 1 always succeeds, whatever the modifiers; a double 6 is no automatic failure', () => {
    const red = (id: string, hex: string, extra: Partial<TestUnit> = {}) =>
      unit(id, 'red', hex, 9, extra);
    const small = { kind: 'character' as const, size: 'small' as const };
    const s = field([
      formation('f', 6, 'superior', {
        profiles: {
          ...formationCounter('superior'),
          weapon: { class: 'infantry', capacity: 'inferior' },
        },
      }),
      red('r1', '0605'),
      red('r2', '0605'),
      red('c1', '0605', small),
      red('c2', '0605', small),
      red('r3', '0604'),
    ]);
    for (const x of s.units) if (x.side === 'red') x.shock = 'contact';
    expect(engagedBy(s, u(s, 'f')).length).toBeGreaterThanOrEqual(5);
    const a = activated(s, 'blue', 'f');
    const lucky = apply(a, { type: 'changeMode', piece: 'f', mode: 'shieldWall' }, [1, 1]);
    expect(lucky.events.find((e) => e.type === 'test')).toMatchObject({
      threshold: 6,
      success: true,
      natural: 'success',
    });
    expect(u(lucky.state, 'f').formationMode).toBe('shieldWall');
    const twelve = rollTest(s, fixedDice([6, 6]), {
      test: 'organisation',
      subject: 'f',
      threshold: 12,
      modifiers: [],
      naturals: 'success',
      section: '§3.3.14',
    });
    expect(twelve.success).toBe(true);
  });
});

describe('§3.3.10–3.3.13 FORM-71 FORM-78 FORM-85 FORM-89 no formation is built or undone next to an enemy or exhausted', () => {
  const enemy = unit('r', 'red', '0605', 9);
  const actions = [
    { name: 'constitute', units: () => [troop('a', '0505', 2), troop('b', '0504', 2)], action: { type: 'constitute', piece: 'a', with: 'b' }, tired: 'a' },
    { name: 'join', units: () => [formation('f', 4), troop('t2', '0505', 2)], action: { type: 'joinFormation', piece: 'f' }, tired: 'f' },
    { name: 'break', units: () => [formation('f', 6)], action: { type: 'breakFormation', piece: 'f' }, tired: 'f' },
    { name: 'leave', units: () => [formation('f', 6)], action: { type: 'leaveFormation', piece: 'f', hexes: [H('0504')] }, tired: 'f' },
  ];

  test.each(actions)('§3.3 FORM-71 FORM-78 FORM-85 FORM-89 $name: allowed away from the enemy, refused next to one', ({ units, action }) => {
    expect(ok(activated(field(units()), 'blue', action.piece), 'blue', action).state).toBeDefined();
    expect(why(field([...units(), enemy]), action)).toBe('formationNearEnemy');
  });

  test.each(actions)('§3.3 FORM-71 FORM-78 FORM-85 FORM-89 $name: refused to an exhausted unit', ({ units, action, tired }) => {
    const s = field(units());
    u(s, tired).breath = 'exhausted';
    expect(why(s, action)).toBe('formationShakenOrExhausted');
  });
});

describe('legal actions list the formation actions with their reasons', () => {
  test('§3.3.9–3.3.14 a lone troop is offered none, each with its reason; a formation may change mode', () => {
    const s = activated(field([troop('a', '0505', 2)]), 'blue', 'a');
    const byType = Object.fromEntries(legalActions(s, 'blue', 'a').map((l) => [l.type, l]));
    expect(byType.fuse).toMatchObject({ allowed: false, rejection: { code: 'fusionPair' } });
    expect(byType.constitute).toMatchObject({
      allowed: false,
      rejection: { code: 'constitutePartner' },
    });
    expect(byType.changeMode).toMatchObject({
      allowed: false,
      rejection: { code: 'notAFormation' },
    });
  });

  test('§3.3.14 the choices a formation has: modes, hexes to leave from, which hex takes the extra step', () => {
    const s = activated(field([formation('f', 7)]), 'blue', 'f');
    const legal = Object.fromEntries(legalActions(s, 'blue', 'f').map((l) => [l.type, l.allowed]));
    expect(legal).toMatchObject({
      changeMode: true,
      breakFormation: true,
      leaveFormation: true,
      joinFormation: false,
      constitute: false,
    });
    expect(formationChoices(s, 'blue', 'f')).toMatchObject({
      changeMode: ['shieldWall'],
      leaveFormation: [[H('0505'), H('0504')], [H('0505')], [H('0504')]],
      breakFormation: [undefined, H('0505'), H('0504')],
    });
  });
});

/** Plays a blue action with these dice. */
function apply(state: GameState, action: object, dice: number[]) {
  const r = applyRules(state, 'blue', action, { dice: fixedDice(dice) });
  if (!r.ok) throw new Error(r.rejection.code);
  return r;
}
