import {
  apply,
  hexLabel,
  createGame,
  endOnTime,
  fixedDice,
  loadScenario,
  viewFor,
  type GameEvent,
  type GameState,
} from '@lames/rules';
import { SCENARIOS } from '@lames/rules/scenarios';
import { encodeView } from '../state/encode';
import { toView } from '../state/to-view';
import { stacksOf } from '../map/counters-model';
import { formatEvent, scoreLines, type EventContext } from './format-event';
import { resultModel } from './game-result';
import { fordGame, FORD_DECOY } from '@lames/rules/testing';

/** A shipped scenario played to a sudden death: the Black Teeth's last wing morale test fails. */
function suddenDeath(): { state: GameState; events: GameEvent[] } {
  const scenario = SCENARIOS.find((s) => s.id === 'ash-plain')!;
  let state = createGame(scenario, 'result-seed');
  state = (
    apply(state, 'ardenne', { type: 'endTurn' }, { dice: fixedDice([]) }) as { state: GameState }
  ).state;
  for (const w of state.wings.filter((x) => x.side === 'black-teeth'))
    w.directive = w.id === 'o-wolves' ? 'retreat' : w.directive;
  state.wings.find((w) => w.id === 'o-horde')!.shakenMarkers = 1;
  const r = apply(
    state,
    'black-teeth',
    { type: 'wingMorale', wing: 'o-horde' },
    { dice: fixedDice([6, 6]) },
  );
  if (!r.ok) throw new Error(r.rejection.code);
  return { state: r.state, events: r.events };
}

const ctxOf = (state: GameState, lang: 'fr' | 'en'): EventContext => ({
  lang,
  grid: state.board,
  nameOf: (id) =>
    state.sides.find((s) => s.id === id)?.name ??
    state.units.find((u) => u.id === id)?.name ??
    state.wings.find((w) => w.id === id)?.name,
});

