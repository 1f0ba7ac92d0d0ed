/**
 * The sandbox state: plain JSON data, so it can be snapshotted into sessionStorage and
 * restored. Manifests are stored without their derived totals; `manifests.ts` computes them.
 */
import type { ManifestStatus, TradeRoute } from './enums.ts';
import type { BazaarOrder, Caravan, CargoLot, Market, PublishedRoute } from './resources.ts';

export const STATE_FORMAT_VERSION = 1;

export interface ManifestRecord {
  id: string;
  caravan_id: string;
  status: ManifestStatus;
  route?: TradeRoute;
  currency: string;
  /** Lot ids in the order the lots were added. */
  lot_ids: string[];
  sealed_by?: string;
  next_checkpoint?: string;
  dispatched_at: string | null;
}

/** Counters behind generated identifiers; part of the state so a restored tab keeps counting. */
export interface Sequences {
  lot: number;
  manifest: number;
  route: number;
}

export interface SandboxState {
  format: typeof STATE_FORMAT_VERSION;
  caravans: Caravan[];
  manifests: Record<string, ManifestRecord>;
  lots: Record<string, CargoLot>;
  markets: Market[];
  orders: BazaarOrder[];
  publishedRoutes: PublishedRoute[];
  sequences: Sequences;
}
