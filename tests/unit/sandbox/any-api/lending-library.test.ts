import { describe, expect, it } from 'vitest';
import { fixture } from '../support/any-api.ts';

const library = fixture('lending-library.yaml');
const BASE = 'https://central.library.example.org/api/v1';
const op = (id: string) => library.sandbox.api.operations.find((operation) => operation.id === id)!;
const staff = { Authorization: 'Bearer any-staff-token' };

async function call(id: string, method: string, path: string, init: { headers?: Record<string, string>; body?: unknown; contentType?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.body !== undefined) headers.set('Content-Type', init.contentType ?? 'application/json');
  const response = await library.sandbox.answer(new Request(`${BASE}${path}`, { method, headers, ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }) }));
  expect(response, `${method} ${path} is under the description's server`).toBeDefined();
  const { violation, body } = await library.check(op(id), response!);
  expect(violation).toBeNull();
  return { status: response!.status, body: body as any, response: response! };
}

describe('a sandbox from the Lending Library description alone', () => {
  it('serves under the first server with its variables at their defaults', () => {
    expect(library.sandbox.bases).toContain(BASE);
  });

  it('round-trips a member: create, get, update (JSON Merge Patch), and 404 after a bad id', async () => {
    library.sandbox.store.reset();
    const created = await call('registerMember', 'POST', '/members', { headers: staff, body: { name: 'Ursula', email: 'ursula@example.org', pin: '1234' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Ursula', email: 'ursula@example.org' });
    expect(created.body.pin).toBeUndefined();
    const id = created.body.id as string;
    expect(id).toMatch(/^M[0-9]{6}$/);
    const read = await call('GET /members/{memberId}', 'GET', `/members/${id}`, { headers: staff });
    expect(read.body).toEqual(created.body);
    const patched = await call('PATCH /members/{memberId}', 'PATCH', `/members/${id}`, { headers: staff, body: { email: null }, contentType: 'application/merge-patch+json' });
    expect(patched.status).toBe(200);
    expect(patched.body.email).toBeUndefined();
    expect(patched.body.name).toBe('Ursula');
    expect((await call('GET /members/{memberId}', 'GET', '/members/M999999', { headers: staff })).status).toBe(404);
  });

  it('round-trips a catalogue item: create, find it in the list, get, delete, gone', async () => {
    library.sandbox.store.reset();
    const before = await call('GET /items', 'GET', '/items?per_page=50');
    const created = await call('POST /items', 'POST', '/items', { headers: staff, body: { kind: 'book', title: 'The Dispossessed', isbn: '9780061054884' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'book', title: 'The Dispossessed' });
    const id = created.body.id as string;
    const after = await call('GET /items', 'GET', '/items?per_page=50');
    expect(after.body).toHaveLength(before.body.length + 1);
    expect(after.body.map((item: { id: string }) => item.id)).toContain(id);
    expect((await call('getItem', 'GET', `/items/${id}`)).body).toMatchObject({ id, title: 'The Dispossessed' });
    expect((await call('DELETE /items/{itemId}', 'DELETE', `/items/${id}`, { headers: staff })).status).toBe(204);
    expect((await call('getItem', 'GET', `/items/${id}`)).status).toBe(404);
  });

  it('pages lists with the description\'s own page/per_page parameters', async () => {
    library.sandbox.store.reset();
    for (let index = 0; index < 3; index++) await call('POST /items', 'POST', '/items', { headers: staff, body: { kind: 'tool', title: `Drill ${index}` } });
    const all = (await call('GET /items', 'GET', '/items?per_page=50')).body as unknown[];
    const first = (await call('GET /items', 'GET', '/items?per_page=2&page=1')).body as unknown[];
    const second = (await call('GET /items', 'GET', '/items?per_page=2&page=2')).body as unknown[];
    expect(first).toEqual(all.slice(0, 2));
    expect(second).toEqual(all.slice(2, 4));
    expect((await call('GET /items', 'GET', '/items?page=12345678901234567890')).body).toEqual([]);
    expect((await call('GET /items', 'GET', '/items?per_page=51')).status).toBe(400);
  });

  it('validates bodies (422 with JSON pointers) and parameters (400 naming them)', async () => {
    const bad = await call('POST /items', 'POST', '/items', { headers: staff, body: { kind: 'spaceship', title: '' } });
    expect(bad.status).toBe(422);
    expect(bad.response.headers.get('content-type')).toBe('application/problem+json');
    expect(bad.body.detail).toMatch(/problem/);
    const query = await call('GET /items', 'GET', '/items?page=0');
    expect(query.status).toBe(400);
  });

  it('asks for a credential where the operation needs one: 401 without, any bearer token or kiosk key with one', async () => {
    expect((await call('registerMember', 'POST', '/members', { body: { name: 'X' } })).status).toBe(401);
    const missing = await library.sandbox.answer(new Request(`${BASE}/members`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":"X"}' }));
    expect(missing!.headers.get('www-authenticate')).toBe('Bearer');
    expect((await call('registerMember', 'POST', '/members', { headers: { 'X-Kiosk-Key': 'kiosk-7' }, body: { name: 'Kiosk user' } })).status).toBe(201);
    expect((await call('GET /items', 'GET', '/items')).status).toBe(200);
  });

  it('answers operations that fit no resource with their documented example or a generated one', async () => {
    const renewed = await call('renewLoan', 'POST', '/loans/L1/renew', { headers: staff });
    expect(renewed.status).toBe(200);
    const subject = await call('getSubject', 'GET', '/subjects/history');
    expect(subject.status).toBe(200);
  });
});
