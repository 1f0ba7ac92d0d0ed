import { describe, expect, it } from 'vitest';
import { api, useSandbox, VIEWER } from './support/sandbox-client.ts';

const { store } = useSandbox();

describe('POST /caravans/{caravanId}/manifest/lots (addCargoLot)', () => {
  it('creates a pending lot with assigned fields (201)', async () => {
    const { status, body } = await api.addCargoLot('car_001', { commodity: 'Cumin', category: 'spice', weight_kg: 12.5, declared_value: 300 });
    expect(status).toBe(201);
    expect(body).toEqual({
      id: 'lot_0018',
      commodity: 'Cumin',
      category: 'spice',
      status: 'pending',
      quantity: 1,
      unit: 'sack',
      weight_kg: 12.5,
      declared_value: 300,
      origin_stall: null,
      inspection_status: 'not_required',
    });
  });

  it.each([
    ['spice', 'sack'],
    ['provision', 'sack'],
    ['textile', 'bolt'],
    ['pottery', 'jar'],
    ['gemstone', 'chest'],
    ['artifact', 'crate'],
    ['other', 'crate'],
  ])('counts %s in %s', async (category, unit) => {
    expect((await api.addCargoLot('car_001', { commodity: 'Goods', category })).body.unit).toBe(unit);
  });

  it.each([
    [{ category: 'gemstone' }, 'pending'],
    [{ category: 'artifact' }, 'pending'],
    [{ category: 'spice', declared_value: 10000 }, 'pending'],
    [{ category: 'spice', declared_value: 9999.99 }, 'not_required'],
    [{}, 'not_required'],
  ])('sets the inspection for %j to %s', async (fields, inspection) => {
    expect((await api.addCargoLot('car_001', { commodity: 'Goods', ...fields })).body.inspection_status).toBe(inspection);
  });

  it('starts a manifest for a caravan without one and moves a draft manifest to loading', async () => {
    await api.addCargoLot('car_002', { commodity: 'Salt' });
    const caravan = store.state.caravans.find((candidate) => candidate.id === 'car_002')!;
    expect(caravan.manifest_id).toBe('man_014');
    expect(store.state.manifests['man_014']!.status).toBe('loading');
    await api.addCargoLot('car_003', { commodity: 'Salt' });
    expect(store.state.manifests['man_003']!.status).toBe('loading');
  });

  it('sends a ready caravan back to forming', async () => {
    await api.addCargoLot('car_004', { commodity: 'Figs' });
    expect(store.state.caravans.find((caravan) => caravan.id === 'car_004')!.status).toBe('forming');
  });

  it.each([
    ['car_005', 'manifest_closed'],
    ['car_006', 'manifest_closed'],
    ['car_008', 'manifest_closed'],
    ['car_009', 'manifest_closed'],
    ['car_011', 'caravan_retired'],
  ])('refuses lots for %s with 409 %s', async (id, code) => {
    const before = store.snapshot();
    const { status, body } = await api.addCargoLot(id, { commodity: 'Figs' });
    expect(status).toBe(409);
    expect(body.code).toBe(code);
    expect(store.snapshot()).toEqual(before);
  });

  it('answers 422 for a missing commodity, bad enum, wrong types and unknown fields', async () => {
    const { status, body } = await api.addCargoLot('car_001', { category: 'jewels', weight_kg: 'heavy', quantity: 3 });
    expect(status).toBe(422);
    expect(body.errors.map((error: { pointer: string }) => error.pointer).sort()).toEqual(['/category', '/commodity', '/quantity', '/weight_kg']);
  });

  it('answers 404, 403, 415 and 400 where due', async () => {
    expect((await api.addCargoLot('car_404', { commodity: 'x' })).status).toBe(404);
    expect((await api.addCargoLot('car_001', { commodity: 'x' }, { token: VIEWER })).status).toBe(403);
    expect((await api.addCargoLot('car_001', 'commodity', { contentType: 'text/plain' })).status).toBe(415);
    expect((await api.addCargoLot('car_001', '{commodity: x}')).status).toBe(400);
    expect((await api.addCargoLot('car_001', '')).status).toBe(400);
  });

  it('answers 413 for a body over 1 MiB', async () => {
    const { status, body } = await api.addCargoLot('car_001', { commodity: 'x', description: 'y'.repeat(1_100_000) });
    expect(status).toBe(413);
    expect(body.code).toBe('payload_too_large');
  });
});

