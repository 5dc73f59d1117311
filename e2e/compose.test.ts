// Static checks of docker-compose.yml, its nginx entry point (deploy/nginx.conf) and the Dockerfile:
// no Docker engine is needed. Issue 12, "Scale": two server nodes, Redis and PostgreSQL behind one entry point.
import { existsSync, readFileSync } from 'fs';
import { join, resolve } from 'path';
import { parse } from 'yaml';

const root = resolve(__dirname, '..');

type Service = {
  expose?: (string | number)[];
  build?: string | { context?: string; dockerfile?: string };
  image?: string;
  environment?: Record<string, unknown> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[] };
  ports?: (string | number | { target?: number | string; published?: number | string })[];
  volumes?: (string | { type?: string; source?: string; target?: string })[];
};
type Compose = { services?: Record<string, Service>; volumes?: Record<string, unknown> };

// merge: the nodes share one definition through a YAML anchor (<<: *server).
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as Compose;
const services = compose.services ?? {};

function env(service: Service): Record<string, string> {
  const raw = service.environment ?? {};
  if (Array.isArray(raw)) return Object.fromEntries(raw.map((entry) => [entry.split('=')[0], entry.slice(entry.indexOf('=') + 1)]));
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, String(v)]));
}

const NODES = ['server1', 'server2'];
const nginxPath = join(root, 'deploy', 'nginx.conf');
const nginx = readFileSync(nginxPath, 'utf8');

/** The body of an nginx block opened by `head {` (no nested braces in the blocks looked at). */
function block(head: RegExp): string {
  const match = new RegExp(`${head.source}\\s*\\{([^{}]*)\\}`).exec(nginx);
  expect(match).not.toBeNull();
  return match![1];
}

function publishedTargets(service: Service): string[] {
  return (service.ports ?? []).map((p) => (typeof p === 'object' ? String(p.target) : String(p).split(':').pop()!.split('/')[0]));
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
  test('defines two server nodes, redis, postgres and one entry proxy', () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['proxy', ...NODES, 'redis', 'postgres']));
  });

  test.each(NODES)('%s builds from a Dockerfile that exists', (name) => {
    expect(services[name].build).toBeDefined();
    expect(existsSync(dockerfilePath(services[name]))).toBe(true);
  });

  test('both nodes share one REDIS_URL and one DATABASE_URL, on the redis and postgres services', () => {
    const [one, two] = NODES.map((n) => env(services[n]));
    expect(one.REDIS_URL).toBe(two.REDIS_URL);
    expect(one.DATABASE_URL).toBe(two.DATABASE_URL);
    expect(new URL(one.REDIS_URL).hostname).toBe('redis');
    expect(new URL(one.DATABASE_URL).hostname).toBe('postgres');
    expect(one.PORT).toBe('2567');
    expect(two.PORT).toBe('2567');
  });

  test('each node advertises its own public address, /node1 and /node2 on the entry point', () => {
    const addresses = NODES.map((n) => env(services[n]).LAMES_PUBLIC_ADDRESS);
    expect(addresses[0]).toMatch(/\/node1$/);
    expect(addresses[1]).toMatch(/\/node2$/);
  });

  test('the nodes trust the proxy headers (nginx sets X-Real-IP) and publish no port of their own', () => {
    for (const n of NODES) {
      expect(env(services[n]).LAMES_TRUST_PROXY).toBe('1');
      expect(services[n].ports ?? []).toEqual([]);
      expect((services[n].expose ?? []).map(String)).toContain('2567');
    }
    expect(nginx).toMatch(/proxy_set_header X-Real-IP \$remote_addr;/);
  });

  test.each(NODES)('%s health check asks /readyz on port 2567', (name) => {
    const check = services[name].healthcheck?.test;
    expect(Array.isArray(check) ? check.join(' ') : check).toContain('http://127.0.0.1:2567/readyz');
  });

  test.each(NODES)('%s depends on redis and postgres with condition service_healthy', (name) => {
    const conditions = services[name].depends_on as Record<string, { condition?: string }>;
    expect(Array.isArray(conditions)).toBe(false);
    expect(conditions.redis?.condition).toBe('service_healthy');
    expect(conditions.postgres?.condition).toBe('service_healthy');
  });

  test('the proxy is nginx with deploy/nginx.conf, publishes 2567, and waits for both nodes to be ready', () => {
    const proxy = services.proxy;
    expect(proxy.image).toMatch(/^nginx:/);
    const mounts = (proxy.volumes ?? []).map((v) => (typeof v === 'string' ? v.split(':').slice(0, 2).join(':') : `${v.source}:${v.target}`));
    expect(mounts).toContain('./deploy/nginx.conf:/etc/nginx/nginx.conf');
    expect(publishedTargets(proxy)).toContain('2567');
    const conditions = proxy.depends_on as Record<string, { condition?: string }>;
    for (const n of NODES) expect(conditions[n]?.condition).toBe('service_healthy');
  });

  test.each(['redis', 'postgres'])('%s has a healthcheck', (name) => {
    const check = services[name].healthcheck?.test;
    expect(check).toBeDefined();
    expect(check?.length).toBeGreaterThan(0);
  });

  test('postgres stores its data in a declared named volume', () => {
    const volumes = services.postgres.volumes ?? [];
    const sources = volumes.map((v) => (typeof v === 'string' ? v.split(':')[0] : v.source));
    const named = sources.filter((s): s is string => !!s && !s.startsWith('.') && !s.startsWith('/'));
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(Object.keys(compose.volumes ?? {})).toContain(name);
  });
});

describe('deploy/nginx.conf', () => {
  test('listens on 2567 and sends every other path to either node', () => {
    expect(nginx).toMatch(/listen 2567;/);
    const upstream = block(/upstream lames_any/);
    for (const n of NODES) expect(upstream).toMatch(new RegExp(`server ${n}:2567\\b`));
    expect(block(/location \//)).toMatch(/proxy_pass http:\/\/lames_any;/);
  });

  test.each([
    ['node1', 'server1'],
    ['node2', 'server2'],
  ])('/%s/ reaches %s only, prefix stripped, with the WebSocket upgrade', (prefix, service) => {
    const location = block(new RegExp(`location /${prefix}/`));
    expect(location).toMatch(new RegExp(`proxy_pass http://${service}:2567/;`));
    expect(location).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(location).toMatch(/proxy_set_header Connection \$connection_upgrade;/);
  });

  test('/metrics is not served through the public entry point', () => {
    expect(block(/location = \/metrics/)).toMatch(/return 404;/);
  });
});

describe('Dockerfile', () => {
  test('CMD runs node packages/server/dist/main.js', () => {
    const cmd = lastCmd(dockerfilePath(services.server1));
    expect(cmd[0]).toBe('node');
    expect(cmd).toContain('packages/server/dist/main.js');
  });

  test('exposes port 2567', () => {
    const text = readFileSync(dockerfilePath(services.server1), 'utf8');
    expect(text).toMatch(/^EXPOSE\s+2567\b/m);
  });
});
