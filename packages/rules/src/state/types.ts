import type { Ammunition, Capacity, CommandClass, Faculty, Feature, FormationMode, Hexside, Light, MoraleClass, MovementClass, Terrain, WeaponClass } from '../data/schemas';
import type { Facing, UnitSize } from '../geometry/facing';
import type { Weather } from '../elements/data';
import type { AttackKind } from '../combat/advantage-part';
import type { VictoryConditions } from '../scenario/victory-schema';
import type { GameResult } from '../turn/victory';

/**
 * The game state: plain, serialisable data. `apply` never mutates a state it
 * is given; it returns a new one. The board is static and shared between
 * successive states.
 */

export type SideId = string;
export type RulesLevel = 'basic' | 'intermediate' | 'advanced';
/** Who is asking: a side's player, the referee, or a spectator. */
export type Seat = SideId | 'referee' | 'spectator';

export interface Profile {
  class: string;
  capacity: Capacity;
}

export interface MovementProfile {
  class: MovementClass;
  capacity: Capacity;
}

export interface Profiles {
  weapon: { class: WeaponClass; capacity: Capacity };
  command: { class: CommandClass; capacity: Capacity };
  morale: { class: MoraleClass; capacity: Capacity };
  movement: MovementProfile;
}

export type Cohesion = 'inOrder' | 'shaken' | 'routed';
export type Breath = 'fresh' | 'winded' | 'exhausted';
/** The shock marker (§2.1.2): none, contact or charge. */
export type ShockMarker = 'none' | 'contact' | 'charge';
/** The order marker (§2.1.2): none, special order or activated. */
export type OrderMarker = 'none' | 'specialOrder' | 'activated';

export interface Unit {
  id: string;
  name: string;
  side: SideId;
  wing: string;
  kind: 'troop' | 'character';
  size: UnitSize;
  type: string;
  profiles: Profiles;
  steps: number;
  maxSteps: number;
  faculties: Faculty[];
  /** The ammunition marker (§3.2.3); absent: full, no marker. */
  ammunition?: Exclude<Ammunition, 'full'>;
  /** Hex index, or -1 once off the map or destroyed. */
  hex: number;
  /**
   * A formation's second hex (§3.3, l.2122): adjacent to `hex` across a
   * hexside at 90° to its vertex facing. Absent on every one-hex unit. Rules
   * ask units/body.ts, never these two fields (docs/formations.md).
   */
  secondHex?: number;
  /** A formation's mode marker (§3.3.6); absent: march, the default (no marker), and on every one-hex unit. */
  formationMode?: Exclude<FormationMode, 'march'>;
  /**
   * Steps the troops merged into this unit had lost before they merged
   * (fusion, constitution, join: §3.3.9–3.3.11): still lost for the victory
   * count (§2.4), never steps it may regain. Absent: none.
   */
  absorbedLosses?: number;
  facing: Facing;
  cohesion: Cohesion;
  breath: Breath;
  shock: ShockMarker;
  order: OrderMarker;
  /** Place in its hex's stack: lower is nearer the front (§2.3.1). */
  stackRank: number;
  /** Hidden under a cover marker (Cache); only its owner and the referee know it is this unit. */
  hidden: boolean;
  /** The opaque id of the cover marker when hidden. */
  coverId?: string;
  /** Destroyed: out of the game for good. */
  destroyed?: boolean;
  /**
   * Enemy units that already made this unit take a defensive engagement test
   * (§2.4.1.2 cases 1–3); an id is forgotten once the two units separate.
   */
  testedAgainst?: string[];
  /**
   * Off the map behind an edge hexside (§2.6.10): `hex` is the map hex it left
   * from, `dir` the hexside it crossed, `turn` the turn it left. Its `hex`
   * field is then -1.
   */
  offMap?: { hex: number; dir: number; turn: number };
}

/** A decoy (Leurre): two cover markers with nothing under them. */
export interface Decoy {
  id: string;
  side: SideId;
  hex: number;
  facing: Facing;
  /** The unit whose movement the decoy imitates. */
  mimic: string;
  activated: boolean;
  stackRank: number;
  coverId: string;
  /** A decoy may receive a special order, so that it can imitate a unit that holds one (sheet 000, Leurres). */
  specialOrder?: boolean;
  /** Off the map as a unit would be (§2.6.10), so that a cover leaving tells nothing; `hex` is then -1. */
  offMap?: { hex: number; dir: number; turn: number };
}

/** What a seat that may not look under a cover sees of it. */
export interface Cover {
  id: string;
  side: SideId;
  hex: number;
  activated: boolean;
}

export type Directive = 'attack' | 'defend' | 'regroup' | 'retreat';
export type MapEdge = 'north' | 'south' | 'east' | 'west';

export interface Wing {
  id: string;
  side: SideId;
  name: string;
  leader: string | null;
  directive: Directive;
  morale: number;
  fatigue: number;
  /** Shaken markers lying on the wing morale marker (§2.5.10.2); they force its activation (§2.5.10.1). */
  shakenMarkers: number;
}

export interface Side {
  id: SideId;
  name: string;
  armyCommander: string | null;
  retreatEdge: MapEdge;
  /** The hex the side reloads from (§3.2.6); absent: its army commander is the source. */
  ammunitionSource?: number;
}

export interface Board {
  cols: number;
  rows: number;
  /** Terrain of each hex, by index. */
  terrain: Terrain[];
  /** Ground altitude of each hex, by index. */
  altitude: number[];
  /** Hexsides that are not normal, keyed `${index}:${direction}` for directions 0..2 of the lower-index convention (see terrain/board.ts). */
  hexsides: Record<string, Hexside>;
  /** Terrain features by hex index (wood, village…); a hex without one has none. */
  features: Record<number, Feature>;
}

