/**
 * A small description written for the hostile-input tests: one open collection of things with
 * string ids (no pattern on the id, so any text reaches the store), a list without paging
 * parameters, a free-text field, and a `code` field whose pattern backtracks catastrophically
 * in a backtracking engine. Not from a public source.
 */
import type { OpenApiInput } from '../../../../src/openapi/types.ts';

const THINGS_BASE = 'https://things.example.com/v1';

export function thingsApi(pattern = '^(a+)+$', patchType = 'application/json'): OpenApiInput {
  const thing = {
    type: 'object',
    properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' }, notes: { type: 'string' }, code: { type: 'string', pattern } },
  };
  const problem = { description: 'A problem (RFC 9457)' };
  const idParam = { name: 'thingId', in: 'path', required: true, schema: { type: 'string' } };
  const body = { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } };
  const one = { description: 'The thing', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } };
  return {
    openapi: '3.1.0',
    info: { title: 'Things', version: '1.0.0' },
    servers: [{ url: THINGS_BASE }],
    paths: {
      '/things': {
        get: { operationId: 'listThings', responses: { '200': { description: 'Things', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } } } } } },
        post: { operationId: 'createThing', requestBody: body, responses: { '201': one, '422': problem } },
      },
      '/things/{thingId}': {
        parameters: [idParam],
        get: { operationId: 'getThing', responses: { '200': one, '404': problem } },
        patch: { operationId: 'updateThing', requestBody: { required: true, content: { [patchType]: body.content['application/json'] } }, responses: { '200': one, '404': problem } },
        delete: { operationId: 'deleteThing', responses: { '204': { description: 'Deleted' }, '404': problem } },
      },
    },
    components: { schemas: { Thing: thing } },
  };
}

/** One JSON request to the things sandbox. */
export function thingsRequest(method: string, path: string, body?: unknown): Request {
  return new Request(`${THINGS_BASE}${path}`, { method, ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) }) });
}
