import { describe, expect, it } from 'vitest';
import { api, TRADER, useSandbox, VIEWER } from './support/sandbox-client.ts';

const { store } = useSandbox();

describe('POST {partners}/routes (publishRoute)', () => {
  it('publishes a route with a UUID, the partner organisation and the great-circle distance', async () => {
    const { status, body } = await api.publishRoute({ name: 'Nile Incense Road', region: 'Egypt', waypoints: ['Alexandria', 'cairo', ' Luxor ', 'Aswan'] });
    expect(status).toBe(201);
    expect(body).toEqual({
      id: '5a4d6b0c-7e1f-4a2b-9c3d-000000000001',
      name: 'Nile Incense Road',
      region: 'Egypt',
      waypoints: ['Alexandria', 'Cairo', 'Luxor', 'Aswan'],
      distance_km: 863,
      published_by: 'Oasis Partners Guild',
      created_at: '2025-03-20T10:00:00Z',
    });
  });

  it('names every unknown waypoint in a 422', async () => {
    const before = store.snapshot();
    const { status, body } = await api.publishRoute({ name: 'Lost Road', region: 'Nowhere', waypoints: ['Cairo', 'Atlantis', 'Luxor', 'El Dorado'] });
    expect(status).toBe(422);
    expect(body.code).toBe('unknown_waypoints');
    expect(body.errors).toEqual([
      { pointer: '/waypoints/1', detail: 'Unknown waypoint `Atlantis`.' },
      { pointer: '/waypoints/3', detail: 'Unknown waypoint `El Dorado`.' },
    ]);
    expect(body.detail).toContain('Atlantis, El Dorado');
    expect(store.snapshot()).toEqual(before);
  });

  it('refuses a duplicate name (ignoring case) with 409', async () => {
    const { status, body } = await api.publishRoute({ name: 'salt road', region: 'Sahara', waypoints: ['Timbuktu', 'Gao'] });
    expect(status).toBe(409);
    expect(body.code).toBe('duplicate_route_name');
    await api.publishRoute({ name: 'Fresh Road', region: 'Sahara', waypoints: ['Timbuktu', 'Gao'] });
    expect((await api.publishRoute({ name: 'Fresh Road', region: 'Sahara', waypoints: ['Timbuktu', 'Gao'] })).status).toBe(409);
  });

  it.each([
    [{ region: 'R', waypoints: ['Cairo', 'Luxor'] }, '/name'],
    [{ name: '', region: 'R', waypoints: ['Cairo', 'Luxor'] }, '/name'],
    [{ name: '   ', region: 'R', waypoints: ['Cairo', 'Luxor'] }, '/name'],
    [{ name: 'N', region: ' ', waypoints: ['Cairo', 'Luxor'] }, '/region'],
    [{ name: 'N', region: 'R', waypoints: ['Cairo'] }, '/waypoints'],
    [{ name: 'N', region: 'R', waypoints: 'Cairo,Luxor' }, '/waypoints'],
    [{ name: 'N', region: 'R', waypoints: ['Cairo', 7] }, '/waypoints/1'],
    [{ name: 'N', region: 'R', waypoints: ['Cairo', 'Luxor'], distance_km: 5 }, '/distance_km'],
  ])('answers 422 for %j', async (body, pointer) => {
    const reply = await api.publishRoute(body);
    expect(reply.status).toBe(422);
    expect(reply.body.errors.map((error: { pointer: string }) => error.pointer)).toContain(pointer);
  });

  it('answers 403 to trader and viewer tokens', async () => {
    for (const token of [TRADER, VIEWER]) {
      const { status, body } = await api.publishRoute({ name: 'N', region: 'R', waypoints: ['Cairo', 'Luxor'] }, { token });
      expect(status).toBe(403);
      expect(body.code).toBe('insufficient_scope');
    }
  });
});
