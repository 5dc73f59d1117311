import {
  apply,
  eventsFor,
  legalActions,
  viewFor,
  type GameState,
  type LegalAction,
  type Rejection,
} from '../src';
import { sharedView } from '../src/fog/view';
import { game, H, profiles, unit, type TestUnit } from './fixtures';
import { activated } from './helpers';

/**
 * §3.3, §4.5.1, FORM-H1: a formation is never hidden, and troops under a
 * cover take no part in the formation actions. Each test builds the same
 * public situation twice, over a hidden unit and over a decoy imitating it,
 * and checks that the refusals and legal actions do not tell them apart —
 * for the owner's other pieces and for the opponent.
 */

type Under = 'unit' | 'decoy';
const FORMATION_ACTIONS = [
  'fuse',
  'constitute',
  'joinFormation',
  'leaveFormation',
  'breakFormation',
  'changeMode',
];

const superior = () => ({
  ...profiles(),
  command: { class: 'regular' as const, capacity: 'superior' as const },
});

/**
 * Blue's cover stands at `at`, over the hidden troop 'h' (type infantry) or
 * over the decoy 'd' imitating it, the other one far away at 0909; both
 * sides' infantry may form, both wings regroup.
 */
function world(under: Under, at: string, units: TestUnit[]): GameState {
  const s = game([
    unit('h', 'blue', '0909', 3, { profiles: superior() }),
    unit('reserve', 'blue', '0110', 0, { type: 'reserve' }),
    unit('red-reserve', 'red', '0101', 0, { type: 'reserve' }),
    ...units,
  ]);
  const [hidden, decoy] = under === 'unit' ? [at, '0909'] : ['0909', at];
  Object.assign(
    s.units.find((x) => x.id === 'h')!,
    { hex: H(hidden), hidden: true, coverId: under === 'unit' ? 'cover-a' : 'cover-b' },
  );
  s.decoys = [
    {
      id: 'd',
      side: 'blue',
      hex: H(decoy),
      facing: 3,
      mimic: 'h',
      activated: false,
      stackRank: 0,
      coverId: under === 'unit' ? 'cover-b' : 'cover-a',
    },
  ];
  s.formationProfiles = { infantry: superior() };
  for (const w of s.wings) w.directive = 'regroup';
  return s;
}

const formationVerdicts = (list: LegalAction[]) =>
  list.filter((l) => FORMATION_ACTIONS.includes(l.type));
const refusal = (s: GameState, seat: string, action: object): Rejection | null => {
  const r = apply(s, seat, action);
  return r.ok ? null : r.rejection;
};

