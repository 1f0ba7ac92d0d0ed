/**
 * The fixed sample data every sandbox starts from (and returns to on reset). It covers every
 * caravan, manifest, lot, inspection, order priority and order status, and it is consistent:
 * `forming` and `ready` caravans are exactly as ready as the readiness rule says.
 */
import { ORDER_PRIORITIES, ORDER_STATUSES, type OrderStatus, type Unit } from './enums.ts';
import type { BazaarOrder, Caravan, CargoLot, Market, PublishedRoute } from './resources.ts';
import { STATE_FORMAT_VERSION, type ManifestRecord, type SandboxState } from './state.ts';

export const SANDBOX_CURRENCY = 'TDN';

const MARKETS: Market[] = [
  { id: 'marrakesh', name: 'Marrakesh Grand Souk' },
  { id: 'timbuktu', name: 'Timbuktu Salt Market' },
  { id: 'cairo', name: 'Cairo Khan el-Khalili' },
  { id: 'samarkand', name: 'Samarkand Registan Bazaar' },
  { id: 'alexandria', name: 'Alexandria Harbour Market' },
  { id: 'siwa', name: 'Siwa Oasis Exchange' },
];

const CARAVANS: Caravan[] = [
  {
    id: 'car_001',
    name: 'Golden Dune',
    description: 'Spice and cloth for the southern salt towns.',
    route: 'sahara_crossing',
    status: 'forming',
    camel_count: 24,
    lead_trader_name: 'Idris Tazi',
    origin_market: 'marrakesh',
    destination_market: 'timbuktu',
    scheduled_departure_at: '2025-04-02T06:00:00Z',
    manifest_id: 'man_001',
    created_at: '2025-02-01T09:00:00Z',
    updated_at: '2025-03-10T14:30:00Z',
  },
  {
    id: 'car_002',
    name: 'Silver Crescent',
    status: 'forming',
    camel_count: 0,
    lead_trader_name: 'Nadia Fassi',
    origin_market: 'cairo',
    created_at: '2025-03-12T08:15:00Z',
  },
  {
    id: 'car_003',
    name: 'Amber Wind',
    description: 'Waiting for its first lots.',
    route: 'oasis_loop',
    status: 'forming',
    camel_count: 12,
    lead_trader_name: 'Omar Said',
    origin_market: 'siwa',
    destination_market: 'cairo',
    manifest_id: 'man_003',
    created_at: '2025-03-14T07:45:00Z',
  },
  {
    id: 'car_004',
    name: 'Desert Lark',
    route: 'atlas_pass',
    status: 'ready',
    camel_count: 18,
    lead_trader_name: 'Aicha Berrada',
    origin_market: 'marrakesh',
    destination_market: 'marrakesh',
    scheduled_departure_at: '2025-03-28T05:30:00Z',
    estimated_arrival_at: '2025-04-06T17:00:00Z',
    manifest_id: 'man_004',
    created_at: '2025-02-20T10:00:00Z',
    updated_at: '2025-03-18T16:20:00Z',
  },
  {
    id: 'car_005',
    name: 'Nile Heron',
    description: 'Linen and pepper bound for the harbour.',
    route: 'nile_delta',
    status: 'ready',
    camel_count: 9,
    lead_trader_name: 'Karim Mansour',
    origin_market: 'cairo',
    destination_market: 'alexandria',
    manifest_id: 'man_005',
    created_at: '2025-02-25T11:30:00Z',
    updated_at: '2025-03-19T09:05:00Z',
  },
  {
    id: 'car_006',
    name: 'Silk Falcon',
    route: 'silk_road_west',
    status: 'in_transit',
    camel_count: 40,
    lead_trader_name: 'Rustam Karimov',
    origin_market: 'samarkand',
    destination_market: 'alexandria',
    scheduled_departure_at: '2025-03-01T04:00:00Z',
    estimated_arrival_at: '2025-05-15T12:00:00Z',
    manifest_id: 'man_006',
    created_at: '2025-01-10T08:00:00Z',
    updated_at: '2025-03-01T04:10:00Z',
  },
  {
    id: 'car_007',
    name: 'Crimson Oasis',
    route: 'sahara_crossing',
    status: 'in_transit',
    camel_count: 32,
    lead_trader_name: 'Moussa Traoré',
    origin_market: 'marrakesh',
    destination_market: 'timbuktu',
    estimated_arrival_at: '2025-04-20T18:00:00Z',
    manifest_id: 'man_007',
    created_at: '2025-01-22T12:00:00Z',
    updated_at: '2025-03-11T05:00:00Z',
  },
  {
    id: 'car_008',
    name: 'Jade Caravel',
    route: 'oasis_loop',
    status: 'arrived',
    camel_count: 15,
    lead_trader_name: 'Hana Youssef',
    origin_market: 'siwa',
    destination_market: 'cairo',
    manifest_id: 'man_008',
    created_at: '2024-12-05T09:00:00Z',
    updated_at: '2025-03-16T15:45:00Z',
  },
  {
    id: 'car_009',
    name: 'Salt Star',
    description: 'Resting in Ouarzazate while a customs dispute is settled.',
    route: 'atlas_pass',
    status: 'resting',
    camel_count: 20,
    lead_trader_name: 'Youssef Alaoui',
    origin_market: 'marrakesh',
    destination_market: 'marrakesh',
    manifest_id: 'man_009',
    created_at: '2024-11-18T10:00:00Z',
    updated_at: '2025-03-05T13:00:00Z',
  },
  {
    id: 'car_010',
    name: 'Morning Caravan',
    route: 'nile_delta',
    status: 'forming',
    camel_count: 6,
    lead_trader_name: 'Salma Khalil',
    origin_market: 'cairo',
    destination_market: 'alexandria',
    manifest_id: 'man_010',
    created_at: '2025-03-17T06:30:00Z',
  },
  {
    id: 'car_011',
    name: 'Old Sirocco',
    description: 'Retired after forty crossings.',
    route: 'sahara_crossing',
    status: 'retired',
    camel_count: 0,
    lead_trader_name: 'Hassan Idrissi',
    origin_market: 'timbuktu',
    created_at: '2023-06-01T08:00:00Z',
    updated_at: '2024-10-01T08:00:00Z',
  },
  {
    id: 'car_012',
    name: 'Evening Star',
    route: 'silk_road_west',
    status: 'resting',
    camel_count: 30,
    lead_trader_name: 'Dilnoza Rahimova',
    origin_market: 'samarkand',
    destination_market: 'samarkand',
    created_at: '2024-09-09T09:00:00Z',
    updated_at: '2025-02-28T19:00:00Z',
  },
  {
    id: 'car_013',
    name: 'Quiet Ember',
    description: 'Fully loaded, still waiting for its camels.',
    route: 'oasis_loop',
    status: 'forming',
    camel_count: 0,
    lead_trader_name: 'Tarik Bennani',
    origin_market: 'siwa',
    destination_market: 'siwa',
    manifest_id: 'man_013',
    created_at: '2025-03-18T12:00:00Z',
  },
];

