import { reject, Rejection } from '../actions/rejection';
import type { RejectionCode } from '../actions/rejection-texts';
import type { Facing } from '../geometry/facing';
import { Direction, hexLabel } from '../geometry/hex';
import { sharedView } from '../fog/view';
import { toHalves } from '../movement/costs';
import type { MoveMode } from '../movement/mover';
import type { Directive, GameState, MapEdge, Unit } from '../state/types';
import { movementPoints } from '../units/abilities';
import { adjacentEnemies, engagedBy } from '../units/engagement';
import { distributingRefusal } from './distributing';
import { DirectiveFields, leavesBy, Position } from './fields';
import { directiveFor } from './situation';
import { isShooter } from '../fire/shooters';
import { openTarget, targetFromHex } from '../fire/targets';
import { enterableOnce } from '../fire/harassment';
import { ammunitionOf } from '../units/ammunition';
import { dodgeMayDisengage } from '../units/dodge';

/**
 * What a unit intends to do, as the directive needs to judge it. A move gives
 * its positions after each step (reorientations included; a formation's two
 * hexes), the points spent
 * and whether it stopped by engaging or revealing; a withdrawal or a flight
 * may give the hexes it enters.
 */
export type DirectiveIntent =
  | { type: 'move'; path: Position[]; spent: number; mode: MoveMode; stopped?: boolean; charge?: boolean; exit?: MoveExit }
  | { type: 'withdraw' | 'flee'; path?: number[] }
  | { type: 'shock' | 'duel' | 'rest' | 'reorganise' | 'rally' | 'reload' | 'face' | 'fire' | 'fireDuel' | 'returnToMap' | 'pass' | 'command' };

/** A move's last step off the map (§2.6.10): the edge hex, the hexside, and whether a visible enemy left there this turn. */
export interface MoveExit {
  hex: number;
  dir: Direction;
  reachesEnemy: boolean;
}

/**
 * The directive's verdict on an intent (§2.5.1–2.5.4, §2.9.2), or null when
 * it allows it. Judged on what the unit's side knows. Free units (characters,
 * special orders, autonomous troops) are never refused here.
 */
export function directiveRefusal(state: GameState, unit: Unit, intent: DirectiveIntent): Rejection | null {
  return directiveVerdicts(state, unit)(intent);
}

/** `directiveRefusal` for many intents of one unit in one state, with one judge for all (issue 9: a flight preview judges every flight). */
export function directiveVerdicts(state: GameState, unit: Unit): (intent: DirectiveIntent) => Rejection | null {
  let judge: DirectiveJudge | undefined;
  return (intent) => {
    const busy = distributing(state, unit, intent);
    if (busy) return busy;
    // Whatever the directive, a routed troop must flee (§2.5.1–2.5.4: "une Troupe en Déroute doit fuir").
    if (intent.type === 'flee' && unit.cohesion === 'routed') return null;
    if (!judge) {
      const view = state.perspective ? state : sharedView(state, unit.side);
      judge = new DirectiveJudge(view, view.units.find((u) => u.id === unit.id) ?? unit);
    }
    return judge.judge(intent);
  };
}

/** While a character distributes orders (§2.5.9) his activation holds nothing else. */
function distributing(state: GameState, unit: Unit, intent: DirectiveIntent): Rejection | null {
  return distributingRefusal(state, unit.id, intent.type);
}

/** Judges intents for one unit; reusable across many intents (previews). */
export class DirectiveJudge {
  readonly directive: Directive | null;
  readonly fields: DirectiveFields;

  /** `refuse` words a refusal; a preview that only needs yes or no passes one that does not (movement/refusal.ts). */
  constructor(
    readonly view: GameState,
    readonly unit: Unit,
    private readonly refuse: (code: RejectionCode, params?: Record<string, string | number>) => Rejection = reject,
  ) {
    // A decoy need not follow its wing's directive (§4.5.1: "Les Leurres ne sont pas tenus à se conformer à une Consigne d'Ordre").
    this.directive = view.decoys.some((d) => d.id === unit.id) ? null : directiveFor(view, unit);
    this.fields = new DirectiveFields(view, unit);
  }

  judge(intent: DirectiveIntent): Rejection | null {
    switch (this.directive) {
      case null:
        return null;
      case 'attack':
        return this.attack(intent);
      case 'defend':
        return this.defend(intent);
      case 'regroup':
        return this.regroup(intent);
      case 'retreat':
        return this.retreat(intent);
    }
  }

