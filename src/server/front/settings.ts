import { proxyHopsFrom } from '../../config/env.ts';
import { DocsInputError } from '../../config/errors.ts';

/** Where the server listens, how long it drains on shutdown, and how long and how many connections a client may hold, from the environment. */
export interface FrontSettings {
  host: string;
  port: number;
  shutdownTimeoutMs: number;
  /** Reverse proxies trusted to set X-Forwarded-Proto and append X-Forwarded-For (CARAVAN_DOCS_TRUSTED_PROXY_HOPS). */
  proxyHops: number;
  connections: ConnectionLimits;
}

/** How long a client may take to send a request, and how many connections one address may hold. */
export interface ConnectionLimits {
  /** From the connection (or the previous answer) to the end of the request's headers (CARAVAN_DOCS_HEADERS_TIMEOUT_MS). */
  headersTimeoutMs: number;
  /** From the connection to the end of the whole request, body included (CARAVAN_DOCS_REQUEST_TIMEOUT_MS). */
  requestTimeoutMs: number;
  /** Open connections from one client address (an IPv6 /64) at once; 0: no cap (CARAVAN_DOCS_MAX_CONNECTIONS_PER_ADDRESS). */
  maxPerAddress: number;
}

const SHUTDOWN_ENV = 'CARAVAN_DOCS_SHUTDOWN_TIMEOUT_MS';
/** Under the 10 s Docker and systemd wait between SIGTERM and SIGKILL, so the server ends on its own. */
const DEFAULT_SHUTDOWN_TIMEOUT_MS = 8000;

const HEADERS_TIMEOUT_ENV = 'CARAVAN_DOCS_HEADERS_TIMEOUT_MS';
const REQUEST_TIMEOUT_ENV = 'CARAVAN_DOCS_REQUEST_TIMEOUT_MS';
const PER_ADDRESS_ENV = 'CARAVAN_DOCS_MAX_CONNECTIONS_PER_ADDRESS';
/**
 * A browser sends its headers at once, and the largest body the server reads (1 MiB by default)
 * in a few seconds even over a slow mobile link; a client that takes longer is holding the
 * connection, not using it (Node's own defaults are 60 s and 300 s).
 */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, maxPerAddress: 100 };

/**
 * HOST (default 127.0.0.1), PORT (default 4321), CARAVAN_DOCS_SHUTDOWN_TIMEOUT_MS, CARAVAN_DOCS_TRUSTED_PROXY_HOPS
 * and the connection limits; a bad value names the variable and the fix.
 */
export function frontSettingsFrom(env: Readonly<Record<string, string | undefined>>): FrontSettings {
  const host = env.HOST || '127.0.0.1';
  const port = integerFrom(env, 'PORT', 4321, 0, 65535, 'a TCP port between 1 and 65535 (0 picks a free one)');
  const shutdownTimeoutMs = integerFrom(env, SHUTDOWN_ENV, DEFAULT_SHUTDOWN_TIMEOUT_MS, 0, 600_000, 'a number of milliseconds between 0 and 600000 (default 8000)');
  const proxyHops = proxyHopsFrom(env);
  return { host, port, shutdownTimeoutMs, proxyHops, connections: connectionLimitsFrom(env, proxyHops) };
}

/**
 * The connection limits. Behind trusted proxies every connection comes from a proxy, so there is
 * no per-address cap unless one is set (the proxy limits its clients; see the manual's "Timeouts
 * and connections").
 */
function connectionLimitsFrom(env: Readonly<Record<string, string | undefined>>, proxyHops: number): ConnectionLimits {
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

function integerFrom(env: Readonly<Record<string, string | undefined>>, name: string, fallback: number, min: number, max: number, expected: string): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isInteger(number) && number >= min && number <= max) return number;
  throw new DocsInputError({ file: `environment variable ${name}`, problem: `is ${JSON.stringify(value)}, which is not ${expected}.`, hint: `set ${name} to ${expected}, or unset it.` });
}