function lot(fields: Omit<CargoLot, 'quantity' | 'origin_stall'> & Partial<Pick<CargoLot, 'quantity' | 'origin_stall'>>): CargoLot {
  return { quantity: 1, origin_stall: null, ...fields };
}

const LOTS: CargoLot[] = [
  lot({ id: 'lot_0001', commodity: 'Saffron', category: 'spice', status: 'pending', quantity: 12, unit: 'sack', declared_value: 4200, origin_stall: 'Stall 14, Spice Row', inspection_status: 'not_required' }),
  lot({ id: 'lot_0002', commodity: 'Indigo cloth', category: 'textile', description: 'Keep dry.', status: 'weighed', quantity: 30, unit: 'bolt', weight_kg: 180.5, declared_value: 6100, inspection_status: 'not_required' }),
  lot({ id: 'lot_0003', commodity: 'Emeralds', category: 'gemstone', description: 'Locked chest, two keys.', status: 'sealed', unit: 'chest', weight_kg: 8.2, declared_value: 82000, origin_stall: 'Jewellers Court', inspection_status: 'held' }),
  lot({ id: 'lot_0004', commodity: 'Glazed jars', category: 'pottery', status: 'loaded', quantity: 40, unit: 'jar', weight_kg: 210, declared_value: 2300, inspection_status: 'not_required' }),
  lot({ id: 'lot_0005', commodity: 'Dates', category: 'provision', status: 'loaded', quantity: 50, unit: 'sack', weight_kg: 640, declared_value: 900, inspection_status: 'not_required' }),
  lot({ id: 'lot_0006', commodity: 'Bronze astrolabe', category: 'artifact', description: 'Wrap in felt.', status: 'loaded', unit: 'crate', weight_kg: 14, declared_value: 15500, inspection_status: 'passed' }),
  lot({ id: 'lot_0007', commodity: 'Egyptian linen', category: 'textile', status: 'loaded', quantity: 25, unit: 'bolt', weight_kg: 150, declared_value: 7400, origin_stall: 'Weavers Lane 3', inspection_status: 'not_required' }),
  lot({ id: 'lot_0008', commodity: 'Black pepper', category: 'spice', status: 'loaded', quantity: 20, unit: 'sack', weight_kg: 400, declared_value: 11800, inspection_status: 'passed' }),
  lot({ id: 'lot_0009', commodity: 'Raw silk', category: 'textile', status: 'loaded', quantity: 60, unit: 'bolt', weight_kg: 300, declared_value: 48000, inspection_status: 'passed' }),
  lot({ id: 'lot_0010', commodity: 'Lapis lazuli', category: 'gemstone', status: 'loaded', unit: 'chest', weight_kg: 35, declared_value: 39000, inspection_status: 'passed' }),
  lot({ id: 'lot_0011', commodity: 'Rock salt', category: 'other', status: 'loaded', quantity: 80, unit: 'crate', weight_kg: 2400, declared_value: 5200, inspection_status: 'not_required' }),
  lot({ id: 'lot_0012', commodity: 'Incense', category: 'spice', status: 'loaded', quantity: 18, unit: 'sack', weight_kg: 95.75, declared_value: 8700, inspection_status: 'not_required' }),
  lot({ id: 'lot_0013', commodity: 'Carved cedar boxes', category: 'artifact', status: 'loaded', quantity: 6, unit: 'crate', weight_kg: 60, declared_value: 9800, inspection_status: 'passed' }),
  lot({ id: 'lot_0014', commodity: 'Papyrus scrolls', category: 'artifact', status: 'sealed', unit: 'crate', weight_kg: 22, declared_value: 18000, inspection_status: 'passed' }),
  lot({ id: 'lot_0015', commodity: 'Painted amphorae', category: 'pottery', status: 'weighed', quantity: 16, unit: 'jar', weight_kg: 128, declared_value: 12000, inspection_status: 'pending' }),
  lot({ id: 'lot_0016', commodity: 'Tent canvas', category: 'other', status: 'pending', quantity: 4, unit: 'bundle', inspection_status: 'not_required' }),
  lot({ id: 'lot_0017', commodity: 'Olive oil', category: 'provision', status: 'loaded', quantity: 24, unit: 'jar', weight_kg: 260, declared_value: 1900, inspection_status: 'not_required' }),
];

