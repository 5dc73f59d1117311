/**
 * The room state as the Colyseus SDK decodes it by reflection, after
 * `.toJSON()`: maps become plain objects keyed by id, arrays plain arrays.
 * Mirrors packages/server/src/sync/schema.ts.
 */
export interface PieceState {
  id: string;
  name: string;
  side: string;
  wing: string;
  kind: string;
  size: string;
  type: string;
  weaponClass: string;
  weaponCapacity: string;
  commandClass: string;
  commandCapacity: string;
  moraleClass: string;
  moraleCapacity: string;
  movementClass: string;
  movementCapacity: string;
  steps: number;
  maxSteps: number;
  faculties: string;
  hex: number;
  facing: number;
  cohesion: string;
  breath: string;
  shock: string;
  order: string;
  stackRank: number;
  hidden: boolean;
  coverId: string;
  isDecoy: boolean;
  mimic: string;
  activating: boolean;
}

export interface CoverState {
  id: string;
  side: string;
  hex: number;
  activated: boolean;
  activating: boolean;
}

export interface SideInfo {
  id: string;
  name: string;
  retreatEdge: string;
  armyCommander: string;
  seated: boolean;
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
}
