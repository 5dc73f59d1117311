import {
  attacksPerAction,
  figuresOf,
  formationStepsValid,
  formationTable,
  isBloodied,
  isFormation,
  maxFormationSteps,
  mayBeCrossed,
  mayForm,
  neverAdvances,
  neverCharges,
  neverCrosses,
  neverFlees,
  neverRouts,
  parseDataFile,
  stacksWithOneSmallOnly,
  stepsShown,
  type Capacity,
  type Unit,
} from '../src';
import { formationTableSchema } from '../src/data/schemas';
import { game, issuesOf, profiles, scenario, unit } from './fixtures';

/** What a formation is and is not (§3.3), its counter and its size (§3.3.2), its stacking and crossing thresholds (§3.3.4, §3.3.5). */

function commanded(capacity: Capacity) {
  const p = profiles();
  return { ...p, command: { ...p.command, capacity } };
}

/** A formation of `steps` steps of troops with that command capacity, on 0505 and 0504 facing east. */
function formationOf(
  steps: number,
  capacity: Capacity = 'superior',
  faculties: Unit['faculties'] = [],
): Unit {
  const s = game([
    unit('f', 'blue', '0505', 3, {
      secondHex: '0504',
      steps,
      profiles: commanded(capacity),
      faculties,
    }),
  ]);
  return s.units[0];
}

const simpleTroop = (): Unit => game([unit('t', 'blue', '0505', 3)]).units[0];