function manifest(
  fields: Omit<ManifestRecord, 'currency' | 'dispatched_at'> & Partial<Pick<ManifestRecord, 'dispatched_at'>>,
): ManifestRecord {
  return { currency: SANDBOX_CURRENCY, dispatched_at: null, ...fields };
}

const MANIFESTS: ManifestRecord[] = [
  manifest({ id: 'man_001', caravan_id: 'car_001', status: 'loading', route: 'sahara_crossing', lot_ids: ['lot_0001', 'lot_0002', 'lot_0003', 'lot_0004'] }),
  manifest({ id: 'man_003', caravan_id: 'car_003', status: 'draft', route: 'oasis_loop', lot_ids: [] }),
  manifest({ id: 'man_004', caravan_id: 'car_004', status: 'loading', route: 'atlas_pass', lot_ids: ['lot_0005', 'lot_0006'] }),
  manifest({ id: 'man_005', caravan_id: 'car_005', status: 'sealed', route: 'nile_delta', lot_ids: ['lot_0007', 'lot_0008'], sealed_by: 'Karim Mansour' }),
  manifest({ id: 'man_006', caravan_id: 'car_006', status: 'dispatched', route: 'silk_road_west', lot_ids: ['lot_0009', 'lot_0010'], sealed_by: 'Rustam Karimov', next_checkpoint: 'Merv', dispatched_at: '2025-03-01T04:10:00Z' }),
  manifest({ id: 'man_007', caravan_id: 'car_007', status: 'dispatched', route: 'sahara_crossing', lot_ids: ['lot_0011'], sealed_by: 'Moussa Traoré', next_checkpoint: 'Taghaza', dispatched_at: '2025-03-11T05:00:00Z' }),
  manifest({ id: 'man_008', caravan_id: 'car_008', status: 'delivered', route: 'oasis_loop', lot_ids: ['lot_0012'], sealed_by: 'Hana Youssef', dispatched_at: '2025-02-26T06:00:00Z' }),
  manifest({ id: 'man_009', caravan_id: 'car_009', status: 'disputed', route: 'atlas_pass', lot_ids: ['lot_0013'], sealed_by: 'Youssef Alaoui', dispatched_at: '2025-02-20T07:00:00Z' }),
  manifest({ id: 'man_010', caravan_id: 'car_010', status: 'loading', route: 'nile_delta', lot_ids: ['lot_0014', 'lot_0015', 'lot_0016'] }),
  manifest({ id: 'man_013', caravan_id: 'car_013', status: 'loading', route: 'oasis_loop', lot_ids: ['lot_0017'] }),
];

