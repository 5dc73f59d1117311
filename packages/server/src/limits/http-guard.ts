import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { requestAddress } from './client-address';
import { CreateBudget } from './create-budget';
import { APPROVED_ORIGIN_HEADER, approvedOrigin, installCorsPolicy } from './cors';

/**
 * The first thing every HTTP request meets (issue 7: a 100 MiB body to
 * /matchmake was read whole, creates were free, any origin was answered).
 * Installed once Colyseus has attached its own 'request' listener (it
 * prepends one that routes /matchmake and hands the rest to Express): the
 * guard takes every listener over and calls them only for a request it lets
 * through. It
 * - refuses a body over `bodyLimit` bytes: at once by its Content-Length,
 *   or while counting the bytes of a chunked body. A body it let through
 *   was read here and is handed on as `req.body` (parsed when JSON), which
 *   Colyseus' router and Express's body parser both take instead of reading
 *   the stream again;
 * - counts `POST /matchmake/create/…` per client address per hour;
 * - approves the request's Origin or not for the CORS headers (cors.ts);
 * - never serves a source map (`*.map`), even from a debugging build.
 */
export interface HttpGuardOptions {
  /** The largest body accepted, in bytes. */
  bodyLimit: number;
  createsPerHour: number;
  /** Origins besides the server's own that browsers may read answers from. */
  corsOrigins: readonly string[];
  trustProxy: boolean;
  now?: () => number;
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

export const BODY_LIMIT = 16 * 1024;

export function installHttpGuard(server: Server, options: HttpGuardOptions): void {
  installCorsPolicy();
  const listeners = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
  const creates = new CreateBudget({ perHour: options.createsPerHour, now: options.now });
  const pass: Listener = (req, res) => {
    for (const listener of listeners) listener.call(server, req, res);
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    delete req.headers[APPROVED_ORIGIN_HEADER];
    const origin = approvedOrigin(req, options.corsOrigins);
    if (origin) req.headers[APPROVED_ORIGIN_HEADER] = origin;
    const refuse = (status: number, body: Refusal, extra: Record<string, string> = {}) =>
      sendRefusal(res, origin, status, body, extra);

    if (/\.map\/*$/i.test(pathOf(req)))
      return refuse(404, { error: 'notFound', message: 'notFound' });
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > options.bodyLimit) return refuse(413, tooLarge(options.bodyLimit));
    if (req.method === 'POST' && /^\/matchmake\/create\//.test(req.url ?? '')) {
      const wait = creates.take(requestAddress(req, options.trustProxy));
      if (wait !== null) return refuse(429, tooManyCreates(wait), { 'Retry-After': String(wait) });
    }
    if (!hasBody(req)) return pass(req, res);
    readLimited(req, options.bodyLimit, (raw) => {
      if (raw === null) return refuse(413, tooLarge(options.bodyLimit));
      (req as IncomingMessage & { body?: unknown }).body = parseBody(req, raw);
      pass(req, res);
    });
  });
}

/** The request's path, percent-decoded as the static file server will read it (`x.js.ma%70` is `x.js.map`). */
function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const raw = q < 0 ? url : url.slice(0, q);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** A body is coming: declared by its length, or chunked. Whatever the method: an unread body would sit in the socket. */
function hasBody(req: IncomingMessage): boolean {
  if ((req as { body?: unknown }).body !== undefined) return false;
  return (
    Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined
  );
}

/** Reads the body, giving up (null) as soon as it passes `limit` bytes; an aborted request is dropped. */
function readLimited(
  req: IncomingMessage,
  limit: number,
  done: (raw: string | null) => void,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  req.on('data', (chunk: Buffer) => {
    if (over) return;
    size += chunk.length;
    if (size > limit) {
      over = true;
      chunks.length = 0;
      // Stop buffering; Node discards the rest and the socket closes after the answer (Connection: close).
      req.pause();
      done(null);
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (!over) done(Buffer.concat(chunks).toString('utf8'));
  });
  req.on('error', () => undefined);
}

/** As Colyseus' own pre-reading does: JSON bodies parsed, anything else (or bad JSON) as the raw text, refused downstream. */
function parseBody(req: IncomingMessage, raw: string): unknown {
  if (!(req.headers['content-type'] ?? '').includes('application/json')) return raw;
  try {
    return JSON.parse(raw || '{}');
  } catch {
    return raw;
  }
}

interface Refusal {
  error: string;
  message: string;
  [field: string]: unknown;
}

/** Codes first, then French / English, as the room's refusals read (rooms/refusals.ts): the SDK shows `message`. */
function tooLarge(limit: number): Refusal {
  return {
    error: 'bodyTooLarge',
    limit,
    message: `bodyTooLarge: Requête trop grande (au plus ${limit} octets). / Request body too large (at most ${limit} bytes).`,
  };
}

function tooManyCreates(seconds: number): Refusal {
  return {
    error: 'tooManyCreates',
    retryAfter: seconds,
    message: `tooManyCreates: Trop de batailles créées depuis cette adresse : réessayez dans ${seconds} s. / Too many battles created from this address: try again in ${seconds} s.`,
  };
}

function sendRefusal(
  res: ServerResponse,
  origin: string | null,
  status: number,
  body: Refusal,
  extra: Record<string, string>,
): void {
  const cors: Record<string, string> = origin
    ? {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Credentials': 'true',
        Vary: 'Origin',
      }
    : { Vary: 'Origin' };
  // The client may still be sending: close the connection rather than read what we refused.
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    Connection: 'close',
    ...cors,
    ...extra,
  });
  res.end(JSON.stringify(body));
}
