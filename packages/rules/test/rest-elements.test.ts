import {
  apply,
  createGame,
  fixedDice,
  GameState,
  loadScenario,
  playGameElements,
  restModifiers,
  ScenarioError,
  ScenarioInput,
  Weather,
  WEATHERS,
} from '../src';
import { scenario, unit } from './fixtures';
import { activated } from './helpers';

type Elements = ScenarioInput['gameElements'];

// A second blue unit, so that a rest does not end blue's turn (which would play the game elements).
const units = () => [
  unit('b', 'blue', '0505', 0),
  unit('b2', 'blue', '0808', 0),
  unit('r', 'red', '0101', 6),
];
const withElements = (gameElements: Elements): GameState =>
  createGame(loadScenario({ ...scenario(units()), gameElements }), 'test-seed');
const blueWing = (s: GameState) => s.wings.find((w) => w.id === 'blue-wing')!;

/** A winded blue unit rests with the given dice, its wing's rest level at `fatigue`. */
function rest(s: GameState, dice: number[], fatigue = 4) {
  s.units.find((u) => u.id === 'b')!.breath = 'winded';
  blueWing(s).fatigue = fatigue;
  const r = apply(
    activated(s, 'blue', 'b'),
    'blue',
    { type: 'rest', piece: 'b' },
    { dice: fixedDice(dice) },
  );
  if (!r.ok) throw new Error(r.rejection.code);
  return r;
}

describe('Fiche 003 Météo: the weather and the rest test', () => {
  test('Fiche 003 each weather adds its malus or bonus to the rest roll: heatwave +1, fair −1, cloudy and overcast 0, rain +1, storm +2', () => {
    const values = WEATHERS.map((weather) =>
      restModifiers(withElements({ weather })).reduce((n, m) => n + m.value, 0),
    );
    expect(Object.fromEntries(WEATHERS.map((w, i) => [w, values[i]]))).toEqual({
      heatwave: 1,
      fair: -1,
      cloudy: 0,
      overcast: 0,
      rain: 1,
      storm: 2,
    });
  });

  test('Fiche 003 in the rain a roll of 4 fails a rest at 4; the test event lists the weather with its source', () => {
    const r = rest(withElements({ weather: 'rain' }), [2, 2]);
    const test = r.events.find((e) => e.type === 'test' && e.test === 'rest');
    expect(test).toMatchObject({
      total: 5,
      threshold: 4,
      success: false,
      modifiers: [
        {
          value: 1,
          label: { fr: 'Météo : Pluie', en: 'Weather: Rain' },
          section: 'Fiche 003, Météo (Pluie)',
        },
      ],
    });
    expect(r.state.units.find((u) => u.id === 'b')!.breath).toBe('winded');
  });

  test('Fiche 003 in fair weather a roll of 5 succeeds at 4 (bonus −1)', () => {
    const r = rest(withElements({ weather: 'fair' }), [2, 3]);
    expect(r.events.find((e) => e.type === 'test')).toMatchObject({ total: 4, success: true });
    expect(r.state.units.find((u) => u.id === 'b')!.breath).toBe('fresh');
  });

  test('§3.4.4 a scenario naming no weather plays without it: no modifier, whatever the game elements', () => {
    expect(restModifiers(withElements({}))).toEqual([]);
    expect(restModifiers(createGame(loadScenario(scenario(units())), 'test-seed'))).toEqual([]);
    const r = rest(withElements(undefined), [2, 2]);
    expect(r.events.find((e) => e.type === 'test')).toMatchObject({
      total: 4,
      modifiers: [],
      success: true,
    });
  });

  test('§2.8.2 a double still tires the wing, the weather notwithstanding', () => {
    const r = rest(withElements({ weather: 'storm' }), [3, 3], 8);
    expect(r.events.find((e) => e.type === 'test')).toMatchObject({ total: 8, success: true });
    expect(blueWing(r.state).fatigue).toBe(7);
  });

  test('scenario: an unknown weather is named by its path', () => {
    try {
      loadScenario({ ...scenario(units()), gameElements: { weather: 'snow' as Weather } });
      throw new Error('accepted');
    } catch (e) {
      expect(e).toBeInstanceOf(ScenarioError);
      expect((e as ScenarioError).issues[0]).toMatch(/^gameElements\.weather: /);
    }
  });
});

