import { describe, expect, it } from 'vitest';
import { api, useSandbox, VIEWER, PARTNER } from './support/sandbox-client.ts';

const { store } = useSandbox();

describe('PATCH /caravans/{caravanId} (updateCaravan)', () => {
  it('changes the given fields, keeps the others and sets updated_at', async () => {
    const { status, body } = await api.updateCaravan('car_001', { name: 'Golden Dune II', camel_count: 30 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: 'car_001', name: 'Golden Dune II', camel_count: 30, route: 'sahara_crossing' });
    expect(body.description).toBe('Spice and cloth for the southern salt towns.');
    expect(body.updated_at).not.toBe('2025-03-10T14:30:00Z');
    const listed = await api.listCaravans('?per_page=1');
    expect(listed.body.items[0].name).toBe('Golden Dune II');
  });

  it('clears the description with null', async () => {
    const { body } = await api.updateCaravan('car_001', { description: null });
    expect(body).not.toHaveProperty('description');
  });

  it('makes a caravan ready once it has camels, and forming again without', async () => {
    const ready = await api.updateCaravan('car_013', { camel_count: 4 });
    expect(ready.body.status).toBe('ready');
    const forming = await api.updateCaravan('car_013', { camel_count: 0 });
    expect(forming.body.status).toBe('forming');
  });

  it.each(['car_006', 'car_008', 'car_011'])('refuses a route change on %s with 409 route_locked', async (id) => {
    const before = store.snapshot();
    const { status, body } = await api.updateCaravan(id, { route: 'atlas_pass' });
    expect(status).toBe(409);
    expect(body.code).toBe('route_locked');
    expect(store.snapshot()).toEqual(before);
  });

  it('allows a route change on a resting caravan', async () => {
    expect((await api.updateCaravan('car_012', { route: 'nile_delta' })).body.route).toBe('nile_delta');
  });

  it('answers 404 for an unknown caravan', async () => {
    const { status, body } = await api.updateCaravan('car_999', { name: 'Ghost' });
    expect(status).toBe(404);
    expect(body.code).toBe('caravan_not_found');
  });

  it.each([
    [{ colour: 'red' }, '/colour'],
    [{ route: 'moon_run' }, '/route'],
    [{ camel_count: -1 }, '/camel_count'],
    [{ camel_count: 2.5 }, '/camel_count'],
    [{ camel_count: '3' }, '/camel_count'],
    [{ name: '' }, '/name'],
    [{ name: null }, '/name'],
    [{ status: 'ready' }, '/status'],
    [[], ''],
  ])('answers 422 with a pointer for %j', async (patch, pointer) => {
    const { status, body } = await api.updateCaravan('car_001', patch);
    expect(status).toBe(422);
    expect(body.code).toBe('validation_failed');
    expect(body.errors.map((error: { pointer: string }) => error.pointer)).toContain(pointer);
  });

  it('answers 400 for malformed JSON and 415 for a body that is not JSON', async () => {
    const malformed = await api.updateCaravan('car_001', '{"name":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('malformed_json');
    const form = await api.updateCaravan('car_001', 'name=x', { contentType: 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    expect(form.body.code).toBe('unsupported_media_type');
    const untyped = await api.updateCaravan('car_001', '{"name":"x"}', { contentType: null });
    expect(untyped.status).toBe(415);
  });

  it('answers 403 to read-only and partner tokens', async () => {
    for (const token of [VIEWER, PARTNER]) {
      const { status, body } = await api.updateCaravan('car_001', { name: 'x' }, { token });
      expect(status).toBe(403);
      expect(body.code).toBe('insufficient_scope');
    }
  });
});