describe('the game result in the client (§2.4)', () => {
  it('tells the winner, why, and each side points, in French and English', () => {
    const { state, events } = suddenDeath();
    const end = events.find((e) => e.type === 'gameEnded')!;
    expect(formatEvent(end, ctxOf(state, 'fr')).text).toBe(
      'La partie est terminée (toutes les ailes de Dents Noires sont en retraite) : victoire de Ardenne. Points : Ardenne 6, Dents Noires 0.',
    );
    expect(formatEvent(end, ctxOf(state, 'en')).text).toBe(
      'The game is over (every wing of Dents Noires is in retreat): Ardenne wins. Points: Ardenne 6, Dents Noires 0.',
    );
    expect(formatEvent(end, ctxOf(state, 'fr')).section).toBe('§2.4');
  });

  it('lists every source of points in words, never the scenario field (issue 11: no "(victory.points.step)")', () => {
    const { state, events } = suddenDeath();
    const details = formatEvent(
      events.find((e) => e.type === 'gameEnded')!,
      ctxOf(state, 'en'),
    ).details!;
    expect(details).toContain('Ardenne — enemy wings in retreat: 2 × 3 pts = 6 pts');
    expect(details).toContain('Ardenne — objective The mound (0706) held: 0 × 3 pts = 0 pts');
    expect(details).toContain('Dents Noires — enemy steps lost: 0 × 1 pt = 0 pts');
    const fr = scoreLines(state.result!.scores, ctxOf(state, 'fr'));
    expect(fr).toContain('Ardenne — ailes ennemies en retraite : 2 × 3 pts = 6 pts');
    expect(fr).toContain('Ardenne — objectif La butte (0706) tenu : 0 × 3 pts = 0 pt');
    for (const line of [...details, ...fr]) expect(line).not.toMatch(/victory\.|\(field\)|\{/);
  });

  it('a battle lost on time (docs/time-controls.md) says who ran out, in the log and on the result card', () => {
    const state = createGame(
      SCENARIOS.find((s) => s.id === 'ash-plain')!,
      'time-seed',
    );
    const end = endOnTime(state, ['black-teeth']);
    if (!end.ok) throw new Error(end.problem);
    const event = end.events.find((e) => e.type === 'gameEnded')!;
    expect(formatEvent(event, ctxOf(end.state, 'fr')).text).toMatch(
      /^La partie est terminée \(Dents Noires a dépassé son temps\) : victoire de Ardenne\. Points : /,
    );
    expect(formatEvent(event, ctxOf(end.state, 'en')).text).toMatch(
      /^The game is over \(Dents Noires ran out of time\): Ardenne wins\. Points: /,
    );
    const view = viewFor(end.state, 'ardenne');
    expect(resultModel(view, 'fr')).toMatchObject({
      headline: 'Victoire : Ardenne',
      turns: `Terminée au tour 1 sur ${view.turnLimit} : Dents Noires perd au temps`,
    });
    expect(resultModel(view, 'en').turns).toBe(
      `Ended in turn 1 of ${view.turnLimit}: Dents Noires lost on time`,
    );
  });

  it('a draw at the turn limit, and a legacy end event with no result', () => {
    const draw: GameEvent = {
      type: 'gameEnded',
      reason: 'turnLimit',
      winner: null,
      defeated: [],
      scores: [],
      margin: 1,
      turn: 11,
      section: '§2.4',
      audience: { to: 'all' },
    };
    const state = createGame(SCENARIOS[0], 'x');
    expect(formatEvent(draw, ctxOf(state, 'fr')).text).toBe(
      'La partie est terminée (limite de tours atteinte) : match nul. Points : .',
    );
    const legacy = {
      type: 'gameEnded',
      reason: 'turnLimit',
      section: '§2.4',
      audience: { to: 'all' },
    } as unknown as GameEvent;
    expect(formatEvent(legacy, ctxOf(state, 'en')).text).toBe(
      'The game is over (turn limit reached).',
    );
  });

  it('the result and the weather travel from the server state to the seat view', () => {
    const { state } = suddenDeath();
    const decoded = encodeView(viewFor(state, 'ardenne'));
    expect(typeof decoded.result).toBe('string');
    const view = toView(decoded, 'ardenne');
    expect(view.status).toBe('ended');
    expect(view.result).toEqual(state.result);
    const rainy = createGame(
      loadScenario({ ...SCENARIOS[1], gameElements: { weather: 'rain' } }),
      'x',
    );
    expect(toView(encodeView(viewFor(rainy, 'ardenne')), 'ardenne').gameElements).toEqual({
      weather: 'rain',
    });
    expect(
      toView(encodeView(viewFor(createGame(SCENARIOS[1], 'x'), 'ardenne')), 'ardenne').gameElements,
    ).toBeUndefined();
  });
});

describe('game elements in the log (sheet 003)', () => {
  const state = createGame(SCENARIOS[0], 'x');
  const line = (body: Record<string, unknown>, lang: 'fr' | 'en' = 'fr') =>
    formatEvent(
      { ...body, section: 'Fiche 003', audience: { to: 'all' } } as GameEvent,
      ctxOf(state, lang),
    ).text;

  it('the 1D6 that plays them all or none', () => {
    expect(line({ type: 'gameElementsRolled', side: 'ardenne', die: 6, played: true })).toBe(
      'Éléments de jeu de Ardenne : dé 6 — tous sont joués.',
    );
    expect(line({ type: 'gameElementsRolled', side: 'ardenne', die: 2, played: false }, 'en')).toBe(
      "Ardenne's game elements: die 2 — none is played.",
    );
  });

  it('each element played, and the weather changing', () => {
    expect(
      line({
        type: 'gameElementPlayed',
        element: 'wingRest',
        subject: 'ardenne-left',
        dice: [3, 1],
        changed: true,
      }),
    ).toBe("Repos de Aile gauche : dés 3 + 1 — remonte d'un point.");
    expect(
      line(
        {
          type: 'gameElementPlayed',
          element: 'wingMorale',
          subject: 'ardenne-left',
          dice: [4],
          changed: false,
        },
        'en',
      ),
    ).toBe('Morale of Aile gauche: dice 4 — no effect.');
    expect(
      line({
        type: 'gameElementPlayed',
        element: 'weather',
        subject: 'rain',
        dice: [6],
        changed: true,
      }),
    ).toBe('Météo (pluie) : dé 6 — elle change.');
    expect(line({ type: 'weatherChanged', from: 'rain', to: 'storm' }, 'en')).toBe(
      'The weather turns from rain to storm.',
    );
  });
});

describe('the end card (issue 11)', () => {
  /** The ford played to its turn limit in one turn, the Black Teeth's ambush and decoy still under their covers. */
  function fordEnded(): GameState {
    let state = fordGame('end-card');
    state.turnLimit = 1;
    while (state.status === 'playing') {
      const r = apply(state, state.activeSide, { type: 'endTurn' }, { dice: fixedDice([]) });
      if (!r.ok) throw new Error(r.rejection.code);
      state = r.state;
    }
    return state;
  }

  it('counts the turns played: a battle of 1 turn ended after turn 1 of 1, not "2 / 1"', () => {
    const state = fordEnded();
    expect(state.turn).toBe(1);
    expect(resultModel(viewFor(state, 'ardenne'), 'fr').turns).toBe('Terminée au tour 1 sur 1');
    expect(resultModel(viewFor(state, 'ardenne'), 'en').turns).toBe('Ended in turn 1 of 1');
    // a battle saved by an older server, one turn past the limit, still reads the limit
    const legacy = { ...viewFor(state, 'ardenne'), turn: 2, result: { ...state.result!, turn: 2 } };
    expect(resultModel(legacy, 'en').turns).toBe('Ended in turn 1 of 1');
  });

  it('tells the opponent and the spectators what every cover hid: the hidden unit by name, the decoy as a decoy', () => {
    const state = fordEnded();
    const decoy = state.decoys.find((d) => d.id === FORD_DECOY)!;
    const ambush = state.units.find((u) => u.id === 'o-ambush')!;
    const label = (i: number) => hexLabel(state.board, i);
    const mimic = state.units.find((u) => u.id === decoy.mimic)!.name;
    for (const seat of ['ardenne', 'spectator', 'black-teeth']) {
      expect(resultModel(viewFor(state, seat), 'fr').revealed).toEqual([
        `${ambush.name} en ${label(ambush.hex)}`,
        `Leurre en ${label(decoy.hex)} (imitait ${mimic})`,
      ]);
    }
    expect(resultModel(viewFor(state, 'ardenne'), 'en').revealed).toEqual([
      `${ambush.name} at ${label(ambush.hex)}`,
      `Decoy at ${label(decoy.hex)} (posing as ${mimic})`,
    ]);
    // and the map's stacks draw them as a unit and a decoy, no more as anonymous covers
    const stacks = [...stacksOf(viewFor(state, 'ardenne')).values()].flat();
    expect(stacks.find((i) => i.id === 'o-ambush')?.kind).toBe('unit');
    expect(stacks.find((i) => i.id === FORD_DECOY)?.kind).toBe('decoy');
    expect(stacks.filter((i) => i.kind === 'cover')).toEqual([]);
  });

  it('the headline and the points, in both languages', () => {
    const { state } = suddenDeath();
    const fr = resultModel(viewFor(state, 'black-teeth'), 'fr');
    expect(fr.headline).toBe('Victoire : Ardenne');
    expect(fr.sides.map((s) => `${s.name} ${s.points}`)).toEqual([
      'Ardenne 6 pts',
      'Dents Noires 0 pt',
    ]);
    // under each side: its objectives, held or not, and the sources that counted something
    expect(fr.sides[0].lines).toEqual([
      'ailes ennemies en retraite : 2 × 3 pts = 6 pts',
      'objectif La butte (0706) tenu : 0 × 3 pts = 0 pt',
    ]);
    expect(
      resultModel(viewFor(state, 'ardenne'), 'en').sides[1].lines.every((line) =>
        line.startsWith('objective '),
      ),
    ).toBe(true);
    expect(resultModel(viewFor(state, 'black-teeth'), 'en').sides.map((s) => s.points)).toEqual([
      '6 pts',
      '0 pts',
    ]);
  });
});
