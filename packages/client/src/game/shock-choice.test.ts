import { shockChoices, shockToSend } from './rules-api';

/** The contact-or-charge choice the move panel offers (§2.6.8–2.6.9): only what the move rule accepts. */
describe('the marker choice at the end of a move', () => {
  const plain = { charge: false, engaging: false, ends: null } as const;
  const chargeAlone = { charge: true, engaging: false, ends: null } as const;
  const chargeEngaging = { charge: true, engaging: true, ends: 'engaging' } as const;

  it('§2.6.8–2.6.9 a charge open with nobody engaged offers the charge only, never contact', () => {
    expect(shockChoices(chargeAlone)).toEqual(['charge']);
    // The panel starts on contact: what is sent is the charge, which the server accepts.
    expect(shockToSend(chargeAlone, 'contact')).toBe('charge');
  });

  it('§2.6.8–2.6.9 a charge open while engaging offers both, and keeps the player’s pick', () => {
    expect(shockChoices(chargeEngaging)).toEqual(['contact', 'charge']);
    expect(shockToSend(chargeEngaging, 'contact')).toBe('contact');
    expect(shockToSend(chargeEngaging, 'charge')).toBe('charge');
  });

  it('§2.6.8 engaging without being engaged (a run that may go on) still counts as engaging', () => {
    expect(shockChoices({ charge: true, engaging: true, ends: null })).toEqual(['contact', 'charge']);
  });

  it('§2.6.9 no charge open: no choice, nothing sent (the rule places contact by itself)', () => {
    expect(shockChoices(plain)).toEqual([]);
    expect(shockToSend(plain, 'charge')).toBeUndefined();
  });
});
