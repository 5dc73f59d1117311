import type { CoverWire, PieceWire } from '@lames/rules';
/**
 * The room state as the Colyseus SDK decodes it by reflection, after
 * `.toJSON()`: maps become plain objects keyed by id, arrays plain arrays.
 * Mirrors packages/server/src/sync/schema.ts.
 */
/** One piece, in the wire form shared with the server (@lames/rules wire/pieces.ts). */
export type PieceState = PieceWire;
export type CoverState = CoverWire;

export interface SideInfo {
  id: string;
  name: string;
  retreatEdge: string;
  armyCommander: string;
  /** The hex the side reloads from (§3.2.6); -1 or absent: its army commander. */
  ammunitionSource?: number;
  /** Someone holds the side's key. */
  claimed: boolean;
  /** The holder's name, '' while nobody holds it. */
  playerName: string;
  connected: boolean;
}

export interface WingInfo {
  id: string;
  side: string;
  name: string;
  leader: string;
  directive: string;
  morale: number;
  fatigue: number;
  /** Shaken markers on the wing morale marker (§2.5.10.2); absent from older servers. */
  shakenMarkers?: number;
}

/** A side in the hidden deployment (§4.5.2), public. */
export interface DeploymentSideInfo {
  side: string;
  /** Hex indexes of the side's zone, comma-joined. */
  zone: string;
  deployed: boolean;
}

/** What one side deploys: only in the state of that side's connections and the referee's. */
export interface DeploymentSecretInfo {
  side: string;
  /** Its units awaiting deployment as JSON PieceWire[] (hex -1, hidden, no cover). */
  units: string;
  /** Its placement (@lames/rules DeploymentPlacement) as JSON; '' until it deploys. */
  placement: string;
}

/** A map as decoded: `.toJSON()` gives a plain object; a live MapSchema iterates as entries. */
export type DecodedMap<T> = Record<string, T> | Map<string, T>;

export interface DecodedState {
  scenarioId: string;
  battleName: string;
  board: string;
  turn: number;
  turnLimit: number;
  activeSide: string;
  status: string;
  sides: SideInfo[];
  wings: WingInfo[];
  pieces: DecodedMap<PieceState>;
  covers: DecodedMap<CoverState>;
  secrets: DecodedMap<PieceState>;
  /** Of the activation in progress: command points left while distributing orders (§2.5.9). */
  commandPoints?: number;
  /** Of the activation in progress: the unit failed its rally and must flee (§2.8.3.1). */
  mustFlee?: boolean;
  /** Of the activation in progress: a formation's attacks under way (@lames/rules FormationAttacks) as JSON; '' or absent when none. */
  activationAttacks?: string;
  /** How the game ended (@lames/rules GameResult) as JSON; '' or absent while playing. */
  result?: string;
  /** A combat waiting for the defender's choice of losses (@lames/rules PendingLosses) as JSON; '' or absent when none. */
  pendingLosses?: string;
  /** The weather marker (sheet 003); '' or absent without weather. */
  weather?: string;
  /** Day or night (sheet 000); absent means day. */
  light?: string;
  /** basic, intermediate or advanced rules (§1); absent means basic. */
  rulesLevel?: string;
  /** The actions the server has accepted so far; absent from older servers. */
  actionCount?: number;
  /** The formation counters of the types that may form (@lames/rules GameState.formationProfiles) as JSON; '' or absent when none. */
  formationProfiles?: string;
  /** The battle has a referee seat; who holds it and whether they are here. */
  refereeSeat?: boolean;
  refereeClaimed?: boolean;
  refereeConnected?: boolean;
  refereeName?: string;
  /** The hidden deployment (§4.5.2) is under way; absent from older servers. */
  deploying?: boolean;
  deployment?: DeploymentSideInfo[];
  /** By side id: only the sides this seat may look under. */
  deploymentSecrets?: DecodedMap<DeploymentSecretInfo>;
}
