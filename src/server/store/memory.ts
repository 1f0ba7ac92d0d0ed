import type { SharedStore } from './types.ts';

interface Entry {
  value: string | number | Map<string, string>;
  expiresAt: number;
}

/** Most keys kept at once; the oldest written is evicted beyond it, so memory stays bounded. */
const DEFAULT_MAX_KEYS = 100_000;

/** The store of a single instance: a Map with expiry, as the server behaved before the shared store. */
export function createMemoryStore(options: { now?: () => number; maxKeys?: number } = {}): SharedStore {
  const { now = Date.now, maxKeys = DEFAULT_MAX_KEYS } = options;
  const entries = new Map<string, Entry>();

  function live(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  function put(key: string, value: Entry['value'], ttlMs: number): void {
    entries.delete(key);
    if (entries.size >= maxKeys) entries.delete(entries.keys().next().value!);
    entries.set(key, { value, expiresAt: now() + ttlMs });
  }

  const map = (key: string) => {
    const value = live(key)?.value;
    return value instanceof Map ? value : undefined;
  };

  return {
    name: 'memory',
    async getMany(keys) {
      return keys.map((key) => {
        const value = live(key)?.value;
        return value === undefined || value instanceof Map ? undefined : String(value);
      });
    },
    async set(key, value, ttlMs) {
      put(key, value, ttlMs);
    },
    async delete(key) {
      entries.delete(key);
    },
    async setIfAbsent(key, value) {
      const current = live(key)?.value;
      if (typeof current === 'string') return current;
      put(key, value, Number.POSITIVE_INFINITY);
      return value;
    },
    async increment(key, by, ttlMs) {
      const entry = live(key);
      if (entry && typeof entry.value === 'number') {
        entry.value += by;
        return { count: entry.value, ttlMs: entry.expiresAt - now() };
      }
      put(key, by, ttlMs);
      return { count: by, ttlMs };
    },
    async release(key, by) {
      const entry = live(key);
      if (!entry || typeof entry.value !== 'number') return 0;
      entry.value -= by;
      if (entry.value > 0) return entry.value;
      entries.delete(key);
      return 0;
    },
    async mapSet(key, field, value, ttlMs) {
      const fields = map(key) ?? new Map<string, string>();
      fields.set(field, value);
      put(key, fields, ttlMs);
    },
    async mapEntries(key) {
      return Object.fromEntries(map(key) ?? []);
    },
    async mapDelete(key, field) {
      map(key)?.delete(field);
    },
    async ping() {},
    async close() {
      entries.clear();
    },
  };
}
