import { answerAbout, knownAnswer, sharedAnswer, sharedView, sharingViews } from '../fog/view';
import { searchArrivalSet, Arrival } from '../movement/reachable';
import type { ArrivalSet } from '../movement/arrival-set';
import { moverOf, Mover, MoveMode } from '../movement/mover';
import { moveContext } from '../movement/walker';
import { allFront } from '../units/abilities';
import type { GameState, Seat } from '../state/types';
import { activateRule } from './activate';
import { activePlayer, firstRejection, ownPiece, underActivation } from './common';
import { endTurnRule } from './end-turn';
import { unitMayMove } from './move';
import { passRule } from './pass';
import { reject, Rejection } from './rejection';
import type { ActionType } from './schema';
import { arrivalsAllowed, someArrivalAllowed } from '../command/move-directive';
import { commandVerdicts } from '../command/legal';
import { distributingRefusal } from '../command/distributing';
import { attackVerdict } from '../combat/options';
import { fireVerdict } from '../fire/options';
import { awaitingLossesRefusal } from '../combat/absorb-losses-action';
import { ACTION_RULES } from './apply';
import { faceProbe, faceRule } from './face';
import { rallyRule } from '../recovery/rally';
import { reorganiseRule } from '../recovery/reorganise';
import { restRule } from '../recovery/rest';
import { reloadRule } from '../fire/reload-action';
import { forcedRefusal } from '../turn/forced';
import { withdrawVerdict } from '../movement/withdraw-action';
import { fleeVerdict } from '../movement/flee-action';
import { returnVerdict } from '../movement/off-map-return';
import { deployingSide } from '../deployment/deploy-action';
import { deploymentUnderway } from '../deployment/options';
import { formationVerdicts } from './formation-options';

export interface LegalAction {
  type: ActionType;
  /** For a move, the modes open to the unit. */
  modes?: MoveMode[];
  allowed: boolean;
  /** Why not, when not allowed. */
  rejection?: Rejection;
}

/**
 * What a piece may do now, and why each other action is refused. Works on
 * the full state or on a seat's view: the answer only uses what the seat
 * knows.
 */
export function legalActions(state: GameState, seat: Seat, piece: string): LegalAction[] {
  // Every verdict below reads the same seat's view of the same state: built once (fog/view.ts).
  return sharingViews(state, () => verdicts(state, seat, piece));
}

function verdicts(state: GameState, seat: Seat, piece: string): LegalAction[] {
  // A unit bound to an action (§2.9.1) is refused the others, with the reason.
  const bound = (type: ActionType) => forcedRefusal(state, piece, type, (t) => t in ACTION_RULES) ?? distributingRefusal(state, piece, type);
  const verdict = (type: ActionType, r: Rejection | null, extra: Partial<LegalAction> = {}): LegalAction => {
    const why = deploymentUnderway(state, type) ?? awaitingLossesRefusal(state, type) ?? r ?? bound(type);
    return why ? { type, allowed: false, rejection: why } : { type, allowed: true, ...extra };
  };
  // Minimal movement only where the allowance cannot pay a hex (§2.6.5): offered when some hex needs it (a one-hex search).
  const modes = (['normal', 'extra', 'minimal'] as MoveMode[]).filter((m) => !moveRefusal(state, seat, piece, m) && (m !== 'minimal' || someArrival(state, seat, piece, m)));
  return [
    verdict('activate', activateRule.conditions(state, seat, { type: 'activate', piece })),
    verdict('move', modes.length > 0 ? null : moveRefusal(state, seat, piece, 'normal'), { modes }),
    verdict('pass', passRule.conditions(state, seat, { type: 'pass', piece })),
    verdict('shock', attackVerdict(state, seat, piece, 'shock')),
    verdict('duel', attackVerdict(state, seat, piece, 'duel')),
    verdict('fire', fireVerdict(state, seat, piece, 'fire')),
    verdict('fireDuel', fireVerdict(state, seat, piece, 'fireDuel')),
    verdict('endTurn', endTurnRule.conditions(state, seat, { type: 'endTurn' })),
    verdict('face', faceRule.conditions(state, seat, faceProbe(state, seat, piece))),
    verdict('rest', restRule.conditions(state, seat, { type: 'rest', piece })),
    verdict('reorganise', reorganiseRule.conditions(state, seat, { type: 'reorganise', piece })),
    verdict('rally', rallyRule.conditions(state, seat, { type: 'rally', piece })),
    verdict('reload', reloadRule.conditions(state, seat, { type: 'reload', piece })),
    verdict('withdraw', withdrawVerdict(state, seat, piece)),
    verdict('flee', fleeVerdict(state, seat, piece)),
    verdict('returnToMap', returnVerdict(state, seat, piece)),
    ...commandVerdicts(state, seat, piece).map(([type, r]) => verdict(type, r)),
    ...formationVerdicts(state, seat, piece).map(([type, r]) => verdict(type, r)),
    ...deployVerdict(state, seat),
  ];
}