export interface Activation {
  /** The unit or decoy being activated; in a view that may not look under its cover, the cover id. */
  piece: string;
  /** Set in a view when `piece` names a cover, not a unit. */
  covered?: boolean;
  /** The unit failed its rally: it must now flee (§2.8.3.1, §2.9.1). */
  mustFlee?: boolean;
  /** Command points left to a character distributing special orders (§2.5.9). */
  commandPoints?: number;
  /** A shaken formation failed its defensive engagement test: it is deprived of its action (§3.3.1.2, l.2181). */
  deprived?: boolean;
  /**
   * A formation's shock or fire action under way (§3.3.8, FORM-09): one
   * attack from each of its hexes. `from` the hexes that have attacked,
   * `recoiled` the targets a first attack made recoil (the second against
   * them is lost, FORM-57), `breathPaid` once a supported attack cost the
   * action its breath level.
   */
  attacks?: FormationAttacks;
}

export interface FormationAttacks {
  kind: 'shock' | 'fire';
  from: number[];
  recoiled: string[];
  breathPaid?: boolean;
}

/**
 * A combat waiting for the defending player to choose how its losses are
 * absorbed (§2.7.4–2.7.5): whether the last one is a recoil and where, how
 * losses spread through the stack, which steady unit pays for a recoil.
 */
export interface PendingLosses {
  /** The side that decides: the defender's. */
  side: SideId;
  kind: AttackKind;
  attacker: string;
  defender: string;
  /** The attacked hex, for the advance after combat (§2.7.6). */
  hex: number;
  supported: boolean;
  /** Losses still to absorb (a charging defender's compulsory step already taken). */
  losses: number;
  /** For a shot (§3.2.9): the shooter's hex, which a recoil moves away from. */
  from?: number;
  /** For a fire action of several shots (§3.2.3): the targets of the shots still to fire, in order, and the action's number of shots. */
  remainingShots?: { targets: string[]; of: number };
}

/** A side's secret deployment (§4.5.2): where each of its hidden units stands, and its decoys. */
export interface DeploymentPlacement {
  units: { unit: string; hex: number; facing: Facing }[];
  /** Each decoy imitates a distinct hidden unit of the side, its `mimic` (§4.5.1). */
  decoys: { mimic: string; hex: number; facing: Facing }[];
}

/** One side in the deployment phase: its zone (public), whether it has deployed (public), its placement (its own and the referee's). */
export interface SideDeployment {
  zone: number[];
  done: boolean;
  placement?: DeploymentPlacement;
}

export interface GameState {
  scenarioId: string;
  board: Board;
  sides: Side[];
  wings: Wing[];
  units: Unit[];
  decoys: Decoy[];
  turn: number;
  turnLimit: number;
  activeSide: SideId;
  activation: Activation | null;
  status: 'playing' | 'ended';
  /** The scenario's victory conditions (§2.4); absent: none, the game plays to its turn limit and ends in a draw. */
  victory?: VictoryConditions;
  /** How the game ended: winner or draw, and each side's points with their sources. Set with status 'ended'. */
  result?: GameResult;
  /** Game elements played in each player's turn (§3.4, sheet 003); absent when the scenario plays none. */
  gameElements?: { weather: Weather | null };
  /** Day or night (sheet 000, Jour/Nuit). */
  light: Light;
  /** Which chapters the battle plays (§1): basic is chapter 2 alone; fire and the faculties are intermediate rules (chapter 3). */
  rulesLevel: RulesLevel;
  /** Counter for stack ranks, so that "top" and "bottom" are always new extremes. */
  stackCounter: number;
  /** State of the seeded dice; absent from every seat's view. */
  rng?: RngState;
  /** Set in a view: whose knowledge this state holds. */
  perspective?: Seat;
  /** Set in a view: the cover markers of units and decoys that view may not look under. */
  covers?: Cover[];
  /** Demoralisation tests owed for units lost during the current action (§2.5.10.2); rolled before the action returns. */
  pendingDemoralisation?: { wing: string; lost: string }[];
  /** Set while the defender chooses how to absorb a combat's losses; every other action waits (§2.7.4). */
  pendingLosses?: PendingLosses;
  /**
   * The hidden deployment (§4.5.2), from the start until every side has
   * deployed; absent when the scenario deploys no unit hidden. Units awaiting
   * deployment have hex -1, are hidden and have no cover id yet.
   */
  deployment?: { sides: Record<SideId, SideDeployment> };
  /** The formation counters' profiles of each troop type that may form (§3.3, PRE-06), from the scenario; absent when none may. */
  formationProfiles?: Record<string, Profiles>;
  /**
   * The simple troop counter's profiles of each type that may form (§3.3):
   * what the troops a formation breaks into or lets leave are. From the
   * scenario's one-hex troops of the type, or the troops that constituted a
   * formation; absent when none is known (docs/rule-decisions.md §3.3).
   */
  troopProfiles?: Record<string, Profiles>;
}

/**
 * The dice generator's state (state/dice.ts): a ChaCha20 key drawn from the
 * battle's secret seed and the position in its keystream. Never in a view.
 */
export interface RngState {
  /** Eight 32-bit words. */
  key: number[];
  /** The keystream block the next draw comes from. */
  block: number;
  /** The next word of that block, 0..15. */
  word: number;
}
