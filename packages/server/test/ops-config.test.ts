/** Issue 12, "Scale": the operations variables of readConfig (LAMES_METRICS_TOKEN, LAMES_PUBLIC_ADDRESS). */
import { readConfig } from '../src/config';
import { scalingOptions } from '../src/scaling';

describe('LAMES_METRICS_TOKEN', () => {
  test('unset by default: /metrics stays closed', () => {
    expect(readConfig({}).metricsToken).toBeUndefined();
  });

  test('a token of 16 characters or more is read', () => {
    expect(readConfig({ LAMES_METRICS_TOKEN: 'abcdefghijklmnop' }).metricsToken).toBe('abcdefghijklmnop');
  });

  test('a short token stops the start, and the message never shows it', () => {
    expect(() => readConfig({ LAMES_METRICS_TOKEN: 'hunter2' })).toThrow(/LAMES_METRICS_TOKEN must be/);
    expect(() => readConfig({ LAMES_METRICS_TOKEN: 'hunter2' })).not.toThrow(/hunter2/);
  });
});

describe('LAMES_PUBLIC_ADDRESS', () => {
  test.each(['127.0.0.1:2568', 'lames.example.org/node1', 'localhost:2567/node2'])('%s is accepted and handed to Colyseus', (address) => {
    const config = readConfig({ LAMES_PUBLIC_ADDRESS: address });
    expect(config.publicAddress).toBe(address);
    expect(scalingOptions(config).publicAddress).toBe(address);
  });

  test.each(['http://lames.example.org', 'host with space', 'a?b=c'])('%s is refused (no scheme, no query)', (address) => {
    expect(() => readConfig({ LAMES_PUBLIC_ADDRESS: address })).toThrow(/LAMES_PUBLIC_ADDRESS must be/);
  });

  test('unset: Colyseus options carry no publicAddress (one process, clients use the host they called)', () => {
    expect(scalingOptions(readConfig({}))).toEqual({});
  });
});
