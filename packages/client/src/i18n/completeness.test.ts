/**
 * Issue 11, "every text from the catalogue in the chosen language, nothing
 * raw": walks every event kind, every reason the rules give for a change of
 * a unit, every refusal of the rules, every victory source and end, and
 * every lobby error, in French and in English, and fails on a missing key,
 * a raw key or placeholder on screen, or a line that mixes the languages.
 *
 * The samples are typed records keyed by the rules' own unions
 * (GameEvent['type'], TestKind, ScoreSource, EndReason…): a new kind in
 * @lames/rules fails the type check here until it has its sample, and so
 * its line in both catalogues.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { capacityTable, FORMATION_MODES, REJECTIONS, type EndReason, type GameEvent, type GameResult, type ScoreSource, type SideScore, type TestKind } from '@lames/rules';
import { en } from './en';
import { fr, type TextKey } from './fr';
import { fill, pick, type Lang } from './index';
import { formatEvent, reasonWords, scoreLines, type EventContext } from '../ui/format-event';
import { failureOf, REFUSAL_TEXTS } from '../net/errors';

type Ev<K extends GameEvent['type']> = Omit<Extract<GameEvent, { type: K }>, 'type' | 'section' | 'audience'>;
type Samples = { [K in GameEvent['type']]: Ev<K>[] };

/** The members of a string union, from a record the compiler checks is complete. */
const members = <T extends string>(r: Record<T, true>): T[] => Object.keys(r) as T[];

const BREATHS = members<Ev<'breathChanged'>['breath']>({ fresh: true, winded: true, exhausted: true });
const COHESIONS = members<Ev<'cohesionChanged'>['cohesion']>({ inOrder: true, shaken: true, routed: true });
const MARKERS = members<Ev<'markerPlaced'>['marker']>({ contact: true, charge: true });
const SHOCKS = members<Ev<'chargeLost'>['now']>({ none: true, contact: true, charge: true });
const DIRECTIVES = members<Ev<'directiveChanged'>['directive']>({ attack: true, defend: true, regroup: true, retreat: true });
const WEATHERS = members<Ev<'weatherChanged'>['to']>({ heatwave: true, fair: true, cloudy: true, overcast: true, rain: true, storm: true });
const AMMUNITIONS = members<Ev<'ammunitionChanged'>['ammunition']>({ full: true, diminished: true, exhausted: true });
const ATTACKS = members<Ev<'combat'>['kind']>({ shock: true, duel: true, fire: true, fireDuel: true, breath: true });
const DECOY_ACTIONS = members<Ev<'decoyActed'>['action']>({ rest: true, reorganise: true, rally: true, reload: true });
const FACULTY_ROLLS = members<NonNullable<Ev<'facultyRoll'>['faculty']>>({ lightFragile: true, evanescent: true });
const ELEMENTS = members<Ev<'gameElementPlayed'>['element']>({ wingMorale: true, wingRest: true, weather: true });
const TESTS = members<TestKind>({
  rout: true,
  defensiveEngagement: true,
  attackEngagement: true,
  crossing: true,
  disengagement: true,
  discipline: true,
  pursuit: true,
  returnToMap: true,
  command: true,
  rest: true,
  reorganisation: true,
  rally: true,
  reload: true,
  fright: true,
  demoralisation: true,
  wingMorale: true,
  organisation: true,
});
const SOURCES = members<ScoreSource>({ enemyStepsLost: true, enemyUnitsDestroyed: true, enemyCharactersDestroyed: true, enemyUnitsOffMap: true, enemyWingsInRetreat: true, objective: true });
const ENDS = members<EndReason>({ turnLimit: true, noUnitAbleToFight: true, allWingsInRetreat: true, lostOnTime: true });

// --- the reasons the rules give for a change of a unit ------------------------------------------

const RULES_SRC = path.resolve(__dirname, '../../../rules/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) return f === 'testing' ? [] : sourceFiles(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

/**
 * Every reason written as a literal where the rules change a unit (units/condition.ts's
 * loseBreath, loseCohesion, regainCohesion, loseStep, destroyUnit; a regained step; the
 * command points' lowering), read from the rules' sources: a reason added there fails here
 * until the catalogues name it. Reasons passed as variables are test kinds and faculties,
 * walked from their types.
 */
function literalReasons(): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles(RULES_SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\b(?:loseBreath|loseCohesion|regainCohesion|loseStep|destroyUnit)\(\s*state,\s*[^,]+,\s*([^,]+),/g)) {
      // a literal compared in a condition (mode === 'extra' ? …) is not a reason
      for (const lit of m[1].matchAll(/(?<!=== )'(\w+)'/g)) found.add(lit[1]);
    }
    for (const m of text.matchAll(/type: 'stepRegained'[^}]*reason: '(\w+)'/g)) found.add(m[1]);
    for (const m of text.matchAll(/reasons\.push\('(\w+)'\)/g)) found.add(m[1]);
  }
  return [...found].sort();
}

