import { integerFrom, proxyHopsFrom } from '../../config/env.ts';
import { connectionLimitsFrom, type ConnectionLimits } from '../connection-limits.ts';

/** Where the server listens, how long it drains on shutdown, and how long and how many connections a client may hold, from the environment. */
export interface FrontSettings {
  host: string;
  port: number;
  shutdownTimeoutMs: number;
  /** Reverse proxies trusted to set X-Forwarded-Proto and append X-Forwarded-For (CARAVAN_DOCS_TRUSTED_PROXY_HOPS). */
  proxyHops: number;
  connections: ConnectionLimits;
}

const SHUTDOWN_ENV = 'CARAVAN_DOCS_SHUTDOWN_TIMEOUT_MS';
/** Under the 10 s Docker and systemd wait between SIGTERM and SIGKILL, so the server ends on its own. */
const DEFAULT_SHUTDOWN_TIMEOUT_MS = 8000;

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
