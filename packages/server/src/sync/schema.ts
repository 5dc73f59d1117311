// Through colyseus-schema.mts: the copy of the library @colyseus/core uses (issue 9).
import { ArraySchema, MapSchema, Schema, type, view } from './colyseus-schema.mjs';

/**
 * The state every connection of a battle receives, as @colyseus/schema
 * classes. Each piece is ONE flat object of primitives, so that it costs
 * exactly one schema reference id: the ids come from a single counter per
 * room, and a piece made of several objects would leave a wider, telling gap
 * in the streams of the seats that may not see it.
 *
 * Legacy decorators (experimentalDecorators, useDefineForClassFields false)
 * are what @colyseus/schema 5 expects from TypeScript: `@type` takes
 * (prototype, field) and installs accessors on the prototype.
 */

export class PieceState extends Schema {
  // The enumerated fields (kind, size, profiles, markers) are codes, one byte each (@lames/rules wire/pieces.ts, issue 9).
  @type('string') id = '';
  @type('string') name = '';
  @type('string') side = '';
  @type('string') wing = '';
  @type('uint8') kind = 0;
  @type('uint8') size = 0;
  @type('string') type = '';
  @type('uint8') weaponClass = 0;
  @type('uint8') weaponCapacity = 0;
  @type('uint8') commandClass = 0;
  @type('uint8') commandCapacity = 0;
  @type('uint8') moraleClass = 0;
  @type('uint8') moraleCapacity = 0;
  @type('uint8') movementClass = 0;
  @type('uint8') movementCapacity = 0;
  @type('uint8') steps = 0;
  @type('uint8') maxSteps = 0;
  /** Comma-joined, to keep the piece one flat object. */
  @type('string') faculties = '';
  /** The ammunition marker (§3.2.3): 0 when full. */
  @type('uint8') ammunition = 0;
  /** Hex indexes fit 16 bits (a board is at most 64×64, scenario/schema.ts): two bytes a change, not four (issue 9). */
  @type('int16') hex = -1;
  /** A formation's second hex (§3.3); -1 on a one-hex unit and on every decoy. */
  @type('int16') secondHex = -1;
  /** A formation's mode marker (§3.3.6); 0 in march and on every one-hex piece. */
  @type('uint8') formationMode = 0;
  @type('uint8') facing = 0;
  @type('uint8') cohesion = 0;
  @type('uint8') breath = 0;
  @type('uint8') shock = 0;
  @type('uint8') order = 0;
  /** Renumbered per hex (sync/entries.ts): a few places at most. */
  @type('int16') stackRank = 0;
  @type('boolean') hidden = false;
  @type('string') coverId = '';
  @type('boolean') isDecoy = false;
  @type('string') mimic = '';
  @type('boolean') activating = false;
  @type('boolean') destroyed = false;
  @type('int16') offMapHex = -1;
  @type('int8') offMapDir = -1;
  @type('int16') offMapTurn = -1;
}

/** A cover marker (Cache or Leurre): all that a seat that may not look under it learns. */
export class CoverState extends Schema {
  @type('string') id = '';
  @type('string') side = '';
  @type('int16') hex = -1;
  @type('boolean') activated = false;
  @type('boolean') activating = false;
}

export class SideInfo extends Schema {
  @type('string') id = '';
  @type('string') name = '';
  @type('string') retreatEdge = '';
  @type('string') armyCommander = '';
  /** The hex the side reloads from (§3.2.6); -1: its army commander. */
  @type('int16') ammunitionSource = -1;
  /** Someone holds this side's key (public: every seat sees who plays whom). */
  @type('boolean') claimed = false;
  /** The holder's name; '' while nobody holds the side. */
  @type('string') playerName = '';
  /** The holder's connection is here (not dropped, not gone). */
  @type('boolean') connected = false;
}

export class WingInfo extends Schema {
  @type('string') id = '';
  @type('string') side = '';
  @type('string') name = '';
  @type('string') leader = '';
  @type('string') directive = '';
  @type('int16') morale = 0;
  @type('int16') fatigue = 0;
  /** Shaken markers on the wing morale marker (§2.5.10.1). */
  @type('uint8') shakenMarkers = 0;
}

/** A side in the hidden deployment (§4.5.2): public, as on the table. */
export class DeploymentSideState extends Schema {
  @type('string') side = '';
  /** The side's deployment zone, hex indexes comma-joined; set once (the scenario's, public). */
  @type('string') zone = '';
  /** The side has deployed (it may deploy again until the phase ends). */
  @type('boolean') deployed = false;
}

