import * as path from 'node:path';
import { readConfig } from '../src/config';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

describe('readConfig', () => {
  test('defaults: port 2567 on 0.0.0.0, no Redis, no database, data and client dirs under the repository', () => {
    const config = readConfig({});
    expect(config.port).toBe(2567);
    expect(config.host).toBe('0.0.0.0');
    expect(config.redisUrl).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.join(REPO_ROOT, '.data'));
    expect(config.clientDir).toBe(path.join(REPO_ROOT, 'packages', 'client', 'dist'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
  });

  test('empty variables count as unset', () => {
    const config = readConfig({ PORT: '', HOST: ' ', REDIS_URL: '', DATABASE_URL: '' });
    expect(config).toEqual(readConfig({}));
  });

  test('PORT=0 is accepted (any free port)', () => {
    expect(readConfig({ PORT: '0' }).port).toBe(0);
  });

  test('PORT and HOST are read', () => {
    const config = readConfig({ PORT: '8080', HOST: '127.0.0.1' });
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
  });

  test('PORT=abc is rejected with a message naming PORT and what it expects', () => {
    expect(() => readConfig({ PORT: 'abc' })).toThrow(
      "PORT must be a whole number from 0 to 65535, got 'abc'",
    );
  });

  test.each(['65536', '-1', '80.5', '1e3'])('PORT=%s is rejected', (port) => {
    expect(() => readConfig({ PORT: port })).toThrow(/PORT must be a whole number from 0 to 65535/);
  });

  test('REDIS_URL and DATABASE_URL are passed through', () => {
    const config = readConfig({
      REDIS_URL: 'redis://redis:6379',
      DATABASE_URL: 'postgres://lames:lames@postgres:5432/lames',
    });
    expect(config.redisUrl).toBe('redis://redis:6379');
    expect(config.databaseUrl).toBe('postgres://lames:lames@postgres:5432/lames');
  });

  test('a DATABASE_URL that is not a postgres URL is rejected without echoing its password', () => {
    let message = '';
    try {
      readConfig({ DATABASE_URL: 'mysql://root:hunter2@db/lames' });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(message).not.toContain('hunter2');
  });

  test('a REDIS_URL that is not a redis URL is rejected', () => {
    expect(() => readConfig({ REDIS_URL: 'localhost:6379' })).toThrow(
      /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/,
    );
  });

  test('every bad variable is named in one message', () => {
    expect(() => readConfig({ PORT: 'x', REDIS_URL: 'nope' })).toThrow(
      /PORT must .*; REDIS_URL must/,
    );
  });

  test('a relative LAMES_DATA_DIR is resolved against the working directory', () => {
    const config = readConfig({ LAMES_DATA_DIR: 'some/data' });
    expect(config.dataDir).toBe(path.resolve(process.cwd(), 'some/data'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
  });

  test('LAMES_CLIENT_DIR overrides the client directory', () => {
    expect(readConfig({ LAMES_CLIENT_DIR: '/srv/lames/client' }).clientDir).toBe(
      '/srv/lames/client',
    );
  });

  test('LAMES_OPEN_BATTLE_TTL_HOURS defaults to 48 and must be 1 to 8760 hours; LAMES_TRUST_PROXY defaults to off', () => {
    expect(readConfig({})).toMatchObject({ openBattleTtlHours: 48, trustProxy: false });
    expect(readConfig({ LAMES_OPEN_BATTLE_TTL_HOURS: '12', LAMES_TRUST_PROXY: '1' })).toMatchObject({ openBattleTtlHours: 12, trustProxy: true });
    for (const bad of ['0', 'soon', '9000', '-3']) {
      expect(() => readConfig({ LAMES_OPEN_BATTLE_TTL_HOURS: bad })).toThrow(`LAMES_OPEN_BATTLE_TTL_HOURS must be a number of hours from 1 to 8760, got '${bad}'`);
    }
    expect(() => readConfig({ LAMES_TRUST_PROXY: 'yes' })).toThrow(/LAMES_TRUST_PROXY must be 1 or 0/);
  });

  test('LAMES_DEADLINE_SWEEP_SECONDS (the deadline sweep, docs/time-controls.md) defaults to 60 and must be 1 to 86400 whole seconds', () => {
    expect(readConfig({}).deadlineSweepSeconds).toBe(60);
    expect(readConfig({ LAMES_DEADLINE_SWEEP_SECONDS: '300' }).deadlineSweepSeconds).toBe(300);
    for (const bad of ['0', 'often', '86401', '1.5', '-3']) {
      expect(() => readConfig({ LAMES_DEADLINE_SWEEP_SECONDS: bad })).toThrow(`LAMES_DEADLINE_SWEEP_SECONDS must be a whole number of seconds from 1 to 86400, got '${bad}'`);
    }
  });
});
