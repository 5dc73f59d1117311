import { parseHexLabel } from '../geometry/hex';
import type { Text } from '../i18n/text';
import { NO_VICTORY_CONDITIONS, VictoryConditions } from '../scenario/victory-schema';
import { event, GameEvent } from '../state/events';
import type { GameState, SideId, Unit } from '../state/types';
import { occupies } from '../units/body';

/**
 * Who won (§2.4: the scenario's victory conditions). At the turn limit the
 * sides count their victory points and the one ahead by the scenario's
 * margin wins, else it is a draw. After any action a side that meets a
 * sudden-death condition loses at once; when one side or none is left
 * standing the game ends there. Counted on the full state: at the end
 * nothing is secret any more.
 */

export type ScoreSource =
  | 'enemyStepsLost'
  | 'enemyUnitsDestroyed'
  | 'enemyCharactersDestroyed'
  | 'enemyUnitsOffMap'
  | 'enemyWingsInRetreat'
  | 'objective';

export interface ScoreLine {
  source: ScoreSource;
  /** The scenario field that gives the points, e.g. `victory.points.step` or `victory.objectives[0]`. */
  field: string;
  count: number;
  /** Points of one count. */
  each: number;
  points: number;
  objective?: { id: string; name: Text; hex: number };
}

export interface SideScore {
  side: SideId;
  points: number;
  lines: ScoreLine[];
}

/** `lostOnTime`: not a rule of the game but of the table, a time control's forfeit (turn/lost-on-time.ts). */
export type EndReason = 'turnLimit' | 'noUnitAbleToFight' | 'allWingsInRetreat' | 'lostOnTime';

export interface GameResult {
  reason: EndReason;
  /** Null for a draw. */
  winner: SideId | null;
  /** Sides that lost at once (sudden death), with the condition each met. */
  defeated: { side: SideId; condition: Exclude<EndReason, 'turnLimit'> }[];
  scores: SideScore[];
  /** The lead the winner needed at the turn limit. */
  margin: number;
  turn: number;
}

export const conditionsOf = (state: GameState): VictoryConditions =>
  state.victory ?? NO_VICTORY_CONDITIONS;

/** The game ends at the turn limit (§2.4): the side ahead by the margin wins. */
export function endAtTurnLimit(state: GameState): GameEvent[] {
  const scores = scoreSides(state);
  const margin = conditionsOf(state).margin;
  const ranked = [...scores].sort((a, b) => b.points - a.points);
  const lead = ranked.length > 1 ? ranked[0].points - ranked[1].points : 0;
  return finish(state, {
    reason: 'turnLimit',
    winner: lead >= margin ? ranked[0].side : null,
    defeated: [],
    scores,
    margin,
    turn: state.turn,
  });
}

/** After an action: the sides that meet a sudden-death condition lose; the game ends once at most one side stands. */
export function endIfDecided(state: GameState): GameEvent[] {
  if (state.status !== 'playing') return [];
  const defeated = state.sides.flatMap((s) => {
    const condition = suddenDeath(state, s.id);
    return condition ? [{ side: s.id, condition }] : [];
  });
  if (defeated.length === 0) return [];
  const standing = state.sides.filter((s) => !defeated.some((d) => d.side === s.id));
  if (standing.length > 1) return [];
  return finish(state, {
    reason: defeated[0].condition,
    winner: standing[0]?.id ?? null,
    defeated,
    scores: scoreSides(state),
    margin: conditionsOf(state).margin,
    turn: state.turn,
  });
}

export function finish(state: GameState, result: GameResult): GameEvent[] {
  state.status = 'ended';
  state.result = result;
  return [event({ type: 'gameEnded', ...result }, '§2.4')];
}

/** The first sudden-death condition of the scenario the side meets, if any. */
function suddenDeath(state: GameState, side: SideId): Exclude<EndReason, 'turnLimit'> | null {
  const rules = conditionsOf(state).suddenDeath;
  const onMap = state.units.filter((u) => u.side === side && u.hex >= 0 && !u.destroyed);
  if (rules.noUnitAbleToFight && !onMap.some((u) => u.cohesion !== 'routed'))
    return 'noUnitAbleToFight';
  if (rules.allWingsInRetreat) {
    const wings = state.wings.filter((w) => w.side === side && onMap.some((u) => u.wing === w.id));
    if (wings.every((w) => w.directive === 'retreat')) return 'allWingsInRetreat';
  }
  return null;
}

/** Every side's victory points, line by line, each with the scenario field it comes from. */
export function scoreSides(state: GameState): SideScore[] {
  return state.sides.map((s) => {
    const lines = [...lossLines(state, s.id), ...objectiveLines(state, s.id)];
    return { side: s.id, points: lines.reduce((sum, l) => sum + l.points, 0), lines };
  });
}

function lossLines(state: GameState, side: SideId): ScoreLine[] {
  const p = conditionsOf(state).points;
  const enemies = state.units.filter((u) => u.side !== side);
  const destroyed = enemies.filter((u) => u.destroyed);
  const counts: [ScoreSource, keyof typeof p, number][] = [
    ['enemyStepsLost', 'step', enemies.reduce((n, u) => n + stepsLost(u), 0)],
    ['enemyUnitsDestroyed', 'unitDestroyed', destroyed.length],
    [
      'enemyCharactersDestroyed',
      'characterDestroyed',
      destroyed.filter((u) => u.kind === 'character').length,
    ],
    ['enemyUnitsOffMap', 'unitOffMap', enemies.filter((u) => !u.destroyed && u.hex < 0).length],
    [
      'enemyWingsInRetreat',
      'wingInRetreat',
      state.wings.filter((w) => w.side !== side && w.directive === 'retreat').length,
    ],
  ];
  // Only the conditions the scenario values are listed.
  return counts
    .filter(([, key]) => p[key] > 0)
    .map(([source, key, count]) => ({
      source,
      field: `victory.points.${key}`,
      count,
      each: p[key],
      points: count * p[key],
    }));
}

/** Steps lost, with those of the troops merged into it before they merged (§3.3.9–3.3.11: merging loses nothing, and wins nothing back). */
function stepsLost(u: Unit): number {
  return Math.max(0, u.maxSteps - u.steps) + (u.absorbedLosses ?? 0);
}

/** An objective is held by the side with a unit not routed standing in it (enemies never share a hex). */
function objectiveLines(state: GameState, side: SideId): ScoreLine[] {
  return conditionsOf(state).objectives.flatMap((o, i) => {
    if (o.sides && !o.sides.includes(side)) return [];
    const hex = parseHexLabel(state.board, o.hex);
    const held = state.units.some(
      (u) => u.side === side && occupies(u, hex) && !u.destroyed && u.cohesion !== 'routed',
    )
      ? 1
      : 0;
    return [
      {
        source: 'objective' as const,
        field: `victory.objectives[${i}]`,
        count: held,
        each: o.points,
        points: held * o.points,
        objective: { id: o.id, name: o.name, hex },
      },
    ];
  });
}
