import { FACING_NAMES_EN, hexLabel, type GameEvent, type GridSize, type SideScore } from '@lames/rules';
import { t, type Lang, type TextKey } from '../i18n';

/** What the formatter needs to know of the game to name things. */
export interface EventContext {
  lang: Lang;
  grid: GridSize;
  /** Name of a unit, side or piece id; undefined when unknown. */
  nameOf(id: string): string | undefined;
}

export interface FormattedEvent {
  text: string;
  section: string;
  type: GameEvent['type'];
  /** Sub-lines: each modifier of a test or a combat, with its rule section. */
  details?: string[];
  /** A test's or a combat's outcome, to colour the line. */
  outcome?: 'success' | 'failure';
}

/** A modifier as the rules give it: value, label in both languages, rule section. */
interface ModifierLike {
  value: number;
  label: { fr: string; en: string } | string;
  section?: string;
}

/** French "de" before a word, elided before a vowel: "de repos", "d’engagement", "d’Embuscade". */
export function ofWord(word: string): string {
  return /^[aeiouyàâéèêëîïôûü]/i.test(word) ? `d’${word}` : `de ${word}`;
}

/** "+1", "−2", "0". */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

export function modifierLine(m: ModifierLike, lang: Lang): string {
  const label = typeof m.label === 'string' ? m.label : (m.label[lang] ?? m.label.fr);
  return `${signed(m.value)} ${label}${m.section ? ` (${m.section})` : ''}`;
}

/**
 * A reason code as words: its own text, else the name of the test it comes
 * from (a failed engagement test names the test), else, for a reason newer
 * than this client, the code split ("steadyUnit" → "steady unit").
 * i18n/completeness.test.ts makes sure every reason the rules give has a text.
 */
export function reasonWords(reason: string, l: Lang): string {
  for (const key of [`event.reason.${reason}`, `test.${reason}`] as TextKey[]) {
    const text = t(key, {}, l);
    if (text !== key) return text;
  }
  return humanise(reason);
}

