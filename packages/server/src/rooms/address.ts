import type { AuthContext, Client } from '@colyseus/core';
import { proxiedAddress } from '../limits/client-address';

/**
 * The address a connection's attempts are counted against: the socket's peer
 * address, which a client cannot choose; behind a trusted reverse proxy
 * (LAMES_TRUST_PROXY) the address that proxy reports, read as the HTTP guard
 * reads it (the LAST X-Forwarded-For hop: Colyseus' own `context.ip` takes
 * the first one, which the client writes).
 */
export function clientAddress(client: Client, context: AuthContext | undefined, trustProxy: boolean): string {
  if (trustProxy && context?.headers) {
    const headers = context.headers;
    const proxied = proxiedAddress((name) => headers.get(name));
    if (proxied) return proxied;
  }
  const socket = (client.ref as { _socket?: { remoteAddress?: string } } | undefined)?._socket;
  return socket?.remoteAddress ?? 'unknown';
}
