/** Whose address a request counts against behind a trusted proxy (LAMES_TRUST_PROXY). */
import { proxiedAddress } from '../../src/limits/client-address';

const headers = (h: Record<string, string>) => (name: string) => h[name];

describe('proxiedAddress', () => {
  test('the last X-Forwarded-For hop, the one the proxy appended, not what the client wrote before it', () => {
    expect(proxiedAddress(headers({ 'x-forwarded-for': '1.1.1.1, 2.2.2.2, 10.0.0.7' }))).toBe(
      '10.0.0.7',
    );
    expect(proxiedAddress(headers({ 'x-forwarded-for': '10.0.0.7', 'x-real-ip': '9.9.9.9' }))).toBe(
      '10.0.0.7',
    );
  });

  test('X-Real-IP when the proxy writes only that; nothing when it wrote neither', () => {
    expect(proxiedAddress(headers({ 'x-real-ip': ' 10.0.0.8 ' }))).toBe('10.0.0.8');
    expect(proxiedAddress(headers({}))).toBeUndefined();
    expect(proxiedAddress(headers({ 'x-forwarded-for': ' , ' }))).toBeUndefined();
  });
});
