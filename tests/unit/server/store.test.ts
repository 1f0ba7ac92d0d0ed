import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../../src/server/store/memory.ts';
import { createRedisStore } from '../../../src/server/store/redis.ts';
import { STORE_TIMEOUT_MS, StoreUnavailableError, withTimeouts, type SharedStore } from '../../../src/server/store/index.ts';
import { startRedis, type RunningRedis } from '../../e2e/support/redis-server.ts';

let redis: RunningRedis;
const opened: SharedStore[] = [];
const quiet = { onError: () => {}, onReady: () => {} };

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
  await redis?.stop();
});

function redisStore(url = redis.url): SharedStore {
  const store = withTimeouts(createRedisStore(url, { connectTimeoutMs: STORE_TIMEOUT_MS, ...quiet }), STORE_TIMEOUT_MS, { down: () => {}, up: () => {} });
  opened.push(store);
  return store;
}

// The same contract for both implementations.
for (const [name, make] of [
  ['memory', () => withTimeouts(createMemoryStore(), STORE_TIMEOUT_MS)],
  ['redis', () => redisStore()],
] as const) {
  describe(`${name} store`, () => {
    const unique = () => `test:${name}:${Math.random().toString(36).slice(2)}`;

    it('gets what was set, several keys in one call, until the value expires', async () => {
      const store = make();
      const [a, b] = [unique(), unique()];
      await store.set(a, 'one', 200);
      expect(await store.getMany([a, b])).toEqual(['one', undefined]);
      await new Promise((resolve) => setTimeout(resolve, 260));
      expect(await store.getMany([a])).toEqual([undefined]);
    });

    it('deletes a key', async () => {
      const store = make();
      const key = unique();
      await store.set(key, 'x', 60_000);
      await store.delete(key);
      expect(await store.getMany([key])).toEqual([undefined]);
    });

    it('counts atomically in a fixed window: parallel increments each get their own count', async () => {
      const store = make();
      const key = unique();
      const counts = await Promise.all(Array.from({ length: 25 }, () => store.increment(key, 1, 60_000)));
      expect(counts.map(({ count }) => count).sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
      const later = await store.increment(key, -1, 1);
      // A later increment keeps the window's first expiry.
      expect(later.count).toBe(24);
      expect(later.ttlMs).toBeGreaterThan(50_000);
    });

    it('releases counter slots atomically and deletes a counter that reaches 0, so no key is left', async () => {
      const store = make();
      const key = unique();
      await Promise.all(Array.from({ length: 10 }, () => store.increment(key, 1, 60_000)));
      const left = await Promise.all(Array.from({ length: 9 }, () => store.release(key, 1)));
      expect(left.sort((x, y) => x - y)).toEqual(Array.from({ length: 9 }, (_, index) => index + 1));
      expect(await store.getMany([key])).toEqual(['1']);
      expect(await store.release(key, 1)).toBe(0);
      expect(await store.getMany([key])).toEqual([undefined]);
      // A missing counter stays missing (no key below zero), and the next slot starts a new window.
      expect(await store.release(key, 1)).toBe(0);
      expect(await store.getMany([key])).toEqual([undefined]);
      expect(await store.increment(key, 1, 60_000)).toEqual({ count: 1, ttlMs: expect.any(Number) });
    });

    it('sets a key only when absent, atomically, and says what it holds', async () => {
      const store = make();
      const key = unique();
      const results = await Promise.all(['a', 'b', 'c'].map((value) => store.setIfAbsent(key, value)));
      expect(new Set(results).size).toBe(1);
      expect(await store.getMany([key])).toEqual([results[0]]);
    });

    it('keeps a map of fields under one key', async () => {
      const store = make();
      const key = unique();
      await store.mapSet(key, 'token-a', 'hash-a', 60_000);
      await store.mapSet(key, 'token-b', 'hash-b', 60_000);
      await store.mapDelete(key, 'token-a');
      expect(await store.mapEntries(key)).toEqual({ 'token-b': 'hash-b' });
      expect(await store.mapEntries(unique())).toEqual({});
    });

    it('answers a ping', async () => {
      await expect(make().ping()).resolves.toBeUndefined();
    });
  });
}

describe('store failures', () => {
  it('a store that never answers fails within the timeout, as StoreUnavailableError naming the store', async () => {
    const stuck = { ...createMemoryStore(), name: 'stuck', getMany: () => new Promise<never>(() => {}) };
    const lines: string[] = [];
    const store = withTimeouts(stuck, 100, { down: (reason) => lines.push(reason), up: () => {} });
    const started = Date.now();
    const error = await store.getMany(['a']).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error as Error).message).toContain('stuck');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(lines).toEqual(['no answer within 100 ms']);
  });

  it('Redis stopped: calls fail fast; restarted: the client reconnects by itself', async () => {
    const store = redisStore();
    await store.set('test:restart', '1', 60_000);
    await redis.stop();
    const started = Date.now();
    await expect(store.getMany(['test:restart'])).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(Date.now() - started).toBeLessThan(STORE_TIMEOUT_MS + 500);
    await redis.start();
    const deadline = Date.now() + 10_000;
    let answered = false;
    while (!answered && Date.now() < deadline) {
      answered = await store.ping().then(() => true, () => false);
      if (!answered) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(answered).toBe(true);
    // Nothing is persisted: the restarted server is empty.
    expect(await store.getMany(['test:restart'])).toEqual([undefined]);
  });

  it('the error is recognised by every copy of the store module (the serve command and the server bundle each load one)', async () => {
    // A second instance of the module, as a second bundle would load it (a query makes it another module).
    const second = '../../../src/server/store/types.ts?second-copy';
    const copy = (await import(/* @vite-ignore */ second)) as typeof import('../../../src/server/store/types.ts');
    expect(copy.StoreUnavailableError).not.toBe(StoreUnavailableError);
    expect(new copy.StoreUnavailableError('redis://x', 'down')).toBeInstanceOf(StoreUnavailableError);
    expect(new StoreUnavailableError('redis://x', 'down')).toBeInstanceOf(copy.StoreUnavailableError);
    expect(new Error('down')).not.toBeInstanceOf(StoreUnavailableError);
    expect(Object.assign(new Error('x'), { name: 'StoreUnavailableError' })).not.toBeInstanceOf(StoreUnavailableError);
  });

  it('a Redis that is not there: calls fail within the timeout', async () => {
    const store = redisStore('redis://127.0.0.1:1');
    const started = Date.now();
    await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(Date.now() - started).toBeLessThan(STORE_TIMEOUT_MS + 500);
  });
});

describe('the process store (CARAVAN_DOCS_REDIS_URL)', () => {
  it('storeReady() is true while Redis answers and false when it does not; closeStore() closes it', async () => {
    const { closeStore, sharedStore, storeReady } = await import('../../../src/server/store/index.ts');
    const previous = process.env.CARAVAN_DOCS_REDIS_URL;
    try {
      process.env.CARAVAN_DOCS_REDIS_URL = redis.url;
      await closeStore();
      expect(sharedStore().name).toBe(redis.url);
      expect(await storeReady()).toBe(true);
      await closeStore();
      process.env.CARAVAN_DOCS_REDIS_URL = 'redis://127.0.0.1:1';
      expect(await storeReady()).toBe(false);
      await closeStore();
      delete process.env.CARAVAN_DOCS_REDIS_URL;
      expect(sharedStore().name).toBe('memory');
      expect(await storeReady()).toBe(true);
    } finally {
      await closeStore();
      if (previous === undefined) delete process.env.CARAVAN_DOCS_REDIS_URL;
      else process.env.CARAVAN_DOCS_REDIS_URL = previous;
    }
  });
});
