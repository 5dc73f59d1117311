/** The chat's pure parts (ui/chat-model.ts, issue 12): who writes where, the checks before sending, the counter, the time shown. */
import { CHAT_KEEP, CHAT_MAX_CHARS, charsLeft, draftProblem, readsChat, recipientOf, timeOf, withLine, type ChatLine } from './chat-model';

test('players and referee write to the table; spectators only among themselves, when the battle allows it', () => {
  expect(recipientOf('ardenne', 'off')).toBe('all');
  expect(recipientOf('referee', 'readOnly')).toBe('all');
  expect(recipientOf('spectator', 'amongThemselves')).toBe('spectators');
  expect(recipientOf('spectator', 'readOnly')).toBeNull();
  expect(recipientOf('spectator', 'off')).toBeNull();
  expect(readsChat('spectator', 'off')).toBe(false);
  expect(readsChat('spectator', 'readOnly')).toBe(true);
});

test('a draft is checked as the server checks it: trimmed, 1 to 500 characters, newlines only', () => {
  expect(draftProblem('   \n ')).toBe('empty');
  expect(draftProblem(` ${'x'.repeat(CHAT_MAX_CHARS)} `)).toBeNull();
  expect(draftProblem('x'.repeat(CHAT_MAX_CHARS + 1))).toBe('tooLong');
  expect(draftProblem('a\tb')).toBe('control');
  expect(draftProblem('ligne 1\r\nligne 2')).toBeNull();
  expect(charsLeft('  abc  ')).toBe(CHAT_MAX_CHARS - 3);
  expect(charsLeft('x'.repeat(CHAT_MAX_CHARS + 2))).toBe(-2);
});

test('the time of a line: hours and minutes, with the date once it is a day old', () => {
  const now = new Date('2026-03-02T12:00:00Z');
  expect(timeOf('2026-03-02T11:30:00Z', now)).toMatch(/\d\d:\d\d/);
  expect(timeOf('2026-03-02T11:30:00Z', now)).not.toMatch(/mars/);
  expect(timeOf('2026-02-27T11:30:00Z', now, 'fr')).toMatch(/févr/);
  expect(timeOf('not a date', now)).toBe('');
});

test('the list keeps the last lines, as the server does', () => {
  const line = (i: number): ChatLine => ({ at: '', seat: 's', name: 'n', audience: 'table', text: String(i) });
  let lines: ChatLine[] = [];
  for (let i = 0; i < CHAT_KEEP + 2; i++) lines = withLine(lines, line(i));
  expect(lines).toHaveLength(CHAT_KEEP);
  expect(lines[0].text).toBe('2');
});
