import { ArraySchema, MapSchema, Schema, type, view } from '@colyseus/schema';

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
  @type('string') id = '';
  @type('string') name = '';
  @type('string') side = '';
  @type('string') wing = '';
  @type('string') kind = '';
  @type('string') size = '';
  @type('string') type = '';
  @type('string') weaponClass = '';
  @type('string') weaponCapacity = '';
  @type('string') commandClass = '';
  @type('string') commandCapacity = '';
  @type('string') moraleClass = '';
  @type('string') moraleCapacity = '';
  @type('string') movementClass = '';
  @type('string') movementCapacity = '';
  @type('uint8') steps = 0;
  @type('uint8') maxSteps = 0;
  /** Comma-joined, to keep the piece one flat object. */
  @type('string') faculties = '';
  @type('int32') hex = -1;
  @type('uint8') facing = 0;
  @type('string') cohesion = '';
  @type('string') breath = '';
  @type('string') shock = '';
  @type('string') order = '';
  @type('int32') stackRank = 0;
  @type('boolean') hidden = false;
  @type('string') coverId = '';
  @type('boolean') isDecoy = false;
  @type('string') mimic = '';
  @type('boolean') activating = false;
  @type('boolean') destroyed = false;
  @type('int32') offMapHex = -1;
  @type('int8') offMapDir = -1;
  @type('int16') offMapTurn = -1;
}

/** A cover marker (Cache or Leurre): all that a seat that may not look under it learns. */
export class CoverState extends Schema {
  @type('string') id = '';
  @type('string') side = '';
  @type('int32') hex = -1;
  @type('boolean') activated = false;
  @type('boolean') activating = false;
}

export class SideInfo extends Schema {
  @type('string') id = '';
  @type('string') name = '';
  @type('string') retreatEdge = '';
  @type('string') armyCommander = '';
  @type('boolean') seated = false;
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

export class BattleState extends Schema {
  @type('string') scenarioId = '';
  @type('string') battleName = '';
  /** The static board as JSON: sent once with the full state, never patched. */
  @type('string') board = '';
  @type('uint16') turn = 0;
  @type('uint16') turnLimit = 0;
  @type('string') activeSide = '';
  @type('string') status = '';
  /** How the game ended (@lames/rules GameResult: winner or draw, each side's points and their sources) as JSON; '' while playing. Public: at the end nothing is secret. */
  @type('string') result = '';
  /** The weather marker (§3.4.4.1, sheet 003); '' when the scenario plays none. */
  @type('string') weather = '';
  /** A combat waiting for the defender's choice of losses (@lames/rules PendingLosses) as JSON; '' when none. Public: its units are in the open (attacks reveal what is adjacent). */
  @type('string') pendingLosses = '';
  @type('boolean') refereeSeated = false;
  @type('uint16') spectators = 0;
  /** Counts accepted actions: every action changes something every seat sees, so the number of patch frames a seat receives never depends on hidden pieces. */
  @type('uint32') actionCount = 0;
  /** Command points left to the character distributing orders (§2.5.9); -1 when none. Characters are never hidden. */
  @type('int16') commandPoints = -1;
  /** The unit under activation failed its rally and must flee (§2.8.4); only set for a unit in the open. */
  @type('boolean') mustFlee = false;
  @type([SideInfo]) sides = new ArraySchema<SideInfo>();
  @type([WingInfo]) wings = new ArraySchema<WingInfo>();
  /** Units in the open: everyone. */
  @type({ map: PieceState }) pieces = new MapSchema<PieceState>();
  /** Cover markers of hidden units and decoys: everyone. */
  @type({ map: CoverState }) covers = new MapSchema<CoverState>();
  /** What lies under the covers: only the owner's connections and the referee (StateView). */
  @view() @type({ map: PieceState }) secrets = new MapSchema<PieceState>();
}
