/**
 * Every operation of every vendored OpenAPI fixture, called with the request its reference
 * samples show: never a 5xx, and every response has a documented (or engine) status, the
 * documented content type and a body that validates against the documented schema.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeApi, requireOperation } from '../../../../src/openapi/describe.ts';
import { exampleRequest } from '../../../../src/reference/example-request.ts';
import { fixture, ROOT, sampleRequest } from '../support/any-api.ts';

const FILES = readdirSync(join(ROOT, 'tests/fixtures/openapi')).filter((file) => /\.(ya?ml|json)$/.test(file));

describe.each(FILES)('%s', (file) => {
  it('answers every operation within its contract', async () => {
    const { document, sandbox, check } = fixture(file);
    const api = describeApi(document, { source: file });
    const violations: string[] = [];
    const statuses: number[] = [];
    for (const operation of sandbox.api.operations) {
      const request = sampleRequest(exampleRequest(requireOperation(api, operation.id)));
      const response = await sandbox.answer(request);
      if (response === undefined) {
        violations.push(`${operation.id}: ${request.url} is under no server`);
        continue;
      }
      statuses.push(response.status);
      const { violation } = await check(operation, response);
      if (violation !== null) violations.push(`${operation.id} ${response.status}: ${violation}`);
    }
    expect(violations).toEqual([]);
    // Most sample requests succeed (ids not seeded and invalid examples may not).
    if (statuses.length > 0) expect(statuses.filter((status) => status < 300).length, `statuses ${statuses.join(', ')}`).toBeGreaterThan(0);
  });
});
