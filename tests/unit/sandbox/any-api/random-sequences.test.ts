/**
 * Random request sequences against sandboxes built from descriptions that are not Caravan's:
 * valid sample requests, ids of items created earlier in the sequence, broken bodies, wrong
 * media types, missing credentials, odd query values. Never a 5xx, never a response outside
 * the description's contract, and a refused request never changes the state.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeApi, requireOperation } from '../../../../src/openapi/describe.ts';
import { exampleRequest } from '../../../../src/reference/example-request.ts';
import { fixture, sampleRequest } from '../support/any-api.ts';

interface Step {
  operation: number;
  mutation: 'none' | 'no-credential' | 'bad-json' | 'wrong-type' | 'created-id' | 'odd-query' | 'extra-field';
  pick: number;
  text: string;
}

const step = fc.record({
  operation: fc.nat(),
  mutation: fc.constantFrom('none', 'none', 'none', 'created-id', 'created-id', 'no-credential', 'bad-json', 'wrong-type', 'odd-query', 'extra-field'),
  pick: fc.nat(),
  text: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('0', '-1', '99999999999999999999', '1.5', '', 'null', '%', '\u00e9')),
}) as fc.Arbitrary<Step>;

for (const file of ['lending-library.yaml', 'security-schemes.yaml', 'request-bodies.yaml', 'request-baskets.json']) {
  describe(`random request sequences on ${file}`, () => {
    it('never answer 5xx, always answer within the contract, and change nothing when refused', async () => {
      const { document, sandbox, check } = fixture(file);
      const api = describeApi(document, { source: file });
      const operations = sandbox.api.operations;
      const samples = operations.map((operation) => exampleRequest(requireOperation(api, operation.id)));
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
          sandbox.store.reset();
          const created: string[] = [];
          for (const { operation: index, mutation, pick, text } of steps) {
            const operation = operations[index % operations.length]!;
            const built = structuredClone(samples[index % operations.length]!);
            if (mutation === 'no-credential') built.headers = built.headers.filter(([name]) => name !== 'Authorization');
            if (mutation === 'bad-json' && built.body !== undefined) built.body = '{"broken": ';
            if (mutation === 'wrong-type') built.headers = built.headers.map(([name, value]) => [name, name === 'Content-Type' ? 'text/plain' : value]);
            if (mutation === 'extra-field' && built.body !== undefined) {
              try {
                built.body = JSON.stringify({ ...(JSON.parse(built.body) as object), [text || 'x']: text });
              } catch {
                // Not JSON: left alone.
              }
            }
            if (mutation === 'created-id' && created.length > 0) {
              const id = encodeURIComponent(created[pick % created.length]!);
              const url = new URL(built.url);
              const segments = url.pathname.split('/');
              const template = operation.path.split('/');
              const offset = segments.length - template.length;
              template.forEach((segment, position) => {
                if (/^\{[^}]+\}$/.test(segment) && position === template.length - 1) segments[position + offset] = id;
              });
              url.pathname = segments.join('/');
              built.url = url.href;
            }
            if (mutation === 'odd-query') {
              const url = new URL(built.url);
              for (const parameter of operation.parameters.filter((candidate) => candidate.in === 'query').slice(0, 2)) url.searchParams.set(parameter.name, text);
              built.url = url.href;
            }
            const before = JSON.stringify(sandbox.store.state);
            const response = await sandbox.answer(sampleRequest(built));
            expect(response, built.url).toBeDefined();
            statuses.set(response!.status, (statuses.get(response!.status) ?? 0) + 1);
            const { violation, body } = await check(operation, response!);
            if (violation !== null) expect.fail(`${built.method} ${built.url} (${mutation}): ${violation}`);
            if (response!.status >= 400 && JSON.stringify(sandbox.store.state) !== before) expect.fail(`a refused ${built.method} ${built.url} changed the state`);
            const id = operation.resource?.action === 'create' && response!.status < 300 && typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[operation.resource.idProperty] : undefined;
            if (typeof id === 'string' || typeof id === 'number') created.push(String(id));
          }
        }),
        { numRuns: 300, seed: 20251122, endOnFailure: true, interruptAfterTimeLimit: 20_000 },
      );
      expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
      expect([...statuses.keys()].every((status) => status < 500)).toBe(true);
    });
  });
}
