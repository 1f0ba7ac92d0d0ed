/**
 * The catalog of trade routes a caravan can be assigned (the `route` enumeration), with the
 * checkpoints a dispatched caravan passes. `next_checkpoint` after dispatch is the first one.
 */
import type { TradeRoute } from './enums.ts';

export interface TradeRouteDetails {
  name: string;
  checkpoints: readonly string[];
  /** Days from departure to arrival; sets `estimated_arrival_at` on dispatch. */
  travel_days: number;
}

export const TRADE_ROUTE_CATALOG: Readonly<Record<TradeRoute, TradeRouteDetails>> = {
  sahara_crossing: { name: 'Sahara Crossing', checkpoints: ['Sijilmasa', 'Taghaza', 'Walata', 'Timbuktu'], travel_days: 40 },
  oasis_loop: {
    name: 'Oasis Loop',
    checkpoints: ['Bahariya Oasis', 'Farafra Oasis', 'Dakhla Oasis', 'Kharga Oasis'],
    travel_days: 18,
  },
  silk_road_west: { name: 'Silk Road West', checkpoints: ['Bukhara', 'Merv', 'Baghdad', 'Aleppo'], travel_days: 75 },
  nile_delta: { name: 'Nile Delta', checkpoints: ['Rosetta', 'Alexandria', 'Cairo'], travel_days: 6 },
  atlas_pass: { name: 'Atlas Pass', checkpoints: ["Tizi n'Tichka", 'Ouarzazate', 'Sijilmasa'], travel_days: 9 },
};

export function firstCheckpoint(route: TradeRoute): string {
  return TRADE_ROUTE_CATALOG[route].checkpoints[0] ?? TRADE_ROUTE_CATALOG[route].name;
}
