import { failureOf, splitRefusal } from './errors';

describe('server refusals shown in one language (issue 7 lobby)', () => {
  const message = 'seatTaken: Ce camp est déjà tenu par un autre joueur : blue / That side is already held by another player: blue';

  it('shows only the French part in French, only the English part in English', () => {
    expect(splitRefusal(message, 'fr')).toEqual({ code: 'seatTaken', text: 'Ce camp est déjà tenu par un autre joueur : blue' });
    expect(splitRefusal(message, 'en')).toEqual({ code: 'seatTaken', text: 'That side is already held by another player: blue' });
  });

  it('a validation refusal shows a sentence of ours in one language, never the validation text (issue 11)', () => {
    const detail = 'key: expected a 22-character key from a battle link';
    const error = new Error(`invalidJoinOptions: Options pour rejoindre invalides : ${detail} / Invalid join options: ${detail}`);
    const en = failureOf(error, 'en');
    expect(en.text).toBe('Cannot enter: check the link you were given and your name (1 to 40 characters).');
    const fr = failureOf(error, 'fr');
    expect(fr.text).toBe('Impossible d’entrer : vérifiez le lien reçu et votre nom (1 à 40 caractères).');
    for (const f of [en, fr]) {
      expect(f.code).toBe('invalidJoinOptions');
      expect(f.text).not.toMatch(/22-character|Options pour rejoindre|Invalid join options/);
      expect(f.detail).toContain(detail); // for the console only
    }
  });

  it('a wait the server counts keeps its seconds in the sentence', () => {
    const error = new Error('tooManyAttempts: Trop de tentatives : réessayez dans 12 s. / Too many attempts: try again in 12 s.');
    expect(failureOf(error, 'en').text).toBe('Too many attempts: try again in 12 s.');
    expect(failureOf(error, 'fr').text).toBe('Trop de tentatives : réessayez dans 12 s.');
    // the HTTP guard's 404 body is its bare code
    expect(failureOf(Object.assign(new Error('notFound'), { code: 404 }), 'fr').text).toBe('Cette adresse n’existe pas sur le serveur.');
  });

  it('the SDK’s "no room" error gets a sentence of ours', () => {
    const e = Object.assign(new Error('room "abc" not found'), { code: 522 });
    expect(failureOf(e, 'fr').text).toBe("Cette bataille n'est pas ouverte.");
    expect(failureOf(e, 'en').text).toBe('This battle is not open.');
  });

  it('a message that is not a refusal gets a sentence of ours in the reader\'s language, the raw message kept for the console', () => {
    expect(failureOf(new Error('something odd'), 'en')).toEqual({ code: null, text: 'The server answered with an unexpected error.', detail: 'something odd' });
    expect(failureOf(Object.assign(new Error('500 Internal Server Error'), { code: 500 }), 'fr')).toEqual({
      code: '500',
      text: 'Le serveur a répondu par une erreur inattendue.',
      detail: '500 Internal Server Error',
    });
  });
});