/**
 * What one side deploys, for its own connections and the referee only: ONE
 * object per side whatever it holds, created when the room opens (before
 * any connection) and deleted when the deployment ends. One object per
 * waiting unit would leave one gap per unit in the others' reference ids and
 * tell them how many units deploy hidden, and so how many covers are decoys.
 */
export class DeploymentSecretState extends Schema {
  @type('string') side = '';
  /** Its units awaiting deployment (hex -1, hidden, no cover), as JSON PieceWire[] (@lames/rules wire/pieces.ts). */
  @type('string') units = '';
  /** Its placement (@lames/rules DeploymentPlacement) as JSON; '' until it deploys. */
  @type('string') placement = '';
}

export class BattleState extends Schema {
  @type('string') scenarioId = '';
  @type('string') battleName = '';
  /** The static board (@lames/rules wire/board.ts: JSON, terrain and altitude in runs): sent once with the full state, never patched. */
  @type('string') board = '';
  @type('uint16') turn = 0;
  @type('uint16') turnLimit = 0;
  @type('string') activeSide = '';
  @type('string') status = '';
  /** How the game ended (@lames/rules GameResult: winner or draw, each side's points and their sources) as JSON; '' while playing. Public: at the end nothing is secret. */
  @type('string') result = '';
  /** The weather marker (§3.4.4.1, sheet 003); '' when the scenario plays none. */
  @type('string') weather = '';
  /** Day or night (sheet 000, Jour/Nuit); static. */
  @type('string') light = 'day';
  /** Which chapters the battle plays (§1: basic, intermediate, advanced); static. */
  @type('string') rulesLevel = 'basic';
  /**
   * The formation counter of each troop type that may form (@lames/rules GameState.formationProfiles,
   * PRE-06) as JSON; '' when none. Static and public (scenario data): without it a client's
   * constitution and fusion would be refused as `typeMayNotForm` (§3.3.9–3.3.10).
   */
  @type('string') formationProfiles = '';
  /** A combat waiting for the defender's choice of losses (@lames/rules PendingLosses) as JSON; '' when none. Public: its units are in the open (attacks reveal what is adjacent). */
  @type('string') pendingLosses = '';
  /** The battle has a referee seat. */
  @type('boolean') refereeSeat = false;
  @type('boolean') refereeClaimed = false;
  @type('boolean') refereeConnected = false;
  @type('string') refereeName = '';
  @type('uint16') spectators = 0;
  /** Counts accepted actions: every action changes something every seat sees, so the number of patch frames a seat receives never depends on hidden pieces. A variable-length number (one byte below 128): its length depends on the count alone, which is public. */
  @type('number') actionCount = 0;
  /** Command points left to the character distributing orders (§2.5.9); -1 when none. Characters are never hidden. */
  @type('int16') commandPoints = -1;
  /** The unit under activation failed its rally and must flee (§2.8.4); only set for a unit in the open. */
  @type('boolean') mustFlee = false;
  /** A formation's two attacks under way (@lames/rules FormationAttacks) as JSON, '' when none; formations are never hidden (§3.3.8, FORM-09). */
  @type('string') activationAttacks = '';
  @type([SideInfo]) sides = new ArraySchema<SideInfo>();
  @type([WingInfo]) wings = new ArraySchema<WingInfo>();
  /** Units in the open: everyone. */
  @type({ map: PieceState }) pieces = new MapSchema<PieceState>();
  /** Cover markers of hidden units and decoys: everyone. */
  @type({ map: CoverState }) covers = new MapSchema<CoverState>();
  /** What lies under the covers: only the owner's connections and the referee (StateView). */
  @view() @type({ map: PieceState }) secrets = new MapSchema<PieceState>();
  /** The hidden deployment (§4.5.2) is under way: nothing else happens until every side has deployed. */
  @type('boolean') deploying = false;
  /** Each side's zone and whether it has deployed (public); empty when the battle opened without a deployment. */
  @type([DeploymentSideState]) deployment = new ArraySchema<DeploymentSideState>();
  /** What each side deploys, by side id: only that side's connections and the referee (StateView). */
  @view() @type({ map: DeploymentSecretState }) deploymentSecrets = new MapSchema<DeploymentSecretState>();
}