  private get elite(): boolean {
    return this.unit.profiles.morale.class === 'elite';
  }

  /** §2.5.1, §2.9.2: approach and shock; shaken or exhausted troops may step back, tired ones recover. */
  private attack(intent: DirectiveIntent): Rejection | null {
    const u = this.unit;
    const worn = u.cohesion === 'shaken' || u.breath === 'exhausted';
    const tired = worn || u.breath === 'winded';
    switch (intent.type) {
      case 'move':
        return this.attackMovement(intent);
      // §3.1 Esquive (FAC-05): a dodging unit not charging is never bound to shock; it may withdraw or flee instead.
      case 'withdraw':
      case 'flee':
        return worn || dodgeMayDisengage(this.view, u) ? null : this.refuse('attackNoWithdraw');
      case 'rest':
        return tired ? null : this.refuse('attackNoRecovery');
      case 'reorganise':
        return tired && this.elite ? null : this.refuse('attackNoRecovery');
      case 'rally':
        return this.elite ? null : this.refuse('directiveNoRally');
      // §3.2.6 (l.1986): a shooter out of ammunition may reload instead of attacking.
      case 'reload':
        return ammunitionOf(u) === 'exhausted' ? null : this.refuse('attackNoReload');
      default:
        return null;
    }
  }

  /**
   * Mouvement d'Attaque (§2.6.11.1): at least half the movement points of
   * its capacity, minimum 2, or all of them when it has fewer — unless the
   * move stopped on meeting the enemy; at least one hex; and every hex
   * entered brings it nearer (in movement points) to engaging its nearest
   * enemy. With no enemy in sight there is nothing to approach.
   */
  attackMovement(intent: Extract<DirectiveIntent, { type: 'move' }>): Rejection | null {
    if (this.fields.enemies.length === 0 && this.fields.offMapEnemies.length === 0) return null;
    const shooter = this.shooterMovement(intent);
    if (shooter !== undefined) return shooter;
    const start = this.startPosition();
    let hexes = intent.exit ? 1 : 0;
    for (let i = 0; i < intent.path.length; i++) if (entersHex(i === 0 ? start : intent.path[i - 1], intent.path[i])) hexes++;
    if (hexes === 0) return this.refuse('attackMustAdvance');
    const mp = movementPoints(this.unit);
    const need = Math.min(mp, Math.max(2, mp / 2));
    if (intent.mode !== 'minimal' && !intent.stopped && intent.spent < need) return this.refuse('attackSpendHalf', { need });
    let prev = start;
    for (const p of intent.path) {
      if (!this.approaches(prev, p)) return this.refuse('attackMustApproach', { hex: this.label(p.hex) });
      prev = p;
    }
    // §2.6.10: leaving the map reaches an enemy only behind the hexside it left by this turn.
    if (intent.exit && !intent.exit.reachesEnemy) return this.refuse('attackMustApproach', { hex: this.label(intent.exit.hex) });
    return null;
  }

  private startPosition(): Position {
    const u = this.unit;
    return u.secondHex === undefined ? { hex: u.hex, facing: u.facing } : { hex: u.hex, facing: u.facing, second: u.secondHex };
  }

  /** §2.6.11.1: a step that enters a hex brings the unit nearer to engaging its nearest enemy; a formation is priced by its own moves. */
  private approaches(prev: Position, p: Position): boolean {
    return !entersHex(prev, p) || this.fields.approachCost(p) < this.fields.approachCost(prev);
  }

  /**
   * A troop able to fire under attack (§3.2.6): out of ammunition it may
   * make a normal move; once it can fire at a target its move stops being
   * an attack movement and may go anywhere it can still fire from at the end
   * the hexes before the first position with a target still
   * approach). Undefined when neither applies: the attack movement rules hold.
   */
  private shooterMovement(intent: Extract<DirectiveIntent, { type: 'move' }>): Rejection | null | undefined {
    // A charging unit carries on its charge (§2.6.9): it may not fire, so the shooter's freedom is not its.
    if (this.unit.kind !== 'troop' || !isShooter(this.unit) || intent.exit || this.unit.shock === 'charge') return undefined;
    if (ammunitionOf(this.unit) === 'exhausted') return null;
    // The positions are the start, then the path's (issue 9: read in place, no array built per arrival judged).
    const start = this.startPosition();
    const path = intent.path;
    let first = this.canFireFrom(start.hex, start.facing) ? 0 : -1;
    for (let i = 0; first < 0 && i < path.length; i++) if (this.canFireFrom(path[i].hex, path[i].facing)) first = i + 1;
    if (first < 0) return undefined;
    const last = path.length > 0 ? path[path.length - 1] : start;
    if (!this.canFireFrom(last.hex, last.facing)) return this.refuse('shooterMustKeepTarget');
    let prev = start;
    for (let i = 0; i < first; i++) {
      const p = path[i];
      if (!this.approaches(prev, p)) return this.refuse('attackMustApproach', { hex: this.label(p.hex) });
      prev = p;
    }
    return null;
  }

