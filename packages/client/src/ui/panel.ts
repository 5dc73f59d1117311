import { bodyHexes, hexLabel, isFormation, legalActions, seatToAct, stackPlace, type GameState, type LegalAction, type Seat, type Unit } from '@lames/rules';
import { replayHref } from '../replay/credentials';
import { reasonText } from './actions';
import { lang, t, type TextKey } from '../i18n';
import { className } from '../i18n/profiles';
import type { StackItem } from '../map/counters-model';
import { sideCss } from '../map/palette';
import type { DecodedState, SideInfo } from '../state/decoded';
import type { DiceCommitment } from '../net/connection';

import { clear, h } from './dom';
import { facingName } from './format-event';
import { figuresText, modeText, movementCapacityText } from './formation-text';
import { renderResult } from './game-result';

export function seatName(view: GameState, seat: Seat): string {
  if (seat === 'referee') return t('seat.referee');
  if (seat === 'spectator') return t('seat.spectator');
  return view.sides.find((s) => s.id === seat)?.name ?? seat;
}

/** What lets anyone check a battle's dice (issue 12): its id (for the export) and the seed's commitment. */
export interface BattleCheck {
  battleId: string;
  dice: DiceCommitment | null;
}

/** Turn, active side, seats and wings. */
export function renderStatus(el: HTMLElement, view: GameState, seat: Seat, battleName: string, sides: SideInfo[], decoded?: DecodedState, check?: BattleCheck): void {
  clear(el);
  const active = view.sides.find((s) => s.id === view.activeSide);
  // during a combat's losses the defender decides (§2.7.4): it is then that player's move
  const mine = seat === seatToAct(view);
  const state =
    view.status === 'ended'
      ? h('span', { class: 'pill pill-ended' }, t('game.ended'))
      : view.deployment
        ? h('span', { class: 'pill pill-wait', 'data-testid': 'deploying' }, t('game.deploying'))
        : mine
        ? h('span', { class: 'pill pill-turn', 'data-testid': 'your-turn' }, t('game.yourTurn'))
        : view.sides.some((s) => s.id === seat)
          ? h('span', { class: 'pill pill-wait', 'data-testid': 'waiting' }, t('game.waiting'))
          : null;
  el.append(
    h('div', { class: 'status-row' }, h('strong', { class: 'battle-name' }, battleName || view.scenarioId)),
    h(
      'div',
      { class: 'status-row' },
      h('span', { class: 'turn', 'data-testid': 'turn' }, t('game.turn', { turn: view.turn, limit: view.turnLimit })),
      state,
    ),
    // no side is active while both deploy (§4.5.2)
    view.deployment
      ? ''
      : h(
          'div',
          { class: 'status-row' },
          h('span', { class: 'swatch', style: `background:${sideCss(view.sides, view.activeSide)}` }),
          h('span', {}, t('game.active', { side: active?.name ?? view.activeSide })),
        ),
    h('div', { class: 'status-row muted', 'data-testid': 'seat' }, t('game.yourSeat', { seat: seatName(view, seat) })),
    h(
      'ul',
      { class: 'sides' },
      view.sides.map((s) => {
        const info = sides.find((x) => x.id === s.id);
        const claimed = info?.claimed ?? false;
        const deployed = view.deployment?.sides[s.id]?.done;
        const note = [!claimed ? t('game.vacant') : !info?.connected ? t('game.disconnected') : '', deployed === undefined ? '' : t(deployed ? 'game.deployed' : 'game.deployingSide')].filter(Boolean).join(' · ');
        return h(
          'li',
          { class: s.id === view.activeSide && !view.deployment ? 'side active' : 'side', 'data-side': s.id },
          h('span', { class: 'swatch', style: `background:${sideCss(view.sides, s.id)}` }),
          h('span', { class: 'side-name' }, s.name),
          claimed && info?.playerName ? h('span', { class: 'player-name', 'data-testid': 'player-name' }, ` — ${info.playerName}`) : null,
          note ? h('span', { class: 'muted small' }, ` · ${note}`) : null,
        );
      }),
      refereeLine(decoded),
    ),
  );
  const weather = view.gameElements?.weather;
  if (weather) el.append(h('div', { class: 'status-row', 'data-testid': 'weather', title: 'Fiche 003' }, t('game.weather', { weather: t(`weather.${weather}` as TextKey) })));
  if (view.status === 'ended' && view.result) el.append(withDiceCheck(renderResult(view), check));
  else if (check?.dice) el.append(h('div', { class: 'muted small seed-hash', 'data-testid': 'seed-hash', title: t('dice.seedHashHelp') }, t('dice.seedHashShort'), ' ', h('code', {}, shortHash(check.dice.seedHash))));
}

