import type { Facing } from '../geometry/facing';
import type { Breath, Cohesion, Directive, Seat, ShockMarker, SideId } from './types';
import type { Modifier, TestKind } from '../tests/roll';
import type { Weather } from '../elements/data';
import type { Ammunition, FormationMode } from '../data/schemas';
import type { AttackKind } from '../combat/advantage-part';
import type { GameResult } from '../turn/victory';

/**
 * Events explain what an action did, with the rule section behind each fact.
 * Who may read an event is part of it: `all`, only the owner `side` (an event
 * naming a hidden unit or a decoy), or everyone but that side (the same fact
 * told about a cover marker). The referee reads everything.
 */
export type Audience = { to: 'all' } | { to: 'owner'; side: SideId } | { to: 'others'; side: SideId };

export interface MoveStepReport {
  hex: number;
  /** A formation's other hex after the step (§3.3.7); absent for a one-hex unit. */
  second?: number;
  facing: Facing;
  /** Points spent so far, in movement points. */
  spent: number;
}

export type EventBody =
  | {
      type: 'combat';
      kind: AttackKind;
      /** For a shot (§3.2): which of the action's shots, how many were combined into it, harassment, hexes the line of sight crosses. */
      shot?: { index: number; of: number; combined: number; harassment: boolean; crossed: number };
      attacker: string;
      defender: string;
      supported: boolean;
      advantage: number;
      modifiers: Modifier[];
      dice: [number, number];
      column: string;
      losses: number;
    }
  /** A formation's recoil (§3.3.8.1) also tells its second hex and new facing. */
  | { type: 'recoiled'; unit: string; from: number; to: number; secondHex?: number; facing?: number }
  /** An invulnerable defender takes none of a result's losses (§3.1): the attacker has no weapon able to harm it. */
  | { type: 'lossesCancelled'; unit: string; losses: number; reason: 'invulnerable' }
  | { type: 'lossesAwaited'; unit: string; side: SideId; losses: number }
  | { type: 'advanced'; unit: string; from: number; to: number }
  | { type: 'activated'; piece: string; side: SideId }
  | { type: 'activationEnded'; piece: string; side: SideId; acted: boolean }
  | {
      type: 'moved';
      unit: string;
      mode: 'normal' | 'extra' | 'minimal';
      from: number;
      path: MoveStepReport[];
      cost: number;
      allowance: number;
      stoppedBy?: 'reveal' | 'engaged';
    }
  | { type: 'coverMoved'; cover: string; from: number; to: number }
  | { type: 'revealed'; unit: string; cover: string; hex: number; by?: string }
  | { type: 'decoyRemoved'; cover: string; hex: number }
  | { type: 'markerPlaced'; unit: string; marker: 'contact' | 'charge' }
  | { type: 'stackAligned'; unit: string; facing: Facing; cohesionLost: boolean }
  | { type: 'sideTurnEnded'; side: SideId; next: SideId }
  | { type: 'turnEnded'; turn: number }
  | ({ type: 'gameEnded' } & GameResult)
  | {
      type: 'test';
      test: TestKind;
      subject: string;
      dice: [number, number];
      modifiers: Modifier[];
      total: number;
      threshold: number;
      success: boolean;
      natural?: 'success' | 'failure';
    }
  | { type: 'breathChanged'; unit: string; breath: Breath; reason: string }
  /** A tireless unit ignores a result that would add a level of breath (§3.1): the reason it would have. */
  | { type: 'breathIgnored'; unit: string; reason: string }
  | { type: 'cohesionChanged'; unit: string; cohesion: Cohesion; reason: string }
  | { type: 'chargeLost'; unit: string; now: ShockMarker }
  | { type: 'stepLost'; unit: string; steps: number; reason: string }
  /**
   * A faculty's die at activation (§3.1: light-fragile, evanescence). Its
   * owner hears the faculty and whether a step was lost; when the piece is
   * under a cover the others hear only that the cover rolled, and the die.
   */
  | { type: 'facultyRoll'; piece: string; die: number; faculty?: 'lightFragile' | 'evanescent'; stepLost?: boolean }
  | { type: 'unitDestroyed'; unit: string; hex: number; reason: string }
  /** `second` and `facing`: a formation's other hex and facing after it (§3.3.7, a pivot back turns it). */
  | { type: 'withdrew'; unit: string; from: number; to: number; minimal: boolean; second?: number; facing?: number }
  | { type: 'fled'; unit: string; from: number; path: MoveStepReport[]; cost: number }
  | { type: 'leftMap'; unit: string; hex: number; dir: number; final: boolean }
  | { type: 'returned'; unit: string; hex: number; facing: Facing }
  | { type: 'pursuit'; pursuer: string; pursued: string }
  | { type: 'markerRemoved'; unit: string; marker: 'contact' | 'charge' }
  /** `hex` and `second`: a formation's hexes after a forward pivot (§3.3.7). */
  | { type: 'faced'; unit: string; facing: Facing; hex?: number; second?: number }
  | { type: 'wingFatigueChanged'; wing: string; fatigue: number }
  | { type: 'stepRegained'; unit: string; steps: number; reason: string }
  | { type: 'mustFlee'; unit: string }
  /** Ammunition (§3.2.3, §3.2.6): lowered by a double, restored by a reload. */
  | { type: 'ammunitionChanged'; unit: string; ammunition: Ammunition; reason: 'double' | 'reload' }
  /** Owner only: his decoy took a self-only action, which changed nothing on it (§4.5.1). */
  | { type: 'decoyActed'; piece: string; action: 'rest' | 'reorganise' | 'rally' | 'reload' }
  // Hidden deployment (§4.5.2): public, and telling nothing of what was placed
  | { type: 'deployed'; side: SideId }
  | { type: 'deploymentEnded' }
  // Command (§2.5)
  | { type: 'commandPoints'; unit: string; die?: number; rank?: string; lowered: string[]; points: number }
  | { type: 'orderGiven'; target: string; cost: number; left: number }
  | { type: 'directiveChanged'; wing: string; directive: Directive; reason: 'order' | 'demoralised' }
  | { type: 'commandTaken'; unit: string; wing: string }
  | { type: 'resigned'; unit: string; wing: string }
  | { type: 'leaderLost'; unit: string; wing: string | null; armyCommander: boolean }
  | { type: 'wingMorale'; wing: string; morale: number; shakenMarkers: number }
  // Game elements (§3.4, sheet 003)
  | { type: 'gameElementsRolled'; side: SideId; die: number; played: boolean }
  | { type: 'gameElementPlayed'; element: 'wingMorale' | 'wingRest' | 'weather'; subject: string; dice: number[]; changed: boolean }
  | { type: 'weatherChanged'; from: Weather; to: Weather }
  // Formations (§3.3): every formation and the troops that take part are in the open (a formation is never hidden)
  /** Troops merged into `unit` (fusion §3.3.9, constitution §3.3.10, join §3.3.11), with what it inherits. */
  | { type: 'troopsMerged'; action: 'fusion' | 'constitute' | 'join'; unit: string; absorbed: string[]; hexes: number[]; facing: Facing; steps: number; breath: Breath; ammunition: Ammunition }
  /** A formation broke (§3.3.1.3, §3.3.12) or let troops leave (§3.3.13): the troops it left in each hex, and why. */
  | { type: 'troopsReleased'; action: 'leave' | 'break'; cause: 'voluntary' | 'cohesion' | 'steps'; unit: string; troops: ReleasedTroop[]; steps: number }
  | { type: 'formationModeChanged'; unit: string; mode: FormationMode };

/** A troop a formation releases: its id, hex and steps (it takes the formation's facing, breath, cohesion and ammunition). */
export interface ReleasedTroop {
  id: string;
  hex: number;
  steps: number;
}

export type GameEvent = EventBody & { section: string; audience: Audience };

export function event(body: EventBody, section: string, audience: Audience = { to: 'all' }): GameEvent {
  return { ...body, section, audience };
}

/** The events a seat may read. */
export function eventsFor(events: readonly GameEvent[], seat: Seat): GameEvent[] {
  return events.filter((e) => mayRead(e.audience, seat));
}

export function mayRead(a: Audience, seat: Seat): boolean {
  if (seat === 'referee' || a.to === 'all') return true;
  if (seat === 'spectator') return a.to === 'others';
  return a.to === 'owner' ? a.side === seat : a.side !== seat;
}
