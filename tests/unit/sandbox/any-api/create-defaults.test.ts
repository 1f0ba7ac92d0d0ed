import { describe, expect, it } from 'vitest';
import type { OpenApiInput } from '../../../../src/openapi/types.ts';
import { createNodeSandbox } from '../../../../src/sandbox/node/server.ts';

const item = { type: 'object', required: ['id', 'title', 'pinned'], properties: { id: { type: 'integer' }, title: { type: 'string' }, pinned: { type: 'boolean' }, colour: { type: 'string' }, shelf: { type: 'string' } } };
const document: OpenApiInput = {
  openapi: '3.1.0',
  info: { title: 'Notes', version: '1' },
  servers: [{ url: 'https://notes.example' }],
  paths: {
    '/notes': {
      post: {
        operationId: 'createNote',
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', additionalProperties: false, required: ['title'], properties: { title: { type: 'string' }, pinned: { type: 'boolean', default: false }, colour: { type: 'string' }, shelf: { type: 'string' } } } } } },
        responses: { 201: { description: 'Created', content: { 'application/json': { schema: item, example: { id: 1, title: 'Groceries', pinned: true, colour: 'red', shelf: 'kitchen' } } } } },
      },
    },
    '/notes/{noteId}': { get: { operationId: 'getNote', parameters: [{ name: 'noteId', in: 'path', required: true, schema: { type: 'integer' } }], responses: { 200: { description: 'OK', content: { 'application/json': { schema: item } } } } } },
  },
};

describe('creating an item the request describes only in part', () => {
  it('a field left out takes its schema default, or stays out, never the documented example\'s value', async () => {
    const sandbox = createNodeSandbox({ document });
    const response = (await sandbox.answer(new Request('https://notes.example/notes', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ title: 'Mine', shelf: 'desk' }) })))!;
    expect(response.status).toBe(201);
    const created = (await response.json()) as Record<string, unknown>;
    expect(created).toEqual({ id: expect.any(Number), title: 'Mine', pinned: false, shelf: 'desk' });
    const read = await sandbox.answer(new Request(`https://notes.example/notes/${String(created['id'])}`));
    expect(await read!.json()).toEqual(created);
  });
});