describe('FORM-H1, §4.5.1 no piece under a cover takes part, and no refusal tells a hidden unit from a decoy', () => {
  test('§3.3.10 a cover stacked with the troops forbids the constitution alike, unit or decoy, with the same reason and the same legal list', () => {
    const troops = [
      unit('a', 'blue', '0505', 3, { profiles: superior() }),
      unit('b', 'blue', '0504', 3, { profiles: superior() }),
    ];
    const [overUnit, overDecoy] = (['unit', 'decoy'] as Under[]).map((under) =>
      activated(world(under, '0505', troops), 'blue', 'a'),
    );
    const action = { type: 'constitute', piece: 'a', with: 'b' };
    expect(refusal(overUnit, 'blue', action)).toMatchObject({ code: 'coveredNoFormation' });
    expect(refusal(overDecoy, 'blue', action)).toEqual(refusal(overUnit, 'blue', action));
    expect(formationVerdicts(legalActions(overDecoy, 'blue', 'a'))).toEqual(
      formationVerdicts(legalActions(overUnit, 'blue', 'a')),
    );
  });

  test('§3.3.9 a covered piece named as the partner of a fusion is refused alike', () => {
    const troops = [unit('a', 'blue', '0505', 3, { steps: 1, profiles: superior() })];
    const [overUnit, overDecoy] = (['unit', 'decoy'] as Under[]).map((under) =>
      activated(world(under, '0505', troops), 'blue', 'a'),
    );
    expect(refusal(overUnit, 'blue', { type: 'fuse', piece: 'a', with: 'h' })).toMatchObject({
      code: 'coveredNoFormation',
    });
    expect(refusal(overDecoy, 'blue', { type: 'fuse', piece: 'a', with: 'd' })).toEqual(
      refusal(overUnit, 'blue', { type: 'fuse', piece: 'a', with: 'h' }),
    );
  });

  test('§3.3, §4.5.1 the covered piece itself is refused every formation action for the same reason, unit or decoy', () => {
    const [overUnit, overDecoy] = (['unit', 'decoy'] as Under[]).map((under) =>
      world(under, '0505', [unit('b', 'blue', '0504', 3, { profiles: superior() })]),
    );
    const asUnit = formationVerdicts(legalActions(activated(overUnit, 'blue', 'h'), 'blue', 'h'));
    const asDecoy = formationVerdicts(legalActions(activated(overDecoy, 'blue', 'd'), 'blue', 'd'));
    expect(asUnit.every((l) => !l.allowed && l.rejection?.code === 'coveredNoFormation')).toBe(
      true,
    );
    expect(asDecoy).toEqual(asUnit);
  });

  test('sheet 000 Empilement: a cover in a formation’s hex weighs as a large unit, unit or decoy: no hedgehog, no break over 10 points', () => {
    // 6 steps (3 figures) may stack with a large unit; broken, they would put 2 + 1 troops beside the cover: 12 points.
    const f = unit('f', 'blue', '0505', 3, {
      secondHex: '0504',
      steps: 6,
      profiles: superior(),
      faculties: ['manoeuvre'],
    });
    const [overUnit, overDecoy] = (['unit', 'decoy'] as Under[]).map((under) =>
      activated(world(under, '0505', [f]), 'blue', 'f'),
    );
    const cases: [object, string][] = [
      [{ type: 'changeMode', piece: 'f', mode: 'hedgehog' }, 'hedgehogStacked'],
      [{ type: 'breakFormation', piece: 'f' }, 'formationStacking'],
    ];
    for (const [action, code] of cases) {
      expect(refusal(overUnit, 'blue', action)).toMatchObject({ code });
      expect(refusal(overDecoy, 'blue', action)).toEqual(refusal(overUnit, 'blue', action));
    }
    expect(formationVerdicts(legalActions(overDecoy, 'blue', 'f'))).toEqual(
      formationVerdicts(legalActions(overUnit, 'blue', 'f')),
    );
  });

  test('§3.3.10, §4.5.1 the opponent next to a cover: the same legal list in its view, and constituting tells it the same whatever the cover holds', () => {
    // Red's troops at 0405 and 0404 face west, the blue cover stands at 0305 beside them.
    const red = [
      unit('r1', 'red', '0405', 9, { profiles: superior() }),
      unit('r2', 'red', '0404', 9, { profiles: superior() }),
    ];
    const worlds = (['unit', 'decoy'] as Under[]).map((under) => {
      const s = world(under, '0305', red);
      s.activeSide = 'red';
      return activated(s, 'red', 'r1');
    });
    const lists = worlds.map((s) =>
      formationVerdicts(legalActions(sharedView(s, 'red'), 'red', 'r1')),
    );
    expect(lists[1]).toEqual(lists[0]);
    expect(formationVerdicts(legalActions(worlds[1], 'red', 'r1'))).toEqual(
      formationVerdicts(legalActions(worlds[0], 'red', 'r1')),
    );
    const results = worlds.map((s) =>
      apply(s, 'red', { type: 'constitute', piece: 'r1', with: 'r2' }),
    );
    // A cover is no enemy unit until revealed (docs/rule-decisions.md §3.3): red may constitute in both worlds.
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    const heard = results.map((r) =>
      r.ok
        ? JSON.stringify({
            events: eventsFor(r.events, 'red'),
            units: viewFor(r.state, 'red').units,
          })
        : r.rejection,
    );
    expect(heard[1]).toEqual(heard[0]);
  });
});
