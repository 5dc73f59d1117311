/**
 * Server configuration, read once from the environment at start-up.
 *
 * Every variable is optional: with none set the server runs alone, keeping
 * battles as JSON files under `<repo>/.data` and serving the built client from
 * `<repo>/packages/client/dist`. A bad value stops the start with a message
 * that names the variable, rather than surfacing later as an obscure failure.
 */
import * as path from 'node:path';
import { z } from 'zod';

export interface ServerConfig {
  port: number;
  host: string;
  /** When set, rooms are shared across processes through Redis (see scaling.ts). */
  redisUrl?: string;
  /** When set, battles are kept in PostgreSQL instead of files (see persistence/store.ts). */
  databaseUrl?: string;
  /** Absolute directory of the embedded file store. */
  dataDir: string;
  /** Absolute directory of the built client that the server serves. */
  clientDir: string;
  /** Hours without activity after which a battle only its creator ever joined is deleted. */
  openBattleTtlHours: number;
  /** Seconds between two passes of the deadline sweep (rooms/deadline-sweep.ts). */
  deadlineSweepSeconds: number;
  /** Whether a reverse proxy in front sets X-Real-IP / X-Forwarded-For: only then are those headers the client's address. */
  trustProxy: boolean;
  /** Origins (besides the server's own) whose pages may read the server's HTTP answers (CORS). */
  corsOrigins: string[];
  /** Battles one client address may create per hour. */
  createsPerHour: number;
  /** Bearer token that opens GET /metrics; without it the route answers 404. */
  metricsToken?: string;
  /** host:port (optionally with a path) where clients reach THIS process, when several run behind one entry point. */
  publicAddress?: string;
  /** The organisers' token (issue 12); unset: generated at first start on the embedded store (organiser/token.ts). */
  organiserToken?: string;
}

// This file is packages/server/src/config.ts under ts-jest and
// packages/server/dist/config.js once built: both sit three levels below the
// repository root, so one relative path serves both (and /app in the image).
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

const DEFAULT_PORT = 2567;
const DEFAULT_HOST = '0.0.0.0';
const DEFAULT_OPEN_BATTLE_TTL_HOURS = 48;
/** A minute: the shortest deadline is a minute (rooms/clock.ts), and a pass is one indexed query when nothing is due. */
const DEFAULT_DEADLINE_SWEEP_SECONDS = 60;
const DEFAULT_CREATES_PER_HOUR = 30;

/** What each variable must hold, as said in the error message. */
const EXPECTED = {
  PORT: 'a whole number from 0 to 65535',
  HOST: 'a host name or IP address to listen on, without spaces',
  REDIS_URL: 'a redis:// or rediss:// URL',
  DATABASE_URL: 'a postgres:// or postgresql:// URL',
  LAMES_DATA_DIR: 'a directory path',
  LAMES_CLIENT_DIR: 'a directory path',
  LAMES_OPEN_BATTLE_TTL_HOURS: 'a number of hours from 1 to 8760',
  LAMES_DEADLINE_SWEEP_SECONDS: 'a whole number of seconds from 1 to 86400',
  LAMES_TRUST_PROXY: '1 or 0 (true or false)',
  LAMES_CORS_ORIGINS: 'comma-separated origins such as https://example.org (scheme, host and port only)',
  LAMES_CREATES_PER_HOUR: 'a whole number from 1 to 100000',
  LAMES_METRICS_TOKEN: 'a token of at least 16 characters, without spaces',
  LAMES_PUBLIC_ADDRESS: 'host:port, optionally followed by a path, without a scheme (e.g. lames.example.org/node1)',
  LAMES_ORGANISER_TOKEN: 'at least 16 characters without spaces',
} as const;

type VarName = keyof typeof EXPECTED;

function urlWithProtocol(protocols: string[]) {
  return z.string().refine((s) => {
    try {
      return protocols.includes(new URL(s).protocol);
    } catch {
      return false;
    }
  });
}

