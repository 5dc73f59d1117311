import { encodeBoard, type GameState } from '@lames/rules';
import { BattleState, CoverState, PieceState, SideInfo, WingInfo } from './schema';
import { initDeployment, syncDeployment } from './deployment';
import { desiredEntries, Entry, piecePayload, type PieceSource } from './entries';
import { sameData } from '../same-data';

/**
 * Brings the schema state in line with a rules state: deletions first (they
 * use no reference id), then updates and creations in the order of
 * desiredEntries, so reference ids are drawn in an order that only depends
 * on public facts. An entry whose key changes (a hidden unit revealed: its
 * cover and secret go, `u:<id>` comes) is always a NEW object: the secret
 * object, whose reference id was a gap in the others' streams, is never
 * reused, or its id would tie that gap to the unit.
 */

export interface SyncHooks {
  /** A secret was created: add it to the views of its side's connections and the referee's. */
  secretCreated(piece: PieceState, side: string): void;
}

type Collection = Entry['collection'];
const COLLECTIONS: Collection[] = ['pieces', 'covers', 'secrets'];

export function syncBattleState(target: BattleState, game: GameState, hooks: SyncHooks): void {
  syncScalars(target, game);
  syncWings(target, game);
  // Its deletions come first too: the end of the deployment draws no reference id before the covers.
  syncDeployment(target, game);
  const entries = desiredEntries(game);
  for (const collection of COLLECTIONS) {
    const wanted = new Set(entries.filter((e) => e.collection === collection).map((e) => e.key));
    const map = target[collection];
    for (const key of [...map.keys()]) if (!wanted.has(key)) map.delete(key);
  }
  for (const entry of entries) upsert(target, entry, hooks);
}

function upsert(target: BattleState, entry: Entry, hooks: SyncHooks): void {
  if (entry.collection === 'covers') {
    const current = target.covers.get(entry.key);
    if (current) assignChanged(current, entry.payload);
    else target.covers.set(entry.key, Object.assign(new CoverState(), entry.payload));
    return;
  }
  const map = target[entry.collection];
  const current = map.get(entry.key);
  if (current) return syncPiece(current, entry.source);
  const piece = Object.assign(new PieceState(), piecePayload(entry.source));
  syncedFrom.set(piece, entry.source);
  map.set(entry.key, piece);
  if (entry.collection === 'secrets') hooks.secretCreated(piece, entry.audience.side);
}

/**
 * The source each piece was last synced from. Only this module writes a
 * PieceState, so a piece whose source holds the same data as the last one
 * (sameData: the rules copy every unit on every action) still holds its
 * payload, and is left alone without building one (issue 9: most actions
 * change one or two of a battle's units).
 */
const syncedFrom = new WeakMap<PieceState, PieceSource>();

function syncPiece(current: PieceState, source: PieceSource): void {
  const last = syncedFrom.get(current);
  const same = last !== undefined && last.rank === source.rank && last.active === source.active && last.decoy === source.decoy && sameData(last.piece, source.piece);
  if (!same) assignChanged(current, piecePayload(source));
  // the new source even when the same: the older copy of the unit is then free
  syncedFrom.set(current, source);
}

/** Assigns only the fields that changed, so a patch carries only real changes. */
function assignChanged<T extends object>(target: T, values: Partial<T>): void {
  for (const [k, v] of Object.entries(values) as [keyof T, T[keyof T]][]) {
    if (target[k] !== v) target[k] = v;
  }
}

function syncScalars(target: BattleState, game: GameState): void {
  assignChanged(target, {
    scenarioId: game.scenarioId,
    turn: game.turn,
    turnLimit: game.turnLimit,
    activeSide: game.activeSide,
    status: game.status,
    pendingLosses: game.pendingLosses ? JSON.stringify(game.pendingLosses) : '',
    result: game.result ? JSON.stringify(game.result) : '',
    weather: game.gameElements?.weather ?? '',
    ...activationFacts(game),
  });
}

function syncWings(target: BattleState, game: GameState): void {
  game.wings.forEach((w, i) => {
    const values = {
      id: w.id,
      side: w.side,
      name: w.name,
      leader: w.leader ?? '',
      directive: w.directive,
      morale: w.morale,
      fatigue: w.fatigue,
      shakenMarkers: w.shakenMarkers,
    };
    const current = target.wings[i];
    if (current) assignChanged(current, values);
    else target.wings.push(Object.assign(new WingInfo(), values));
  });
}

/** The sides, the static board and the deployment (zones, per-side secrets): set once, when the room opens. */
export function initStatic(target: BattleState, game: GameState, battleName: string): void {
  target.battleName = battleName;
  target.board = encodeBoard(game.board);
  target.light = game.light;
  target.rulesLevel = game.rulesLevel;
  target.formationProfiles = game.formationProfiles ? JSON.stringify(game.formationProfiles) : '';
  for (const s of game.sides) {
    target.sides.push(
      Object.assign(new SideInfo(), {
        id: s.id,
        name: s.name,
        retreatEdge: s.retreatEdge,
        armyCommander: s.armyCommander ?? '',
        ammunitionSource: s.ammunitionSource ?? -1,
      }),
    );
  }
  initDeployment(target, game);
}

/**
 * What every seat may know of the activation in progress: the command points
 * left (only characters distribute, and characters are never hidden), and a
 * failed rally and a formation's attacks under way, told only when the unit
 * is in the open (a formation always is).
 */
function activationFacts(game: GameState): {
  commandPoints: number;
  mustFlee: boolean;
  activationAttacks: string;
} {
  const a = game.activation;
  const inOpen = a ? game.units.some((u) => u.id === a.piece && !u.hidden) : false;
  return {
    commandPoints: a?.commandPoints ?? -1,
    mustFlee: inOpen && a?.mustFlee === true,
    activationAttacks: inOpen && a?.attacks ? JSON.stringify(a.attacks) : '',
  };
}
