import { Direction, distance } from '../geometry/hex';
import { coverOfPiece } from '../fog/announce';
import { enemyCovers } from '../fog/covers';
import { revealSweep } from '../fog/reveal';
import { event, GameEvent, MoveStepReport } from '../state/events';
import type { Decoy, GameState, Unit } from '../state/types';
import { loseBreath } from '../units/condition';
import { engagedTargets } from '../units/engagement';
import { placeInStack } from '../units/stacking';
import { joinStack } from '../units/stack-facing';
import { decoyJoinsStack } from './decoy-stack';
import { toPoints } from './costs';
import { MoveMode } from './mover';
import type { WalkState } from './walker';
import type { BodyStep, BodyWalk } from './formation-walker';

/**
 * Carries out a move already validated against what its player knows
 * (§2.6.3). Each hex entered may reveal covers (common-mechanics sheet): a
 * move that comes next to an enemy cover stops there, whatever the cover
 * hides — the same stop the mover's preview showed. A move whose last step
 * leaves the map (§2.6.10) stops at the edge: `exit` tells the caller, who
 * takes the unit off.
 */
export function executeMove(state: GameState, piece: string, steps: BodyStep[], mode: MoveMode, walk: WalkState[], allowance: number, shock?: ShockSettler): MoveOutcome {
  const pieceRef = () => state.units.find((u) => u.id === piece) ?? state.decoys.find((d) => d.id === piece);
  const start = pieceRef()!;
  const from = start.hex;
  const fromSecond = 'secondHex' in start ? start.secondHex : undefined;
  const coveredAtStart = coverOfPiece(state, piece);
  const path: MoveStepReport[] = [];
  const reveals: GameEvent[] = [];
  let stoppedBy: 'reveal' | 'engaged' | undefined;
  let exit: Direction | null = null;
  for (let i = 0; i < steps.length; i++) {
    const p = pieceRef();
    if (!p) break;
    const step = steps[i];
    if ('exit' in step) {
      exit = step.exit as Direction;
      break;
    }
    if ('secondHex' in p && p.secondHex !== undefined) {
      path.push(placeBody(p, walk[i] as BodyWalk));
    } else {
      if ('face' in step) p.facing = step.face;
      else if ('to' in step) p.hex = step.to;
      path.push({ hex: p.hex, facing: p.facing, spent: toPoints(walk[i].spent) });
    }
    if (!('face' in step)) {
      const coversNear = enemyCovers(state, start.side).filter((c) => nearBody(state, p, c.hex));
      reveals.push(...revealSweep(state, piece));
      if (coversNear.length > 0 || !pieceRef()) {
        stoppedBy = 'reveal';
        break;
      }
    }
    if (walk[i].ended === 'engaged') stoppedBy = 'engaged';
  }
  // Leaving the map costs the large friends crossed in the edge hex: the last walk state holds it.
  const cost = exit !== null ? toPoints(walk[walk.length - 1].spent) : path.length > 0 ? path[path.length - 1].spent : 0;
  const events = movedEvents(state, piece, coveredAtStart, { mode, from, path, cost, allowance, stoppedBy });
  events.push(...reveals);
  const moved = pieceRef();
  const bodyMoved = !!moved && (moved.hex !== from || ('secondHex' in moved && moved.secondHex !== fromSecond));
  if (moved && bodyMoved && exit === null) placeInStack(state, moved, 'bottom');
  const unit = state.units.find((u) => u.id === piece);
  // Leaving the map, the unit joins no stack and keeps no marker on it (the caller settles it).
  if (unit && exit !== null) events.push(...modeBreath(state, unit, mode));
  else if (unit) events.push(...afterMove(state, unit, mode, bodyMoved, shock && (() => shock(unit, walk[path.length - 1]))));
  else if (moved && bodyMoved && exit === null) events.push(...decoyJoinsStack(state, piece));
  return { events, exit: moved ? exit : null };
}

/** A formation's step (§3.3.7): both hexes and the facing as the walk left them. */
function placeBody(u: Unit, ws: BodyWalk): MoveStepReport {
  u.hex = ws.hex;
  u.secondHex = ws.second;
  u.facing = ws.facing;
  return { hex: ws.hex, second: ws.second, facing: ws.facing, spent: toPoints(ws.spent) };
}

/** A cover next to the piece: to its hex, or to either hex of a formation (what the walker's stop saw). */
function nearBody(state: GameState, p: Unit | Decoy, hex: number): boolean {
  const near = (h: number) => distance(state.board, h, hex) <= 1;
  return near(p.hex) || ('secondHex' in p && p.secondHex !== undefined && near(p.secondHex));
}

export interface MoveOutcome {
  events: GameEvent[];
  /** The edge hexside the move leaves the map by (§2.6.10), once at the edge. */
  exit: Direction | null;
}

/** Settles the unit's shock marker at the end of the move, given where the walk stood at the last step carried out. */
export type ShockSettler = (unit: Unit, last: WalkState | undefined) => GameEvent[];

interface MoveReport {
  mode: MoveMode;
  from: number;
  path: MoveStepReport[];
  cost: number;
  allowance: number;
  stoppedBy?: 'reveal' | 'engaged';
}

function movedEvents(state: GameState, piece: string, cover: { id: string; side: string } | null, r: MoveReport): GameEvent[] {
  const to = r.path.length > 0 ? r.path[r.path.length - 1].hex : r.from;
  const detail = event({ type: 'moved', unit: piece, ...r }, '§2.6.11', cover ? { to: 'owner', side: cover.side } : { to: 'all' });
  if (!cover) return [detail];
  return [detail, event({ type: 'coverMoved', cover: cover.id, from: r.from, to }, '§2.6.11', { to: 'others', side: cover.side })];
}

/** What the end of a move does to the unit: breath (§2.6.4–2.6.5), stack orientation (§2.3.1), contact (§2.6.8). */
function afterMove(state: GameState, unit: Unit, mode: MoveMode, changedHex: boolean, settle?: () => GameEvent[]): GameEvent[] {
  const events = modeBreath(state, unit, mode);
  // Stacked units share one orientation (§2.3.1, sheet 000 Orientation).
  if (changedHex) events.push(...joinStack(state, unit));
  // The contact-or-charge choice (§2.6.8–2.6.9) is the move action's when it gives one.
  if (settle) return [...events, ...settle()];
  if (!unit.hidden && engagedTargets(state, unit).length > 0) {
    unit.shock = 'contact';
    events.push(event({ type: 'markerPlaced', unit: unit.id, marker: 'contact' }, '§2.6.8'));
  }
  return events;
}

/** Extra and minimal movement cost a level of breath (§2.6.4–2.6.5). */
function modeBreath(state: GameState, unit: Unit, mode: MoveMode): GameEvent[] {
  if (mode === 'normal') return [];
  return loseBreath(state, unit, mode === 'extra' ? 'extraMovement' : 'minimalMovement', mode === 'extra' ? '§2.6.4' : '§2.6.5');
}
