import { describe, expect, it } from 'vitest';
import { redisUrlFrom, serverSecretsFrom } from '../../../src/config/env.ts';
import { DocsInputError } from '../../../src/config/errors.ts';
import { newBuildId } from '../../../src/integration/build-id.ts';

describe('CARAVAN_DOCS_REDIS_URL', () => {
  it('is optional: unset or empty means the memory store', () => {
    expect(redisUrlFrom({})).toBeUndefined();
    expect(redisUrlFrom({ CARAVAN_DOCS_REDIS_URL: '' })).toBeUndefined();
  });

  it('takes redis:// and rediss:// URLs, and reaches the server secrets (so the start check sees it)', () => {
    expect(redisUrlFrom({ CARAVAN_DOCS_REDIS_URL: 'rediss://:pw@cache.internal:6380/1' })).toBe('rediss://:pw@cache.internal:6380/1');
    const secrets = serverSecretsFrom({ CARAVAN_DOCS_AUTH_SECRET: 'x'.repeat(40), CARAVAN_DOCS_REDIS_URL: 'redis://127.0.0.1:6379' }, { auth: { enabled: true, requireLogin: false, publicPaths: [] } } as never);
    expect(secrets.redisUrl).toBe('redis://127.0.0.1:6379');
  });

  it('anything else is an error naming the variable and the fix', () => {
    for (const value of ['127.0.0.1:6379', 'http://cache:6379', 'redis']) {
      const error = (() => {
        try {
          redisUrlFrom({ CARAVAN_DOCS_REDIS_URL: value });
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(DocsInputError);
      expect((error as DocsInputError).format()).toMatch(/environment variable CARAVAN_DOCS_REDIS_URL: `shared store` is not a redis:\/\/ or rediss:\/\/ URL\.\n {2}Fix: set it to the URL of your Redis or Valkey server/);
    }
  });
});

describe('build ids', () => {
  it('are new for every build, readable, and sort by time', () => {
    const at = new Date('2026-11-22T23:10:01.123Z');
    const [first, second] = [newBuildId(at), newBuildId(at)];
    expect(first).toMatch(/^20261122T231001Z-[0-9a-f]{12}$/);
    expect(first).not.toBe(second);
    expect(newBuildId(new Date('2026-11-22T23:10:02Z')) > first!).toBe(true);
  });
});
