import {
  decodeBoard,
  wireToDecoy,
  wireToUnit,
  type Activation,
  type Board,
  type Cover,
  type DeploymentPlacement,
  type FormationAttacks,
  type GameResult,
  type GameState,
  type MapEdge,
  type PendingLosses,
  type Seat,
  type Unit,
  type Weather,
} from '@lames/rules';
import type { CoverState, DecodedMap, DecodedState, PieceState } from './decoded';

/**
 * Turns the decoded room state into the rules' view of the game for `seat`,
 * so that `legalActions` and `reachable` can preview on the client exactly
 * what the server will decide.
 */

let boardCache: { json: string; board: Board } | null = null;

/** The board, decoded once per distinct string (@lames/rules wire/board.ts). */
export function parseBoard(json: string): Board {
  if (boardCache && boardCache.json === json) return boardCache.board;
  const board = decodeBoard(json);
  // Boards saved before terrain features existed have none.
  board.features ??= {};
  boardCache = { json, board };
  return board;
}

export function values<T>(m: DecodedMap<T> | undefined | null): T[] {
  if (!m) return [];
  if (m instanceof Map) return [...m.values()];
  return Object.values(m);
}

const orNull = (s: string | undefined | null) => (s ? s : null);

export const pieceToUnit = wireToUnit;
export const pieceToDecoy = wireToDecoy;

function coverOf(c: CoverState): Cover {
  return { id: c.id, side: c.side, hex: c.hex, activated: !!c.activated };
}

/** The units this seat sees waiting to be deployed (its own, or every side's for the referee): hex -1, hidden, no cover. */
function awaitingUnits(state: DecodedState): PieceState[] {
  return values(state.deploymentSecrets).flatMap((s) =>
    s.units ? (JSON.parse(s.units) as PieceState[]) : [],
  );
}

/** The deployment phase as the rules' view has it: every side's zone and flag, the placements this seat may see. */
function deploymentOf(state: DecodedState): Pick<GameState, 'deployment'> {
  if (!state.deploying) return {};
  const placements = new Map(
    values(state.deploymentSecrets)
      .filter((s) => s.placement)
      .map((s) => [s.side, JSON.parse(s.placement) as DeploymentPlacement]),
  );
  const sides = Object.fromEntries(
    (state.deployment ?? []).map((d) => {
      const placement = placements.get(d.side);
      return [
        d.side,
        {
          zone: d.zone ? d.zone.split(',').map(Number) : [],
          done: d.deployed,
          ...(placement ? { placement } : {}),
        },
      ];
    }),
  );
  return { deployment: { sides } };
}

function activationOf(
  pieces: PieceState[],
  covers: CoverState[],
  state: DecodedState,
): Activation | null {
  const piece = pieces.find((p) => p.activating);
  if (piece) {
    const a: Activation = { piece: piece.id };
    if (typeof state.commandPoints === 'number' && state.commandPoints >= 0)
      Object.assign(a, { commandPoints: state.commandPoints });
    if (state.mustFlee) Object.assign(a, { mustFlee: true });
    if (state.activationAttacks)
      Object.assign(a, { attacks: JSON.parse(state.activationAttacks) as FormationAttacks });
    return a;
  }
  const cover = covers.find((c) => c.activating);
  if (cover) return { piece: cover.id, covered: true };
  return null;
}

export function toView(state: DecodedState, seat: Seat): GameState {
  const open = values(state.pieces);
  const secret = values(state.secrets);
  const covers = values(state.covers);
  const seen = new Set<string>();
  const units: Unit[] = [];
  for (const p of [...open, ...secret, ...awaitingUnits(state)]) {
    if (p.isDecoy || seen.has(p.id)) continue;
    seen.add(p.id);
    units.push(pieceToUnit(p));
  }
  const decoys = secret.filter((p) => p.isDecoy).map(pieceToDecoy);
  return {
    scenarioId: state.scenarioId,
    board: parseBoard(state.board),
    sides: (state.sides ?? []).map((s) => ({
      id: s.id,
      name: s.name,
      armyCommander: orNull(s.armyCommander),
      retreatEdge: s.retreatEdge as MapEdge,
      ...(typeof s.ammunitionSource === 'number' && s.ammunitionSource >= 0
        ? { ammunitionSource: s.ammunitionSource }
        : {}),
    })),
    light: state.light === 'night' ? 'night' : 'day',
    rulesLevel:
      state.rulesLevel === 'intermediate' || state.rulesLevel === 'advanced'
        ? state.rulesLevel
        : 'basic',
    wings: (state.wings ?? []).map((w) => ({
      id: w.id,
      side: w.side,
      name: w.name,
      leader: orNull(w.leader),
      directive: w.directive as GameState['wings'][number]['directive'],
      morale: w.morale,
      fatigue: w.fatigue,
      shakenMarkers: w.shakenMarkers ?? 0,
    })),
    units,
    decoys,
    turn: state.turn,
    turnLimit: state.turnLimit,
    activeSide: state.activeSide,
    activation: activationOf([...open, ...secret], covers, state),
    status: state.status === 'ended' ? 'ended' : 'playing',
    ...(state.result ? { result: JSON.parse(state.result) as GameResult } : {}),
    ...(state.pendingLosses
      ? { pendingLosses: JSON.parse(state.pendingLosses) as PendingLosses }
      : {}),
    ...(state.weather ? { gameElements: { weather: state.weather as Weather } } : {}),
    // the formation counters, that a constitution or a fusion needs (§3.3.9–3.3.10)
    ...(state.formationProfiles
      ? { formationProfiles: JSON.parse(state.formationProfiles) as GameState['formationProfiles'] }
      : {}),
    ...deploymentOf(state),
    stackCounter: 0,
    perspective: seat,
    covers: covers.map(coverOf).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  };
}
