import { failureOf, splitRefusal } from './errors';

describe('server refusals shown in one language (issue 7 lobby)', () => {
  const message = 'seatTaken: Ce camp est déjà tenu par un autre joueur : blue / That side is already held by another player: blue';

  it('shows only the French part in French, only the English part in English', () => {
    expect(splitRefusal(message, 'fr')).toEqual({ code: 'seatTaken', text: 'Ce camp est déjà tenu par un autre joueur : blue' });
    expect(splitRefusal(message, 'en')).toEqual({ code: 'seatTaken', text: 'That side is already held by another player: blue' });
  });

  it('a validation refusal never shows both languages', () => {
    const detail = 'key: expected a 22-character key from a battle link';
    const text = failureOf(new Error(`invalidJoinOptions: Options pour rejoindre invalides : ${detail} / Invalid join options: ${detail}`), 'en').text;
    expect(text).toBe(`Invalid join options: ${detail}`);
    expect(text).not.toContain('Options pour rejoindre');
  });

  it('the SDK’s "no room" error gets a sentence of ours', () => {
    const e = Object.assign(new Error('room "abc" not found'), { code: 522 });
    expect(failureOf(e, 'fr').text).toBe("Cette bataille n'est pas ouverte.");
    expect(failureOf(e, 'en').text).toBe('This battle is not open.');
  });

  it('a message that is not a refusal is shown as it is', () => {
    expect(failureOf(new Error('something odd'), 'en')).toEqual({ code: null, text: 'something odd' });
  });
});
