import { formatLink, inviteLink, parseLink, personalLink } from './links';

const KEY = 'Qk9vX2V5LTEyMzQ1Njc4OQ';

describe('seat links (issue 7: seats that belong to their players)', () => {
  it('a personal link carries the battle and the seat key in the fragment', () => {
    const url = personalLink('https://lames.example/', 'b_42', KEY);
    expect(url).toBe(`https://lames.example/#/b/b_42/k/${KEY}`);
    expect(parseLink(new URL(url).hash)).toEqual({ battleId: 'b_42', kind: 'key', secret: KEY });
  });

  it('an invite link carries a one-time token, read back as an invite', () => {
    const url = inviteLink('http://localhost:2567', 'abc-DEF', 'tok_en-1');
    expect(url).toBe('http://localhost:2567/#/b/abc-DEF/i/tok_en-1');
    expect(parseLink('#/b/abc-DEF/i/tok_en-1')).toEqual({ battleId: 'abc-DEF', kind: 'invite', secret: 'tok_en-1' });
  });

  it('formatting and parsing are inverse for both kinds', () => {
    for (const kind of ['key', 'invite'] as const) {
      const link = { battleId: 'x1', kind, secret: KEY };
      expect(parseLink(new URL(formatLink('https://a.b', link)).hash)).toEqual(link);
    }
  });

  it('anything else in the fragment is no link', () => {
    for (const hash of ['', '#', '#/b/x', '#/b/x/k/', '#/b/x/z/abc', '#/b/x y/k/abc', '#/b/x/k/a<b', '#/c/x/k/abc', '#/b/x/k/abc/extra']) {
      expect(parseLink(hash)).toBeNull();
    }
  });
});
