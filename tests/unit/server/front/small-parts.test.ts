import { describe, expect, it } from 'vitest';
import { DocsInputError } from '../../../../src/config/errors.ts';
import { loggablePath, logLine } from '../../../../src/server/front/log.ts';
import { checkReadiness } from '../../../../src/server/front/readiness.ts';
import { requestIdFrom } from '../../../../src/server/front/request-id.ts';
import { frontSettingsFrom } from '../../../../src/server/front/settings.ts';

describe('request ids', () => {
  it('keeps a well-formed incoming id and replaces anything else with a UUID', () => {
    expect(requestIdFrom('lb-7f3a.12:abc@edge')).toBe('lb-7f3a.12:abc@edge');
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const incoming of [undefined, '', 'a'.repeat(129), 'has space', 'new\nline', '{"json":1}', ['a', 'b']]) {
      expect(requestIdFrom(incoming), String(incoming)).toMatch(uuid);
    }
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
  });
});

describe('log lines', () => {
  it('one JSON object: time, level, message, fields; undefined fields left out', () => {
    const line = logLine(new Date('2026-01-02T03:04:05.678Z'), 'info', 'request', { requestId: 'r1', status: 200, path: '/a', missing: undefined });
    expect(line).not.toContain('\n');
    expect(JSON.parse(line)).toEqual({ time: '2026-01-02T03:04:05.678Z', level: 'info', msg: 'request', requestId: 'r1', status: 200, path: '/a' });
  });

  it('a path never carries its query string or fragment, and a newline stays inside the JSON string', () => {
    expect(loggablePath('/api/auth/callback/oidc?code=secret&state=x')).toBe('/api/auth/callback/oidc');
    expect(loggablePath('/a#frag')).toBe('/a');
    expect(loggablePath(`/${'x'.repeat(600)}`)).toHaveLength(513);
    expect(logLine(new Date(0), 'warn', 'x', { path: '/a\nforged' }).split('\n')).toHaveLength(1);
  });
});

describe('readiness', () => {
  it('ready only when every check passes; a throw, false or a slow check is not ready', async () => {
    expect(await checkReadiness([{ name: 'build', check: () => true }], 100)).toEqual({ ready: true, checks: { build: 'ok' } });
    const result = await checkReadiness(
      [
        { name: 'build', check: () => true },
        { name: 'store', check: () => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 1000)) },
        { name: 'thrower', check: () => { throw new Error('down'); } },
        { name: 'rejecter', check: () => Promise.reject(new Error('down')) },
        { name: 'false', check: async () => false },
      ],
      50,
    );
    expect(result).toEqual({ ready: false, checks: { build: 'ok', store: 'timeout', thrower: 'failing', rejecter: 'failing', false: 'failing' } });
  });
});

describe('server settings from the environment', () => {
  it('defaults, and the values operators set', () => {
    const connections = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, maxPerAddress: 100 };
    expect(frontSettingsFrom({})).toEqual({ host: '127.0.0.1', port: 4321, shutdownTimeoutMs: 8000, proxyHops: 0, connections });
    // Behind trusted proxies every connection is a proxy's: no per-address cap unless one is set.
    expect(frontSettingsFrom({ HOST: '0.0.0.0', PORT: '4400', CARAVAN_DOCS_SHUTDOWN_TIMEOUT_MS: '1500', CARAVAN_DOCS_TRUSTED_PROXY_HOPS: '2' })).toEqual({ host: '0.0.0.0', port: 4400, shutdownTimeoutMs: 1500, proxyHops: 2, connections: { ...connections, maxPerAddress: 0 } });
    expect(frontSettingsFrom({ CARAVAN_DOCS_TRUSTED_PROXY_HOPS: '1', CARAVAN_DOCS_MAX_CONNECTIONS_PER_ADDRESS: '500' }).connections.maxPerAddress).toBe(500);
    expect(frontSettingsFrom({ CARAVAN_DOCS_HEADERS_TIMEOUT_MS: '1000', CARAVAN_DOCS_REQUEST_TIMEOUT_MS: '2000', CARAVAN_DOCS_MAX_CONNECTIONS_PER_ADDRESS: '0' }).connections).toEqual({ headersTimeoutMs: 1000, requestTimeoutMs: 2000, maxPerAddress: 0 });
    // A headers timeout above the default request timeout raises the request timeout's default with it.
    expect(frontSettingsFrom({ CARAVAN_DOCS_HEADERS_TIMEOUT_MS: '45000' }).connections.requestTimeoutMs).toBe(45_000);
  });

  it('a bad value names the variable and the fix', () => {
    for (const env of [
      { PORT: 'http' },
      { PORT: '70000' },
      { PORT: '-1' },
      { CARAVAN_DOCS_SHUTDOWN_TIMEOUT_MS: '10s' },
      { CARAVAN_DOCS_SHUTDOWN_TIMEOUT_MS: '1e4' },
      { CARAVAN_DOCS_HEADERS_TIMEOUT_MS: '0' },
      { CARAVAN_DOCS_REQUEST_TIMEOUT_MS: '5000', CARAVAN_DOCS_HEADERS_TIMEOUT_MS: '6000' },
      { CARAVAN_DOCS_MAX_CONNECTIONS_PER_ADDRESS: 'many' },
    ]) {
      const name = Object.keys(env)[0]!;
      let error: unknown;
      try {
        frontSettingsFrom(env);
      } catch (caught) {
        error = caught;
      }
      expect(error, name).toBeInstanceOf(DocsInputError);
      expect((error as DocsInputError).format()).toContain(`environment variable ${name}`);
      expect((error as DocsInputError).format()).toContain('Fix: set');
    }
  });
});
