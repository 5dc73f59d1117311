// Static checks of docker-compose.yml and the Dockerfile: no Docker engine is needed.
import { existsSync, readFileSync } from 'fs';
import { join, resolve } from 'path';
import { parse } from 'yaml';

const root = resolve(__dirname, '..');

type Service = {
  build?: string | { context?: string; dockerfile?: string };
  image?: string;
  environment?: Record<string, unknown> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[] };
  ports?: (string | number | { target?: number | string; published?: number | string })[];
  volumes?: (string | { type?: string; source?: string; target?: string })[];
};
type Compose = { services?: Record<string, Service>; volumes?: Record<string, unknown> };

const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8')) as Compose;
const services = compose.services ?? {};

function envNames(service: Service): string[] {
  const env = service.environment ?? {};
  if (Array.isArray(env)) return env.map((entry) => entry.split('=')[0]);
  return Object.keys(env);
}

function dockerfilePath(service: Service): string {
  const build = service.build;
  if (typeof build === 'string') return join(root, build, 'Dockerfile');
  return join(root, build?.context ?? '.', build?.dockerfile ?? 'Dockerfile');
}

/** The exec-form CMD of the last stage of a Dockerfile, as an array. */
function lastCmd(dockerfile: string): string[] {
  const cmds = readFileSync(dockerfile, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^CMD\s/i.test(line));
  expect(cmds.length).toBeGreaterThan(0);
  return JSON.parse(cmds[cmds.length - 1].replace(/^CMD\s+/i, '')) as string[];
}

describe('docker-compose.yml', () => {
  test('defines the services server, redis and postgres', () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['server', 'redis', 'postgres']));
  });

  test('server builds from a Dockerfile that exists', () => {
    const server = services.server;
    expect(server.build).toBeDefined();
    expect(existsSync(dockerfilePath(server))).toBe(true);
  });

  test('server environment names REDIS_URL, DATABASE_URL and PORT', () => {
    expect(envNames(services.server)).toEqual(
      expect.arrayContaining(['REDIS_URL', 'DATABASE_URL', 'PORT']),
    );
  });

  test('server depends on redis and postgres with condition service_healthy', () => {
    const dependsOn = services.server.depends_on;
    expect(dependsOn).toBeDefined();
    expect(Array.isArray(dependsOn)).toBe(false);
    const conditions = dependsOn as Record<string, { condition?: string }>;
    expect(conditions.redis?.condition).toBe('service_healthy');
    expect(conditions.postgres?.condition).toBe('service_healthy');
  });

  test.each(['redis', 'postgres'])('%s has a healthcheck', (name) => {
    const test = services[name].healthcheck?.test;
    expect(test).toBeDefined();
    expect(test?.length).toBeGreaterThan(0);
  });

  test('postgres stores its data in a declared named volume', () => {
    const volumes = services.postgres.volumes ?? [];
    const sources = volumes.map((v) => (typeof v === 'string' ? v.split(':')[0] : v.source));
    const named = sources.filter(
      (s): s is string => !!s && !s.startsWith('.') && !s.startsWith('/'),
    );
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(Object.keys(compose.volumes ?? {})).toContain(name);
  });

  test('server port mapping exposes 2567', () => {
    const targets = (services.server.ports ?? []).map((p) =>
      typeof p === 'object' ? String(p.target) : String(p).split(':').pop()?.split('/')[0],
    );
    expect(targets).toContain('2567');
  });
});

describe('Dockerfile', () => {
  test('CMD runs node packages/server/dist/main.js', () => {
    const cmd = lastCmd(dockerfilePath(services.server));
    expect(cmd[0]).toBe('node');
    expect(cmd).toContain('packages/server/dist/main.js');
  });

  test('exposes port 2567', () => {
    const text = readFileSync(dockerfilePath(services.server), 'utf8');
    expect(text).toMatch(/^EXPOSE\s+2567\b/m);
  });
});