// Every value arrives as a string; empty values were already dropped (an
// empty variable, as docker-compose writes `FOO:` for instance, means unset).
const envSchema = z.object({
  PORT: z
    .string()
    .regex(/^\d{1,5}$/)
    .transform(Number)
    .pipe(z.number().int().min(0).max(65535))
    .optional(),
  HOST: z.string().regex(/^\S+$/).optional(),
  REDIS_URL: urlWithProtocol(['redis:', 'rediss:']).optional(),
  DATABASE_URL: urlWithProtocol(['postgres:', 'postgresql:']).optional(),
  // Any string is a path; no NUL, which no file system accepts.
  LAMES_DATA_DIR: z
    .string()
    .regex(/^[^\0]+$/)
    .optional(),
  LAMES_CLIENT_DIR: z
    .string()
    .regex(/^[^\0]+$/)
    .optional(),
  LAMES_OPEN_BATTLE_TTL_HOURS: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .transform(Number)
    .pipe(z.number().min(1).max(8760))
    .optional(),
  LAMES_DEADLINE_SWEEP_SECONDS: z
    .string()
    .regex(/^\d{1,5}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(86_400))
    .optional(),
  LAMES_TRUST_PROXY: z
    .enum(['1', '0', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
  LAMES_CORS_ORIGINS: z
    .string()
    .transform((v) => v.split(',').map((o) => o.trim()).filter(Boolean))
    .pipe(z.array(z.string().refine(isOrigin)).min(1))
    .optional(),
  LAMES_CREATES_PER_HOUR: z
    .string()
    .regex(/^\d{1,6}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(100_000))
    .optional(),
  LAMES_METRICS_TOKEN: z.string().regex(/^\S{16,}$/).optional(),
  LAMES_PUBLIC_ADDRESS: z
    .string()
    // No scheme: the SDK adds ws:// or wss:// itself, as the page was loaded.
    .regex(/^(?!.*\/\/)[A-Za-z0-9.[\]:-]+(\/[A-Za-z0-9._~/-]*)?$/)
    .optional(),
  LAMES_ORGANISER_TOKEN: z.string().regex(/^\S{16,256}$/).optional(),
});

/** An origin as browsers send it: http(s), host, optional port, nothing after. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}

/** Hides the credentials of a URL (`//user:secret@host` → `//***@host`) before it goes in a message or a log. */
export function redactUrl(value: string): string {
  return value.replace(/\/\/[^@/]*@/, '//***@');
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const raw: Partial<Record<VarName, string>> = {};
  for (const name of Object.keys(EXPECTED) as VarName[]) {
    const value = env[name]?.trim();
    if (value) raw[name] = value;
  }

  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const names = [
      ...new Set(parsed.error.issues.map((issue) => String(issue.path[0]) as VarName)),
    ];
    const problems = names.map((name) => {
      const shown =
        name === 'REDIS_URL' || name === 'DATABASE_URL'
          ? redactUrl(raw[name] ?? '')
          : name === 'LAMES_METRICS_TOKEN'
            ? '***'
            : raw[name];
      return `${name} must be ${EXPECTED[name]}, got '${shown}'`;
    });
    throw new Error(`Invalid server configuration: ${problems.join('; ')}`);
  }

  const v = parsed.data;
  return {
    port: v.PORT ?? DEFAULT_PORT,
    host: v.HOST ?? DEFAULT_HOST,
    redisUrl: v.REDIS_URL,
    databaseUrl: v.DATABASE_URL,
    // Relative paths are taken from the working directory, like any CLI path.
    dataDir: path.resolve(v.LAMES_DATA_DIR ?? path.join(REPO_ROOT, '.data')),
    clientDir: path.resolve(
      v.LAMES_CLIENT_DIR ?? path.join(REPO_ROOT, 'packages', 'client', 'dist'),
    ),
    openBattleTtlHours: v.LAMES_OPEN_BATTLE_TTL_HOURS ?? DEFAULT_OPEN_BATTLE_TTL_HOURS,
    deadlineSweepSeconds: v.LAMES_DEADLINE_SWEEP_SECONDS ?? DEFAULT_DEADLINE_SWEEP_SECONDS,
    trustProxy: v.LAMES_TRUST_PROXY ?? false,
    corsOrigins: v.LAMES_CORS_ORIGINS ?? [],
    createsPerHour: v.LAMES_CREATES_PER_HOUR ?? DEFAULT_CREATES_PER_HOUR,
    metricsToken: v.LAMES_METRICS_TOKEN,
    publicAddress: v.LAMES_PUBLIC_ADDRESS,
    ...(v.LAMES_ORGANISER_TOKEN && { organiserToken: v.LAMES_ORGANISER_TOKEN }),
  };
}