function humanise(id: string): string {
  return id.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

const FACING_NAMES_FR = ['N', 'NNE', 'NE', 'E', 'SE', 'SSE', 'S', 'SSO', 'SO', 'O', 'NO', 'NNO'];

export function facingName(f: number, lang: Lang): string {
  return (lang === 'fr' ? FACING_NAMES_FR : FACING_NAMES_EN)[((f % 12) + 12) % 12];
}

/** One readable line per game event, in the chosen language, with its rule section. */
export function formatEvent(e: GameEvent, ctx: EventContext): FormattedEvent {
  const l = ctx.lang;
  const tx = (key: TextKey, params?: Record<string, string | number>) => t(key, params, l);
  const name = (id: string) => ctx.nameOf(id) ?? id;
  /** A piece that may be a cover marker: its id is opaque, so say "a hidden counter". */
  const piece = (id: string) => ctx.nameOf(id) ?? tx('event.aCover');
  const hex = (i: number) => (i >= 0 ? hexLabel(ctx.grid, i) : '—');
  const out = (text: string): FormattedEvent => ({ text: capitalise(text), section: e.section, type: e.type });
  switch (e.type) {
    case 'activated':
      return out(tx('event.activated', { side: name(e.side), piece: piece(e.piece) }));
    case 'activationEnded':
      return out(tx(e.acted ? 'event.activationEnded' : 'event.activationEndedIdle', { piece: piece(e.piece) }));
    case 'moved': {
      const path = [hex(e.from), ...e.path.map((s) => hex(s.hex))].filter((h, i, a) => i === 0 || h !== a[i - 1]);
      const last = e.path[e.path.length - 1];
      const facing = last ? ` (${facingName(last.facing, l)})` : '';
      let text = tx('event.moved', {
        unit: name(e.unit),
        mode: tx(`mode.${e.mode}` as TextKey),
        path: path.join(' → ') + facing,
        cost: num(e.cost, l),
        allowance: num(e.allowance, l),
      });
      if (e.stoppedBy) text += tx(`event.movedStopped.${e.stoppedBy}` as TextKey);
      return out(text);
    }
    case 'coverMoved':
      return out(tx('event.coverMoved', { from: hex(e.from), to: hex(e.to) }));
    case 'revealed':
      return out(
        e.by
          ? tx('event.revealedBy', { unit: name(e.unit), hex: hex(e.hex), by: name(e.by) })
          : tx('event.revealed', { unit: name(e.unit), hex: hex(e.hex) }),
      );
    case 'decoyRemoved':
      return out(tx('event.decoyRemoved', { hex: hex(e.hex) }));
    case 'breathChanged':
      return out(
        tx('event.breathChanged', {
          unit: name(e.unit),
          breath: tx(`breath.${e.breath}` as TextKey),
          reason: reasonWords(e.reason, l),
        }),
      );
    case 'breathIgnored':
      return out(tx('event.breathIgnored', { unit: name(e.unit), reason: reasonWords(e.reason, l) }));
    case 'markerPlaced':
      return out(tx('event.markerPlaced', { unit: name(e.unit), marker: tx(`shock.${e.marker}` as TextKey) }));
    case 'stackAligned':
      return out(
        tx(e.cohesionLost ? 'event.stackAlignedShaken' : 'event.stackAligned', {
          unit: name(e.unit),
          facing: facingName(e.facing, l),
        }),
      );
    case 'sideTurnEnded':
      return out(tx('event.sideTurnEnded', { side: name(e.side), next: name(e.next) }));
    case 'turnEnded':
      return out(tx('event.turnEnded', { turn: e.turn }));
    case 'gameEnded':
      return gameEndedLine(e, ctx);
    case 'gameElementsRolled':
      return out(tx('event.elementsRolled', { side: name(e.side), die: e.die, outcome: tx(e.played ? 'event.elementsRolled.played' : 'event.elementsRolled.skipped') }));
    case 'gameElementPlayed': {
      const subject = e.element === 'weather' ? tx(`weather.${e.subject}` as TextKey) : name(e.subject);
      const result = !e.changed ? 'event.element.unchanged' : e.element === 'weather' ? 'event.element.changes' : 'event.element.raised';
      return out(tx(`event.element.${e.element}` as TextKey, { subject, dice: e.dice.join(' + '), result: tx(result) }));
    }
    case 'weatherChanged':
      return out(tx('event.weatherChanged', { from: tx(`weather.${e.from}` as TextKey), to: tx(`weather.${e.to}` as TextKey) }));
    case 'troopsMerged':
      return out(tx(`event.troopsMerged.${e.action}` as TextKey, { unit: name(e.unit), absorbed: e.absorbed.map(name).join(', '), hexes: e.hexes.map(hex).join(' – '), steps: e.steps }));
    case 'troopsReleased': {
      const troops = e.troops.map((t) => tx('event.troopTroop', { steps: t.steps, hex: hex(t.hex) })).join(', ');
      const key = e.action === 'leave' ? 'event.troopsReleased.leave' : `event.troopsReleased.break.${e.cause}`;
      return out(tx(key as TextKey, { unit: name(e.unit), troops }));
    }
    case 'formationModeChanged':
      return out(tx('event.formationModeChanged', { unit: name(e.unit), mode: tx(`formationMode.${e.mode}` as TextKey) }));
    case 'test': {
      const natural = e.dice[0] + e.dice[1];
      const mods = e.modifiers.length ? `${e.modifiers.map((m) => signed(m.value)).join(' ')} ` : '';
      const test = tx(`test.${e.test}` as TextKey);
      const subject = piece(e.subject);
      let text = tx('event.test', {
        test,
        subject,
        ofTest: ofWord(test),
        ofSubject: ofWord(subject),
        dice: `${e.dice[0]} + ${e.dice[1]}${e.modifiers.length ? ` (${natural})` : ''}`,
        mods,
        total: e.total,
        threshold: e.threshold,
        outcome: tx(e.success ? 'event.test.success' : 'event.test.failure'),
      });
      if (e.natural) text = text.replace(/\.$/, `${tx(e.natural === 'success' ? 'event.test.naturalSuccess' : 'event.test.naturalFailure')}.`);
      return { ...out(text), details: e.modifiers.map((m) => modifierLine(m, l)), outcome: e.success ? 'success' : 'failure' };
    }
    case 'cohesionChanged':
      return out(tx('event.cohesionChanged', { unit: name(e.unit), cohesion: tx(`cohesion.${e.cohesion}` as TextKey), reason: reasonWords(e.reason, l) }));
    case 'chargeLost':
      return out(tx('event.chargeLost', { unit: name(e.unit), now: e.now === 'none' ? tx('event.none') : tx(`shock.${e.now}` as TextKey) }));
    case 'stepLost':
      return out(tx('event.stepLost', { unit: name(e.unit), steps: e.steps, reason: reasonWords(e.reason, l) }));
    case 'unitDestroyed':
      return out(tx('event.unitDestroyed', { unit: name(e.unit), hex: hex(e.hex), reason: reasonWords(e.reason, l) }));
    case 'markerRemoved':
      return out(tx('event.markerRemoved', { unit: name(e.unit), marker: tx(`shock.${e.marker}` as TextKey) }));
    case 'faced':
      return out(tx('event.faced', { unit: name(e.unit), facing: facingName(e.facing, l) }));
    case 'wingFatigueChanged':
      return out(tx('event.wingFatigueChanged', { wing: name(e.wing), fatigue: e.fatigue }));
    case 'stepRegained':
      return out(tx('event.stepRegained', { unit: name(e.unit), steps: e.steps, reason: reasonWords(e.reason, l) }));
    case 'mustFlee':
      return out(tx('event.mustFlee', { unit: name(e.unit) }));
    case 'ammunitionChanged':
      return out(tx(`event.ammunition.${e.ammunition}`, { unit: name(e.unit) }));
    case 'deployed':
      return out(tx('event.deployed', { side: name(e.side) }));
    case 'deploymentEnded':
      return out(tx('event.deploymentEnded'));
    case 'decoyActed':
      // the owner's own line: the decoy imitated the action, nothing changed on it (§4.5.1)
      return out(tx('event.decoyActed', { unit: piece(e.piece), action: tx(`action.${e.action}` as TextKey) }));
    case 'combat':
      return combatLine(e as unknown as Loose, e, ctx);
    case 'lossesAwaited':
      return out(tx('event.lossesAwaited', { unit: name(e.unit), n: e.losses, side: name(e.side) }));
    case 'recoiled':
      return out(tx('event.recoiled', { unit: name(e.unit), from: hex(e.from), to: hex(e.to) }));
    case 'lossesCancelled':
      return out(tx('event.lossesCancelledInvulnerable', { unit: name(e.unit), n: e.losses }));
    case 'withdrew':
      return out(tx(e.minimal ? 'event.withdrewMinimal' : 'event.withdrew', { unit: name(e.unit), from: hex(e.from), to: hex(e.to) }));
    case 'fled': {
      const path = [hex(e.from), ...e.path.map((s) => hex(s.hex))].filter((h, i, a) => i === 0 || h !== a[i - 1]);
      const last = e.path[e.path.length - 1];
      return out(tx('event.fled', { unit: name(e.unit), path: path.join(' → ') + (last ? ` (${facingName(last.facing, l)})` : ''), cost: num(e.cost, l) }));
    }
    case 'leftMap':
      return out(tx(e.final ? 'event.leftMapFinal' : 'event.leftMap', { unit: name(e.unit), hex: hex(e.hex) }));
    case 'returned':
      return out(tx('event.returned', { unit: name(e.unit), hex: hex(e.hex), facing: facingName(e.facing, l) }));
    case 'pursuit':
      return out(tx('event.pursuit', { pursuer: name(e.pursuer), pursued: name(e.pursued) }));
    case 'commandPoints': {
      const rank = e.rank ? (t(`capacity.${e.rank}` as TextKey, {}, l) !== `capacity.${e.rank}` ? t(`capacity.${e.rank}` as TextKey, {}, l) : humanise(e.rank)) : '';
      let text = tx(e.die !== undefined ? 'event.commandPoints' : 'event.commandPointsFixed', { unit: name(e.unit), points: e.points, die: e.die ?? '', rank });
      if (e.lowered.length) text = text.replace(/\.$/, tx('event.commandPointsLowered', { reasons: e.lowered.map((r) => reasonWords(r, l)).join(', ') }));
      return out(text);
    }
    case 'orderGiven':
      return out(tx('event.orderGiven', { target: piece(e.target), cost: e.cost, left: e.left }));
    case 'directiveChanged':
      return out(tx(e.reason === 'demoralised' ? 'event.directiveDemoralised' : 'event.directiveChanged', { wing: name(e.wing), directive: tx(`directive.${e.directive}` as TextKey) }));
    case 'commandTaken':
      return out(tx('event.commandTaken', { unit: name(e.unit), wing: name(e.wing) }));
    case 'resigned':
      return out(tx('event.resigned', { unit: name(e.unit), wing: name(e.wing) }));
    case 'leaderLost':
      return out(
        tx(e.armyCommander ? (e.wing ? 'event.leaderLostBoth' : 'event.armyCommanderLost') : 'event.leaderLost', { unit: piece(e.unit), wing: e.wing ? name(e.wing) : '' }),
      );
    case 'wingMorale':
      return out(tx('event.wingMorale', { wing: name(e.wing), morale: e.morale, markers: e.shakenMarkers }));
    case 'advanced':
      return out(tx('event.advanced', { unit: name(e.unit), from: hex(e.from), to: hex(e.to) }));
    case 'facultyRoll':
      // under a cover the others hear the die alone, never the faculty (§3.1, issue 8)
      if (!e.faculty) return out(tx('event.facultyRollCover', { unit: piece(e.piece), die: e.die }));
      return out(tx(e.stepLost ? 'event.facultyRollLost' : 'event.facultyRoll', { unit: piece(e.piece), die: e.die, faculty: tx(`faculty.${e.faculty}` as TextKey) }));
    default: {
      // exhaustive: a new event type in @lames/rules fails the build here until it has its line
      const unhandled: never = e;
      return generic(unhandled as GameEvent, ctx);
    }
  }
}

type Loose = Record<string, unknown>;

/**
 * The end of the game (§2.4): why, the winner or a draw, each side's points,
 * and one detail line per source of points with the scenario field behind it.
 */
function gameEndedLine(e: Extract<GameEvent, { type: 'gameEnded' }>, ctx: EventContext): FormattedEvent {
  const l = ctx.lang;
  const name = (id: string) => ctx.nameOf(id) ?? id;
  // A game ended by an older server carries no result: the turn limit was then the only end.
  if (!Array.isArray(e.scores)) return { text: t('event.gameEnded', {}, l), section: e.section, type: e.type };
  const reason = t(`end.${e.reason}` as TextKey, { sides: e.defeated.map((d) => name(d.side)).join(', ') }, l);
  const scores = e.scores.map((s) => `${name(s.side)} ${s.points}`).join(', ');
  const text = e.winner ? t('event.gameEndedWin', { reason, winner: name(e.winner), scores }, l) : t('event.gameEndedDraw', { reason, scores }, l);
  return { text: capitalise(text), section: e.section, type: e.type, details: scoreLines(e.scores, ctx) };
}

/**
 * Every line of every side's score, in words: what was counted (an
 * objective by its name and hex), how many, the points each and in all:
 * "Ardenne — pas ennemis perdus : 2 × 1 pt = 2 pts". The scenario field
 * behind a line is for developers and stays out of the text.
 */
export function scoreLines(scores: readonly SideScore[], ctx: EventContext): string[] {
  const l = ctx.lang;
  return scores.flatMap((s) =>
    s.lines.map((line) => t('score.line', { side: ctx.nameOf(s.side) ?? s.side, ...scoreParts(line, ctx) }, l)),
  );
}

/** One source of one side's points, the side left out: "pas ennemis perdus : 2 × 1 pt = 2 pts". */
export function scoreSourceLine(line: SideScore['lines'][number], ctx: EventContext): string {
  return t('score.sourceLine', scoreParts(line, ctx), ctx.lang);
}

function scoreParts(line: SideScore['lines'][number], ctx: EventContext): Record<string, string | number> {
  const l = ctx.lang;
  const source = line.objective
    ? t('score.objective', { name: line.objective.name[l] ?? line.objective.name.fr, hex: hexLabel(ctx.grid, line.objective.hex) }, l)
    : t(`score.${line.source}` as TextKey, {}, l);
  return { source, count: line.count, each: pointsText(line.each, l), points: pointsText(line.points, l) };
}

/** "1 pt", "3 pts"; French keeps 0 and 1 singular ("0 pt"), English only 1 ("0 pts"). */
export function pointsText(n: number, l: Lang): string {
  const one = l === 'fr' ? Math.abs(n) < 2 : Math.abs(n) === 1;
  return t(one ? 'score.pts.one' : 'score.pts.many', { n }, l);
}

/**
 * Any event the client has no sentence for yet (a server newer than the
 * client): its type and fields in words, units by name, hexes by label,
 * modifiers and dice spelled out.
 */
export function generic(e: GameEvent, ctx: EventContext): FormattedEvent {
  const l = ctx.lang;
  const fields = e as unknown as Loose;
  if (fields.type === 'combat') return combatLine(fields, e, ctx);
  const parts: string[] = [];
  let details: string[] | undefined;
  for (const [k, v] of Object.entries(fields)) {
    if (k === 'type' || k === 'section' || k === 'audience') continue;
    if (k === 'modifiers' && Array.isArray(v)) {
      details = (v as ModifierLike[]).map((m) => modifierLine(m, l));
      continue;
    }
    parts.push(`${humanise(k)} ${valueWords(k, v, ctx)}`);
  }
  return { text: capitalise(t('event.generic', { type: humanise(String(fields.type)), details: parts.join(', ') }, l)), section: e.section, type: e.type, details };
}

function valueWords(key: string, v: unknown, ctx: EventContext): string {
  if (typeof v === 'string') return ctx.nameOf(v) ?? humanise(v);
  if (typeof v === 'number' && /hex|from|to$/i.test(key)) return v >= 0 ? hexLabel(ctx.grid, v) : '—';
  if (typeof v === 'boolean') return v ? '✓' : '✗';
  if (Array.isArray(v)) return v.map((x) => valueWords(key, x, ctx)).join(key === 'dice' ? ' + ' : ', ');
  if (v && typeof v === 'object' && 'fr' in v) return (v as { fr: string; en: string })[ctx.lang];
  return String(v);
}

/**
 * A combat: attacker and target, the advantage and its breakdown, the dice,
 * the column read, the losses. Written against the plan's contract, reading
 * the fields leniently (the combat event may name them differently).
 */
/** The action a combat event tells of: shock, duel, fire (harassment), fire duel, breath. */
function combatKindKey(kind: unknown): TextKey {
  if (kind === 'duel' || kind === 'fire' || kind === 'fireDuel' || kind === 'breath') return `action.${kind}` as TextKey;
  return 'action.shock';
}

/** What a shot adds to its line (§3.2): which shot of how many, combined shots, harassment, hexes crossed. */
function shotNote(shot: unknown, l: Lang): string {
  if (!shot || typeof shot !== 'object') return '';
  const s = shot as { index: number; of: number; combined: number; harassment: boolean; crossed: number };
  const parts: string[] = [];
  if (s.of > 1) parts.push(t('event.shot.index', { index: s.index, of: s.of }, l));
  if (s.combined > 1) parts.push(t('event.shot.combined', { n: s.combined }, l));
  if (s.harassment) parts.push(t('event.shot.harassment', {}, l));
  parts.push(t('event.shot.crossed', { n: s.crossed }, l));
  return ` [${parts.join(', ')}]`;
}

function combatLine(f: Loose, e: GameEvent, ctx: EventContext): FormattedEvent {
  const l = ctx.lang;
  const name = (id: unknown) => (typeof id === 'string' ? (ctx.nameOf(id) ?? id) : '?');
  const attacker = f.attacker ?? f.unit ?? f.piece;
  const natural = Array.isArray(f.dice) ? (f.dice as number[]).reduce((a, b) => a + b, 0) : null;
  const target = f.target ?? f.defender;
  const dice = Array.isArray(f.dice) ? `${(f.dice as number[]).join(' + ')} (${natural})` : typeof f.dice === 'number' ? String(f.dice) : typeof f.roll === 'number' ? String(f.roll) : '?';
  const losses = f.losses ?? f.result;
  const lossText =
    typeof losses === 'number'
      ? String(losses)
      : losses && typeof losses === 'object'
        ? Object.entries(losses as Loose)
            .map(([k, v]) => `${name(k)} ${typeof v === 'object' && v ? JSON.stringify(v) : String(v)}`)
            .join(', ')
        : '—';
  const text = t(
    'event.combat',
    {
      kind: t(combatKindKey(f.kind), {}, l),
      attacker: name(attacker),
      target: name(target),
      supported: (f.supported === true ? t('event.combat.supported', {}, l) : '') + shotNote(f.shot, l),
      advantage: typeof f.advantage === 'number' ? signed(f.advantage) : '?',
      dice,
      column: f.column === undefined ? '?' : String(f.column),
      losses: lossText,
    },
    l,
  );
  const details = Array.isArray(f.modifiers) ? (f.modifiers as ModifierLike[]).map((m) => modifierLine(m, l)) : undefined;
  const outcome = typeof losses === 'number' ? (losses > 0 ? 'success' : 'failure') : undefined;
  return { text: capitalise(text), section: e.section, type: e.type, details, outcome };
}

function capitalise(s: string): string {
  return s.length > 0 ? s[0].toUpperCase() + s.slice(1) : s;
}

/** Movement points: halves shown as "½" in French and ".5" in English. */
export function num(n: number, lang: Lang): string {
  if (Number.isInteger(n)) return String(n);
  return lang === 'fr' ? String(n).replace('.', ',') : String(n);
}

/** A probability as a percentage: "33 %" in French, "33%" in English. */
export function pct(p: number, lang: Lang): string {
  const v = Math.round(p * 100);
  return lang === 'fr' ? `${v} %` : `${v}%`;
}
