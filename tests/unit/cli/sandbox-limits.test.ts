// `caravan-docs sandbox` reads its connection limits from the front server's environment variables
// and the event sandbox's own, prints them, and stops on a bad value naming the variable.
import { describe, expect, it } from 'vitest';
import { connectionBounds, sandboxLimitsFrom, webSocketBounds } from '../../../src/cli/sandbox-limits.ts';
import { CommandError } from '../../../src/cli/command-error.ts';

describe('sandbox limits from the environment', () => {
  it('defaults to the front server\'s limits, and 32 WebSockets, 8 per address, 30 s pings, 5 minutes idle', () => {
    expect(sandboxLimitsFrom({})).toEqual({
      connections: { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, maxPerAddress: 100 },
      websockets: { maxConnections: 32, maxPerAddress: 8, pingIntervalMs: 30_000, idleTimeoutMs: 300_000 },
    });
  });

  it('reads the same variables as the front server, and the WebSocket ones', () => {
    const limits = sandboxLimitsFrom({
      CARAVAN_DOCS_HEADERS_TIMEOUT_MS: '1000',
      CARAVAN_DOCS_REQUEST_TIMEOUT_MS: '2000',
      CARAVAN_DOCS_MAX_CONNECTIONS_PER_ADDRESS: '0',
      CARAVAN_DOCS_MAX_WEBSOCKETS: '64',
      CARAVAN_DOCS_MAX_WEBSOCKETS_PER_ADDRESS: '16',
      CARAVAN_DOCS_WEBSOCKET_IDLE_TIMEOUT_MS: '0',
    });
    expect(limits).toEqual({ connections: { headersTimeoutMs: 1000, requestTimeoutMs: 2000, maxPerAddress: 0 }, websockets: { maxConnections: 64, maxPerAddress: 16, pingIntervalMs: 30_000, idleTimeoutMs: 0 } });
    expect(connectionBounds(limits.connections)).toBe('1 s for a request\'s headers, 2 s for the whole request (then 408); no cap on connections per address');
    expect(webSocketBounds(limits.websockets)).toBe('64 WebSockets, 16 per address; never closed for idling');
  });

  it('behind trusted proxies, no per-address cap unless one is set (every connection is a proxy\'s)', () => {
    expect(sandboxLimitsFrom({ CARAVAN_DOCS_TRUSTED_PROXY_HOPS: '1' })).toMatchObject({ connections: { maxPerAddress: 0 }, websockets: { maxPerAddress: 0 } });
    expect(sandboxLimitsFrom({ CARAVAN_DOCS_TRUSTED_PROXY_HOPS: '1', CARAVAN_DOCS_MAX_WEBSOCKETS_PER_ADDRESS: '4' }).websockets.maxPerAddress).toBe(4);
  });

  it('a bad value stops the command (exit code 1) naming the variable and the fix', () => {
    for (const env of [{ CARAVAN_DOCS_MAX_WEBSOCKETS: '0' }, { CARAVAN_DOCS_WEBSOCKET_IDLE_TIMEOUT_MS: '5m' }, { CARAVAN_DOCS_REQUEST_TIMEOUT_MS: '500' }]) {
      const name = Object.keys(env)[0]!;
      let error: unknown;
      try {
        sandboxLimitsFrom(env);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(CommandError);
      expect((error as CommandError).exitCode).toBe(1);
      expect((error as CommandError).message).toContain(name);
      expect((error as CommandError).message).toContain('Fix:');
    }
  });
});
