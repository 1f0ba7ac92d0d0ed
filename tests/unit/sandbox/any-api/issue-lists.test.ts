import { describe, expect, it } from 'vitest';
import type { OpenApiInput } from '../../../../src/openapi/types.ts';
import { createNodeSandbox } from '../../../../src/sandbox/node/server.ts';
import { fixture } from '../support/any-api.ts';

// The scaffold's Notes API (src/cli/template/), with no sandbox extension: its problem schema lists field issues in `errors: [{ pointer, detail }]`.
const notes = fixture('src/cli/template/content/1.0/openapi.yaml');
const BASE = 'https://api.example.com/v1';
const op = (id: string) => notes.sandbox.api.operations.find((operation) => operation.id === id)!;
const EDITOR = { Authorization: 'Bearer sandbox-editor', 'Content-Type': 'application/json' };

describe('an error schema that lists field issues', () => {
  it('gets the request\'s own issues, not the example\'s, and validates', async () => {
    const response = (await notes.sandbox.answer(new Request(`${BASE}/notes`, { method: 'POST', headers: EDITOR, body: JSON.stringify({ title: 7, tags: [1] }) })))!;
    expect(response.status).toBe(422);
    const { violation, body } = await notes.check(op('createNote'), response);
    expect(violation).toBeNull();
    const errors = (body as { errors: Array<{ pointer: string; detail: string }> }).errors;
    expect(errors.map((issue) => issue.pointer).sort()).toEqual(['/tags/0', '/title']);
    expect(errors.every((issue) => typeof issue.detail === 'string' && issue.detail.length > 0)).toBe(true);
  });

  it('leaves an optional list out of a problem without field issues (a 404 names no field)', async () => {
    const response = (await notes.sandbox.answer(new Request(`${BASE}/notes/note_9999`, { headers: EDITOR })))!;
    expect(response.status).toBe(404);
    const { violation, body } = await notes.check(op('getNote'), response);
    expect(violation).toBeNull();
    expect(body).not.toHaveProperty('errors');
    expect((body as { detail: string }).detail).toBe('The note `note_9999` does not exist (or was deleted).');
  });

  it('other shapes: `invalid_params: [{ name, reason }]` is filled, a required list stays (empty), items needing more fields are left alone', async () => {
    const problem = (list: Record<string, unknown>, required: string[]) => ({ type: 'object', required, properties: { message: { type: 'string' }, ...list } });
    const document = (schema: object): OpenApiInput => ({
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      servers: [{ url: 'https://t.example' }],
      paths: {
        '/things': {
          post: {
            operationId: 'createThing',
            requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', additionalProperties: false, required: ['name'], properties: { name: { type: 'string' } } } } } },
            responses: { 201: { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } }, 422: { description: 'bad', content: { 'application/json': { schema, example: { message: 'x', invalid_params: [{ name: 'other', reason: 'example' }], errors: [{ code: 'E1', field: 'other', message: 'example' }] } } } } },
          },
        },
      },
    });
    const send = async (schema: object) => {
      const sandbox = createNodeSandbox({ document: document(schema) });
      const response = (await sandbox.answer(new Request('https://t.example/things', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })))!;
      return (await response.json()) as Record<string, unknown>;
    };
    const named = await send(problem({ invalid_params: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, reason: { type: 'string' } } } } }, ['message']));
    expect(named['invalid_params']).toEqual([{ name: '/name', reason: expect.any(String) }]);
    const coded = await send(problem({ errors: { type: 'array', items: { type: 'object', required: ['code', 'field', 'message'], properties: { code: { type: 'string', enum: ['E1'] }, field: { type: 'string' }, message: { type: 'string' } } } } }, ['message', 'errors']));
    expect(coded['errors']).toEqual([{ code: 'E1', field: 'other', message: 'example' }]);
  });
});
