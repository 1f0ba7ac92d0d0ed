// Item ids and body keys are data: `__proto__`, `constructor` and `prototype` name no item, and
// no request changes a collection's or an item's prototype (issue 19, item 11c).
import { describe, expect, it } from 'vitest';
import { createNodeSandbox } from '../../../../src/sandbox/node/server.ts';
import { thingsApi, thingsRequest } from '../support/things-api.ts';

const INHERITED_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

describe('inherited property names are not items', () => {
  for (const id of INHERITED_NAMES) {
    it(`GET, PATCH and DELETE /things/${id} answer 404 and change nothing`, async () => {
      const sandbox = createNodeSandbox({ document: thingsApi() });
      const created = await sandbox.answer(thingsRequest('POST', '/things', { name: 'first' }));
      expect(created?.status).toBe(201);
      const things = () => (sandbox.store.state as Record<string, Record<string, unknown>>)['things']!;
      const prototypeBefore = Object.getPrototypeOf(things());
      const before = JSON.stringify(sandbox.store.state);

      expect((await sandbox.answer(thingsRequest('GET', `/things/${id}`)))?.status).toBe(404);
      expect((await sandbox.answer(thingsRequest('PATCH', `/things/${id}`, { name: 'polluted' })))?.status).toBe(404);
      expect((await sandbox.answer(thingsRequest('DELETE', `/things/${id}`)))?.status).toBe(404);

      expect(Object.getPrototypeOf(things())).toBe(prototypeBefore);
      expect(({} as Record<string, unknown>)['name']).toBeUndefined();
      expect(JSON.stringify(sandbox.store.state)).toBe(before);
      const list = (await (await sandbox.answer(thingsRequest('GET', '/things')))!.json()) as unknown[];
      expect(list).toContainEqual(expect.objectContaining({ name: 'first' }));
    });
  }

  for (const patchType of ['application/json', 'application/merge-patch+json']) {
    it(`a body key \`__proto__\` is stored as a field, never as the item's prototype (PATCH as ${patchType})`, async () => {
      const sandbox = createNodeSandbox({ document: thingsApi(undefined, patchType) });
      const stored = (id: string) => (sandbox.store.state as Record<string, Record<string, object>>)['things']![id]!;
      const created = (await (await sandbox.answer(thingsRequest('POST', '/things', { name: 'a' })))!.json()) as { id: string };
      const patch = new Request(`https://things.example.com/v1/things/${created.id}`, { method: 'PATCH', headers: { 'Content-Type': patchType }, body: '{"__proto__":{"polluted":true}}' });
      expect((await sandbox.answer(patch))?.status).toBe(200);
      expect(Object.getPrototypeOf(stored(created.id))).toBe(Object.prototype);
      expect((stored(created.id) as { polluted?: unknown }).polluted).toBeUndefined();

      const other = (await (await sandbox.answer(thingsRequest('POST', '/things', '{"name":"b","__proto__":{"polluted":true}}')))!.json()) as { id: string };
      expect(Object.getPrototypeOf(stored(other.id))).toBe(Object.prototype);
      expect((stored(other.id) as { polluted?: unknown }).polluted).toBeUndefined();
      expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    });
  }
});

describe('parameters named like inherited properties', () => {
  it('a query parameter called `__proto__` is a value, never the prototype of the parsed query', async () => {
    const { parseParameters } = await import('../../../../src/sandbox/core/parameters.ts');
    const operation = { id: 'x', method: 'get', path: '/x', baseUrl: 'https://x.example', security: [], responses: [], parameters: [{ name: '__proto__', in: 'query' as const, required: false, type: 'array', itemType: 'string' }] };
    const url = new URL('https://x.example/x?__proto__=a&__proto__=b');
    const parsed = parseParameters(operation, new Request(url), url, {}, { get: () => undefined });
    expect(parsed.ok).toBe(true);
    const query = (parsed as { values: { query: Record<string, unknown> } }).values.query;
    expect(Object.getPrototypeOf(query)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(query, '__proto__')?.value).toEqual(['a', 'b']);
  });
});
