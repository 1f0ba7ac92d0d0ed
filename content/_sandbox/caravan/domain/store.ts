/**
 * The sandbox store: the current state plus the clock and identifier source that the rules
 * use. Snapshots are plain JSON, so the browser can keep them in sessionStorage.
 */
import { sandboxIds, systemClock, toTimestamp, type Clock, type IdFormatter, type IdKind } from './clock.ts';
import { createSeedState } from './seed.ts';
import { STATE_FORMAT_VERSION, type SandboxState } from './state.ts';

export type SandboxSnapshot = SandboxState;

export interface SandboxStore {
  /** The live state. Rules mutate it only after every check has passed. */
  readonly state: SandboxState;
  /** The current time as an RFC 3339 timestamp. */
  now(): string;
  /** Reserves the next identifier of a kind. */
  nextId(kind: IdKind): string;
  /** A deep, JSON-serialisable copy of the state. */
  snapshot(): SandboxSnapshot;
  /** Replaces the state with a snapshot; returns false (and changes nothing) if it is not one. */
  restore(snapshot: unknown): boolean;
  /** Returns to the seed data. */
  reset(): void;
}

export interface SandboxStoreOptions {
  clock?: Clock;
  ids?: IdFormatter;
  /** Start from this snapshot instead of the seed (ignored if it is not a valid snapshot). */
  snapshot?: unknown;
}

export function createSandboxStore(options: SandboxStoreOptions = {}): SandboxStore {
  const clock = options.clock ?? systemClock;
  const formatId = options.ids ?? sandboxIds;
  let state = createSeedState();

  const store: SandboxStore = {
    get state() {
      return state;
    },
    now: () => toTimestamp(clock.now()),
    nextId(kind) {
      state.sequences[kind] += 1;
      return formatId(kind, state.sequences[kind]);
    },
    snapshot: () => structuredClone(state),
    restore(snapshot) {
      if (!isSnapshot(snapshot)) return false;
      state = structuredClone(snapshot);
      return true;
    },
    reset() {
      state = createSeedState();
    },
  };
  if (options.snapshot !== undefined) store.restore(options.snapshot);
  return store;
}

/** A structural check, enough to reject snapshots from another format version or garbage. */
export function isSnapshot(value: unknown): value is SandboxSnapshot {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<keyof SandboxState, unknown>>;
  const isRecord = (field: unknown) => typeof field === 'object' && field !== null && !Array.isArray(field);
  return (
    candidate.format === STATE_FORMAT_VERSION &&
    Array.isArray(candidate.caravans) &&
    isRecord(candidate.manifests) &&
    isRecord(candidate.lots) &&
    Array.isArray(candidate.markets) &&
    Array.isArray(candidate.orders) &&
    Array.isArray(candidate.publishedRoutes) &&
    isRecord(candidate.sequences)
  );
}
