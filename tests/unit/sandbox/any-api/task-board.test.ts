import { describe, expect, it } from 'vitest';
import { fixture, ROOT as ROOT_DIR } from '../support/any-api.ts';

const board = fixture('tests/unit/sandbox/fixtures/task-board.yaml');
const BASE = 'https://tasks.example.com/v2';
const KEY = { 'X-Board-Key': 'board-demo-key' };
const op = (id: string) => board.sandbox.api.operations.find((operation) => operation.id === id)!;

async function call(id: string, method: string, path: string, init: { headers?: Record<string, string>; body?: unknown } = {}) {
  const headers = new Headers(init.headers ?? KEY);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  const response = (await board.sandbox.answer(new Request(`${BASE}${path}`, { method, headers, ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }) })))!;
  const { violation, body } = await board.check(op(id), response);
  expect(violation).toBeNull();
  return { status: response.status, body: body as any, response };
}

describe('a sandbox from an OpenAPI 3.0 description with nested collections', () => {
  it('seeds lists from the examples and creates UUID-identified projects', async () => {
    board.sandbox.store.reset();
    const seeded = await call('listProjects', 'GET', '/projects');
    expect(seeded.body).toEqual({ data: [{ id: '3f0c6e1a-8d3b-4c55-9a7e-1f2b3c4d5e6f', name: 'Launch', archived: false }], next_cursor: null });
    const created = await call('createProject', 'POST', '/projects', { body: { name: 'Roadmap' } });
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call('getProject', 'GET', `/projects/${created.body.id}`)).body).toEqual(created.body);
  });

  it('keeps tasks under their project, with integer ids, offset paging and PUT replacing', async () => {
    board.sandbox.store.reset();
    const project = (await call('createProject', 'POST', '/projects', { body: { name: 'Roadmap' } })).body.id as string;
    const other = (await call('createProject', 'POST', '/projects', { body: { name: 'Other' } })).body.id as string;
    for (const title of ['one', 'two', 'three']) expect((await call('createTask', 'POST', `/projects/${project}/tasks`, { body: { title } })).status).toBe(201);
    const list = await call('listTasks', 'GET', `/projects/${project}/tasks?offset=1&limit=1`);
    expect(list.body.total).toBe(3);
    expect(list.body.items.map((task: { title: string }) => task.title)).toEqual(['two']);
    expect((await call('listTasks', 'GET', `/projects/${other}/tasks`)).body.items).toEqual([]);
    const first = list.body.items[0] as { id: number };
    expect(first.id).toBeTypeOf('number');
    const replaced = await call('replaceTask', 'PUT', `/projects/${project}/tasks/${first.id}`, { body: { title: 'deux', done: true } });
    expect(replaced.body).toMatchObject({ id: first.id, title: 'deux', done: true });
    // A task of another project is not found there.
    expect((await call('getTask', 'GET', `/projects/${other}/tasks/${first.id}`)).status).toBe(404);
  });

  it('makes a deleted project\'s tasks unreachable', async () => {
    board.sandbox.store.reset();
    const project = (await call('createProject', 'POST', '/projects', { body: { name: 'Doomed' } })).body.id as string;
    const task = (await call('createTask', 'POST', `/projects/${project}/tasks`, { body: { title: 't' } })).body.id as number;
    expect((await call('deleteProject', 'DELETE', `/projects/${project}`)).status).toBe(204);
    expect((await call('getTask', 'GET', `/projects/${project}/tasks/${task}`)).status).toBe(404);
    expect((await call('listTasks', 'GET', `/projects/${project}/tasks`)).status).toBe(404);
  });

  it('answers errors in the API\'s own error schema, filled so it validates', async () => {
    const missing = await call('getProject', 'GET', '/projects/00000000-0000-4000-8000-00000000ffff');
    expect(missing.status).toBe(404);
    expect(missing.response.headers.get('content-type')).toBe('application/json');
    expect(missing.body).toEqual({ code: 404, message: expect.stringContaining('does not exist') });
    const invalid = await call('createProject', 'POST', '/projects', { body: { name: '', colour: 'red' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ code: 400, message: 'The request body has 2 problem(s).' });
  });

  it('takes the declared sandbox key in its header and refuses others (401)', async () => {
    expect((await call('listProjects', 'GET', '/projects', { headers: {} })).status).toBe(401);
    expect((await call('listProjects', 'GET', '/projects', { headers: { 'X-Board-Key': 'someone-else' } })).status).toBe(401);
    const refused = await call('listProjects', 'GET', '/projects', { headers: {} });
    expect(refused.body).toEqual({ code: 401, message: expect.stringContaining('X-Board-Key') });
    expect(refused.body.message).toContain('board-demo-key');
  });

  it('pages with a cursor', async () => {
    board.sandbox.store.reset();
    for (let index = 0; index < 3; index++) await call('createProject', 'POST', '/projects', { body: { name: `P${index}` } });
    const first = await call('listProjects', 'GET', '/projects?limit=2');
    expect(first.body.data).toHaveLength(2);
    expect(first.body.next_cursor).toBe('2');
    const second = await call('listProjects', 'GET', `/projects?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.data).toHaveLength(2);
    expect(second.body.next_cursor).toBeNull();
  });
});

describe('bounded state', () => {
  it('refuses a create past the cap with a clear problem, in a documented status', async () => {
    const { createNodeSandbox } = await import('../../../../src/sandbox/node/server.ts');
    const small = createNodeSandbox({ document: board.document, limits: { perCollection: 3, total: 100 } });
    const create = () => small.answer(new Request(`${BASE}/projects`, { method: 'POST', headers: { ...KEY, 'Content-Type': 'application/json' }, body: '{"name":"P"}' }));
    // The seed holds one project: two more fit.
    expect((await create())!.status).toBe(201);
    expect((await create())!.status).toBe(201);
    const refused = (await create())!;
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ code: 400, message: 'The sandbox holds at most 3 projects; delete some, or reset the sandbox.' });
    small.store.reset();
    expect((await create())!.status).toBe(201);
    const tiny = createNodeSandbox({ document: board.document, limits: { perCollection: 10, total: 1 } });
    const answer = (await tiny.answer(new Request(`${BASE}/projects`, { method: 'POST', headers: { ...KEY, 'Content-Type': 'application/json' }, body: '{"name":"P"}' })))!;
    expect((await answer.json()) as { message: string }).toMatchObject({ message: expect.stringContaining('1 items in all') });
  });
});

describe('scopes of declared sandbox credentials', () => {
  it('answers 403 when a declared credential lacks a scope the operation lists, and lets it through when it has it', async () => {
    const { readOpenApi } = await import('../../../../src/openapi/openapi-fs.ts');
    const { createNodeSandbox } = await import('../../../../src/sandbox/node/server.ts');
    const document = structuredClone(readOpenApi(ROOT_DIR, 'tests/fixtures/openapi/security-schemes.yaml')) as any;
    document.components.securitySchemes.oauthAll['x-sandbox-credentials'] = [
      { value: 'reader-token', label: 'reads only', scopes: ['stations:read'] },
      { value: 'writer-token', label: 'reads and writes', scopes: ['stations:read', 'stations:write'] },
    ];
    const sandbox = createNodeSandbox({ document });
    const create = (token: string) =>
      sandbox.answer(new Request('https://weather.example.net/api/v2/stations', { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Hilltop', latitude: 1, longitude: 2 }) }));
    const refused = (await create('reader-token'))!;
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer error="insufficient_scope", scope="stations:write"');
    expect(((await refused.json()) as { detail: string }).detail).toContain('`stations:write`');
    expect((await create('writer-token'))!.status).not.toBe(403);
    expect((await create('unknown-token'))!.status).toBe(401);
  });
});