  // Per hex and facing (hex * 12 + facing): 0 not yet asked, 1 no, 2 yes. A flat array, not a Map: a preview asks it for every position of every arrival (issue 9).
  private fireFrom?: Uint8Array;

  /** Whether the unit could fire at an enemy from this hex and facing (worked out once per position: previews ask for many arrivals). */
  private canFireFrom(hex: number, facing: Facing): boolean {
    const known = (this.fireFrom ??= new Uint8Array(this.view.board.cols * this.view.board.rows * 12));
    const key = hex * 12 + facing;
    if (known[key] === 0) known[key] = this.fromHex(hex)(facing) ? 2 : 1;
    return known[key] === 2;
  }

  /** Harassment's hexes between (§3.2.4.1), judged once for the twelve facings of a position. */
  private readonly enterable = enterableOnce();

  private targets?: Unit[];
  private targetFrom = new Map<number, (facing: number) => boolean>();

  /**
   * `hasTargetFrom` for the twelve facings of a hex (fire/targets.ts
   * `targetFromHex`: what the facing does not change — range, the targets'
   * stacks, a line of sight — judged once per hex), among the enemies in the open.
   */
  private fromHex(hex: number): (facing: number) => boolean {
    let judge = this.targetFrom.get(hex);
    if (!judge) {
      const targets = (this.targets ??= this.view.units.filter((t) => openTarget(this.unit, t)));
      this.targetFrom.set(hex, (judge = targetFromHex(this.view, this.unit, hex, targets, this.enterable)));
    }
    return judge;
  }

  /** §2.5.2, §2.9.2: free moves that never touch the enemy, no charge; rest, and reorganise for the elite. */
  private defend(intent: DirectiveIntent): Rejection | null {
    switch (intent.type) {
      case 'move':
        if (intent.charge) return this.refuse('defendNoCharge');
        return this.neverAdjacent(intent.path.map((p) => p.hex));
      case 'withdraw':
      case 'flee':
        return this.neverAdjacent(intent.path ?? []);
      case 'reorganise':
      case 'rally':
        return this.elite ? null : this.refuse('defendNoRecovery');
      default:
        return null;
    }
  }

  private neverAdjacent(hexes: number[]): Rejection | null {
    const start = this.unit.hex;
    const bad = hexes.find((h) => h !== start && this.fields.adjacentToEnemy(h));
    return bad === undefined ? null : this.refuse('defendNoContact', { hex: this.label(bad) });
  }

  /**
   * §2.5.3, §2.9.2: disengage, then move away from the nearest threat hex by
   * hex while within its reach; out of reach, act freely but never come
   * within reach again. Rally only for the elite.
   */
  private regroup(intent: DirectiveIntent): Rejection | null {
    const pressed = this.pressedEngagement();
    if (pressed !== null) return this.mustDisengage(intent, pressed);
    const { adjacent, inReach } = this.whereItStands();
    switch (intent.type) {
      case 'move':
        if (adjacent) return this.refuse('regroupMustWithdraw');
        return inReach ? this.movesAway(intent.path.map((p) => p.hex)) : this.staysOutOfReach(intent.path.map((p) => p.hex));
      case 'withdraw':
      case 'flee':
        return null;
      case 'rest':
      case 'reorganise':
      case 'reload':
        return inReach ? this.refuse('regroupInReach') : null;
      // §3.2.6: fire and fire duel only out of the enemy's reach.
      case 'fire':
      case 'fireDuel':
        return inReach ? this.refuse('regroupFireInReach') : null;
      case 'rally':
        return this.elite ? null : this.refuse('directiveNoRally');
      default:
        return null;
    }
  }

  /**
   * Engaged under regroup or retreat (§2.5.3, §2.5.4): facing an enemy with a
   * contact or charge marker the troop may fight instead of leaving;
   * otherwise it must withdraw or flee. Null when it is not engaged.
   */
  private pressedEngagement(): boolean | null {
    if (this.pressed === undefined) {
      const by = engagedBy(this.view, this.unit);
      this.pressed = by.length === 0 ? null : by.some((e) => e.shock !== 'none');
    }
    return this.pressed;
  }

