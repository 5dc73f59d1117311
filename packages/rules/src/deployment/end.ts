import { revealSweep } from '../fog/reveal';
import { drawToken, DiceSource, seededDice } from '../state/dice';
import { event, GameEvent } from '../state/events';
import type { Decoy, GameState, Unit } from '../state/types';

/**
 * The end of the hidden deployment (§4.5.2), once every side has deployed:
 * each side's hidden units go to their places and its decoys are created,
 * every piece joining its hex's stack behind the units already there. Then
 * every covered piece gets its cover id, drawn in the order of the hexes
 * they stand on, hidden unit and decoy alike, so that neither the ids nor
 * their order tell one from the other. Then covers in sight of the enemy are
 * revealed (sheet 000 Unités Cachées, Leurres) and the battle opens on turn
 * 1. Mutates `state`.
 */
export function endDeployment(state: GameState, dice: DiceSource): GameEvent[] {
  const sides = state.deployment!.sides;
  for (const [side, { placement }] of Object.entries(sides)) {
    for (const p of placement?.units ?? []) Object.assign(findUnit(state, p.unit), { hex: p.hex, facing: p.facing, stackRank: ++state.stackCounter });
    (placement?.decoys ?? []).forEach((d, i) => {
      const decoy: Decoy = { id: `${side}-decoy-${i + 1}`, side, hex: d.hex, facing: d.facing, mimic: d.mimic, activated: false, stackRank: ++state.stackCounter, coverId: '' };
      state.decoys.push(decoy);
    });
  }
  delete state.deployment;
  drawCoverIds(state, state.rng ? seededDice(state.rng) : dice);
  return [...revealSweep(state), event({ type: 'deploymentEnded' }, '§4.5.2')];
}

/** Cover ids for every covered piece, in hex order: an opaque token each, from the game's secret generator. */
function drawCoverIds(state: GameState, dice: DiceSource): void {
  const covered: (Unit | Decoy)[] = [...state.units.filter((u) => u.hidden && u.hex >= 0), ...state.decoys];
  covered.sort((a, b) => a.hex - b.hex || a.stackRank - b.stackRank);
  for (const piece of covered) piece.coverId = drawToken(dice);
}

function findUnit(state: GameState, id: string): Unit {
  return state.units.find((u) => u.id === id)!;
}