/** The end card, with the revealed seed and the export once the battle has ended (issue 12). */
function withDiceCheck(card: HTMLElement, check?: BattleCheck): HTMLElement {
  const dice = check ? diceCheck(check) : null;
  if (dice) card.append(dice);
  return card;
}

/** The first 16 hex digits: enough to compare by eye; the full hash is in the export. */
function shortHash(hash: string): string {
  return `${hash.slice(0, 16)}…`;
}

/** Once the battle has ended: the seed revealed beside its hash, and the export to check every roll with. */
function diceCheck(check: BattleCheck): HTMLElement | null {
  const { dice, battleId } = check;
  if (!dice?.seed || !battleId) return null;
  return h(
    'div',
    { class: 'dice-check', 'data-testid': 'dice-check' },
    h('strong', {}, t('dice.title')),
    h('div', { class: 'small' }, t('dice.seedHash'), ' ', h('code', { 'data-testid': 'seed-hash' }, dice.seedHash)),
    h('div', { class: 'small' }, t('dice.seed'), ' ', h('code', { 'data-testid': 'seed' }, dice.seed)),
    h('a', { href: `/api/battles/${encodeURIComponent(battleId)}/export`, download: `lames-${battleId}.json`, 'data-testid': 'export-link' }, t('dice.export')),
    h('a', { href: replayHref(battleId), target: '_blank', rel: 'noopener', 'data-testid': 'replay-link' }, t('replay.openEnded')),
    h('div', { class: 'muted small' }, t('dice.verifyHint', { file: `lames-${battleId}.json` })),
  );
}

/** The referee's seat, when the battle has one that someone holds. */
function refereeLine(d: DecodedState | undefined): HTMLElement | null {
  if (!d?.refereeClaimed) return null;
  return h(
    'li',
    { class: 'side', 'data-side': 'referee' },
    h('span', { class: 'side-name' }, t('seat.referee')),
    d.refereeName ? h('span', { class: 'player-name' }, ` — ${d.refereeName}`) : null,
    d.refereeConnected === false ? h('span', { class: 'muted small' }, ` · ${t('game.disconnected')}`) : null,
  );
}

/** Each wing: directive, morale, fatigue, leader, shaken markers, and the wing morale action when the rules offer it. */
export function renderWings(el: HTMLElement, view: GameState, wingMorale?: (wing: string) => LegalAction | undefined, onWingMorale?: (wing: string) => void): void {
  clear(el);
  for (const side of view.sides) {
    const wings = view.wings.filter((w) => w.side === side.id);
    if (wings.length === 0) continue;
    el.appendChild(
      h(
        'div',
        { class: 'wing-side' },
        h('div', { class: 'wing-side-name' }, h('span', { class: 'swatch', style: `background:${sideCss(view.sides, side.id)}` }), side.name),
        h(
          'ul',
          { class: 'wings' },
          wings.map((w) => {
            const units = view.units.filter((u) => u.wing === w.id && u.hex >= 0 && !u.destroyed);
            const shaken = units.filter((u) => u.cohesion === 'shaken').length;
            const routed = units.filter((u) => u.cohesion === 'routed').length;
            const leader = w.leader ? (view.units.find((u) => u.id === w.leader)?.name ?? w.leader) : null;
            const markers = (w as { shakenMarkers?: number }).shakenMarkers ?? 0;
            // the wing morale action (§2.5.10.1): shown when open, or when shaken markers wait on the wing
            const verdict = wingMorale?.(w.id);
            const legal = verdict && (verdict.allowed || markers > 0) ? verdict : undefined;
            return h(
              'li',
              { class: 'wing', 'data-wing': w.id },
              h(
                'div',
                { class: 'wing-head' },
                h('span', { class: 'wing-name' }, w.name),
                h('span', { class: `directive directive-${w.directive}` }, t(`directive.${w.directive}` as TextKey)),
              ),
              h(
                'div',
                { class: 'wing-stats' },
                h('span', { class: 'stat', title: t('unit.morale') }, t('wing.morale', { n: w.morale })),
                h('span', { class: 'stat' }, t('wing.fatigue', { n: w.fatigue })),
                h('span', { class: markers > 0 ? 'stat shaken-markers on' : 'stat shaken-markers', 'data-testid': 'shaken-markers', title: '§2.5.10.2' }, `⚑ ${markers}`),
                shaken ? h('span', { class: 'stat' }, t('wing.shakenCount', { n: shaken })) : null,
                routed ? h('span', { class: 'stat' }, t('wing.routedCount', { n: routed })) : null,
              ),
              h('div', { class: 'muted small' }, leader ? t('wing.leader', { name: leader }) : t('wing.noLeader')),
              legal
                ? h(
                    'div',
                    { class: legal.allowed ? 'action' : 'action refused' },
                    h(
                      'button',
                      { class: legal.allowed ? 'btn primary small-btn' : 'btn small-btn', 'data-action': 'wing-morale', 'data-wing-id': w.id, disabled: !legal.allowed, title: legal.allowed ? '' : reasonText(legal.rejection), onclick: () => legal.allowed && onWingMorale?.(w.id) },
                      t('wing.activateMorale'),
                    ),
                    legal.allowed ? null : h('div', { class: 'reason' }, reasonText(legal.rejection)),
                  )
                : null,
            );
          }),
        ),
      ),
    );
  }
}