const ORDER_COUNTS_BY_MARKET: ReadonlyArray<readonly [marketId: string, count: number]> = [
  ['marrakesh', 26],
  ['timbuktu', 12],
  ['cairo', 10],
  ['samarkand', 8],
  ['alexandria', 4],
  // siwa: a known market with no orders yet.
];

const BUYERS = ['Al-Mansur House', 'Bazaar of the Seven Gates', 'Zaynab Weavers', 'Ibn Battuta Outfitters', 'Caliph\'s Kitchen', 'Harbour Chandlers', 'Blue Door Apothecary', 'Atlas Mountain Lodge'];
const WANTED: ReadonlyArray<readonly [commodity: string, unit: Unit]> = [
  ['Saffron', 'sack'],
  ['Indigo cloth', 'bolt'],
  ['Glazed jars', 'jar'],
  ['Dates', 'sack'],
  ['Rock salt', 'crate'],
  ['Amber beads', 'chest'],
  ['Tent canvas', 'bundle'],
];
const CARAVAN_FOR_MARKET: Readonly<Record<string, string>> = {
  marrakesh: 'car_004',
  timbuktu: 'car_007',
  cairo: 'car_005',
  samarkand: 'car_006',
  alexandria: 'car_005',
};
const ASSIGNED_STATUSES: readonly OrderStatus[] = ['reserved', 'packed', 'dispatched', 'delivered'];

/** Orders are laid out so every priority meets every status within the larger markets. */
function seedOrders(): BazaarOrder[] {
  const orders: BazaarOrder[] = [];
  let serial = 0;
  for (const [marketId, count] of ORDER_COUNTS_BY_MARKET) {
    for (let index = 0; index < count; index += 1) {
      serial += 1;
      const [commodity, unit] = WANTED[serial % WANTED.length]!;
      const status = ORDER_STATUSES[Math.floor(index / ORDER_PRIORITIES.length) % ORDER_STATUSES.length]!;
      const day = 1 + (serial % 28);
      const order: BazaarOrder = {
        id: `ord_${String(serial).padStart(4, '0')}`,
        buyer_name: BUYERS[serial % BUYERS.length]!,
        priority: ORDER_PRIORITIES[index % ORDER_PRIORITIES.length]!,
        status,
        commodity,
        quantity: 2 + ((serial * 7) % 40),
        unit,
        market_id: marketId,
        destination_stall: `Stall ${1 + ((serial * 5) % 60)}`,
        requested_delivery_date: `2025-05-${String(day).padStart(2, '0')}`,
        quoted_price: 150 + ((serial * 137) % 5000),
        currency: SANDBOX_CURRENCY,
        created_at: `2025-03-${String(day).padStart(2, '0')}T${String(6 + (serial % 12)).padStart(2, '0')}:00:00Z`,
      };
      if (serial % 3 === 0) order.description = 'Deliver before the Friday prayers.';
      if (ASSIGNED_STATUSES.includes(status)) order.assigned_caravan_id = CARAVAN_FOR_MARKET[marketId]!;
      orders.push(order);
    }
  }
  return orders;
}

const PUBLISHED_ROUTES: PublishedRoute[] = [
  {
    id: '5a4d6b0c-7e1f-4a2b-9c3d-5e0000000001',
    name: 'Salt Road',
    region: 'Western Sahara',
    waypoints: ['Sijilmasa', 'Taghaza', 'Timbuktu'],
    distance_km: 1645,
    published_by: 'Sahel Traders Cooperative',
    created_at: '2025-01-15T10:00:00Z',
  },
];

/** A fresh copy of the seed: callers may mutate it freely. */
export function createSeedState(): SandboxState {
  return structuredClone({
    format: STATE_FORMAT_VERSION,
    caravans: CARAVANS,
    manifests: Object.fromEntries(MANIFESTS.map((record) => [record.id, record])),
    lots: Object.fromEntries(LOTS.map((record) => [record.id, record])),
    markets: MARKETS,
    orders: seedOrders(),
    publishedRoutes: PUBLISHED_ROUTES,
    sequences: { lot: LOTS.length, manifest: 13, route: 0 },
  });
}