describe('PUT /caravans/{caravanId}/manifest/lots/{lotId} (updateCargoLot)', () => {
  it('walks a lot through its whole lifecycle and makes the caravan ready', async () => {
    const created = await api.addCargoLot('car_002', { commodity: 'Amber', category: 'gemstone', declared_value: 20000 });
    const lotId = created.body.id;
    await api.updateCaravan('car_002', { route: 'nile_delta', camel_count: 3 });

    const refused = await api.updateCargoLot('car_002', lotId, { status: 'weighed' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('invalid_transition');
    expect(refused.body.errors).toEqual([{ pointer: '/weight_kg', detail: expect.any(String) }]);

    const weighed = await api.updateCargoLot('car_002', lotId, { status: 'weighed', weight_kg: 4 });
    expect(weighed.body).toMatchObject({ status: 'weighed', weight_kg: 4, inspection_status: 'pending' });
    const sealed = await api.updateCargoLot('car_002', lotId, { status: 'sealed' });
    expect(sealed.body).toMatchObject({ status: 'sealed', inspection_status: 'passed' });
    const loaded = await api.updateCargoLot('car_002', lotId, { status: 'loaded' });
    expect(loaded.body).toMatchObject({ status: 'loaded', commodity: 'Amber', declared_value: 20000 });

    expect(store.state.caravans.find((caravan) => caravan.id === 'car_002')!.status).toBe('ready');
    expect((await api.dispatchCaravan('car_002')).status).toBe(200);
  });

  it('holds valuable lots on sealing, and a held lot cannot be loaded', async () => {
    const lotId = (await api.addCargoLot('car_001', { commodity: 'Pearls', declared_value: 60000, weight_kg: 1 })).body.id;
    await api.updateCargoLot('car_001', lotId, { status: 'weighed' });
    expect((await api.updateCargoLot('car_001', lotId, { status: 'sealed' })).body.inspection_status).toBe('held');
    const { status, body } = await api.updateCargoLot('car_001', lotId, { status: 'loaded' });
    expect(status).toBe(409);
    expect(body.code).toBe('invalid_transition');
  });

  it('keeps omitted fields and clears optional fields with null', async () => {
    const { body } = await api.updateCargoLot('car_001', 'lot_0001', { description: 'Dry place', declared_value: null });
    expect(body).toMatchObject({ id: 'lot_0001', commodity: 'Saffron', description: 'Dry place', status: 'pending', quantity: 12 });
    expect(body).not.toHaveProperty('declared_value');
    expect((await api.updateCargoLot('car_001', 'lot_0001', { description: null })).body).not.toHaveProperty('description');
  });

  it('follows the declared value with the inspection until sealing', async () => {
    expect((await api.updateCargoLot('car_001', 'lot_0001', { declared_value: 15000 })).body.inspection_status).toBe('pending');
    expect((await api.updateCargoLot('car_001', 'lot_0001', { declared_value: 100 })).body.inspection_status).toBe('not_required');
  });

  it.each([
    ['lot_0004', 'pending'],
    ['lot_0004', 'sealed'],
    ['lot_0002', 'pending'],
    ['lot_0001', 'sealed'],
    ['lot_0001', 'loaded'],
    ['lot_0002', 'loaded'],
  ])('refuses moving %s to %s with 409 invalid_transition', async (lotId, target) => {
    const before = store.snapshot();
    const { status, body } = await api.updateCargoLot('car_001', lotId, { status: target });
    expect(status).toBe(409);
    expect(body.code).toBe('invalid_transition');
    expect(store.snapshot()).toEqual(before);
  });

  it('accepts a PUT that keeps the status', async () => {
    expect((await api.updateCargoLot('car_001', 'lot_0004', { status: 'loaded' })).status).toBe(200);
  });

  it('freezes commodity, weight and value once sealed (409 lot_sealed)', async () => {
    const { status, body } = await api.updateCargoLot('car_001', 'lot_0004', { weight_kg: 1 });
    expect(status).toBe(409);
    expect(body.code).toBe('lot_sealed');
  });

  it('keeps the weight of a weighed lot (409 weight_required)', async () => {
    const { status, body } = await api.updateCargoLot('car_001', 'lot_0002', { weight_kg: null });
    expect(status).toBe(409);
    expect(body.code).toBe('weight_required');
  });

  it('refuses changes on a closed manifest (409 manifest_closed)', async () => {
    expect((await api.updateCargoLot('car_006', 'lot_0009', { description: 'x' })).body.code).toBe('manifest_closed');
  });

  it('answers 404 for unknown lots, lots of another caravan and unknown caravans', async () => {
    expect((await api.updateCargoLot('car_001', 'lot_9999', {})).body.code).toBe('lot_not_found');
    expect((await api.updateCargoLot('car_001', 'lot_0005', {})).body.code).toBe('lot_not_found');
    expect((await api.updateCargoLot('car_002', 'lot_0001', {})).body.code).toBe('lot_not_found');
    expect((await api.updateCargoLot('car_999', 'lot_0001', {})).body.code).toBe('caravan_not_found');
  });

  it('answers 422 for unknown fields, bad status and non-positive weight', async () => {
    const { status, body } = await api.updateCargoLot('car_001', 'lot_0001', { status: 'lost', weight_kg: 0, category: 'spice' });
    expect(status).toBe(422);
    expect(body.errors.map((error: { pointer: string }) => error.pointer).sort()).toEqual(['/category', '/status', '/weight_kg']);
  });
});
