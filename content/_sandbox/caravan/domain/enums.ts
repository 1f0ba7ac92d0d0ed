/**
 * The enumerations of the Caravan Trading Service. The OpenAPI description repeats these
 * lists; `tests/unit/sandbox/openapi-consistency.test.ts` fails when the two drift apart.
 */

export const TRADE_ROUTES = ['sahara_crossing', 'oasis_loop', 'silk_road_west', 'nile_delta', 'atlas_pass'] as const;
export type TradeRoute = (typeof TRADE_ROUTES)[number];

export const CARAVAN_STATUSES = ['forming', 'ready', 'in_transit', 'arrived', 'resting', 'retired'] as const;
export type CaravanStatus = (typeof CARAVAN_STATUSES)[number];

export const MANIFEST_STATUSES = ['draft', 'loading', 'sealed', 'dispatched', 'delivered', 'disputed'] as const;
export type ManifestStatus = (typeof MANIFEST_STATUSES)[number];

export const LOT_CATEGORIES = ['spice', 'textile', 'pottery', 'gemstone', 'artifact', 'provision', 'other'] as const;
export type LotCategory = (typeof LOT_CATEGORIES)[number];

/** Lot statuses in lifecycle order: a lot only ever moves one step to the right. */
export const LOT_STATUSES = ['pending', 'weighed', 'sealed', 'loaded'] as const;
export type LotStatus = (typeof LOT_STATUSES)[number];

export const UNITS = ['crate', 'jar', 'bolt', 'sack', 'bundle', 'chest'] as const;
export type Unit = (typeof UNITS)[number];

export const INSPECTION_STATUSES = ['not_required', 'pending', 'passed', 'held'] as const;
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number];

export const ORDER_PRIORITIES = ['royal', 'urgent', 'standard', 'low'] as const;
export type OrderPriority = (typeof ORDER_PRIORITIES)[number];

export const ORDER_STATUSES = ['open', 'reserved', 'packed', 'dispatched', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}