const REASONS = [...new Set([...literalReasons(), ...TESTS, ...FACULTY_ROLLS])];

// --- samples of every event ---------------------------------------------------------------------

const U = 'u1';
const W = 'w1';
const S = 's1';
const T = 's2';
const mod = { value: 1, label: { fr: 'Essoufflée', en: 'Winded' }, section: '§2.8.2' };
const score = (source: ScoreSource): SideScore['lines'][number] =>
  source === 'objective'
    ? { source, field: 'victory.objectives[0]', count: 1, each: 3, points: 3, objective: { id: 'ford', name: { fr: 'Le gué', en: 'The ford' }, hex: 5 } }
    : { source, field: `victory.points.${source}`, count: 2, each: 1, points: 2 };
const SCORES: SideScore[] = [{ side: S, points: 5, lines: SOURCES.map(score) }, { side: T, points: 0, lines: [score('enemyStepsLost')] }];
const result = (reason: EndReason, winner: string | null): GameResult => ({
  reason,
  winner,
  defeated: reason === 'turnLimit' ? [] : [{ side: T, condition: reason }],
  scores: SCORES,
  margin: 1,
  turn: 8,
});

const SAMPLES: Samples = {
  combat: ATTACKS.flatMap((kind) => [
    { kind, attacker: U, defender: 'u2', supported: kind === 'shock', advantage: 2, modifiers: [mod], dice: [3, 4] as [number, number], column: '+2', losses: 1 },
    { kind, attacker: U, defender: 'u2', supported: false, advantage: -1, modifiers: [], dice: [6, 6] as [number, number], column: '-1', losses: 0, shot: { index: 2, of: 3, combined: 2, harassment: true, crossed: 1 } },
  ]),
  recoiled: [{ unit: U, from: 1, to: 2 }],
  lossesCancelled: [{ unit: U, losses: 1, reason: 'invulnerable' }],
  lossesAwaited: [{ unit: U, side: S, losses: 2 }],
  advanced: [{ unit: U, from: 1, to: 2 }],
  activated: [{ piece: U, side: S }, { piece: 'cover-opaque', side: S }],
  activationEnded: [{ piece: U, side: S, acted: true }, { piece: U, side: S, acted: false }],
  moved: (['normal', 'extra', 'minimal'] as const).flatMap((mode) =>
    ([undefined, 'reveal', 'engaged'] as const).map((stoppedBy) => ({ unit: U, mode, from: 1, path: [{ hex: 2, facing: 3 as const, spent: 1.5 }], cost: 1.5, allowance: 4, ...(stoppedBy ? { stoppedBy } : {}) })),
  ),
  coverMoved: [{ cover: 'cover-opaque', from: 1, to: 2 }],
  revealed: [{ unit: U, cover: 'c', hex: 3 }, { unit: U, cover: 'c', hex: 3, by: 'u2' }],
  decoyRemoved: [{ cover: 'c', hex: 3 }],
  markerPlaced: MARKERS.map((marker) => ({ unit: U, marker })),
  stackAligned: [{ unit: U, facing: 0, cohesionLost: false }, { unit: U, facing: 6, cohesionLost: true }],
  sideTurnEnded: [{ side: S, next: T }],
  turnEnded: [{ turn: 3 }],
  gameEnded: ENDS.flatMap((reason) => [result(reason, S), result(reason, null)]),
  test: TESTS.flatMap((test) => [
    { test, subject: U, dice: [3, 4] as [number, number], modifiers: [mod], total: 8, threshold: 9, success: true },
    { test, subject: U, dice: [6, 6] as [number, number], modifiers: [], total: 12, threshold: 9, success: false, natural: 'failure' as const },
    { test, subject: U, dice: [1, 1] as [number, number], modifiers: [], total: 2, threshold: 1, success: true, natural: 'success' as const },
  ]),
  breathChanged: BREATHS.flatMap((breath) => REASONS.map((reason) => ({ unit: U, breath, reason }))),
  breathIgnored: REASONS.map((reason) => ({ unit: U, reason })),
  cohesionChanged: COHESIONS.flatMap((cohesion) => REASONS.map((reason) => ({ unit: U, cohesion, reason }))),
  chargeLost: SHOCKS.map((now) => ({ unit: U, now })),
  stepLost: REASONS.map((reason) => ({ unit: U, steps: 1, reason })),
  facultyRoll: [{ piece: 'cover-opaque', die: 4 }, ...FACULTY_ROLLS.flatMap((faculty) => [{ piece: U, die: 1, faculty, stepLost: true }, { piece: U, die: 5, faculty, stepLost: false }])],
  unitDestroyed: REASONS.map((reason) => ({ unit: U, hex: 4, reason })),
  withdrew: [{ unit: U, from: 1, to: 2, minimal: false }, { unit: U, from: 1, to: 2, minimal: true }],
  fled: [{ unit: U, from: 1, path: [{ hex: 2, facing: 0, spent: 1 }], cost: 1 }],
  leftMap: [{ unit: U, hex: 1, dir: 0, final: false }, { unit: U, hex: 1, dir: 0, final: true }],
  returned: [{ unit: U, hex: 1, facing: 6 }],
  pursuit: [{ pursuer: U, pursued: 'u2' }],
  markerRemoved: MARKERS.map((marker) => ({ unit: U, marker })),
  faced: [{ unit: U, facing: 9 }],
  wingFatigueChanged: [{ wing: W, fatigue: 2 }],
  stepRegained: REASONS.map((reason) => ({ unit: U, steps: 2, reason })),
  mustFlee: [{ unit: U }],
  ammunitionChanged: AMMUNITIONS.flatMap((ammunition) => (['double', 'reload'] as const).map((reason) => ({ unit: U, ammunition, reason }))),
  decoyActed: DECOY_ACTIONS.map((action) => ({ piece: U, action })),
  deployed: [{ side: S }],
  deploymentEnded: [{}],
  commandPoints: [
    { unit: U, lowered: [], points: 1 },
    ...capacityTable.ranks.map((r) => ({ unit: U, die: 5, rank: r.id, lowered: REASONS, points: 3 })),
  ],
  orderGiven: [{ target: U, cost: 2, left: 1 }, { target: 'cover-opaque', cost: 1, left: 0 }],
  directiveChanged: DIRECTIVES.flatMap((directive) => (['order', 'demoralised'] as const).map((reason) => ({ wing: W, directive, reason }))),
  commandTaken: [{ unit: U, wing: W }],
  resigned: [{ unit: U, wing: W }],
  leaderLost: [
    { unit: U, wing: W, armyCommander: false },
    { unit: U, wing: null, armyCommander: true },
    { unit: U, wing: W, armyCommander: true },
  ],
  wingMorale: [{ wing: W, morale: 6, shakenMarkers: 2 }],
  gameElementsRolled: [{ side: S, die: 6, played: true }, { side: S, die: 2, played: false }],
  gameElementPlayed: ELEMENTS.flatMap((element) => [true, false].map((changed) => ({ element, subject: element === 'weather' ? 'rain' : W, dice: [3, 1], changed }))),
  weatherChanged: WEATHERS.map((to) => ({ from: 'fair' as const, to })),
  troopsMerged: (['fusion', 'constitute', 'join'] as const).map((action) => ({ action, unit: U, absorbed: ['u2'], hexes: [1, 2], facing: 3, steps: 5, breath: 'winded' as const, ammunition: 'full' as const })),
  troopsReleased: [
    { action: 'leave' as const, cause: 'voluntary' as const, unit: U, troops: [{ id: 'u2', hex: 1, steps: 2 }], steps: 8 },
    ...(['voluntary', 'cohesion', 'steps'] as const).map((cause) => ({ action: 'break' as const, cause, unit: U, troops: [{ id: U, hex: 1, steps: 2 }, { id: 'u2', hex: 2, steps: 1 }], steps: 3 })),
  ],
  formationModeChanged: FORMATION_MODES.map((mode) => ({ unit: U, mode })),
};

