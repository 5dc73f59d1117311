import type { IncomingMessage } from 'node:http';

/**
 * The address a client is counted against (creates per hour, wrong keys).
 * The socket's peer address unless a trusted reverse proxy stands in front
 * (LAMES_TRUST_PROXY): then the address that proxy saw, which it appends
 * LAST to X-Forwarded-For (nginx, Traefik, Caddy all do), or else writes in
 * X-Real-IP. Earlier X-Forwarded-For hops are whatever the client sent
 * (Colyseus' own `context.ip` takes the first one) and would let it pick a
 * fresh address for every request.
 */
export function requestAddress(req: IncomingMessage, trustProxy: boolean): string {
  const proxied = trustProxy ? proxiedAddress((name) => lastValue(req.headers[name])) : undefined;
  return proxied ?? req.socket.remoteAddress ?? 'unknown';
}

/**
 * The client's address as a trusted proxy reports it, read through `header`
 * (e.g. `(n) => context.headers.get(n)` in a room's onAuth); undefined when
 * the proxy wrote neither header.
 */
export function proxiedAddress(
  header: (name: string) => string | null | undefined,
): string | undefined {
  const hops = (header('x-forwarded-for') ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  return hops[hops.length - 1] ?? (header('x-real-ip')?.split(',').pop()?.trim() || undefined);
}

function lastValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[value.length - 1] : value;
}
