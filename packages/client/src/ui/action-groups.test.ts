import type { LegalAction } from '@lames/rules';
import { arrangeActions } from './action-groups';
import { SHORTCUTS, shortcutOf, typing, withShortcut } from './shortcuts';

const ok = (type: string): LegalAction => ({ type, allowed: true }) as LegalAction;
const no = (type: string): LegalAction => ({ type, allowed: false, rejection: { code: 'x', section: '§2.4', message: { fr: 'non', en: 'no' } } }) as unknown as LegalAction;

describe('the action panel (issue 11: legal actions first, refused ones behind "why not?")', () => {
  it('groups the legal actions in the menu’s order and sets every refused one apart, in the same order', () => {
    const { open, refused } = arrangeActions([no('activate'), ok('move'), no('shock'), ok('rest'), ok('pass'), no('rally'), ok('endTurn'), ok('wingMorale')]);
    expect(open).toEqual([
      { group: 'activation', actions: [ok('pass')] },
      { group: 'manoeuvre', actions: [ok('move')] },
      { group: 'recovery', actions: [ok('rest')] },
    ]);
    expect(refused.map((a) => a.type)).toEqual(['activate', 'shock', 'rally']);
  });

  it('§3.3.9–3.3.14 the formation actions have their own group, between combat and recovery', () => {
    const { open, refused } = arrangeActions([ok('rest'), ok('changeMode'), no('breakFormation'), ok('shock')]);
    expect(open.map((g) => g.group)).toEqual(['combat', 'formation', 'recovery']);
    expect(refused.map((a) => a.type)).toEqual(['breakFormation']);
  });

  it('end of turn and wing morale have their own places; an action the menu does not know is still shown', () => {
    const { open, refused } = arrangeActions([ok('endTurn'), no('wingMorale'), ok('castSpell'), no('giveOrder')]);
    expect(open).toEqual([{ group: 'other', actions: [ok('castSpell')] }]);
    expect(refused).toEqual([]);
  });

  it('keyboard: each shortcut names a button and shows in its title; none while typing in a field', () => {
    expect(new Set(Object.values(SHORTCUTS)).size).toBe(Object.keys(SHORTCUTS).length);
    expect(shortcutOf('end-turn')).toBe('F');
    expect(withShortcut('Activer', 'activate')).toBe('Activer (A)');
    expect(withShortcut('Replier', 'withdraw')).toBe('Replier');
    expect(typing({ tagName: 'INPUT' } as unknown as EventTarget)).toBe(true);
    expect(typing({ tagName: 'BUTTON' } as unknown as EventTarget)).toBe(false);
    expect(typing({ tagName: 'INPUT', type: 'radio' } as unknown as EventTarget)).toBe(false);
  });
});