describe('§3.3, l.2124 steps and figures on the counter', () => {
  test('§3.3, l.2124 two steps per figure, one fewer on the bloodied face', () => {
    expect([3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(figuresOf)).toEqual([
      2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
    ]);
    expect([3, 4, 11, 12].map(isBloodied)).toEqual([true, false, true, false]);
    expect(stepsShown(2, true)).toBe(3);
    expect(stepsShown(6, false)).toBe(12);
  });

  test('§3.3.10 (EX-FORM-5) 2 + 2 + 1 = 5 steps: three figures on the bloodied face', () => {
    expect(figuresOf(2 + 2 + 1)).toBe(3);
    expect(isBloodied(5)).toBe(true);
  });

  test('§3.3.11 (EX-FORM-6) 7 + 2 + 1 = 10 steps: five figures, unbloodied', () => {
    expect(figuresOf(7 + 2 + 1)).toBe(5);
    expect(isBloodied(10)).toBe(false);
  });

  test('§3.3, l.2124 a formation has 3 to 12 steps', () => {
    expect([2, 3, 12, 13].map(formationStepsValid)).toEqual([false, true, true, false]);
  });
});

describe('§3.3.2, l.2202-2214 who may form, and how big', () => {
  test('§3.3.2 the size limit follows the troops’ command capacity: 12, 8, 4 steps, then none', () => {
    const caps: Capacity[] = ['superior', 'advantaged', 'ordinary', 'disadvantaged', 'inferior'];
    expect(caps.map(maxFormationSteps)).toEqual([12, 8, 4, 0, 0]);
  });

  test('§3.3, l.2116 only large simple troops of ordinary command or better may form', () => {
    const troop = simpleTroop();
    expect(mayForm(troop)).toBe(true);
    expect(mayForm({ ...troop, profiles: commanded('disadvantaged') })).toBe(false);
    expect(mayForm({ ...troop, size: 'small' })).toBe(false);
    expect(mayForm({ ...troop, kind: 'character' })).toBe(false);
    expect(mayForm(formationOf(4))).toBe(false);
  });
});

describe('§3.3 what a formation never does', () => {
  const f = formationOf(6);
  const t = simpleTroop();

  test('§3.3, l.2144 a double counter is always a formation; a single one never', () => {
    expect(isFormation(f)).toBe(true);
    expect(isFormation(t)).toBe(false);
  });

  test('§3.3, l.2145 it never routs (hence never rallies); l.2146 it cannot flee', () => {
    expect([neverRouts(f), neverFlees(f)]).toEqual([true, true]);
    expect([neverRouts(t), neverFlees(t)]).toEqual([false, false]);
  });

  test('§3.3, l.2148 it never charges, hence never advances after combat', () => {
    expect([neverCharges(f), neverAdvances(f)]).toEqual([true, true]);
    expect([neverCharges(t), neverAdvances(t)]).toEqual([false, false]);
  });

  test('§3.3, l.2151 it may be crossed but never crosses anyone', () => {
    expect(neverCrosses(f)).toBe(true);
    expect(mayBeCrossed(f)).toBe(true);
    expect(neverCrosses(t)).toBe(false);
  });

  test('§3.3, l.2147 it shocks or fires twice, once per hex', () => {
    expect(attacksPerAction(f)).toBe(2);
    expect(attacksPerAction(t)).toBe(1);
  });
});

describe('§3.3.4, A-21 stacking with a large formation (the threshold is data)', () => {
  test('sheet 000 Empilement (S0 l.223) from 4 figures (7 steps) it stacks with nothing but one small unit', () => {
    expect(stacksWithOneSmallOnly(formationOf(6, 'advantaged'))).toBe(false);
    expect(stacksWithOneSmallOnly(formationOf(7, 'advantaged'))).toBe(true);
    expect(stacksWithOneSmallOnly(simpleTroop())).toBe(false);
  });

  test('§3.3.4, l.2252 the book reading "at its size limit", as the data value sizeLimit, lets a 7-step formation take troops in (EX-FORM-6)', () => {
    const sheet = formationTable.noStackFrom;
    try {
      formationTable.noStackFrom = 'sizeLimit';
      expect(stacksWithOneSmallOnly(formationOf(7, 'advantaged'))).toBe(false);
      expect(stacksWithOneSmallOnly(formationOf(8, 'advantaged'))).toBe(true);
    } finally {
      formationTable.noStackFrom = sheet;
    }
  });

  test('A-21 the data file accepts either reading and nothing else', () => {
    const file = { ...formationTable };
    expect(
      parseDataFile('formations.json', formationTableSchema, { ...file, noStackFrom: 'sizeLimit' })
        .noStackFrom,
    ).toBe('sizeLimit');
    expect(() =>
      parseDataFile('formations.json', formationTableSchema, { ...file, noStackFrom: 'always' }),
    ).toThrow(/noStackFrom/);
  });
});

describe('§3.3.5 crossing a formation', () => {
  test('§3.3.5, l.2258 up to 4 figures it may be crossed; beyond, never', () => {
    expect(mayBeCrossed(formationOf(8, 'superior'))).toBe(true);
    expect(mayBeCrossed(formationOf(9, 'superior', ['manoeuvre']))).toBe(false);
  });

  test('§3.3.5, l.2254 at its size limit only with Manoeuvre', () => {
    expect(mayBeCrossed(formationOf(8, 'advantaged'))).toBe(false);
    expect(mayBeCrossed(formationOf(8, 'advantaged', ['manoeuvre']))).toBe(true);
    expect(mayBeCrossed(formationOf(4, 'ordinary'))).toBe(false);
    expect(mayBeCrossed(formationOf(4, 'ordinary', ['manoeuvre']))).toBe(true);
  });
});

describe('§3.3, PRE-06 scenarios give each troop type its formation counter', () => {
  const placed = unit('f', 'blue', '0505', 3, { secondHex: '0504', steps: 6 });

  test('§3.3, l.2157 a formation on the map is a counter of its type’s formation profiles', () => {
    expect(issuesOf(scenario([placed]))).toEqual([]);
    const { formationProfiles: _none, ...bare } = scenario([placed]);
    expect(issuesOf(bare).join()).toMatch(/no formationProfiles for "infantry"/);
  });

  test('§3.3, l.2157 its profiles are its type’s formation profiles, not the simple troop’s', () => {
    const input = scenario([placed]);
    const better = {
      ...input.formationProfiles!.infantry,
      morale: { class: 'normal' as const, capacity: 'superior' as const },
    };
    expect(issuesOf({ ...input, formationProfiles: { infantry: better } }).join()).toMatch(
      /formationProfiles/,
    );
  });

  test('the formation profiles are validated like any counter’s', () => {
    const input = scenario([placed]);
    const bad = {
      ...input.formationProfiles!.infantry,
      command: { class: 'regular', capacity: 'heroic' },
    };
    expect(issuesOf({ ...input, formationProfiles: { infantry: bad } }).join()).toMatch(
      /formationProfiles\.infantry\.command\.capacity/,
    );
  });

  test('§3.3, PRE-06 the game keeps the counters for the formations built in play; a scenario without them adds nothing to the state', () => {
    const s = game([placed]);
    expect(s.formationProfiles?.infantry).toEqual(s.units[0].profiles);
    expect('formationProfiles' in game([unit('t', 'blue', '0505', 3)])).toBe(false);
  });
});
