import { hexLabel, type GameEvent } from '@lames/rules';
import { formatEvent, type EventContext } from './format-event';

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
});