const cap = (c: string) => t(`capacity.${c}` as TextKey);

function unitDetails(view: GameState, u: Unit): HTMLElement {
  const wing = view.wings.find((w) => w.id === u.wing);
  const side = view.sides.find((s) => s.id === u.side);
  const states = [
    t(`cohesion.${u.cohesion}` as TextKey),
    t(`breath.${u.breath}` as TextKey),
    u.shock !== 'none' ? t(`shock.${u.shock}` as TextKey) : '',
    u.order !== 'none' ? t(`order.${u.order}` as TextKey) : '',
    u.hidden ? t('unit.hidden') : '',
  ].filter(Boolean);
  const row = (k: string, v: string) => h('tr', {}, h('th', {}, k), h('td', {}, v));
  return h(
    'div',
    { class: 'unit-details', 'data-unit': u.id },
    h('div', { class: 'unit-title' }, h('span', { class: 'swatch', style: `background:${sideCss(view.sides, u.side)}` }), h('strong', {}, u.name)),
    h('div', { class: 'muted small' }, `${side?.name ?? u.side} · ${wing?.name ?? u.wing} · ${t(`unit.${u.kind}` as TextKey)}, ${t(`unit.${u.size}` as TextKey)} · ${bodyHexes(u).map((x) => hexLabel(view.board, x)).join('–') || hexLabel(view.board, u.hex)}`),
    h(
      'table',
      { class: 'profiles' },
      row(t('unit.weapon'), `${className(u.profiles.weapon.class)} (${cap(u.profiles.weapon.capacity)})`),
      row(t('unit.command'), `${className(u.profiles.command.class)} (${cap(u.profiles.command.capacity)})`),
      row(t('unit.morale'), `${className(u.profiles.morale.class)} (${cap(u.profiles.morale.capacity)})`),
      row(t('unit.movement'), `${className(u.profiles.movement.class)} (${movementCapacityText(u, lang())})`),
      row(t('unit.state'), states.join(', ')),
      row(t('unit.facing'), facingName(u.facing, lang())),
      row(t('unit.stepsLabel'), `${u.steps} / ${u.maxSteps}`),
      ...formationRows(u, row),
      u.faculties.length ? row(t('unit.faculties'), u.faculties.map((f) => t(`faculty.${f}` as TextKey)).join(', ')) : null,
    ),
  );
}

/** A formation's figures and mode (§3.3, §3.3.6): 2 steps a figure, the bloodied face when odd; march when no mode is set. */
function formationRows(u: Unit, row: (k: string, v: string) => HTMLElement): HTMLElement[] {
  if (!isFormation(u)) return [];
  return [row(t('unit.figures'), figuresText(u, lang())), h('tr', { 'data-mode': u.formationMode ?? 'march' }, h('th', {}, t('unit.mode')), h('td', {}, modeText(u, lang())))];
}

