import { bannerText, turnsText } from './broadcast-text';
import { summaryLine } from '../lobby/summary';
import type { BattleSummary } from '../net/api';

/** Issue 12, broadcast: the spectators' banner and the lobby's line say how late the picture is, in each language. */
describe('issue 12 broadcast texts', () => {
  test('the banner names the delay and the turn shown (the issue’s own wording)', () => {
    expect(bannerText({ delay: 2, shownTurn: 3, ended: false }, 'fr')).toBe(
      'Diffusion différée de 2 tours — vous voyez le tour 3',
    );
    expect(bannerText({ delay: 2, shownTurn: 3, ended: false }, 'en')).toBe(
      'Broadcast delayed by 2 turns — you are seeing turn 3',
    );
    expect(bannerText({ delay: 1, shownTurn: 0, ended: false }, 'fr')).toBe(
      'Diffusion différée de 1 tour — vous voyez la bataille avant son premier tour',
    );
    expect(bannerText({ delay: 1, shownTurn: 5, ended: true }, 'en')).toBe(
      'Battle over — you see everything',
    );
    expect([turnsText(1, 'en'), turnsText(3, 'en')]).toEqual(['1 turn', '3 turns']);
  });

  test('the lobby says a broadcast battle is broadcast, not whose turn it is (the server hides it)', () => {
    const s: BattleSummary = {
      battleId: 'b',
      battleName: 'Le gué',
      scenarioId: 'the-ford',
      scenarioName: null,
      status: 'playing',
      turn: 0,
      activeSide: '',
      sides: [],
      referee: { exists: false, claimed: false },
      listed: true,
      open: true,
      publicAt: '',
      broadcastDelay: 2,
    };
    expect(summaryLine(s, null, 'fr')).toEqual({
      text: 'Diffusion différée de 2 tours',
      yours: false,
    });
    expect(summaryLine({ ...s, status: 'ended' }, null, 'en').text).toBe('Over');
  });
});