/**
 * While the hidden deployment is under way (§4.5.2), the deploy action is
 * offered to each side, and to the referee for any side; once it is over,
 * it is no longer listed.
 */
function deployVerdict(state: GameState, seat: Seat): LegalAction[] {
  if (!state.deployment) return [];
  const side = deployingSide(state, seat, seat === 'referee' ? state.sides[0].id : undefined);
  return typeof side === 'string' ? [{ type: 'deploy', allowed: true }] : [{ type: 'deploy', allowed: false, rejection: side }];
}

function moveRefusal(state: GameState, seat: Seat, piece: string, mode: MoveMode): Rejection | null {
  return firstRejection(
    () => activePlayer(state, seat),
    () => ownPiece(state, seat, piece),
    () => underActivation(state, piece),
    () => unitMayMove(state, piece, mode),
  );
}

/**
 * Where the piece can end a move in this mode, with cost and path (for the
 * client's preview), computed on what `seat` knows.
 */
export function reachable(state: GameState, seat: Seat, piece: string, mode: MoveMode = 'normal'): Arrival[] {
  // Asked by the move verdict (minimal mode), the end-turn verdict and the move's preview of one state: searched once.
  return sharedAnswer(state, reachableKey(seat, piece, mode), () => searchReachable(state, seat, piece, mode));
}

const reachableKey = (seat: Seat, piece: string, mode: MoveMode) => `reachable ${seat} ${piece} ${mode}`;

function searchReachable(state: GameState, seat: Seat, piece: string, mode: MoveMode): Arrival[] {
  const found = moverSearch(state, seat, piece, mode);
  return found ? arrivalsAllowed(found.view, found.mover, mode, found.arrivals) : [];
}

/**
 * Whether `reachable` offers any arrival: what the minimal mode's verdict
 * asks (issue 9). The preview's answer when the scope has it; else the same
 * search, judged only until the first arrival the directive allows.
 */
export function someArrival(state: GameState, seat: Seat, piece: string, mode: MoveMode): boolean {
  const known = knownAnswer<Arrival[]>(state, reachableKey(seat, piece, mode));
  if (known) return known.length > 0;
  return answerAbout(state, `someArrival ${seat} ${piece} ${mode}`, () => {
    const found = moverSearch(state, seat, piece, mode);
    return !!found && someArrivalAllowed(found.view, found.mover, mode, found.arrivals);
  });
}

/** The mover's search on `seat`'s view, before the directive's filter; null when the piece may not move at all. */
function moverSearch(state: GameState, seat: Seat, piece: string, mode: MoveMode): { view: GameState; mover: Mover; arrivals: ArrivalSet } | null {
  const view = state.perspective ? state : sharedView(state, seat);
  const mover = moverOf(view, piece);
  // Nothing moves before the hidden deployment ends (§4.5.2), nor a hedgehog ever (§3.3.6, l.2274).
  if (!mover || mover.unit.side !== seat || view.deployment || allFront(mover.unit)) return null;
  return { view, mover, arrivals: searchArrivalSet(moveContext(view, mover, mode)) };
}

export { reject };
