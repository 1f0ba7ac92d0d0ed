/**
 * The state every instance of the sign-in server shares: revoked sessions, failed sign-ins, and
 * (later) agent tokens. Two implementations: in memory (one instance) and Redis/Valkey (a fleet).
 * Keys are plain strings; every value expires after `ttlMs`, so nothing outlives what it guards.
 */
export interface SharedStore {
  /** Names the store in logs and errors: `memory` or `redis://host:port` (never a password). */
  readonly name: string;
  /** Values of several keys in one round trip (undefined for a missing key). */
  getMany(keys: readonly string[]): Promise<(string | undefined)[]>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Sets a key that never expires unless it exists; returns the value it holds afterwards (one atomic step). */
  setIfAbsent(key: string, value: string): Promise<string>;
  /**
   * Adds `by` to a counter atomically; a counter that did not exist starts at 0 and expires
   * `ttlMs` from now (a fixed window: later increments keep that expiry). Returns the new count
   * and the milliseconds until the window ends.
   */
  increment(key: string, by: number, ttlMs: number): Promise<{ count: number; ttlMs: number }>;
  /**
   * Subtracts `by` from a counter atomically and deletes it when that leaves it at 0 or below, so
   * a slot given back leaves no key behind; a missing counter stays missing. Returns the count left (0 when none).
   */
  release(key: string, by: number): Promise<number>;
  /** A map of fields under one key (e.g. a reader's agent tokens); the whole map expires `ttlMs` after its last write. */
  mapSet(key: string, field: string, value: string, ttlMs: number): Promise<void>;
  mapEntries(key: string): Promise<Record<string, string>>;
  mapDelete(key: string, field: string): Promise<void>;
  /** Resolves when the store answers; rejects otherwise (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Seconds since the epoch from which a shared store holds its records: written (if absent) when
 * a connection opens, so a store that restarts empty or is flushed gets a new, later time.
 */
export const RECORDS_SINCE_KEY = 'store:records-since';

/** Marks the errors of every copy of this module: the serve command (src/cli/serve.ts) and the server bundle each load one. */
const UNAVAILABLE = Symbol.for('caravan-docs.store-unavailable');

/**
 * The store did not answer in time, or refused: callers fail closed (503), never open. The process
 * has one store, made by whichever copy of this module asked first, so `instanceof` recognises
 * the errors of every copy by their mark, not by the class object.
 */
export class StoreUnavailableError extends Error {
  readonly store: string;
  readonly [UNAVAILABLE] = true;

  constructor(store: string, reason: string) {
    super(`the shared store ${store} is unavailable: ${reason}`);
    this.name = 'StoreUnavailableError';
    this.store = store;
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as { [UNAVAILABLE]?: unknown })[UNAVAILABLE] === true;
  }
}
