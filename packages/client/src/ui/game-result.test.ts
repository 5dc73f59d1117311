import {
  apply,
  createGame,
  fixedDice,
  loadScenario,
  viewFor,
  type GameEvent,
  type GameState,
} from '@lames/rules';
import { SCENARIOS } from '@lames/rules/scenarios';
import { encodeView } from '../state/encode';
import { toView } from '../state/to-view';
import { formatEvent, scoreLines, type EventContext } from './format-event';

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

  it('lists every source of points with the scenario field it comes from', () => {
    const { state, events } = suddenDeath();
    const details = formatEvent(
      events.find((e) => e.type === 'gameEnded')!,
      ctxOf(state, 'en'),
    ).details!;
    expect(details).toContain(
      'Ardenne — enemy wings in retreat: 2 × 3 = 6 (victory.points.wingInRetreat)',
    );
    expect(details).toContain(
      'Ardenne — objective The mound (0706) held: 0 × 3 = 0 (victory.objectives[0])',
    );
    expect(details).toContain('Dents Noires — enemy steps lost: 0 × 1 = 0 (victory.points.step)');
    expect(scoreLines(state.result!.scores, ctxOf(state, 'fr'))).toContain(
      'Ardenne — ailes ennemies en retraite : 2 × 3 = 6 (victory.points.wingInRetreat)',
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