/** The selected piece and the rest of its stack. */
export function renderSelection(el: HTMLElement, view: GameState, selected: StackItem | null, stack: StackItem[], onPick: (id: string) => void): void {
  clear(el);
  if (!selected) {
    el.appendChild(h('p', { class: 'muted' }, t('game.noSelection')));
    return;
  }
  if (selected.kind === 'unit') el.appendChild(unitDetails(view, selected.unit));
  else if (selected.kind === 'decoy') {
    const mimic = view.units.find((u) => u.id === selected.decoy.mimic);
    el.appendChild(
      h(
        'div',
        { class: 'unit-details' },
        h('div', { class: 'unit-title' }, h('span', { class: 'swatch', style: `background:${sideCss(view.sides, selected.decoy.side)}` }), h('strong', {}, `${t('unit.decoy')} (${selected.decoy.id})`)),
        h('div', { class: 'muted small' }, t('unit.mimic', { unit: mimic?.name ?? selected.decoy.mimic }), ` · ${selected.decoy.hex >= 0 ? hexLabel(view.board, selected.decoy.hex) : t('game.offMap').replace(/\s*:\s*$/, '')}`),
      ),
    );
  } else {
    const side = view.sides.find((s) => s.id === selected.cover.side);
    el.appendChild(
      h(
        'div',
        { class: 'unit-details' },
        h('div', { class: 'unit-title' }, h('span', { class: 'swatch', style: `background:${sideCss(view.sides, selected.cover.side)}` }), h('strong', {}, t('unit.coverOf', { side: side?.name ?? selected.cover.side }))),
        h('div', { class: 'muted small' }, hexLabel(view.board, selected.cover.hex), selected.cover.activated ? ` · ${t('order.activated')}` : ''),
      ),
    );
  }
  if (stack.length > 1) {
    el.appendChild(h('div', { class: 'muted small stack-title' }, t('game.stackHere')));
    el.appendChild(
      h(
        'ul',
        { class: 'stack' },
        stack.map((it) =>
          h(
            'li',
            {},
            h(
              'button',
              { class: it.id === selected.id ? 'link current' : 'link', onclick: () => onPick(it.id) },
              it.kind === 'unit' ? it.unit.name : it.kind === 'decoy' ? t('unit.decoy') : t('unit.cover'),
            ),
            // §2.3.1: front, middle or back decides who attacks, who is attacked and who may act
            it.kind === 'unit' && stackPlace(view, it.unit) !== 'alone' ? h('span', { class: 'muted small', 'data-place': stackPlace(view, it.unit) }, ` · ${t(`stack.${stackPlace(view, it.unit)}` as TextKey)}`) : null,
          ),
        ),
      ),
    );
  }
}

/** The seat's units off the map (§2.6.10), which can only be picked here, to return them. */
export function renderOffMap(el: HTMLElement, view: GameState, seat: Seat, selected: string | null, onPick: (id: string) => void): void {
  // the wire does not yet tell "off the map" from "destroyed": without `offMap`, only units the rules let return are listed
  const mine = (side: string) => side === seat || seat === 'referee';
  const units = view.units.filter((u) => u.hex < 0 && !u.destroyed && mine(u.side) && (!!u.offMap || mayReturn(view, seat, u.id)));
  // the owner's decoys wait off the map as units do (§2.6.10), and come back the same way
  const decoys = view.decoys.filter((d) => d.hex < 0 && !!d.offMap && mine(d.side));
  const mimicName = (id: string) => view.units.find((u) => u.id === id)?.name ?? id;
  const off = [...units.map((u) => ({ id: u.id, name: u.name })), ...decoys.map((d) => ({ id: d.id, name: `${t('unit.decoy')} (${mimicName(d.mimic)})` }))];
  if (off.length === 0) return;
  el.appendChild(
    h(
      'div',
      { class: 'off-map', 'data-testid': 'off-map' },
      h('div', { class: 'muted small stack-title' }, t('game.offMap')),
      h(
        'ul',
        { class: 'stack' },
        off.map((u) => h('li', {}, h('button', { class: u.id === selected ? 'link current' : 'link', 'data-unit': u.id, onclick: () => onPick(u.id) }, u.name))),
      ),
    ),
  );
}

function mayReturn(view: GameState, seat: Seat, id: string): boolean {
  return legalActions(view, seat, id).some((a) => (a.type as string) === 'returnToMap' && a.allowed);
}
