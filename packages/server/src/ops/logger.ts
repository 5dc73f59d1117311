/**
 * Structured JSON logs (pino), one line per event, on stdout.
 *
 * The opponent never reads these, but operators, log shippers and bug
 * reports do: a seat key, an invite, a seed or a hidden unit written here
 * would outlive the battle. So nothing secret is ever passed to the logger on
 * purpose, and the redaction list below censors the field names that could
 * carry one if an error object or a payload were logged whole.
 */
import pino, { type DestinationStream, type Logger } from 'pino';
import { redactUrl } from '../config';

/** Field names (at the top or one level down) whose values never reach a log line. */
export const REDACTED_PATHS = [
  'seatKey', 'key', 'invite', 'invites', 'seed', 'spectatorKey', 'keyHash', 'inviteHash', 'spectatorHash',
  'state', 'game', 'pieces', 'options', 'payload', 'authorization', 'password',
  '*.seatKey', '*.key', '*.invite', '*.invites', '*.seed', '*.spectatorKey', '*.keyHash', '*.inviteHash', '*.spectatorHash',
  '*.state', '*.game', '*.pieces', '*.options', '*.payload', '*.authorization', '*.password',
  'req.headers.authorization', 'req.headers.cookie',
];

export type LogError = (message: string, error?: unknown) => void;

/** A logger writing to `destination` (stdout by default); tests pass a stream they read. */
export function createLogger(destination?: DestinationStream, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino(
    {
      level,
      base: { service: 'lames-server', pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: errorSerializer },
    },
    destination,
  );
}

/**
 * An error as a log field: its type, message and stack, with any URL
 * credentials hidden (a PostgreSQL or Redis error may quote its URL), and
 * none of its other properties, which may hold whatever the caller attached.
 */
function errorSerializer(e: unknown): Record<string, unknown> {
  if (!(e instanceof Error)) return { message: redactUrl(String(e)) };
  return { type: e.name, message: redactUrl(e.message), stack: e.stack && redactUrl(e.stack), code: (e as { code?: unknown }).code };
}

/** The `logError(message, error)` callback the rooms and routes take, writing through `logger`. */
export function logErrorWith(logger: Logger, onError?: () => void): LogError {
  return (message, error) => {
    onError?.();
    if (error === undefined) logger.error(message);
    else logger.error({ err: error }, message);
  };
}

type ColyseusLevel = 'debug' | 'info' | 'warn' | 'error' | 'trace';

/**
 * Colyseus's own messages (Server option `logger`) as JSON lines of the same
 * stream: its text arguments joined as the message, an Error as `err`
 * (through the serializer above, so no property of it but type, message,
 * stack and code).
 */
export function colyseusLogger(logger: Logger): Record<ColyseusLevel, (...args: unknown[]) => void> {
  const at =
    (level: ColyseusLevel) =>
    (...args: unknown[]) => {
      const err = args.find((a) => a instanceof Error);
      const msg = args.filter((a) => !(a instanceof Error)).map((a) => (typeof a === 'string' ? a : String(a))).join(' ');
      logger[level]({ source: 'colyseus', ...(err ? { err } : {}) }, msg);
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), trace: at('trace') };
}
