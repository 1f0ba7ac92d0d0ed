import { describe, expect, it } from 'vitest';
import { steppingClock } from '../../../content/_sandbox/caravan/domain/clock.ts';
import {
  CARAVAN_STATUSES,
  INSPECTION_STATUSES,
  LOT_STATUSES,
  MANIFEST_STATUSES,
  ORDER_PRIORITIES,
  ORDER_STATUSES,
  TRADE_ROUTES,
} from '../../../content/_sandbox/caravan/domain/enums.ts';
import { findWaypoint, WAYPOINTS } from '../../../content/_sandbox/caravan/domain/gazetteer.ts';
import { greatCircleKm, pathLengthKm } from '../../../content/_sandbox/caravan/domain/geo.ts';
import { manifestLots } from '../../../content/_sandbox/caravan/domain/manifests.ts';
import { paginate } from '../../../content/_sandbox/caravan/domain/paging.ts';
import { unmetReadiness } from '../../../content/_sandbox/caravan/domain/readiness.ts';
import { createSeedState } from '../../../content/_sandbox/caravan/domain/seed.ts';
import { createSandboxStore } from '../../../content/_sandbox/caravan/domain/store.ts';
import { TRADE_ROUTE_CATALOG } from '../../../content/_sandbox/caravan/domain/trade-routes.ts';
import { addCargoLot } from '../../../content/_sandbox/caravan/domain/cargo-lots.ts';

describe('seed data', () => {
  const seed = createSeedState();
  const lots = Object.values(seed.lots);

  it('has caravans in every status, manifests in every status, lots in every status and inspection', () => {
    expect(new Set(seed.caravans.map((caravan) => caravan.status))).toEqual(new Set(CARAVAN_STATUSES));
    expect(new Set(Object.values(seed.manifests).map((manifest) => manifest.status))).toEqual(new Set(MANIFEST_STATUSES));
    expect(new Set(lots.map((lot) => lot.status))).toEqual(new Set(LOT_STATUSES));
    expect(new Set(lots.map((lot) => lot.inspection_status))).toEqual(new Set(INSPECTION_STATUSES));
  });

  it('has orders in several markets with every priority and status', () => {
    expect(new Set(seed.orders.map((order) => order.market_id)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(seed.orders.map((order) => order.priority))).toEqual(new Set(ORDER_PRIORITIES));
    expect(new Set(seed.orders.map((order) => order.status))).toEqual(new Set(ORDER_STATUSES));
  });

  it('is consistent: forming and ready caravans match the readiness rule', () => {
    for (const caravan of seed.caravans.filter((candidate) => candidate.status === 'forming' || candidate.status === 'ready')) {
      expect(unmetReadiness(seed, caravan).length === 0, caravan.id).toBe(caravan.status === 'ready');
    }
  });

  it('links every manifest to its caravan and every lot to exactly one manifest', () => {
    const owners = new Map<string, string>();
    for (const manifest of Object.values(seed.manifests)) {
      expect(seed.caravans.find((caravan) => caravan.id === manifest.caravan_id)?.manifest_id).toBe(manifest.id);
      for (const lot of manifestLots(seed, manifest)) {
        expect(owners.has(lot.id)).toBe(false);
        owners.set(lot.id, manifest.id);
      }
    }
    expect(owners.size).toBe(lots.length);
  });

  it('has a route catalog entry with checkpoints in the gazetteer for every route', () => {
    for (const route of TRADE_ROUTES) {
      expect(TRADE_ROUTE_CATALOG[route].checkpoints.length).toBeGreaterThan(0);
      for (const checkpoint of TRADE_ROUTE_CATALOG[route].checkpoints) expect(findWaypoint(checkpoint), checkpoint).toBeDefined();
    }
  });

  it('stores published routes with the distance the rule computes', () => {
    for (const route of seed.publishedRoutes) {
      expect(route.distance_km).toBe(pathLengthKm(route.waypoints.map((name) => findWaypoint(name)!)));
    }
  });
});

describe('geography', () => {
  it('measures great-circle distances', () => {
    expect(greatCircleKm({ lat: 0, lon: 0 }, { lat: 0, lon: 180 })).toBeCloseTo(Math.PI * 6371.0088, 6);
    expect(greatCircleKm(findWaypoint('Cairo')!, findWaypoint('Cairo')!)).toBe(0);
    expect(Math.round(greatCircleKm(findWaypoint('Cairo')!, findWaypoint('Alexandria')!))).toBe(180);
  });

  it('rounds the sum of the legs, not each leg', () => {
    const legs = ['Alexandria', 'Cairo', 'Luxor', 'Aswan'].map((name) => findWaypoint(name)!);
    const exact = greatCircleKm(legs[0]!, legs[1]!) + greatCircleKm(legs[1]!, legs[2]!) + greatCircleKm(legs[2]!, legs[3]!);
    expect(pathLengthKm(legs)).toBe(Math.round(exact));
  });

  it('finds waypoints ignoring case and spaces', () => {
    expect(findWaypoint('  siwa oasis ')?.name).toBe('Siwa Oasis');
    expect(WAYPOINTS.length).toBeGreaterThan(20);
  });
});

describe('paging', () => {
  const items = Array.from({ length: 45 }, (_, index) => index);
  it.each([
    [1, 20, 20, true, 2],
    [3, 20, 5, false, null],
    [4, 20, 0, false, null],
    [1, 100, 45, false, null],
    [45, 1, 1, false, null],
  ])('page %i of %i items per page', (page, perPage, length, hasMore, nextPage) => {
    const result = paginate(items, { page, per_page: perPage });
    expect(result.items).toHaveLength(length);
    expect(result).toMatchObject({ total: 45, has_more: hasMore, next_page: nextPage });
  });
});

describe('store', () => {
  it('snapshots, restores and resets, keeping identifier sequences', () => {
    const store = createSandboxStore({ clock: steppingClock('2025-01-01T00:00:00Z') });
    const seed = store.snapshot();
    expect(JSON.parse(JSON.stringify(seed))).toEqual(seed);
    addCargoLot(store, 'car_001', { commodity: 'Tea' });
    const changed = store.snapshot();
    store.reset();
    expect(store.snapshot()).toEqual(seed);
    expect(store.restore(JSON.parse(JSON.stringify(changed)))).toBe(true);
    expect(store.state.lots['lot_0018']?.commodity).toBe('Tea');
    expect(store.nextId('lot')).toBe('lot_0019');
  });

  it('refuses garbage snapshots and keeps its state', () => {
    const store = createSandboxStore();
    const before = store.snapshot();
    for (const garbage of [null, 42, 'x', {}, { format: 2 }, { ...before, caravans: 'no' }]) {
      expect(store.restore(garbage)).toBe(false);
    }
    expect(store.snapshot()).toEqual(before);
    expect(createSandboxStore({ snapshot: { format: 99 } }).snapshot()).toEqual(before);
  });

  it('takes time and identifiers from the injected clock and formatter', () => {
    const store = createSandboxStore({ clock: steppingClock('2030-05-05T05:05:05Z'), ids: (kind, n) => `${kind}-${n}` });
    const outcome = addCargoLot(store, 'car_002', { commodity: 'Tea' });
    expect(outcome.ok && outcome.value.id).toBe('lot-18');
    expect(store.state.caravans.find((caravan) => caravan.id === 'car_002')?.updated_at).toBe('2030-05-05T05:05:05Z');
  });
});
