import { decoyToWire, unitToWire, type Decoy, type GameState, type Unit } from '@lames/rules';
import type { DecodedState, PieceState } from './decoded';

/**
 * The inverse of `toView`, as the server would sync a seat's view: units in
 * the open go to `pieces`, the seat's hidden units and decoys to `secrets`.
 * Used by tests and by the offline preview.
 */
export function unitToPiece(u: Unit, activating = false): PieceState {
  return unitToWire(u, u.stackRank, activating);
}

export function decoyToPiece(d: Decoy, activating = false): PieceState {
  return decoyToWire(d, d.stackRank, activating);
}

/** `view` must be a rules view (`viewFor`), with its perspective and covers. */
export function encodeView(view: GameState, battleName = ''): DecodedState {
  const act = view.activation;
  const pieces: Record<string, PieceState> = {};
  const secrets: Record<string, PieceState> = {};
  for (const u of view.units) {
    const p = unitToPiece(u, !!act && !act.covered && act.piece === u.id);
    (u.hidden ? secrets : pieces)[u.id] = p;
  }
  for (const d of view.decoys) secrets[d.id] = decoyToPiece(d, !!act && !act.covered && act.piece === d.id);
  const covers = Object.fromEntries(
    (view.covers ?? []).map((c) => [c.id, { ...c, activating: !!act && !!act.covered && act.piece === c.id }]),
  );
  return {
    scenarioId: view.scenarioId,
    battleName,
    board: JSON.stringify(view.board),
    turn: view.turn,
    turnLimit: view.turnLimit,
    activeSide: view.activeSide,
    status: view.status,
    sides: view.sides.map((s) => ({ ...s, armyCommander: s.armyCommander ?? '', seated: true, connected: true })),
    wings: view.wings.map((w) => ({ ...w, leader: w.leader ?? '' })),
    pieces,
    covers,
    secrets,
    ...(act?.commandPoints !== undefined ? { commandPoints: act.commandPoints } : {}),
    ...(act?.mustFlee ? { mustFlee: true } : {}),
    ...(view.result ? { result: JSON.stringify(view.result) } : {}),
    ...(view.pendingLosses ? { pendingLosses: JSON.stringify(view.pendingLosses) } : {}),
    ...(view.gameElements?.weather ? { weather: view.gameElements.weather } : {}),
  };
}
