import { redisUrlFrom } from '../../config/env.ts';
import { createMemoryStore } from './memory.ts';
import { createRedisStore, storeName } from './redis.ts';
import { StoreUnavailableError, type SharedStore } from './types.ts';

/**
 * The one store of this process, chosen by CARAVAN_DOCS_REDIS_URL: Redis/Valkey when set, memory
 * otherwise. Every call is bounded by STORE_TIMEOUT_MS and fails as StoreUnavailableError, so a
 * slow or stopped store never hangs a request.
 */
export const STORE_TIMEOUT_MS = 250;

/** One log line per outage (and one when it ends), not one per request. */
function outageLog(name: () => string): { down: (reason: string) => void; up: () => void } {
  let down = false;
  return {
    down(reason) {
      if (down) return;
      down = true;
      console.error(`[caravan-docs] shared store ${name()} unavailable (${reason}): sign-in and signed-in requests answer 503 until it answers again.`);
    },
    up() {
      if (!down) return;
      down = false;
      console.error(`[caravan-docs] shared store ${name()} answers again.`);
    },
  };
}

/** Wraps every call of a store in a deadline; failures become StoreUnavailableError and are logged once per outage. */
export function withTimeouts(store: SharedStore, timeoutMs: number, log = outageLog(() => store.name)): SharedStore {
  const guard =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        // Rejected in the check phase, after the event loop has read the sockets: after a stall of the
        // loop, an answer that is already there wins over the late timer.
        timer = setTimeout(() => setImmediate(() => reject(new Error(`no answer within ${timeoutMs} ms`))), timeoutMs);
      });
      const pending = call(...args);
      // A call that loses the race may still fail later: that must not be an unhandled rejection.
      pending.catch(() => undefined);
      try {
        const result = await Promise.race([pending, deadline]);
        log.up();
        return result;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        log.down(reason);
        throw new StoreUnavailableError(store.name, reason);
      } finally {
        clearTimeout(timer);
      }
    };
  return {
    name: store.name,
    getMany: guard(store.getMany),
    set: guard(store.set),
    delete: guard(store.delete),
    setIfAbsent: guard(store.setIfAbsent),
    increment: guard(store.increment),
    release: guard(store.release),
    mapSet: guard(store.mapSet),
    mapEntries: guard(store.mapEntries),
    mapDelete: guard(store.mapDelete),
    ping: guard(store.ping),
    close: store.close,
  };
}

// The server bundle and the serve command (src/cli/serve.ts) each load a copy of this module: the store lives on
// globalThis, so a process has one store (one Redis connection), which /readyz pings and shutdown closes.
const STORE_SLOT = Symbol.for('caravan-docs.shared-store');
const slot = globalThis as { [STORE_SLOT]?: SharedStore };

/** The process's store, created at first use. */
export function sharedStore(): SharedStore {
  if (!slot[STORE_SLOT]) {
    const url = redisUrlFrom(process.env);
    if (url) {
      const log = outageLog(() => storeName(url));
      const redis = createRedisStore(url, { connectTimeoutMs: STORE_TIMEOUT_MS, onError: (error) => log.down(error.message || error.name), onReady: log.up });
      slot[STORE_SLOT] = withTimeouts(redis, STORE_TIMEOUT_MS, log);
    } else {
      slot[STORE_SLOT] = withTimeouts(createMemoryStore(), STORE_TIMEOUT_MS);
    }
  }
  return slot[STORE_SLOT];
}

/** For /readyz: true when the store answers a ping within STORE_TIMEOUT_MS (always true in memory). */
export async function storeReady(): Promise<boolean> {
  try {
    await sharedStore().ping();
    return true;
  } catch {
    return false;
  }
}

/** For graceful shutdown: closes the connection to Redis (nothing to do in memory). */
export async function closeStore(): Promise<void> {
  const store = slot[STORE_SLOT];
  delete slot[STORE_SLOT];
  await store?.close();
}

export { RECORDS_SINCE_KEY, StoreUnavailableError, type SharedStore } from './types.ts';
