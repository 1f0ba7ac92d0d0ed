/**
 * How long a client may take to send a request, and how many connections one address may hold:
 * one set of limits, read from the same environment variables, for every HTTP server a stranger
 * may reach (the front server, the local sandboxes).
 */
import type { ServerOptions } from 'node:http';
import { integerFrom } from '../config/env.ts';
import { DocsInputError } from '../config/errors.ts';

/** How long a client may take to send a request, and how many connections one address may hold. */
export interface ConnectionLimits {
  /** From the connection (or the previous answer) to the end of the request's headers (CARAVAN_DOCS_HEADERS_TIMEOUT_MS). */
  headersTimeoutMs: number;
  /** From the connection to the end of the whole request, body included (CARAVAN_DOCS_REQUEST_TIMEOUT_MS). */
  requestTimeoutMs: number;
  /** Open connections from one client address (an IPv6 /64) at once; 0: no cap (CARAVAN_DOCS_MAX_CONNECTIONS_PER_ADDRESS). */
  maxPerAddress: number;
}

const HEADERS_TIMEOUT_ENV = 'CARAVAN_DOCS_HEADERS_TIMEOUT_MS';
const REQUEST_TIMEOUT_ENV = 'CARAVAN_DOCS_REQUEST_TIMEOUT_MS';
const PER_ADDRESS_ENV = 'CARAVAN_DOCS_MAX_CONNECTIONS_PER_ADDRESS';

/**
 * A browser sends its headers at once, and the largest body the server reads (1 MiB by default)
 * in a few seconds even over a slow mobile link; a client that takes longer is holding the
 * connection, not using it (Node's own defaults are 60 s and 300 s).
 */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, maxPerAddress: 100 };

/** Node's own keep-alive default: a connection idle this long after an answer is closed. */
const KEEP_ALIVE_MS = 5000;

/**
 * The connection limits. Behind trusted proxies (`proxyHops` > 0) every connection comes from a
 * proxy, so there is no per-address cap unless one is set (the proxy limits its clients; see the
 * manual's "Timeouts and connections").
 */
export function connectionLimitsFrom(env: Readonly<Record<string, string | undefined>>, proxyHops: number): ConnectionLimits {
  const defaults = DEFAULT_CONNECTION_LIMITS;
  const headersTimeoutMs = integerFrom(env, HEADERS_TIMEOUT_ENV, defaults.headersTimeoutMs, 100, 600_000, `a number of milliseconds between 100 and 600000 (default ${defaults.headersTimeoutMs})`);
  const requestTimeoutMs = integerFrom(env, REQUEST_TIMEOUT_ENV, Math.max(defaults.requestTimeoutMs, headersTimeoutMs), 100, 3_600_000, `a number of milliseconds between 100 and 3600000 (default ${defaults.requestTimeoutMs})`);
  if (requestTimeoutMs < headersTimeoutMs) {
    throw new DocsInputError({
      file: `environment variable ${REQUEST_TIMEOUT_ENV}`,
      problem: `is ${requestTimeoutMs}, shorter than ${HEADERS_TIMEOUT_ENV} (${headersTimeoutMs}): the whole request cannot take less time than its headers.`,
      hint: `set ${REQUEST_TIMEOUT_ENV} to at least ${headersTimeoutMs}, or lower ${HEADERS_TIMEOUT_ENV}.`,
    });
  }
  const maxPerAddress = integerFrom(env, PER_ADDRESS_ENV, proxyHops > 0 ? 0 : defaults.maxPerAddress, 0, 1_000_000, `a number of connections (0 for no cap; default ${defaults.maxPerAddress}, or 0 behind trusted proxies)`);
  return { headersTimeoutMs, requestTimeoutMs, maxPerAddress };
}

/**
 * The `http.createServer` options that enforce the timeouts: a client that takes longer than
 * `headersTimeoutMs` to send its headers, or `requestTimeoutMs` for its whole request (a body
 * trickled a byte at a time), gets 408 and loses the connection. Node checks every connection
 * this often, so a timeout is never overrun by more than a fraction of itself; an idle
 * keep-alive connection waits no longer for its next request's headers than a new one would.
 */
export function httpServerTimeouts(limits: ConnectionLimits): Pick<ServerOptions, 'headersTimeout' | 'requestTimeout' | 'connectionsCheckingInterval' | 'keepAliveTimeout'> {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
    keepAliveTimeout: Math.min(KEEP_ALIVE_MS, limits.headersTimeoutMs),
  };
}
