/**
 * Time and identifiers are injected so tests (and snapshots) are deterministic.
 */
import type { Sequences } from './state.ts';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that starts at `startIso` and moves `stepMs` forward on every reading. */
export function steppingClock(startIso: string, stepMs = 1000): Clock {
  let current = Date.parse(startIso);
  return {
    now() {
      const reading = new Date(current);
      current += stepMs;
      return reading;
    },
  };
}

/** RFC 3339 timestamp with second precision, e.g. `2025-03-01T08:00:00Z`. */
export function toTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export type IdKind = keyof Sequences;

/** Turns the n-th identifier of a kind into its text form. */
export type IdFormatter = (kind: IdKind, sequence: number) => string;

/**
 * The default identifiers: `lot_0018`, `man_014`, and for published routes a UUID (version 4
 * layout) whose last group is the sequence number, so it is stable across runs.
 */
export const sandboxIds: IdFormatter = (kind, sequence) => {
  switch (kind) {
    case 'lot':
      return `lot_${String(sequence).padStart(4, '0')}`;
    case 'manifest':
      return `man_${String(sequence).padStart(3, '0')}`;
    case 'route':
      return `5a4d6b0c-7e1f-4a2b-9c3d-${sequence.toString(16).padStart(12, '0')}`;
  }
};
