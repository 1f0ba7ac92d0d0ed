import { describe, expect, it } from 'vitest';
import { api, useSandbox, VIEWER } from './support/sandbox-client.ts';

const { store } = useSandbox();

describe('POST /caravans/{caravanId}/dispatch (dispatchCaravan)', () => {
  it('dispatches a ready caravan: manifest dispatched, caravan in transit', async () => {
    const { status, body } = await api.dispatchCaravan('car_004');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: 'man_004',
      caravan_id: 'car_004',
      status: 'dispatched',
      route: 'atlas_pass',
      total_lots: 2,
      total_weight_kg: 654,
      total_declared_value: 16400,
      currency: 'TDN',
      sealed_by: 'Samira Haddad',
      next_checkpoint: "Tizi n'Tichka",
    });
    expect(body.dispatched_at).toMatch(/^2025-03-20T10:00:\d\dZ$/);
    expect(body.lots.map((lot: { id: string }) => lot.id)).toEqual(['lot_0005', 'lot_0006']);
    const listed = await api.listCaravans('?status=in_transit');
    expect(listed.body.items.map((caravan: { id: string }) => caravan.id)).toContain('car_004');
  });

  it('dispatches a caravan whose manifest is sealed', async () => {
    expect((await api.dispatchCaravan('car_005')).body).toMatchObject({ status: 'dispatched', next_checkpoint: 'Rosetta' });
  });

  it('refuses a second dispatch with 409 already_dispatched', async () => {
    await api.dispatchCaravan('car_004');
    const again = await api.dispatchCaravan('car_004');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_dispatched');
  });

  it('lists every unmet condition: route, camels, manifest', async () => {
    const { status, body } = await api.dispatchCaravan('car_002');
    expect(status).toBe(409);
    expect(body.code).toBe('dispatch_precondition_failed');
    expect(body.errors.map((error: { pointer: string }) => error.pointer)).toEqual(['/route', '/camel_count', '/manifest_id']);
  });

  it('lists each lot that is not loaded, by id', async () => {
    const before = store.snapshot();
    const { body } = await api.dispatchCaravan('car_001');
    expect(body.errors.map((error: { pointer: string }) => error.pointer)).toEqual([
      '/manifest/lots/lot_0001/status',
      '/manifest/lots/lot_0002/status',
      '/manifest/lots/lot_0003/status',
    ]);
    expect(body.errors[1].detail).toContain('lot_0002');
    expect(store.snapshot()).toEqual(before);
  });

  it('names an empty manifest and missing camels', async () => {
    expect((await api.dispatchCaravan('car_003')).body.errors.map((error: { pointer: string }) => error.pointer)).toEqual(['/manifest/lots']);
    expect((await api.dispatchCaravan('car_013')).body.errors.map((error: { pointer: string }) => error.pointer)).toEqual(['/camel_count']);
  });

  it.each(['car_008', 'car_009', 'car_011', 'car_012'])('refuses %s, which is not forming or ready', async (id) => {
    const { status, body } = await api.dispatchCaravan(id);
    expect(status).toBe(409);
    expect(body.code).toBe('dispatch_precondition_failed');
    expect(body.errors[0].pointer).toBe('/status');
  });

  it('answers 404 for an unknown caravan and 403 for a viewer', async () => {
    expect((await api.dispatchCaravan('car_999')).status).toBe(404);
    expect((await api.dispatchCaravan('car_004', { token: VIEWER })).status).toBe(403);
  });

  it('ignores any request body', async () => {
    expect((await api.dispatchCaravan('car_004', { body: 'not json', contentType: 'text/plain' })).status).toBe(200);
  });
});
