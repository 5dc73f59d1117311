import { matchMaker } from '@colyseus/core';
import type { IncomingMessage } from 'node:http';

/**
 * Cross-origin access (issue 7: every route answered any Origin with
 * credentials allowed). A browser page may read our answers only when it
 * comes from the server's own host, or from an origin LAMES_CORS_ORIGINS
 * lists. Colyseus writes the CORS headers of every route (its own and
 * Express's, preflights included) from `matchMaker.controller`: the default
 * headers lose their `Allow-Origin: *` and credentials, and
 * `getCorsHeaders` only echoes an origin the HTTP guard approved for this
 * request, through a request header that the guard always rewrites (a
 * client cannot set it).
 */
export const APPROVED_ORIGIN_HEADER = 'x-lames-approved-origin';

/** The request's Origin when it may read the answer, else null. */
export function approvedOrigin(req: IncomingMessage, configured: readonly string[]): string | null {
  const origin = req.headers.origin;
  if (!origin || origin === 'null') return null;
  if (configured.includes(origin)) return origin;
  return sameHost(origin, req.headers.host) ? origin : null;
}

/** The page was served by this very host (the scheme may differ behind a TLS proxy). */
function sameHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    return new URL(origin).host === new URL(`http://${host}`).host;
  } catch {
    return false;
  }
}

let installed = false;

/** Replaces Colyseus' echo-any-origin policy, once per process. */
export function installCorsPolicy(): void {
  if (installed) return;
  installed = true;
  const controller = matchMaker.controller as { DEFAULT_CORS_HEADERS: Record<string, string> };
  controller.DEFAULT_CORS_HEADERS = {
    'Access-Control-Allow-Headers': 'Origin, X-Requested-With, Content-Type, Accept, Authorization',
    'Access-Control-Allow-Methods': 'GET,HEAD,POST',
    'Access-Control-Max-Age': '600',
    // Caches must not hand one origin's answer to another.
    Vary: 'Origin',
  };
  matchMaker.controller.getCorsHeaders = (headers: Headers): Record<string, string> => {
    const origin = headers.get(APPROVED_ORIGIN_HEADER);
    return origin
      ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true' }
      : {};
  };
}
