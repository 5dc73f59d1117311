/**
 * §2.6.9 binds a charging unit without a special order to carry on its
 * charge, moving or shocking; the text is silent when, once activated,
 * neither is open to it. Random games of the shield hill met such chargers
 * (the wolves, their charge kept at the last conclusion by §2.4.3's looser
 * test, then no arrival their attack directive allows and nobody to strike):
 * the game could not go on. Reading (docs/rule-decisions.md, §2.6.9): it may
 * then pass; before its activation it stays bound.
 */
import {
  apply,
  createGame,
  legalActions,
  reachable,
  shockOptions,
  type GameState,
  type Unit,
} from '../src';
import { scenarioById } from '../src/scenarios';
import { randomPlayer } from '../src/testing';

const HILL = scenarioById('the-shield-hill')!;

/** The activated unit, when it charges without a special order, engaged by nobody. */
function charger(state: GameState): Unit | undefined {
  const u = state.units.find((x) => x.id === state.activation?.piece);
  return u && u.shock === 'charge' && u.order !== 'specialOrder' ? u : undefined;
}

function stuck(state: GameState, u: Unit): boolean {
  const modes = legalActions(state, u.side, u.id).find((l) => l.type === 'move')?.modes ?? [];
  return (
    modes.every((m) => reachable(state, u.side, u.id, m).length === 0) &&
    !shockOptions(state, u.side, u.id).some((o) => o.allowed)
  );
}

/** Plays a random game of the shield hill to its end; returns the stuck chargers met on the way. */
function play(seed: string): { met: { state: GameState; unit: Unit }[]; end: GameState } {
  const next = randomPlayer(seed);
  let state = createGame(HILL, seed);
  const met: { state: GameState; unit: Unit }[] = [];
  while (state.status === 'playing') {
    const u = charger(state);
    if (u && stuck(state, u)) met.push({ state, unit: u });
    const { seat, action } = next(state);
    const r = apply(state, seat, action);
    if (!r.ok)
      throw new Error(`offered action refused: ${JSON.stringify(action)} → ${r.rejection.code}`);
    state = r.state;
  }
  return { met, end: state };
}

describe('§2.6.9 a charging unit with neither a move nor a shock open', () => {
  // Seeds whose games meet one; a rule change that alters the random games may need others (formations' attack movement, issue 10, changed 11 and 12).
  const games = ['shield-hill-browsers-30', 'shield-hill-browsers-43'].map(play);
  const met = games.flatMap((g) => g.met);

  test('§2.6.9 random games that met one go on to their end', () => {
    expect(met.length).toBeGreaterThan(0);
    for (const g of games) expect(g.end.status).toBe('ended');
  });

  test('§2.6.9 once activated and stuck, it may pass (no mustKeepCharging), and the pass concludes its activation', () => {
    for (const { state, unit } of met) {
      const pass = legalActions(state, unit.side, unit.id).find((l) => l.type === 'pass')!;
      expect(pass).toMatchObject({ allowed: true });
      const r = apply(state, unit.side, { type: 'pass', piece: unit.id });
      expect(r.ok && r.state.activation?.piece).not.toBe(unit.id);
    }
  });

  test('§2.6.9 before its activation a charging unit still binds its side: the turn cannot end without activating it', () => {
    for (const { state, unit } of met) {
      const before: GameState = {
        ...state,
        activation: null,
        units: state.units.map((x) => (x.id === unit.id ? { ...x, activated: false } : x)),
      };
      const end = legalActions(before, unit.side, unit.id).find((l) => l.type === 'endTurn')!;
      expect(end).toMatchObject({ allowed: false, rejection: { code: 'boundPieceLeft' } });
    }
  });
});