describe('Fiche 003 playing the game elements when a side ends its turn', () => {
  test('Fiche 003 the side rolls 1D6: anything but a 6 plays no element', () => {
    const r = apply(
      withElements({ weather: 'fair' }),
      'blue',
      { type: 'endTurn' },
      { dice: fixedDice([5]) },
    );
    if (!r.ok) throw new Error(r.rejection.code);
    const rolled = r.events.filter((e) => e.type.startsWith('gameElement'));
    expect(rolled).toEqual([
      expect.objectContaining({
        type: 'gameElementsRolled',
        side: 'blue',
        die: 5,
        played: false,
        section: 'Fiche 003',
      }),
    ]);
  });

  test('Fiche 003 on a 6 the side plays its wing morale, its wing rest (a 1 on either of 2D6 raises it), then the weather', () => {
    // gate 6; wing morale 1D6: 1 → +1; wing rest 2D6: 3 and 1 → +1; weather 1D6: 6 → fair turns cloudy.
    const r = apply(
      withElements({ weather: 'fair' }),
      'blue',
      { type: 'endTurn' },
      { dice: fixedDice([6, 1, 3, 1, 6]) },
    );
    if (!r.ok) throw new Error(r.rejection.code);
    const played = r.events.slice(r.events.findIndex((e) => e.type === 'gameElementsRolled'));
    expect(played.map((e) => [e.type, e.section])).toEqual([
      ['gameElementsRolled', 'Fiche 003'],
      ['gameElementPlayed', "Fiche 003, Moral d'une Aile"],
      ['wingMorale', "Fiche 003, Moral d'une Aile"],
      ['gameElementPlayed', "Fiche 003, Repos d'une Aile"],
      ['wingFatigueChanged', "Fiche 003, Repos d'une Aile"],
      ['gameElementPlayed', 'Fiche 003, Météo'],
      ['weatherChanged', 'Fiche 003, Météo'],
    ]);
    expect(blueWing(r.state)).toMatchObject({ morale: 6, fatigue: 5 });
    expect(r.state.gameElements).toEqual({ weather: 'cloudy' });
    expect(
      played.find((e) => e.type === 'gameElementPlayed' && e.element === 'wingRest'),
    ).toMatchObject({ dice: [3, 1], changed: true });
  });

  test('Fiche 003 levels stay put when no die shows a 1, and are not rolled at their maximum of 11', () => {
    const s = withElements({ weather: 'cloudy' });
    const r = apply(s, 'blue', { type: 'endTurn' }, { dice: fixedDice([6, 2, 3, 4, 3]) });
    if (!r.ok) throw new Error(r.rejection.code);
    expect(blueWing(r.state)).toMatchObject({ morale: 5, fatigue: 4 });
    expect(r.state.gameElements).toEqual({ weather: 'cloudy' });
    Object.assign(blueWing(s), { morale: 11, fatigue: 11 });
    const top = apply(s, 'blue', { type: 'endTurn' }, { dice: fixedDice([6, 1]) });
    if (!top.ok) throw new Error(top.rejection.code);
    expect(
      top.events
        .filter((e) => e.type === 'gameElementPlayed')
        .map((e) => (e.type === 'gameElementPlayed' ? e.element : '')),
    ).toEqual(['weather']);
    expect(top.state.gameElements).toEqual({ weather: 'fair' });
  });

  test('Fiche 003 the weather changes as the sheet says: a 1 towards heatwave, a 6 towards storm, never past either end', () => {
    const next = (weather: Weather, die: number) => {
      const s = withElements({ weather });
      for (const w of s.wings) Object.assign(w, { morale: 11, fatigue: 11 });
      playGameElements(s, 'blue', fixedDice([6, die]));
      return s.gameElements!.weather;
    };
    expect(WEATHERS.map((w) => [w, next(w, 1), next(w, 6), next(w, 3)])).toEqual([
      ['heatwave', 'heatwave', 'fair', 'heatwave'],
      ['fair', 'heatwave', 'cloudy', 'fair'],
      ['cloudy', 'fair', 'overcast', 'cloudy'],
      ['overcast', 'cloudy', 'rain', 'overcast'],
      ['rain', 'overcast', 'storm', 'rain'],
      ['storm', 'rain', 'storm', 'storm'],
    ]);
  });

  test('§3.4 a scenario without game elements rolls nothing when a turn ends', () => {
    const r = apply(
      createGame(loadScenario(scenario(units())), 'test-seed'),
      'blue',
      { type: 'endTurn' },
      { dice: fixedDice([]) },
    );
    expect(r.ok && r.events.some((e) => e.type.startsWith('gameElement'))).toBe(false);
  });

  test('§2.8.2 the next rest is rolled against the raised wing rest level', () => {
    let s = withElements({});
    s = (
      apply(s, 'blue', { type: 'endTurn' }, { dice: fixedDice([6, 4, 1, 1]) }) as {
        state: GameState;
      }
    ).state;
    expect(blueWing(s).fatigue).toBe(5);
    s = (apply(s, 'red', { type: 'endTurn' }, { dice: fixedDice([2]) }) as { state: GameState })
      .state;
    s.units.find((u) => u.id === 'b')!.breath = 'winded';
    const r = apply(
      activated(s, 'blue', 'b'),
      'blue',
      { type: 'rest', piece: 'b' },
      { dice: fixedDice([2, 3]) },
    );
    expect(r.ok && r.events.find((e) => e.type === 'test')).toMatchObject({
      total: 5,
      threshold: 5,
      success: true,
    });
  });
});
