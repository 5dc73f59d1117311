import type { ActionRule } from '../actions/action-rule';
import { activePlayer, firstRejection } from '../actions/common';
import { reject, Rejection } from '../actions/rejection';
import type { DiceSource } from '../state/dice';
import { event, GameEvent } from '../state/events';
import type { GameState, Seat, SideId, Wing } from '../state/types';
import { mod, rollTest } from '../tests/roll';
import { endSideTurn } from '../turn/conclude';
import { piecesToActivate } from '../turn/pieces';
import { setDirective } from './change-directive';
import { wingMoralePending } from './wing-pending';

/**
 * Activating a wing morale marker (§2.5.10.1, sheet 003 "Moral d'une Aile").
 * It must be activated before the side's turn ends while a shaken marker lies
 * on it; 2D6 plus a modifier for the number of markers; above the wing
 * morale the wing goes into retreat for good (§2.5.4). Every marker comes
 * off whatever the roll. A wing already in retreat no longer tests: its
 * markers just come off. In the basic rules only this compulsory part is
 * played (the sheet's morale recovery on 1-1 belongs to the game elements of
 * the intermediate rules), so a marker with no shaken marker has nothing to
 * activate (project decision).
 */
export const wingMoraleRule: ActionRule<{ type: 'wingMorale'; wing: string }> = {
  section: '§2.5.10.1',
  conditions: (state, seat, a) =>
    firstRejection(
      () => activePlayer(state, seat),
      () => (state.activation ? reject('activationOpen') : null),
      () => wingRefusal(state, seat, a.wing),
    ),
  procedure(state, seat, a, dice) {
    const events = playWingMorale(state, dice, state.wings.find((w) => w.id === a.wing)!);
    if (piecesToActivate(state, seat).length === 0 && !wingMoralePending(state, seat)) events.push(...endSideTurn(state));
    return events;
  },
};

function wingRefusal(state: GameState, seat: Seat, wingId: string): Rejection | null {
  const wing = state.wings.find((w) => w.id === wingId && w.side === seat);
  if (!wing) return reject('unknownWing');
  return wing.shakenMarkers > 0 ? null : reject('noShakenMarkers');
}

/** DRM of the wing morale marker: 1 marker 0, 2–3 +1, 4–6 +2, 7 or more +3. */
export function shakenMarkersDrm(markers: number): number {
  if (markers >= 7) return 3;
  if (markers >= 4) return 2;
  if (markers >= 2) return 1;
  return 0;
}

export function playWingMorale(state: GameState, dice: DiceSource, wing: Wing): GameEvent[] {
  const markers = wing.shakenMarkers;
  wing.shakenMarkers = 0;
  const removed = event({ type: 'wingMorale', wing: wing.id, morale: wing.morale, shakenMarkers: 0 }, '§2.5.10.1');
  if (wing.directive === 'retreat') return [removed];
  const drm = mod(shakenMarkersDrm(markers), `${markers} marqueur(s) ébranlé(s)`, `${markers} shaken marker(s)`, '§2.5.10.1');
  const test = rollTest(state, dice, { test: 'wingMorale', subject: wing.id, threshold: wing.morale, modifiers: [drm], section: '§2.5.10.1' });
  const events = [test.event, removed];
  if (!test.success) events.push(...setDirective(wing, 'retreat', 'demoralised', '§2.5.4'));
  return events;
}

/** Plays every compulsory wing morale marker of the side (ending the turn plays them, §2.5.10.1). */
export function compulsoryWingMorale(state: GameState, side: SideId, dice: DiceSource): GameEvent[] {
  return state.wings.filter((w) => w.side === side && w.shakenMarkers > 0).flatMap((w) => playWingMorale(state, dice, w));
}
