import type { Seat } from '@lames/rules';
import { t } from '../i18n';
import type { BattleRoom, Invite } from '../net/connection';
import { seatKeys } from '../net/keys';
import { inviteLink, personalLink } from '../net/links';
import { linkField } from './copy';
import { confirmDialog, dialog } from './dialog';
import { h } from './dom';

/**
 * The seat's own controls on the game page: the personal link (the seat's
 * key), the invitations for seats nobody claimed (the creator's), and
 * handing the seat over. A seat stays its holder's when they leave.
 */

export interface SeatControlsHandlers {
  /** The seat was handed over: back to the lobby (the connection is closing). */
  handedOver(): void;
  /** Marks the coming close of the connection as wanted, before a message that ends it. */
  expectClose(): void;
  /** The name of a seat, for the invitations. */
  seatName(seat: Seat): string;
  /** Whether nobody holds `seat` yet (its invitation still matters). */
  unclaimed(seat: Seat): boolean;
}

export class SeatControls {
  readonly el = h('section', { class: 'card seat-card', 'data-testid': 'seat-controls' });
  private battleId = '';
  private seat: Seat | null = null;
  private invites: Invite[] = [];
  private invitesOpen = false;
  private linkOpen = false;
  private handingOver = false;

  constructor(
    private readonly room: BattleRoom,
    private readonly on: SeatControlsHandlers,
  ) {
    // the creator's fresh invitations, or the holder's new invitation after handing over
    room.onMessage('invites', (m: { invites?: Invite[] }) => this.received(m.invites ?? []));
  }

  /** The welcome: the seat, and the invitations when the battle was just created. */
  welcome(battleId: string, seat: Seat, invites: Invite[] | undefined): void {
    this.battleId = battleId;
    this.seat = seat;
    if (invites && invites.length > 0) {
      this.invites = invites;
      this.invitesOpen = true;
      this.linkOpen = true;
    }
    this.render();
  }

  private get key(): string | null {
    return this.battleId ? (seatKeys.get(this.battleId)?.key ?? null) : null;
  }

  private get creator(): boolean {
    return !!seatKeys.get(this.battleId)?.creator;
  }

  private received(invites: Invite[]): void {
    if (this.handingOver) {
      void this.showHandedOver(invites.find((i) => i.seat === this.seat) ?? invites[0]);
      return;
    }
    this.invites = invites;
    this.invitesOpen = true;
    this.render();
  }

  render(): void {
    const seat = this.seat;
    if (!seat) return;
    const key = this.key;
    const origin = window.location.origin;
    const open = this.invites.filter((i) => i.seat === 'spectator' || this.on.unclaimed(i.seat));
    const parts: (HTMLElement | null)[] = [
      h('h3', {}, t('seat.title')),
      h(
        'div',
        { class: 'row wrap' },
        key ? h('button', { class: 'btn', 'data-action': 'personal-link', onclick: () => ((this.linkOpen = !this.linkOpen), this.render()) }, t('seat.personalLink')) : null,
        this.creator ? h('button', { class: 'btn', 'data-action': 'invites', onclick: () => this.toggleInvites() }, t('seat.invites')) : null,
        key && seat !== 'spectator' ? h('button', { class: 'btn', 'data-action': 'hand-over', onclick: () => void this.handOver() }, t('seat.handOver')) : null,
      ),
      key && this.linkOpen ? h('div', { class: 'links' }, linkField(t('seat.personalLinkLabel'), personalLink(origin, this.battleId, key), 'personal-link'), h('p', { class: 'muted small' }, t('seat.personalLinkHint'))) : null,
      this.invitesOpen
        ? h(
            'div',
            { class: 'links', 'data-testid': 'invites' },
            h('div', { class: 'move-title' }, t('seat.invitesTitle')),
            open.length === 0 ? h('p', { class: 'muted small' }, t('seat.noInvites')) : open.map((i) => linkField(t(i.seat === 'spectator' ? 'seat.inviteSpectators' : 'seat.inviteFor', { seat: this.on.seatName(i.seat) }), inviteLink(origin, this.battleId, i.token), `invite-${i.seat}`)),
            h('p', { class: 'muted small' }, t('seat.invitesHint')),
            this.creator ? h('div', {}, h('button', { class: 'btn small-btn', 'data-action': 'renew-invites', onclick: () => this.renewInvites() }, t('seat.renewInvites'))) : null,
          )
        : null,
    ];
    this.el.replaceChildren(...parts.filter((x): x is HTMLElement => x !== null));
  }

  /** Shows or hides the invitations; the first time (none in hand), asks the server for them. */
  private toggleInvites(): void {
    if (!this.invitesOpen && this.invites.length === 0) return this.renewInvites();
    this.invitesOpen = !this.invitesOpen;
    this.render();
  }

  /** Fresh invitations for the unclaimed seats; the old ones stop working. */
  private renewInvites(): void {
    this.room.send('invites');
  }

  private async handOver(): Promise<void> {
    const ok = await confirmDialog(t('seat.handOverTitle'), t('seat.handOverText'), t('seat.handOver'), 'hand-over-dialog');
    if (!ok) return;
    this.handingOver = true;
    this.on.expectClose();
    this.room.send('handOver');
  }

  private async showHandedOver(invite: Invite | undefined): Promise<void> {
    this.handingOver = false;
    seatKeys.forget(this.battleId);
    const body = invite ? [h('p', {}, t('seat.handedOverText')), linkField(t('seat.inviteFor', { seat: this.on.seatName(invite.seat) }), inviteLink(window.location.origin, this.battleId, invite.token), 'handover-link')] : [h('p', {}, t('seat.handedOverNoLink'))];
    await dialog(t('seat.handedOverTitle'), body, [{ label: t('dialog.ok'), value: true, primary: true, testId: 'dialog-ok' }], 'handed-over-dialog');
    this.on.handedOver();
  }
}