// --- the checks ---------------------------------------------------------------------------------

/** Names neither language would write: a line's words then come from the catalogue alone. */
const NAMES: Record<string, string> = { [U]: 'Xalor', u2: 'Yvorn', [W]: 'Zembla', [S]: 'Qarth', [T]: 'Vessk' };
const ctx = (lang: Lang): EventContext => ({ lang, grid: { cols: 16, rows: 12 }, nameOf: (id) => NAMES[id] });
const tables: Record<Lang, Record<TextKey, string>> = { fr, en };

/** The words (4 letters or more) of a text, placeholders left out. */
const words = (text: string) => (text.replace(/\{\w+\}/g, ' ').toLowerCase().match(/[a-zà-öø-ÿœ]{4,}/g) ?? []);
/** A language's words: its catalogue and the rules' own texts in it (refusals), so that a word both languages write ("terrain", "visible") belongs to both. */
const vocabulary = (lang: Lang) => new Set([...Object.values(tables[lang]), ...Object.values(REJECTIONS).map((r) => r[lang])].flatMap(words));
/** Words only one catalogue uses: one of them in a line of the other language is a line mixing both. */
const ONLY: Record<Lang, Set<string>> = (() => {
  const [f, e] = [vocabulary('fr'), vocabulary('en')];
  return { fr: new Set([...f].filter((w) => !e.has(w))), en: new Set([...e].filter((w) => !f.has(w))) };
})();
const other = (l: Lang): Lang => (l === 'fr' ? 'en' : 'fr');