  // What the unit's own position says, the same for every intent judged (a preview judges every arrival).
  private pressed?: boolean | null;
  private standing?: { adjacent: boolean; inReach: boolean };

  /** §2.5.3: next to an enemy, or within some enemy's reach, where the unit stands. */
  private whereItStands(): { adjacent: boolean; inReach: boolean } {
    if (!this.standing) {
      const adjacent = adjacentEnemies(this.view, this.unit).length > 0;
      this.standing = { adjacent, inReach: adjacent || this.fields.reachable(this.unit.hex) };
    }
    return this.standing;
  }

  private mustDisengage(intent: DirectiveIntent, pressed: boolean): Rejection | null {
    if (intent.type === 'withdraw' || intent.type === 'flee' || intent.type === 'face') return null;
    if ((intent.type === 'shock' || intent.type === 'duel') && pressed) return null;
    // §3.2.6: whatever the directive, a shooter engaged only by units with a contact or charge marker may fire at one of them (fire/targets.ts judges which).
    if ((intent.type === 'fire' || intent.type === 'fireDuel') && pressed) return null;
    if (intent.type === 'pass' || intent.type === 'command') return null;
    return this.refuse('mustDisengage');
  }

  /**
   * §2.5.3: each hex entered puts at least ½ MP more between the unit and the
   * nearest threat of the hex it leaves (re-read hex by hex). When several
   * threats tie, the owner chooses (§2.5.3.1 example): moving away from one
   * of them is enough.
   */
  private movesAway(hexes: number[]): Rejection | null {
    let prev = this.unit.hex;
    for (const h of hexes) {
      if (h === prev) continue;
      if (!this.stepsAway(prev, h)) return this.refuse('regroupMustMoveAway', { hex: this.label(h) });
      prev = h;
    }
    return null;
  }

  /** One hex entered, `from` → `to`, moves away from a nearest threat of `from` (fields.ts, once per pair for every judge facing the same threats). */
  private stepsAway(from: number, to: number): boolean {
    return this.fields.stepsAway(from, to);
  }

  private staysOutOfReach(hexes: number[]): Rejection | null {
    const bad = hexes.find((h) => this.fields.reachable(h));
    return bad === undefined ? null : this.refuse('regroupStayOutOfReach', { hex: this.label(bad) });
  }

  /** §2.5.4, §2.9.2: every hex entered brings the retreat edge ½ MP nearer; no recovery. */
  private retreat(intent: DirectiveIntent): Rejection | null {
    const pressed = this.pressedEngagement();
    if (pressed !== null) return this.mustDisengage(intent, pressed);
    switch (intent.type) {
      case 'move':
        if (intent.exit && !leavesBy(this.view, intent.exit, this.retreatEdge())) return this.refuse('retreatMustApproachEdge', { hex: this.label(intent.exit.hex) });
        return this.approachesEdge(intent.path.map((p) => p.hex));
      case 'rest':
      case 'reorganise':
      case 'rally':
        return this.refuse('retreatNoRecovery');
      case 'fire':
      case 'fireDuel':
        return this.refuse('retreatNoFire');
      // §3.2.10: reload under defend, regroup or a special order only.
      case 'reload':
        return this.refuse('retreatNoReload');
      default:
        return null;
    }
  }

  private approachesEdge(hexes: number[]): Rejection | null {
    let prev = this.unit.hex;
    for (const h of hexes) {
      if (h === prev) continue;
      if (!(this.fields.edgeCost(h) <= this.fields.edgeCost(prev) - toHalves(0.5))) return this.refuse('retreatMustApproachEdge', { hex: this.label(h) });
      prev = h;
    }
    return null;
  }

  private retreatEdge(): MapEdge {
    return this.view.sides.find((s) => s.id === this.unit.side)?.retreatEdge ?? 'south';
  }

  private label(hex: number): string {
    return hexLabel(this.view.board, hex);
  }
}

/**
 * Whether a step entered a hex (§2.6.11.1: each hex entered must approach;
 * a reorientation enters none). A formation enters one by a shift or a
 * pivot, whichever of its hexes moves (§3.3.7: a pivot keeps one hex in its
 * slot, so its first hex may stay).
 */
function entersHex(prev: Position, p: Position): boolean {
  return p.hex !== prev.hex || p.second !== prev.second;
}
