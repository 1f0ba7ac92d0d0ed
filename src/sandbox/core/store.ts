/**
 * The sandbox's state: plain JSON that handlers mutate in place, seeded by the extension (or
 * the description's examples), with an injectable clock. Snapshots are JSON, so the browser can
 * keep them in sessionStorage.
 */
import type { SandboxStore } from './types.ts';

export interface StoreOptions<State> {
  seed: () => State;
  /** Rejects saved states of another shape (default: any object). */
  isState?: ((value: unknown) => boolean) | undefined;
  clock?: (() => Date) | undefined;
  /** Start from this saved state instead of the seed (ignored when it is not a state). */
  snapshot?: unknown;
}

/** RFC 3339 with second precision, e.g. `2025-03-01T08:00:00Z`. */
function toTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The size a state or an item is counted at: the length of its JSON (0 for undefined). */
export const jsonBytes = (value: unknown): number => JSON.stringify(value)?.length ?? 0;

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

export function createStore<State>(options: StoreOptions<State>): SandboxStore<State> {
  const clock = options.clock ?? (() => new Date());
  const isState = options.isState ?? isObject;
  let state = options.seed();
  const store: SandboxStore<State> = {
    get state() {
      return state;
    },
    now: () => toTimestamp(clock()),
    snapshot: () => structuredClone(state),
    restore(value) {
      if (!isObject(value) || !isState(value)) return false;
      state = structuredClone(value) as State;
      return true;
    },
    reset() {
      state = options.seed();
    },
  };
  if (options.snapshot !== undefined) store.restore(options.snapshot);
  return store;
}
