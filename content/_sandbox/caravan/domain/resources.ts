/**
 * The resources as the API represents them (the shapes of the OpenAPI `components.schemas`).
 * Optional fields are absent rather than `null`, except where the description marks them
 * nullable (`CargoLot.origin_stall`, `CargoManifest.dispatched_at`).
 */
import type {
  CaravanStatus,
  InspectionStatus,
  LotCategory,
  LotStatus,
  ManifestStatus,
  OrderPriority,
  OrderStatus,
  TradeRoute,
  Unit,
} from './enums.ts';

export interface Caravan {
  id: string;
  name: string;
  description?: string;
  route?: TradeRoute;
  status: CaravanStatus;
  camel_count?: number;
  lead_trader_name?: string;
  origin_market?: string;
  destination_market?: string;
  scheduled_departure_at?: string;
  estimated_arrival_at?: string;
  manifest_id?: string;
  created_at: string;
  updated_at?: string;
}

export interface CargoLot {
  id: string;
  commodity: string;
  category?: LotCategory;
  description?: string;
  status: LotStatus;
  quantity?: number;
  unit?: Unit;
  weight_kg?: number;
  declared_value?: number;
  origin_stall?: string | null;
  inspection_status?: InspectionStatus;
}

export interface CargoManifest {
  id: string;
  caravan_id: string;
  status: ManifestStatus;
  route?: TradeRoute;
  total_lots: number;
  total_weight_kg: number;
  total_declared_value: number;
  currency: string;
  lots: CargoLot[];
  sealed_by?: string;
  next_checkpoint?: string;
  dispatched_at: string | null;
}

export interface BazaarOrder {
  id: string;
  buyer_name: string;
  description?: string;
  priority: OrderPriority;
  status: OrderStatus;
  commodity?: string;
  quantity?: number;
  unit?: Unit;
  market_id?: string;
  destination_stall?: string;
  requested_delivery_date?: string;
  assigned_caravan_id?: string;
  quoted_price?: number;
  currency?: string;
  created_at: string;
}

export interface PublishedRoute {
  id: string;
  name: string;
  region: string;
  waypoints: string[];
  distance_km: number;
  published_by: string;
  created_at: string;
}

export interface Market {
  id: string;
  name: string;
}
