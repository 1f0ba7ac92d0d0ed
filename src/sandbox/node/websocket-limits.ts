/**
 * How many WebSocket connections the local event sandbox holds, and how long it keeps one that
 * nobody uses, from the environment (CARAVAN_DOCS_MAX_WEBSOCKETS, CARAVAN_DOCS_MAX_WEBSOCKETS_PER_ADDRESS,
 * CARAVAN_DOCS_WEBSOCKET_IDLE_TIMEOUT_MS). Header timeouts and the per-address cap on HTTP
 * connections are the front server's (src/server/connection-limits.ts).
 */
import { integerFrom } from '../../config/env.ts';

export interface WebSocketLimits {
  /** Open WebSocket connections at once, from every address (CARAVAN_DOCS_MAX_WEBSOCKETS). */
  maxConnections: number;
  /** Open WebSocket connections from one client address (an IPv6 /64); 0: only the total (CARAVAN_DOCS_MAX_WEBSOCKETS_PER_ADDRESS). */
  maxPerAddress: number;
  /** How often each connection is pinged; one that answered nothing since the last ping is cut (fixed, but for tests). */
  pingIntervalMs: number;
  /** A connection with no frame either way for this long is closed with 1001; 0: never (CARAVAN_DOCS_WEBSOCKET_IDLE_TIMEOUT_MS). */
  idleTimeoutMs: number;
}

/**
 * A developer's few clients fit in 8 connections from one address, and four addresses are needed
 * to take all 32; pings every 30 s find a dead peer within a minute; 5 minutes without a frame
 * either way is a client left open, not one waiting for the next call.
 */
export const DEFAULT_WEBSOCKET_LIMITS: WebSocketLimits = { maxConnections: 32, maxPerAddress: 8, pingIntervalMs: 30_000, idleTimeoutMs: 300_000 };

/**
 * The limits; a bad value names the variable and the fix. Behind trusted proxies (`proxyHops` > 0)
 * every connection comes from a proxy, so there is no per-address cap unless one is set, as for
 * the front server's connections.
 */
export function webSocketLimitsFrom(env: Readonly<Record<string, string | undefined>>, proxyHops: number): WebSocketLimits {
  const defaults = DEFAULT_WEBSOCKET_LIMITS;
  return {
    maxConnections: integerFrom(env, 'CARAVAN_DOCS_MAX_WEBSOCKETS', defaults.maxConnections, 1, 100_000, `a number of connections from 1 to 100000 (default ${defaults.maxConnections})`),
    maxPerAddress: integerFrom(env, 'CARAVAN_DOCS_MAX_WEBSOCKETS_PER_ADDRESS', proxyHops > 0 ? 0 : defaults.maxPerAddress, 0, 100_000, `a number of connections (0 for no cap but the total; default ${defaults.maxPerAddress}, or 0 behind trusted proxies)`),
    pingIntervalMs: defaults.pingIntervalMs,
    idleTimeoutMs: integerFrom(env, 'CARAVAN_DOCS_WEBSOCKET_IDLE_TIMEOUT_MS', defaults.idleTimeoutMs, 0, 86_400_000, `a number of milliseconds up to 86400000 (0: never; default ${defaults.idleTimeoutMs})`),
  };
}
