/**
 * `caravan-docs sandbox`'s connection limits, from the front server's environment variables
 * (CARAVAN_DOCS_HEADERS_TIMEOUT_MS, CARAVAN_DOCS_REQUEST_TIMEOUT_MS,
 * CARAVAN_DOCS_MAX_CONNECTIONS_PER_ADDRESS, CARAVAN_DOCS_TRUSTED_PROXY_HOPS) and the event
 * sandbox's own (src/sandbox/node/websocket-limits.ts), and the line that prints them.
 */
import { proxyHopsFrom } from '../config/env.ts';
import { DocsInputError } from '../config/errors.ts';
import { webSocketLimitsFrom, type WebSocketLimits } from '../sandbox/node/websocket-limits.ts';
import { connectionLimitsFrom, type ConnectionLimits } from '../server/connection-limits.ts';
import { CommandError } from './command-error.ts';

export interface SandboxLimits {
  connections: ConnectionLimits;
  websockets: WebSocketLimits;
}

/** The limits; a bad variable stops the command with the variable's name and the fix (exit code 1). */
export function sandboxLimitsFrom(env: Readonly<Record<string, string | undefined>>): SandboxLimits {
  try {
    const proxyHops = proxyHopsFrom(env);
    return { connections: connectionLimitsFrom(env, proxyHops), websockets: webSocketLimitsFrom(env, proxyHops) };
  } catch (error) {
    if (error instanceof DocsInputError) throw new CommandError(error.format(), 1);
    throw error;
  }
}

const seconds = (ms: number) => `${ms / 1000} s`;
const perAddress = (count: number) => (count === 0 ? 'no cap per address' : `${count} per address`);

/** `10 s for a request's headers, 30 s for the whole request (then 408); 100 connections per address`. */
export function connectionBounds(limits: ConnectionLimits): string {
  return `${seconds(limits.headersTimeoutMs)} for a request's headers, ${seconds(limits.requestTimeoutMs)} for the whole request (then 408); ${limits.maxPerAddress === 0 ? 'no cap on connections per address' : `${limits.maxPerAddress} connections per address`}`;
}

/** `32 WebSockets, 8 per address; closed after 300 s with no frame either way`. */
export function webSocketBounds(limits: WebSocketLimits): string {
  const idle = limits.idleTimeoutMs === 0 ? 'never closed for idling' : `closed after ${seconds(limits.idleTimeoutMs)} with no frame either way`;
  return `${limits.maxConnections} WebSockets, ${perAddress(limits.maxPerAddress)}; ${idle}`;
}
