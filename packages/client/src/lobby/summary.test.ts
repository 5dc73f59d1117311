import type { BattleSummary } from '../net/api';
import { scenarioTitle, sidesLine, summaryLine } from './summary';

const base: BattleSummary = {
  battleId: 'b1',
  battleName: 'La revanche',
  scenarioId: 'ford',
  scenarioName: { fr: 'Le Gué', en: 'The Ford' },
  status: 'playing',
  turn: 3,
  activeSide: 'blue',
  sides: [
    { id: 'blue', name: 'Ardenne', claimed: true, playerName: 'Gauvain', connected: true },
    { id: 'red', name: 'Dents Noires', claimed: false, playerName: '', connected: false },
  ],
  referee: { exists: false, claimed: false },
  listed: true,
  open: true,
  publicAt: '2026-01-01T00:00:00Z',
};

describe('the lobby’s line on a battle (issue 7: Mes batailles)', () => {
  it('says the turn and whose move it is, from the reader’s seat', () => {
    expect(summaryLine(base, 'blue', 'fr')).toEqual({ text: 'Tour 3 — à vous de jouer', yours: true });
    expect(summaryLine(base, 'red', 'en')).toEqual({ text: 'Turn 3 — waiting for Ardenne', yours: false });
    expect(summaryLine(base, null, 'en').yours).toBe(false);
  });

  it('the public listing moves only at turn boundaries (docs/secrets.md S4): the active side, never a defender deciding its losses mid-turn', () => {
    expect(summaryLine(base, 'red', 'en')).toEqual({ text: 'Turn 3 — waiting for Ardenne', yours: false });
    expect(summaryLine({ ...base, turn: 4, activeSide: 'red' }, 'red', 'en')).toEqual({ text: 'Turn 4 — your move', yours: true });
  });

  it('§4.5.2 during the deployment, says only that the sides deploy (who is done moves mid-phase)', () => {
    const deploying = { ...base, status: 'deploying' as const };
    expect(summaryLine(deploying, 'red', 'fr')).toEqual({ text: 'Déploiement', yours: false });
    expect(summaryLine(deploying, 'blue', 'en')).toEqual({ text: 'Deployment', yours: false });
  });

  it('an ended battle says so and waits for nobody', () => {
    expect(summaryLine({ ...base, status: 'ended' }, 'blue', 'fr')).toEqual({ text: 'Terminée', yours: false });
  });

  it('names each side’s player, or says the side is free', () => {
    expect(sidesLine(base, 'fr')).toBe('Ardenne (Gauvain) · Dents Noires (libre)');
    expect(sidesLine(base, 'en')).toBe('Ardenne (Gauvain) · Dents Noires (free)');
  });

  it('the scenario’s name in the reader’s language', () => {
    expect(scenarioTitle(base, 'en')).toBe('The Ford');
    expect(scenarioTitle({ ...base, scenarioName: null }, 'fr')).toBe('ford');
  });
});
