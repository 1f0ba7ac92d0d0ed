import { describe, expect, it } from 'vitest';
import { checkRandomSequences } from './support/random-requests.ts';

/** Half of the 10,000 generated request sequences (the other half runs in parallel in properties-a). */
const SEQUENCES = 5_000;

describe('random request sequences (b)', () => {
  it(`never answer 5xx, match the OpenAPI contract, change nothing when refused and keep the invariants (${SEQUENCES} sequences)`, async () => {
    const run = await checkRandomSequences(SEQUENCES, 7041);
    expect(run.requests).toBeGreaterThan(SEQUENCES);
    // The generator must reach success as well as every kind of refusal.
    for (const status of [200, 201, 400, 401, 403, 404, 405, 409, 415, 422]) expect(run.byStatus.get(status), `status ${status}`).toBeGreaterThan(0);
    console.info(`properties-b: ${run.requests} requests`, Object.fromEntries([...run.byStatus].sort(([a], [b]) => a - b)));
  });
});
