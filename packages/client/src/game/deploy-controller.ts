import type { Facing, GameState, Seat, SideId } from '@lames/rules';
import { t } from '../i18n';
import type { HexMarkKind } from '../map/highlights';
import { h } from '../ui/dom';
import { renderDeploy, type DeployPanel } from '../ui/deploy';
import * as draft from './deploy-draft';
import { deploymentOptions, deploymentRefusal } from './rules-api';

/**
 * The deployment phase on the game page (§4.5.2): keeps the side's draft
 * across redraws, answers map clicks, and says what to draw (the zone, the
 * draft's pieces, the facing handles). The page only composes it.
 */
export class DeployController {
  private side: SideId | null = null;
  private draft: draft.DeployDraft | null = null;
  /** A deploy action sent, not yet answered. */
  private pending = false;
  /** The side's deployment is sent and the player reopened it. */
  private editing = false;

  constructor(private readonly send: (action: unknown) => void) {}

  /** Whether the phase is on (the view has a deployment) for a seat that deploys. */
  active(view: GameState | null, seat: Seat | null): boolean {
    return !!view?.deployment && !!seat && seat !== 'spectator';
  }

  /** Follows the view: picks the side, drops the draft once the server took it. */
  sync(view: GameState, seat: Seat): void {
    if (!this.active(view, seat)) {
      this.side = null;
      this.draft = null;
      this.pending = this.editing = false;
      return;
    }
    const sides = view.deployment!.sides;
    if (!this.side || !sides[this.side]) this.side = seat === 'referee' ? (view.sides.find((s) => !sides[s.id]?.done)?.id ?? view.sides[0].id) : seat;
    const o = this.options(view);
    if (o.done && this.pending) {
      this.pending = this.editing = false;
      this.draft = null;
    }
    if (!o.done && !this.draft) this.draft = draft.newDraft(this.side, sides[this.side]?.placement);
    if (o.done && !this.editing) this.draft = null;
  }

  /** The server refused the deployment: the draft stays, to be fixed. */
  rejected(): void {
    this.pending = false;
  }

  private options(view: GameState) {
    return deploymentOptions(view, this.side!);
  }

  private context(view: GameState): draft.DeployContext {
    const o = this.options(view);
    return { zone: o.zone, units: o.units, maxDecoys: o.maxDecoys, defaultFacing: draft.usualFacing(view, this.side!) };
  }

  render(el: HTMLElement, view: GameState, seat: Seat, redraw: () => void): void {
    if (seat === 'spectator' || !this.side) {
      el.replaceChildren(h('p', { class: 'muted small', 'data-testid': 'deploy-observer' }, t('deploy.observer')));
      return;
    }
    const o = this.options(view);
    const ctx = this.context(view);
    const d = this.draft;
    const problems = d ? draft.draftProblems(d, ctx, (p) => deploymentRefusal(view, this.side!, p)) : [];
    const panel: DeployPanel = {
      side: this.side,
      ctx,
      draft: d,
      problems,
      pending: this.pending,
      done: o.done,
      othersDone: Object.values(o.othersDone).every(Boolean),
      ...(seat === 'referee' ? { sides: view.sides.map((s) => ({ id: s.id, name: s.name, done: !!view.deployment!.sides[s.id]?.done })) } : {}),
    };
    const change = (f: (x: draft.DeployDraft) => draft.DeployDraft) => {
      if (this.draft) this.draft = f(this.draft);
      redraw();
    };
    renderDeploy(el, view, panel, {
      select: (sel) => change((x) => draft.select(x, sel)),
      face: (f) => change((x) => draft.face(x, f)),
      unplace: (id) => change((x) => draft.unplace(x, id)),
      addDecoy: (m) => change((x) => draft.addDecoy(x, m, ctx)),
      removeDecoy: (i) => change((x) => draft.removeDecoy(x, i)),
      setMimic: (i, m) => change((x) => draft.setMimic(x, i, m, ctx)),
      confirm: () => this.confirm(seat, redraw),
      edit: () => {
        this.editing = true;
        this.draft = draft.newDraft(this.side!, view.deployment!.sides[this.side!]?.placement);
        redraw();
      },
      cancelEdit: () => {
        this.editing = false;
        this.draft = null;
        redraw();
      },
      chooseSide: (side) => {
        this.side = side;
        this.draft = null;
        this.editing = this.pending = false;
        this.sync(view, seat);
        redraw();
      },
    });
  }

  private confirm(seat: Seat, redraw: () => void): void {
    if (!this.draft || this.pending) return;
    const p = draft.placementOf(this.draft);
    this.send({ type: 'deploy', ...(seat === 'referee' ? { side: this.side } : {}), units: p.units, decoys: p.decoys });
    this.pending = true;
    redraw();
  }

  /**
   * The view to draw: the draft's pieces in place; once the deployment is
   * sent, the placement the server holds, so that the player still sees
   * where their pieces will stand while the other side deploys.
   */
  preview(view: GameState): GameState {
    if (this.draft) return draft.previewView(view, this.draft);
    const sent = this.side ? view.deployment?.sides[this.side]?.placement : undefined;
    return sent ? draft.previewView(view, draft.newDraft(this.side!, sent)) : view;
  }

  /** The id of the selected draft piece on the preview, for the counter highlight. */
  selectedId(): string | null {
    const s = this.draft?.selected;
    if (!s) return null;
    return s.kind === 'unit' ? s.id : draft.previewDecoyId(s.index);
  }

  /** The zone ringed on the map, the selected piece's hex marked. */
  marks(view: GameState): { hex: number; kind: HexMarkKind }[] {
    if (!this.side || !this.draft) return [];
    const here = draft.selectedPlace(this.draft);
    return this.options(view).zone.map((hex) => ({ hex, kind: hex === here?.hex ? 'chosen' : 'zone' }));
  }

  /** Where the facing handles go: the selected placed piece, with its facing. */
  facingAt(): { hex: number; facing: Facing } | null {
    return this.draft ? draft.selectedPlace(this.draft) : null;
  }

  face(f: Facing, redraw: () => void): void {
    if (this.draft) this.draft = draft.face(this.draft, f);
    redraw();
  }

  /** A click on the map while deploying; true when it was used. */
  click(view: GameState, hex: number, redraw: () => void): boolean {
    if (!this.draft || hex < 0) return false;
    const next = draft.clickHex(this.draft, hex, this.context(view));
    if (next === this.draft) return false;
    this.draft = next;
    redraw();
    return true;
  }
}