/** What is wrong with a line shown in `lang`: a raw key, a placeholder left, a word of the other language. */
function problems(line: string, lang: Lang): string[] {
  const found: string[] = [];
  const raw = /\b[a-z][a-zA-Z]*\.[a-zA-Z][\w.[\]]*/.exec(line);
  if (raw) found.push(`raw key "${raw[0]}"`);
  if (/\{\w+\}/.test(line)) found.push('placeholder left');
  if (/undefined|NaN|\[object/.test(line)) found.push('undefined value');
  const foreign = words(line).filter((w) => ONLY[other(lang)].has(w));
  if (foreign.length) found.push(`${other(lang)} words ${foreign.join(', ')}`);
  return found;
}

function expectClean(lines: { what: string; lang: Lang; text: string }[]): void {
  const bad = lines.flatMap(({ what, lang, text }) => problems(text, lang).map((p) => `${lang} ${what}: ${p} in "${text}"`));
  expect(bad).toEqual([]);
}

const LANGS: Lang[] = ['fr', 'en'];
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('issue 11: the catalogues', () => {
  test('French and English have the same keys, each with a text, and the same {placeholders}', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(fr).sort());
    const keys = Object.keys(fr) as TextKey[];
    // a key empty in both ('shock.none', 'order.none': no marker) writes nothing on purpose
    expect(keys.filter((k) => !fr[k].trim() !== !en[k].trim())).toEqual([]);
    // French elides "de" before a name ("test d’engagement d’Embuscade", "Au tour des Dents Noires"): it takes
    // {ofTest}, {ofSubject}, {ofSide}… where English takes {test}, {subject}, {side} (format-event's ofWord fills both)
    const unElided = (s: string) => placeholders(s).map((p) => p.replace(/^of([A-Z])/, (_, c: string) => c.toLowerCase())).sort();
    expect(keys.filter((k) => unElided(fr[k]).join() !== placeholders(en[k]).join())).toEqual([]);
  });

  test('the mixed-language check can fail: it knows English-only and French-only words', () => {
    expect(problems('Xalor devient ébranlée (defensive engagement).', 'fr')).toEqual(['en words defensive']);
    expect(problems('Xalor becomes shaken (engagement défensif).', 'en')).toEqual(['fr words défensif']);
    expect(problems('Xalor becomes shaken (event.reason.chargeLost).', 'en')).toEqual(['raw key "event.reason.chargeLost"']);
    expect(problems('Qarth — victoire (victory.objectives[0])', 'fr')).toContain('raw key "victory.objectives[0]"');
  });
});

