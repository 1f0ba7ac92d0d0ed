import { createClient } from 'redis';
import { RECORDS_SINCE_KEY, type SharedStore } from './types.ts';

/** Every key this server writes starts with this, so the store can be shared with other software. */
const PREFIX = 'caravan-docs:';

/** `release` in one atomic step: decrement an existing counter, and delete it when nothing is left. */
const RELEASE_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local left = redis.call('DECRBY', KEYS[1], ARGV[1])
if left > 0 then return left end
redis.call('DEL', KEYS[1])
return 0`;

/** The URL without credentials, for logs. */
export function storeName(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}

/**
 * Redis or Valkey through the maintained `redis` client. Commands are never queued while the
 * connection is down (they fail at once and the caller answers 503); the client reconnects by
 * itself, backing off up to 2 s. `connectTimeoutMs` bounds one connection attempt.
 */
export function createRedisStore(url: string, options: { connectTimeoutMs: number; onError: (error: Error) => void; onReady: () => void }): SharedStore {
  const key = (name: string) => `${PREFIX}${name}`;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: options.connectTimeoutMs, reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 2_000) },
  });
  client.on('error', options.onError);
  client.on('ready', () => {
    // Before any request's command on this connection: a store that came back empty gets a new start time.
    client.set(key(RECORDS_SINCE_KEY), String(Math.floor(Date.now() / 1000)), { condition: 'NX' }).catch(() => undefined);
    options.onReady();
  });
  // Resolves at the first connection; until then commands wait for it (within the caller's timeout).
  const connected = client.connect().then(
    () => undefined,
    (error: Error) => options.onError(error),
  );
  const ready = async () => {
    if (!client.isReady) await connected;
    if (!client.isReady) throw new Error('not connected');
  };

  return {
    name: storeName(url),
    async getMany(keys) {
      if (keys.length === 0) return [];
      await ready();
      const values = await client.mGet(keys.map(key));
      return values.map((value) => value ?? undefined);
    },
    async set(name, value, ttlMs) {
      await ready();
      await client.set(key(name), value, { expiration: { type: 'PX', value: Math.max(1, Math.ceil(ttlMs)) } });
    },
    async delete(name) {
      await ready();
      await client.del(key(name));
    },
    async setIfAbsent(name, value) {
      await ready();
      // SET NX GET: the old value when there was one (nothing written), else null (written).
      const previous = await client.set(key(name), value, { condition: 'NX', GET: true });
      return previous === null ? value : String(previous);
    },
    async increment(name, by, ttlMs) {
      await ready();
      // One transaction: the count, the window's expiry (set only when the counter is new), and what is left of it.
      const [count, , left] = (await client.multi().incrBy(key(name), by).pExpire(key(name), Math.max(1, Math.ceil(ttlMs)), 'NX').pTTL(key(name)).exec()) as unknown as [number, number, number];
      return { count: Number(count), ttlMs: Number(left) };
    },
    async release(name, by) {
      await ready();
      return Number(await client.eval(RELEASE_SCRIPT, { keys: [key(name)], arguments: [String(by)] }));
    },
    async mapSet(name, field, value, ttlMs) {
      await ready();
      await client.multi().hSet(key(name), field, value).pExpire(key(name), Math.max(1, Math.ceil(ttlMs))).exec();
    },
    async mapEntries(name) {
      await ready();
      return { ...(await client.hGetAll(key(name))) };
    },
    async mapDelete(name, field) {
      await ready();
      await client.hDel(key(name), field);
    },
    async ping() {
      await ready();
      await client.ping();
    },
    async close() {
      if (client.isOpen) client.destroy();
    },
  };
}
