import { hexLabel, type GameEvent } from '@lames/rules';
import { formatEvent, generic, ofWord, type EventContext } from './format-event';

const grid = { cols: 16, rows: 12 };
const names: Record<string, string> = {
  'h-knights': "Chevaliers d'Ardenne",
  'o-ambush': 'Embuscade gobeline',
  ardenne: 'Ardenne',
  'black-teeth': 'Dents Noires',
};
const ctx = (lang: 'fr' | 'en'): EventContext => ({ lang, grid, nameOf: (id) => names[id] });
const all = { audience: { to: 'all' as const } };
const idx = (label: string) => (Number(label.slice(2)) - 1) * 16 + Number(label.slice(0, 2)) - 1;

describe('French elision', () => {
  it('"de" becomes "d’" before a vowel: test d’engagement, d’Embuscade; de repos, de Chevaliers', () => {
    expect(ofWord('engagement offensif')).toBe('d’engagement offensif');
    expect(ofWord('Embuscade gobeline')).toBe('d’Embuscade gobeline');
    expect(ofWord('repos')).toBe('de repos');
    expect(ofWord("Chevaliers d'Ardenne")).toBe("de Chevaliers d'Ardenne");
  });
});

describe('formatEvent', () => {
  it('formats a move with its path, cost and allowance', () => {
    const e: GameEvent = {
      type: 'moved',
      unit: 'h-knights',
      mode: 'normal',
      from: idx('0710'),
      path: [
        { hex: idx('0709'), facing: 0, spent: 1 },
        { hex: idx('0708'), facing: 0, spent: 2 },
      ],
      cost: 2,
      allowance: 7,
      section: '§2.6',
      ...all,
    };
    expect(hexLabel(grid, idx('0709'))).toBe('0709');
    const fr = formatEvent(e, ctx('fr'));
    expect(fr.text).toBe("Chevaliers d'Ardenne : mouvement normal 0710 → 0709 → 0708 (N) — 2/7 PM.");
    expect(fr.section).toBe('§2.6');
    expect(formatEvent(e, ctx('en')).text).toBe("Chevaliers d'Ardenne: normal move 0710 → 0709 → 0708 (N) — 2/7 MP.");
  });

  it('collapses reorientations in place and tells why a move stopped', () => {
    const e: GameEvent = {
      type: 'moved',
      unit: 'h-knights',
      mode: 'extra',
      from: idx('0710'),
      path: [
        { hex: idx('0710'), facing: 1, spent: 0.5 },
        { hex: idx('0809'), facing: 1, spent: 1.5 },
      ],
      cost: 1.5,
      allowance: 10,
      stoppedBy: 'reveal',
      section: '§2.6',
      ...all,
    };
    expect(formatEvent(e, ctx('fr')).text).toBe(
      "Chevaliers d'Ardenne : mouvement supplémentaire 0710 → 0809 (NNE) — 1,5/10 PM. Arrêt : révélation.",
    );
    expect(formatEvent(e, ctx('en')).text).toContain('1.5/10 MP. Stopped: reveal.');
  });

  it('names covers without telling what is under them', () => {
    const e: GameEvent = { type: 'activated', piece: 'c-8f3a', side: 'black-teeth', section: '§2.4', ...all };
    expect(formatEvent(e, ctx('fr')).text).toBe('Dents Noires active un pion caché.');
    expect(formatEvent(e, ctx('en')).text).toBe('Dents Noires activates a hidden counter.');
    const moved: GameEvent = { type: 'coverMoved', cover: 'c-8f3a', from: idx('1303'), to: idx('1304'), section: '§2.5', ...all };
    expect(formatEvent(moved, ctx('fr')).text).toBe('Un pion caché se déplace de 1303 à 1304.');
  });

  it('formats every other event', () => {
    const lines = (
      [
        { type: 'activationEnded', piece: 'h-knights', side: 'ardenne', acted: true },
        { type: 'activationEnded', piece: 'h-knights', side: 'ardenne', acted: false },
        { type: 'revealed', unit: 'o-ambush', cover: 'c1', hex: idx('1303'), by: 'h-knights' },
        { type: 'revealed', unit: 'o-ambush', cover: 'c1', hex: idx('1303') },
        { type: 'decoyRemoved', cover: 'c2', hex: idx('1204') },
        { type: 'breathChanged', unit: 'h-knights', breath: 'winded', reason: 'extraMovement' },
        { type: 'markerPlaced', unit: 'h-knights', marker: 'charge' },
        { type: 'stackAligned', unit: 'h-knights', facing: 6, cohesionLost: true },
        { type: 'sideTurnEnded', side: 'ardenne', next: 'black-teeth' },
        { type: 'turnEnded', turn: 3 },
        { type: 'gameEnded', reason: 'turnLimit' },
      ] as const
    ).map((b) => formatEvent({ ...b, section: '§x', ...all } as GameEvent, ctx('fr')).text);
    expect(lines).toEqual([
      "Fin de l'activation de Chevaliers d'Ardenne.",
      "Fin de l'activation de Chevaliers d'Ardenne (sans action).",
      "Embuscade gobeline est révélé en 1303 par Chevaliers d'Ardenne.",
      'Embuscade gobeline est révélé en 1303.',
      'Leurre retiré en 1204.',
      "Chevaliers d'Ardenne devient essoufflée (mouvement supplémentaire).",
      "Chevaliers d'Ardenne reçoit un marqueur charge.",
      "Chevaliers d'Ardenne s’aligne sur sa pile (S) et perd sa cohésion.",
      'Ardenne termine son tour ; à Dents Noires de jouer.',
      'Fin du tour 3.',
      'La partie est terminée (limite de tours atteinte).',
    ]);
    const en = formatEvent({ type: 'sideTurnEnded', side: 'ardenne', next: 'black-teeth', section: '§2.4', ...all }, ctx('en'));
    expect(en).toEqual({ text: 'Ardenne ends its turn; Dents Noires to play.', section: '§2.4', type: 'sideTurnEnded' });
  });

  it('explains a test: dice, each modifier with its section, total against the threshold and the rule of success (≤ succeeds, issue 11), outcome, naturals', () => {
    const e: GameEvent = {
      type: 'test',
      test: 'rest',
      subject: 'h-knights',
      dice: [3, 4],
      modifiers: [
        { value: 1, label: { fr: 'Essoufflée', en: 'Winded' }, section: '§2.8.2' },
        { value: -2, label: { fr: 'Chef présent', en: 'Leader present' }, section: '§2.5.4' },
      ],
      total: 6,
      threshold: 7,
      success: true,
      section: '§2.8.2',
      ...all,
    };
    const fr = formatEvent(e, ctx('fr'));
    expect(fr.text).toBe("Test de repos de Chevaliers d'Ardenne : dés 3 + 4 (7) +1 −2 = 6 ; réussi si ≤ seuil 7 — réussi.");
    expect(fr.details).toEqual(['+1 Essoufflée (§2.8.2)', '−2 Chef présent (§2.5.4)']);
    expect(fr.outcome).toBe('success');
    const en = formatEvent({ ...e, dice: [6, 6], total: 12, success: false, natural: 'failure', modifiers: [] } as GameEvent, ctx('en'));
    expect(en.text).toBe("Rest test of Chevaliers d'Ardenne: dice 6 + 6 = 12; passes if ≤ threshold 7 — failed (natural 12: always fails).");
    expect(en.details).toEqual([]);
    expect(en.outcome).toBe('failure');
    const natural2 = formatEvent({ ...e, dice: [1, 1], modifiers: [], total: 2, threshold: 1, success: true, natural: 'success' } as GameEvent, ctx('fr'));
    expect(natural2.text).toContain('réussi (2 naturel : toujours réussi).');
  });

  it('explains a combat: advantage breakdown, dice, column, losses', () => {
    const e: GameEvent = {
      type: 'combat',
      kind: 'shock',
      attacker: 'h-knights',
      defender: 'o-ambush',
      supported: true,
      advantage: 3,
      modifiers: [
        { value: 2, label: { fr: 'Charge', en: 'Charge' }, section: '§2.7.3' },
        { value: 1, label: { fr: 'Flanc', en: 'Flank' }, section: '§2.7.3.2' },
      ],
      dice: [5, 2],
      column: '+3',
      losses: 1,
      section: '§2.7',
      ...all,
    };
    const fr = formatEvent(e, ctx('fr'));
    expect(fr.text).toBe("Choc de Chevaliers d'Ardenne contre Embuscade gobeline (soutenu) : avantage +3, dés 5 + 2 (7), colonne +3 — pertes : 1.");
    expect(fr.details).toEqual(['+2 Charge (§2.7.3)', '+1 Flanc (§2.7.3.2)']);
    const en = formatEvent({ ...e, kind: 'duel', supported: false, advantage: -1, losses: 0 } as GameEvent, ctx('en'));
    expect(en.text).toBe("Duel by Chevaliers d'Ardenne against Embuscade gobeline: advantage −1, dice 5 + 2 (7), column +3 — losses: 0.");
    expect(en.outcome).toBe('failure');
  });

  it('formats the chapter-2 condition, recovery and manoeuvre events in both languages', () => {
    const bodies = [
      { type: 'cohesionChanged', unit: 'h-knights', cohesion: 'shaken', reason: 'combat' },
      { type: 'chargeLost', unit: 'h-knights', now: 'contact' },
      { type: 'stepLost', unit: 'h-knights', steps: 1, reason: 'combat' },
      { type: 'unitDestroyed', unit: 'o-ambush', hex: idx('1303'), reason: 'rout' },
      { type: 'markerRemoved', unit: 'h-knights', marker: 'contact' },
      { type: 'faced', unit: 'h-knights', facing: 3 },
      { type: 'wingFatigueChanged', wing: 'ardenne', fatigue: 2 },
      { type: 'stepRegained', unit: 'h-knights', steps: 3, reason: 'regeneration' },
      { type: 'mustFlee', unit: 'h-knights' },
      { type: 'recoiled', unit: 'o-ambush', from: idx('1303'), to: idx('1302') },
      { type: 'advanced', unit: 'h-knights', from: idx('1304'), to: idx('1303') },
      { type: 'withdrew', unit: 'h-knights', from: idx('0709'), to: idx('0710'), minimal: false },
      { type: 'withdrew', unit: 'h-knights', from: idx('0709'), to: idx('0710'), minimal: true },
      { type: 'fled', unit: 'o-ambush', from: idx('1303'), path: [{ hex: idx('1302'), facing: 0, spent: 1 }, { hex: idx('1301'), facing: 0, spent: 2 }], cost: 2 },
      { type: 'leftMap', unit: 'o-ambush', hex: idx('1301'), dir: 0, final: false },
      { type: 'leftMap', unit: 'o-ambush', hex: idx('1301'), dir: 0, final: true },
      { type: 'returned', unit: 'o-ambush', hex: idx('1301'), facing: 6 },
      { type: 'pursuit', pursuer: 'h-knights', pursued: 'o-ambush' },
    ] as const;
    const fr = bodies.map((b) => formatEvent({ ...b, section: '§x', ...all } as GameEvent, ctx('fr')).text);
    expect(fr).toEqual([
      "Chevaliers d'Ardenne devient ébranlée (combat).",
      "Chevaliers d'Ardenne perd son marqueur charge (contact).",
      "Chevaliers d'Ardenne perd 1 pas (combat).",
      'Embuscade gobeline est détruite en 1303 (déroute).',
      "Chevaliers d'Ardenne perd son marqueur contact.",
      "Chevaliers d'Ardenne fait face vers E.",
      'Fatigue de Ardenne : 2.',
      "Chevaliers d'Ardenne regagne un pas (régénération) : 3 pas.",
      "Chevaliers d'Ardenne a raté son ralliement et doit fuir.",
      'Embuscade gobeline recule de 1303 à 1302.',
      "Chevaliers d'Ardenne avance de 1304 à 1303.",
      "Chevaliers d'Ardenne se replie de 0709 à 0710.",
      "Chevaliers d'Ardenne se replie de 0709 à 0710 (repli minimal).",
      'Embuscade gobeline fuit 1303 → 1302 → 1301 (N) — 2 PM.',
      'Embuscade gobeline quitte la carte par 1301.',
      'Embuscade gobeline quitte la carte par 1301 et ne reviendra pas.',
      'Embuscade gobeline revient sur la carte en 1301 (S).',
      "Chevaliers d'Ardenne poursuit Embuscade gobeline.",
    ]);
    const en = bodies.map((b) => formatEvent({ ...b, section: '§x', ...all } as GameEvent, ctx('en')).text);
    expect(en[0]).toBe("Chevaliers d'Ardenne becomes shaken (combat).");
    expect(en[9]).toBe('Embuscade gobeline recoils from 1303 to 1302.');
    // no line falls back to a raw key or the generic form
    for (const line of [...fr, ...en]) expect(line).not.toMatch(/event\.|\{/);
  });

  it('spells out an event type it does not know yet, and unknown reason codes', () => {
    const e = { type: 'pursued', unit: 'h-knights', to: idx('1303'), modifiers: [{ value: 1, label: { fr: 'Cavalerie', en: 'Cavalry' }, section: '§2.7.7' }], section: '§2.7.7', ...all } as unknown as GameEvent;
    const f = generic(e, ctx('en'));
    expect(f.text).toBe("Pursued: unit Chevaliers d'Ardenne, to 1303");
    expect(f.details).toEqual(['+1 Cavalry (§2.7.7)']);
    const odd = formatEvent({ type: 'stepLost', unit: 'h-knights', steps: 1, reason: 'demonicFrenzy', section: '§x', ...all }, ctx('en'));
    expect(odd.text).toBe("Chevaliers d'Ardenne loses 1 step(s) (demonic frenzy).");
  });

  it('formats the command events (§2.5) in both languages', () => {
    const bodies = [
      { type: 'commandPoints', unit: 'h-knights', die: 5, rank: 'advantaged', lowered: [], points: 6 },
      { type: 'commandPoints', unit: 'h-knights', lowered: ['irregular', 'shaken'], points: 1 },
      { type: 'orderGiven', target: 'h-knights', cost: 2, left: 4 },
      { type: 'directiveChanged', wing: 'ardenne', directive: 'attack', reason: 'order' },
      { type: 'directiveChanged', wing: 'ardenne', directive: 'retreat', reason: 'demoralised' },
      { type: 'commandTaken', unit: 'h-knights', wing: 'ardenne' },
      { type: 'resigned', unit: 'h-knights', wing: 'ardenne' },
      { type: 'leaderLost', unit: 'h-knights', wing: 'ardenne', armyCommander: false },
      { type: 'leaderLost', unit: 'h-knights', wing: null, armyCommander: true },
      { type: 'wingMorale', wing: 'ardenne', morale: 4, shakenMarkers: 2 },
    ] as const;
    const fr = bodies.map((b) => formatEvent({ ...b, section: '§2.5', ...all } as GameEvent, ctx('fr')).text);
    expect(fr).toEqual([
      "Chevaliers d'Ardenne distribue les ordres : dé 5, rang avantagée — 6 point(s) de commandement.",
      "Chevaliers d'Ardenne distribue les ordres : 1 point(s) de commandement (rang abaissé : irrégulier, ébranlé).",
      "Ordre particulier donné à Chevaliers d'Ardenne (coût 2, reste 4).",
      'Ardenne passe en directive attaque.',
      'Ardenne, démoralisée, passe en directive retraite.',
      "Chevaliers d'Ardenne prend le commandement de Ardenne.",
      "Chevaliers d'Ardenne quitte le commandement de Ardenne.",
      "Ardenne perd son chef, Chevaliers d'Ardenne.",
      "L’armée perd son commandant, Chevaliers d'Ardenne.",
      'Moral de Ardenne : 4 (marqueurs ébranlé : 2).',
    ]);
    const en = bodies.map((b) => formatEvent({ ...b, section: '§2.5', ...all } as GameEvent, ctx('en')).text);
    expect(en[0]).toBe("Chevaliers d'Ardenne distributes orders: die 5, rank advantaged — 6 command point(s).");
    expect(en[9]).toBe('Morale of Ardenne: 4 (shaken markers: 2).');
    for (const line of [...fr, ...en]) expect(line).not.toMatch(/event\.|\{/);
  });
});

describe('a decoy imitating a self-only action (§4.5.1)', () => {
  it('§4.5.1 its owner reads that the decoy imitated the action and nothing changed', () => {
    const names2 = { ...names, 'd-1': 'leurre (Embuscade gobeline)' };
    const e = { type: 'decoyActed', piece: 'd-1', action: 'rest', section: '§4.5.1', audience: { to: 'side', side: 'black-teeth' } } as unknown as GameEvent;
    expect(formatEvent(e, { ...ctx('fr'), nameOf: (id) => names2[id as keyof typeof names2] }).text).toBe('Leurre (Embuscade gobeline) imite : Repos (un leurre, rien ne change).');
    expect(formatEvent(e, { ...ctx('en'), nameOf: (id) => names2[id as keyof typeof names2] }).text).toBe('Leurre (Embuscade gobeline) imitates: Rest (a decoy, nothing changes).');
  });
});

describe('the deployment in the log (§4.5.2)', () => {
  it('§4.5.2 says which side deployed, never where, and when the battle begins', () => {
    const deployed = { type: 'deployed', side: 'ardenne', section: '§4.5.2', ...all } as unknown as GameEvent;
    const ended = { type: 'deploymentEnded', section: '§4.5.2', ...all } as unknown as GameEvent;
    expect(formatEvent(deployed, ctx('fr')).text).toBe('Ardenne a déployé ses unités cachées.');
    expect(formatEvent(ended, ctx('en')).text).toBe('Deployment over: the battle begins.');
  });
});
