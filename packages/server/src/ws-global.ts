import WebSocket from 'ws';

/**
 * Node 22 has a global WebSocket; Node 20 does not. Colyseus code that
 * reaches for `globalThis.WebSocket` (the SDK picks it when it exists, and
 * code running in the server for reconnection checks) then works alike on
 * both: on Node 20 the `ws` package stands in for it.
 */
export function ensureWebSocketGlobal(): void {
  const g = globalThis as { WebSocket?: unknown };
  if (g.WebSocket === undefined) g.WebSocket = WebSocket;
}
