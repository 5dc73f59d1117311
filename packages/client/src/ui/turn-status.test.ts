import type { GameState } from '@lames/rules';
import { setLang } from '../i18n';
import { tabTitle, turnStatus } from './turn-status';

const view = (over: Partial<GameState> = {}) =>
  ({
    turn: 2,
    turnLimit: 8,
    status: 'playing',
    activeSide: 'ardenne',
    sides: [
      { id: 'ardenne', name: 'Ardenne' },
      { id: 'black-teeth', name: 'Dents Noires' },
    ],
    ...over,
  }) as unknown as GameState;

describe('whose move it is (issue 11: "your turn" always in view)', () => {
  beforeEach(() => setLang('fr'));

  it('§2.4 the active side reads "À vous de jouer", the other side whose turn it is', () => {
    expect(turnStatus(view(), 'ardenne')).toEqual({ kind: 'mine', text: 'À vous de jouer', turn: 'Tour 2 / 8' });
    expect(turnStatus(view(), 'black-teeth')).toMatchObject({ kind: 'theirs', text: 'Au tour d’Ardenne' });
    expect(turnStatus(view({ activeSide: 'black-teeth' }), 'spectator')).toMatchObject({ kind: 'theirs', text: 'Au tour de Dents Noires' });
  });

  it('§2.7.4 while the defender chooses its losses, the move is the defender’s', () => {
    const v = view({ pendingLosses: { side: 'black-teeth' } } as Partial<GameState>);
    expect(turnStatus(v, 'black-teeth').kind).toBe('mine');
    expect(turnStatus(v, 'ardenne').kind).toBe('theirs');
  });

  it('§4.5.2 nobody’s turn while deploying; the end of the battle never counts past the limit', () => {
    expect(turnStatus(view({ deployment: { sides: {} } } as Partial<GameState>), 'ardenne').kind).toBe('deploy');
    expect(turnStatus(view({ status: 'ended', turn: 9 } as Partial<GameState>), 'ardenne')).toMatchObject({ kind: 'ended', turn: 'Tour 8 / 8' });
  });

  it('the tab title starts with "your turn" only when it is, in the chosen language', () => {
    expect(tabTitle(turnStatus(view(), 'ardenne'), 'Ardenne')).toBe('▶ À vous de jouer · Ardenne — Lames — Les Lames Maudites');
    expect(tabTitle(turnStatus(view(), 'black-teeth'), 'Dents Noires')).toBe('Dents Noires — Lames — Les Lames Maudites');
    setLang('en');
    expect(tabTitle(turnStatus(view(), 'ardenne'), 'Ardenne')).toMatch(/^▶ Your turn · /);
  });
});
