// The sandbox's memory is bounded whatever callers send (issue 19, item 2): each stored item
// by the body limit, each state by its seed plus a byte allowance, and every list by a page
// size. Counted in stored bytes (the state's JSON), not in time.
import { describe, expect, it } from 'vitest';
import { callSandbox, sandboxPool } from '../../../../src/mcp/sandbox-calls.ts';
import { compiledValidators } from '../../../../src/sandbox/build/schemas.ts';
import { runtimeApi } from '../../../../src/sandbox/build/runtime-api.ts';
import { createSandbox, DEFAULT_LIMITS } from '../../../../src/sandbox/core/pipeline.ts';
import { createNodeSandbox } from '../../../../src/sandbox/node/server.ts';
import { thingsApi, thingsRequest } from '../support/things-api.ts';

const storedBytes = (state: unknown) => JSON.stringify(state).length;
// A 1 MB field, as in the review: under the old 1 MiB body limit, so it used to be stored.
const MB = 'x'.repeat(1_000_000);

describe('stored items and states are bounded in bytes', () => {
  it('151 MCP calls creating items with a 1 MB field are refused with 413 and store nothing', async () => {
    const pool = sandboxPool(async () => ({ api: runtimeApi(thingsApi()), validators: compiledValidators(thingsApi()) }));
    const sandbox = (await pool('anonymous:one', 'v1'))!;
    const before = storedBytes(sandbox.store.state);
    for (let call = 0; call < 151; call++) {
      const answer = await callSandbox(sandbox, { method: 'POST', path: '/things', body: { name: 'big', notes: MB } });
      expect(answer).toMatchObject({ status: 413 });
    }
    expect(storedBytes(sandbox.store.state)).toBe(before);
  });

  it('items just under the body limit fill the state up to its allowance, then writes are refused and reads still work', async () => {
    const sandbox = createNodeSandbox({ document: thingsApi() });
    const seed = storedBytes(sandbox.store.state);
    const notes = 'n'.repeat(DEFAULT_LIMITS.bodyBytes - 200);
    const statuses: number[] = [];
    for (let call = 0; call < 151; call++) statuses.push((await sandbox.answer(thingsRequest('POST', '/things', { name: 'x', notes })))!.status);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(0);
    // The capacity problem takes the operation's documented refusal (422 here; Caravan's writes document 409).
    expect(statuses.slice(-10)).toEqual(Array(10).fill(422));
    expect(storedBytes(sandbox.store.state)).toBeLessThanOrEqual(seed + DEFAULT_LIMITS.stateBytes + DEFAULT_LIMITS.bodyBytes);
    const refused = (await sandbox.answer(thingsRequest('POST', '/things', { name: 'x', notes })))!;
    expect(await refused.json()).toMatchObject({ status: 422, detail: expect.stringContaining('reset the sandbox') });
    expect((await sandbox.answer(thingsRequest('GET', '/things')))!.status).toBe(200);
    // A reset makes room again.
    sandbox.store.reset();
    expect((await sandbox.answer(thingsRequest('POST', '/things', { name: 'after reset' })))!.status).toBe(201);
  });

  it('a PATCH cannot grow one item past the item limit', async () => {
    const sandbox = createNodeSandbox({ document: thingsApi(undefined, 'application/merge-patch+json'), limits: { stateBytes: 10 * 1024 * 1024 } });
    const { id } = (await (await sandbox.answer(thingsRequest('POST', '/things', { name: 'x' })))!.json()) as { id: string };
    const half = 'h'.repeat(DEFAULT_LIMITS.bodyBytes / 2 - 100);
    const patch = (body: unknown) => sandbox.answer(new Request(`https://things.example.com/v1/things/${id}`, { method: 'PATCH', headers: { 'Content-Type': 'application/merge-patch+json' }, body: JSON.stringify(body) }));
    expect((await patch({ name: half }))!.status).toBe(200);
    expect((await patch({ notes: half }))!.status).toBe(200);
    const grown = (await patch({ code: 'a'.repeat(DEFAULT_LIMITS.bodyBytes / 2) }))!;
    expect(grown.status).toBe(413);
    const item = (sandbox.store.state as Record<string, Record<string, unknown>>)['things']![id]!;
    expect(JSON.stringify(item).length).toBeLessThanOrEqual(DEFAULT_LIMITS.bodyBytes);
  });

  it('a list without paging parameters answers at most the default page size', async () => {
    const sandbox = createSandbox({ api: runtimeApi(thingsApi()), validators: compiledValidators(thingsApi()), limits: { listSize: 5 } });
    for (let call = 0; call < 12; call++) await sandbox.answer(thingsRequest('POST', '/things', { name: `thing ${call}` }));
    const list = (await (await sandbox.answer(thingsRequest('GET', '/things')))!.json()) as unknown[];
    expect(list).toHaveLength(5);
  });
});

describe('the MCP server keeps a bounded number of states', () => {
  it('drops the least recently used state past its limit, and never keeps a one-call state', async () => {
    const pool = sandboxPool(async () => ({ api: runtimeApi(thingsApi()), validators: compiledValidators(thingsApi()) }), 2);
    const a = await pool('session:a', 'v1');
    const b = await pool('session:b', 'v1');
    expect(await pool('session:a', 'v1')).toBe(a);
    await pool('session:c', 'v1');
    expect(await pool('session:a', 'v1')).toBe(a);
    expect(await pool('session:b', 'v1')).not.toBe(b);
    expect(await pool('anonymous-once', 'v1')).not.toBe(await pool('anonymous-once', 'v1'));
  });
});
