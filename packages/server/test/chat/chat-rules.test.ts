/**
 * The chat's pure rules (rooms/chat.ts, issue 12): what a `chat` message may
 * hold, who may post where and read what under each `spectatorChat` option,
 * and the chat's own rate budget.
 */
import { audienceOf, CHAT_MAX_CHARS, chatMessageSchema, historyFor, mayRead, withinChatRate, type ChatLine } from '../../src/rooms/chat';

describe('chat message validation', () => {
  test('text is trimmed; 1 to 500 characters; newlines kept, CRLF made LF', () => {
    expect(chatMessageSchema.parse({ to: 'all', text: '  Bonjour \r\n à vous  ' })).toEqual({ to: 'all', text: 'Bonjour \n à vous' });
    expect(chatMessageSchema.safeParse({ to: 'all', text: '   ' }).success).toBe(false);
    expect(chatMessageSchema.safeParse({ to: 'all', text: 'x'.repeat(CHAT_MAX_CHARS) }).success).toBe(true);
    expect(chatMessageSchema.safeParse({ to: 'all', text: 'x'.repeat(CHAT_MAX_CHARS + 1) }).success).toBe(false);
  });

  test('control characters other than newline are refused', () => {
    for (const bad of ['a\u0000b', 'a\tb', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\u2028b']) {
      expect(chatMessageSchema.safeParse({ to: 'all', text: bad }).success).toBe(false);
    }
  });

  test('unknown recipients, extra shapes and non-strings are refused', () => {
    expect(chatMessageSchema.safeParse({ to: 'referee', text: 'x' }).success).toBe(false);
    expect(chatMessageSchema.safeParse({ to: 'all', text: 42 }).success).toBe(false);
    expect(chatMessageSchema.safeParse('hello').success).toBe(false);
  });
});

describe('who posts where', () => {
  test('players and referee post to the table, never to spectators', () => {
    for (const seat of ['ardenne', 'referee']) {
      expect(audienceOf(seat, 'all', 'amongThemselves')).toBe('table');
      expect(audienceOf(seat, 'players', 'off')).toBe('table');
      expect(audienceOf(seat, 'spectators', 'amongThemselves')).toBeNull();
    }
  });

  test('spectators post only among themselves, and only when the option says so', () => {
    expect(audienceOf('spectator', 'spectators', 'amongThemselves')).toBe('spectators');
    expect(audienceOf('spectator', 'spectators', 'readOnly')).toBeNull();
    expect(audienceOf('spectator', 'spectators', 'off')).toBeNull();
    expect(audienceOf('spectator', 'all', 'amongThemselves')).toBeNull();
    expect(audienceOf('spectator', 'players', 'readOnly')).toBeNull();
  });
});

describe('who reads what', () => {
  const lines: ChatLine[] = [
    { at: '2026-01-01T00:00:00.000Z', seat: 'ardenne', name: 'A', audience: 'table', text: 'table line' },
    { at: '2026-01-01T00:00:01.000Z', seat: 'spectator', name: 'S', audience: 'spectators', text: 'spectator line' },
  ];

  test('players and referee read the table only', () => {
    expect(historyFor(lines, 'ardenne', 'amongThemselves').map((l) => l.text)).toEqual(['table line']);
    expect(mayRead('referee', 'spectators', 'amongThemselves')).toBe(false);
  });

  test("spectators read the players' lines only under readOnly, their own only under amongThemselves", () => {
    expect(historyFor(lines, 'spectator', 'off')).toEqual([]);
    expect(historyFor(lines, 'spectator', 'amongThemselves').map((l) => l.text)).toEqual(['spectator line']);
    expect(historyFor(lines, 'spectator', 'readOnly').map((l) => l.text)).toEqual(['table line']);
  });
});

describe('chat rate', () => {
  test('5 lines at once, then one more every 2 s; apart from the message budget of the same connection', () => {
    let now = 0;
    const options = { perSecond: 0.5, burst: 5, now: () => now };
    const client = {};
    expect([1, 2, 3, 4, 5, 6].map(() => withinChatRate(client, options))).toEqual([true, true, true, true, true, false]);
    now = 1999;
    expect(withinChatRate(client, options)).toBe(false);
    now = 4000;
    expect(withinChatRate(client, options)).toBe(true);
    expect(withinChatRate({}, options)).toBe(true); // another connection has its own budget
  });
});
