import { isTwoHex, type GameState } from '../src';
import { SCENARIOS } from '../src/scenarios';
import { randomGame, stressScenario } from '../src/testing';

/**
 * Positions from random legal games (issue 9): where a faster search is
 * checked against the previous implementation. Every shipped scenario and
 * the stress battle, a state every `every` actions, the deployment over.
 * Only states without a formation by default: the older previous
 * implementations (test/previous) predate the two-hex body, so they are no
 * reference for one (formations' searches are checked by
 * formation-movement*.test.ts); `formations` keeps them, for a previous
 * implementation that handles them.
 */
export function recordedPositions(
  seed: string,
  opts: { every?: number; limit?: number; stressLimit?: number; formations?: boolean } = {},
): Array<[string, GameState]> {
  const out: Array<[string, GameState]> = [];
  const every = opts.every ?? 15;
  for (const scenario of [...SCENARIOS, stressScenario()]) {
    const stress = scenario.id === 'stress-battle';
    let n = 0;
    randomGame(scenario, `${seed}-${scenario.id}`, {
      limit: stress ? (opts.stressLimit ?? 60) : (opts.limit ?? 150),
      afterEach: (state) => {
        n += 1;
        if (!state.deployment && n % every === 0 && (opts.formations || !state.units.some(isTwoHex))) out.push([`${scenario.id} #${n}`, state]);
      },
    });
  }
  return out;
}