describe('issue 11: every line of the log, in both languages', () => {
  const kinds = Object.keys(SAMPLES) as GameEvent['type'][];

  test('the rules give reasons the catalogue names: the scan of the rules finds them', () => {
    // the scan must see the reasons it is there for, or it would prove nothing
    expect(literalReasons()).toEqual(expect.arrayContaining(['supportedAttack', 'chargeLost', 'steadyStayed', 'extraMovement', 'minimalMovement', 'regeneration', 'irregular']));
    const missing = REASONS.flatMap((r) => LANGS.filter((l) => !tables[l][`event.reason.${r}` as TextKey] && !tables[l][`test.${r}` as TextKey]).map((l) => `${l} ${r}`));
    expect(missing).toEqual([]);
    expect(reasonWords('defensiveEngagement', 'fr')).toBe('engagement défensif');
  });

  test.each(kinds)('%s: every sample formats cleanly, with no generic fallback', (kind) => {
    const lines = SAMPLES[kind].flatMap((body, i) =>
      LANGS.flatMap((lang) => {
        const f = formatEvent({ ...body, type: kind, section: '§x', audience: { to: 'all' } } as GameEvent, ctx(lang));
        expect(f.type).toBe(kind);
        return [f.text, ...(f.details ?? [])].map((text) => ({ what: `${kind}[${i}]`, lang, text }));
      }),
    );
    expect(lines.length).toBeGreaterThan(0);
    // the generic line ("Event …") is for a server newer than the client, never for a known kind
    const genericStart = (lang: Lang) => fill(tables[lang]['event.generic'], { type: kind.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase(), details: '' }).trim();
    expect(lines.filter((l) => l.text.toLowerCase().startsWith(genericStart(l.lang)))).toEqual([]);
    expectClean(lines);
  });

  test('the test line says the rule of success: at or under the threshold', () => {
    const line = (lang: Lang) => formatEvent({ ...SAMPLES.test[1], type: 'test', section: '§2.4', audience: { to: 'all' } } as GameEvent, ctx(lang)).text;
    expect(line('fr')).toContain('= 12 ; réussi si ≤ seuil 9 — raté');
    expect(line('en')).toContain('= 12; passes if ≤ threshold 9 — failed');
  });
});

describe('issue 11: refusals, victory and lobby errors, in both languages', () => {
  test('every refusal of the rules has both texts, the same placeholders, and reads in one language', () => {
    const lines = Object.entries(REJECTIONS).flatMap(([code, r]) => {
      expect({ code, fr: placeholders(r.fr), en: placeholders(r.en) }).toEqual({ code, fr: placeholders(r.en), en: placeholders(r.fr) });
      const params = Object.fromEntries(placeholders(r.fr).map((p) => [p, /hex/.test(p) ? '0806' : /cost|left|need|rate|max|points|range|stated/.test(p) ? '3' : 'Xalor']));
      const message = { fr: fill(r.fr, params), en: fill(r.en, params) };
      return LANGS.map((lang) => ({ what: code, lang, text: pick(message, lang) }));
    });
    expect(lines.every((l) => l.text.length > 0)).toBe(true);
    expectClean(lines);
  });

  test('every victory source and every end, with the points in words', () => {
    const lines = LANGS.flatMap((lang) => scoreLines(SCORES, ctx(lang)).map((text) => ({ what: 'score', lang, text })));
    expect(lines).toHaveLength(2 * (SOURCES.length + 1));
    expectClean(lines);
    expect(scoreLines(SCORES, ctx('fr'))).toContain('Qarth — objectif Le gué (0601) tenu : 1 × 3 pts = 3 pts');
    expect(scoreLines(SCORES, ctx('en'))).toContain('Qarth — enemy steps lost: 2 × 1 pt = 2 pts');
  });

  test('every lobby error: a sentence of ours in the reader’s language, never the server’s details nor both languages', () => {
    const detail = 'playerName: Too small: expected string to have >=1 characters; key: expected a 22-character key';
    const errors: [string, unknown][] = [
      ...Object.keys(REFUSAL_TEXTS).map((code): [string, unknown] => [code, new Error(`${code}: Texte français ${detail} dans 12 s / English text ${detail} in 12 s`)]),
      ['522', Object.assign(new Error('room "x" not found'), { code: 522 })],
      ['524', Object.assign(new Error('seat reservation expired'), { code: 524 })],
      ['429', Object.assign(new Error('Too Many Requests'), { code: 429 })],
      ['413', Object.assign(new Error('Payload Too Large'), { code: 413 })],
      ['network', new TypeError('Failed to fetch')],
      ['unknown', new Error('Something the server never says')],
    ];
    const lines = errors.flatMap(([what, e]) => LANGS.map((lang) => ({ what, lang, text: failureOf(e, lang).text })));
    for (const l of lines) {
      expect(l.text).not.toMatch(/\bexpected\b|Texte français|English text|Something/);
      expect(Object.values(tables[l.lang])).toContain(l.text.replace(/\b12\b/, '{seconds}'));
    }
    expectClean(lines);
  });
});
