import { capacityRank } from '../data';
import type { DiceSource } from '../state/dice';
import type { GameState, Unit, Wing } from '../state/types';
import { Modifier, mod, rollTest, TestOutcome } from '../tests/roll';
import { commandBandsTo } from './distance';
import { stackedWithEngaged } from './commander';
import { directiveFor } from './situation';

/**
 * Test de Commandement (§2.5.8): 2D6 plus modifiers at or under the
 * character's command capacity threshold; a natural 2 always succeeds, a
 * natural 12 always fails.
 */
export function commandModifiers(state: GameState, character: Unit, wing: Wing): Modifier[] {
  const s = '§2.5.8';
  return [
    mod(character.profiles.command.class === 'irregular' ? 1 : 0, 'Personnage irrégulier', 'Irregular character', s),
    mod(character.cohesion === 'shaken' ? 1 : 0, 'Personnage ébranlé', 'Shaken character', s),
    mod(character.breath === 'exhausted' ? 1 : 0, 'Personnage à bout de souffle', 'Exhausted character', s),
    mod(stackedWithEngaged(state, character) ? 1 : 0, 'Empilé avec une unité engagée', 'Stacked with an engaged unit', s),
    mod(farthestBands(state, character, wing), "Tranches de 4 hex jusqu'à l'unité la plus éloignée de l'aile", 'Bands of 4 hexes to the farthest unit of the wing', s),
  ];
}

/**
 * Bands of 4 hexes to the farthest unit of the wing that must follow its
 * directive: a troop on the map, not routed, with no special order (nor
 * autonomous, which acts as if it had one).
 */
export function farthestBands(state: GameState, character: Unit, wing: Wing): number {
  const followers = state.units.filter((u) => u.wing === wing.id && u.side === wing.side && u.hex >= 0 && u.kind === 'troop' && u.cohesion !== 'routed' && directiveFor(state, u) !== null);
  return followers.reduce((max, u) => Math.max(max, commandBandsTo(state.board, character.hex, u)), 0);
}

export function commandTest(state: GameState, dice: DiceSource, character: Unit, wing: Wing): TestOutcome {
  return rollTest(state, dice, {
    test: 'command',
    subject: character.id,
    threshold: capacityRank(character.profiles.command.capacity).testThreshold,
    modifiers: commandModifiers(state, character, wing),
    naturals: true,
    section: '§2.5.8',
  });
}
