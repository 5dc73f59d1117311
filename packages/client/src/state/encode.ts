import {
  decoyToWire,
  encodeBoard,
  unitToWire,
  type Decoy,
  type GameState,
  type Unit,
} from '@lames/rules';
import type { DecodedState, DeploymentSecretInfo, PieceState } from './decoded';

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
  // Units awaiting the hidden deployment travel in their side's deployment secret, not as pieces.
  const awaiting = (u: Unit) => !!view.deployment && u.hidden && u.hex < 0 && !u.coverId;
  for (const u of view.units.filter((x) => !awaiting(x))) {
    const p = unitToPiece(u, !!act && !act.covered && act.piece === u.id);
    (u.hidden ? secrets : pieces)[u.id] = p;
  }
  for (const d of view.decoys)
    secrets[d.id] = decoyToPiece(d, !!act && !act.covered && act.piece === d.id);
  const covers = Object.fromEntries(
    (view.covers ?? []).map((c) => [
      c.id,
      { ...c, activating: !!act && !!act.covered && act.piece === c.id },
    ]),
  );
  return {
    scenarioId: view.scenarioId,
    battleName,
    board: encodeBoard(view.board),
    turn: view.turn,
    turnLimit: view.turnLimit,
    activeSide: view.activeSide,
    status: view.status,
    sides: view.sides.map((s) => ({
      ...s,
      armyCommander: s.armyCommander ?? '',
      ammunitionSource: s.ammunitionSource ?? -1,
      claimed: true,
      playerName: '',
      connected: true,
    })),
    wings: view.wings.map((w) => ({ ...w, leader: w.leader ?? '' })),
    pieces,
    covers,
    secrets,
    ...(act?.commandPoints !== undefined ? { commandPoints: act.commandPoints } : {}),
    ...(act?.mustFlee ? { mustFlee: true } : {}),
    ...(act?.attacks ? { activationAttacks: JSON.stringify(act.attacks) } : {}),
    ...(view.result ? { result: JSON.stringify(view.result) } : {}),
    ...(view.pendingLosses ? { pendingLosses: JSON.stringify(view.pendingLosses) } : {}),
    ...(view.gameElements?.weather ? { weather: view.gameElements.weather } : {}),
    light: view.light,
    rulesLevel: view.rulesLevel,
    ...(view.formationProfiles ? { formationProfiles: JSON.stringify(view.formationProfiles) } : {}),
    ...encodeDeployment(view, awaiting),
  };
}

/** The deployment as the server syncs it: zones and flags for all, a side's units and placement where the view holds them. */
function encodeDeployment(view: GameState, awaiting: (u: Unit) => boolean): Partial<DecodedState> {
  if (!view.deployment) return {};
  const sides = Object.entries(view.deployment.sides);
  const deploymentSecrets: Record<string, DeploymentSecretInfo> = {};
  for (const [side, d] of sides) {
    const units = view.units
      .filter((u) => u.side === side && awaiting(u))
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    if (view.perspective !== 'referee' && view.perspective !== side) continue;
    deploymentSecrets[side] = {
      side,
      units: JSON.stringify(units.map((u) => unitToWire(u, 0, false))),
      placement: d.placement ? JSON.stringify(d.placement) : '',
    };
  }
  return {
    deploying: true,
    deployment: sides.map(([side, d]) => ({ side, zone: d.zone.join(','), deployed: d.done })),
    deploymentSecrets,
  };
}
