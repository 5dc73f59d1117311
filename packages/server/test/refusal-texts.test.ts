/**
 * Issue 11: a lobby error is a sentence of the client's catalogue in the
 * reader's language, never the server's two languages nor its validation
 * details. The client can only do so for the codes it knows: this checks
 * that every code the server can refuse a battle with (rooms/refusals.ts,
 * limits/http-guard.ts) is one, and that a real refusal reads as the
 * client's sentence.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { REFUSAL_TEXTS } from '../../client/src/net/refusal-texts';
import { en } from '../../client/src/i18n/en';
import { fr } from '../../client/src/i18n/fr';
import { Refusal, REFUSALS, type RefusalCode } from '../src/rooms/refusals';

const known = Object.keys(REFUSAL_TEXTS);

describe('issue 11: every server refusal has its sentence in the client', () => {
  test('every code of rooms/refusals.ts is known to the client', () => {
    expect(Object.keys(REFUSALS).filter((code) => !known.includes(code))).toEqual([]);
  });

  test('every code the HTTP guard answers with is known to the client', () => {
    const source = readFileSync(path.join(__dirname, '../src/limits/http-guard.ts'), 'utf8');
    const codes = [...source.matchAll(/error: '(\w+)'/g)].map((m) => m[1]);
    expect(codes).toEqual(expect.arrayContaining(['notFound', 'bodyTooLarge', 'tooManyCreates']));
    expect(codes.filter((code) => !known.includes(code))).toEqual([]);
  });

  test('each has a sentence in both catalogues, and a refusal carries its code where the client looks for it', () => {
    for (const key of Object.values(REFUSAL_TEXTS)) expect([key, fr[key].length > 0, en[key].length > 0]).toEqual([key, true, true]);
    for (const code of Object.keys(REFUSALS) as RefusalCode[]) {
      expect(new Refusal(code, { detail: 'x', id: 'b', seat: 's', seconds: '30' }).message.startsWith(`${code}: `)).toBe(true);
    }
  });
});
