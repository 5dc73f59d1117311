/** The variables of the limits (README's configuration table). */
import { readConfig } from '../../src/config';

describe('limits configuration', () => {
  test('defaults: 30 creates an hour, no foreign origin', () => {
    expect(readConfig({})).toMatchObject({ createsPerHour: 30, corsOrigins: [] });
  });

  test('LAMES_CREATES_PER_HOUR and LAMES_CORS_ORIGINS are read', () => {
    const config = readConfig({
      LAMES_CREATES_PER_HOUR: '5',
      LAMES_CORS_ORIGINS: ' https://lames.example , http://localhost:5173 ',
    });
    expect(config.createsPerHour).toBe(5);
    expect(config.corsOrigins).toEqual(['https://lames.example', 'http://localhost:5173']);
  });

  test.each([
    ['LAMES_CREATES_PER_HOUR', '0'],
    ['LAMES_CREATES_PER_HOUR', 'many'],
    ['LAMES_CORS_ORIGINS', '*'],
    ['LAMES_CORS_ORIGINS', 'https://lames.example/'],
    ['LAMES_CORS_ORIGINS', 'https://lames.example/play'],
    ['LAMES_CORS_ORIGINS', 'ftp://lames.example'],
  ])('%s=%s stops the start with a message naming it', (name, value) => {
    expect(() => readConfig({ [name]: value })).toThrow(new RegExp(`${name} must be`));
  });
});
