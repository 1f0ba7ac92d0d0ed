import { describe, expect, it } from 'vitest';
import { checkRandomSequences } from './random-requests.ts';

/**
 * One half of the 10,000 generated request sequences; properties-a and properties-b each run one
 * half with their own seed, in parallel Vitest workers.
 */
export function randomSequenceSuite(label: string, seed: number, sequences = 5_000): void {
  describe(`random request sequences (${label})`, () => {
    it(`never answer 5xx, match the OpenAPI contract, change nothing when refused and keep the invariants (${sequences} sequences)`, async () => {
      const run = await checkRandomSequences(sequences, seed);
      expect(run.requests).toBeGreaterThan(sequences);
      // The generator must reach success as well as every kind of refusal.
      for (const status of [200, 201, 400, 401, 403, 404, 405, 409, 415, 422]) expect(run.byStatus.get(status), `status ${status}`).toBeGreaterThan(0);
      console.info(`properties-${label}: ${run.requests} requests`, Object.fromEntries([...run.byStatus].sort(([a], [b]) => a - b)));
    });
  });
}
