/** Manifests: lookup, the derived totals, and which statuses still accept changes. */
import type { ManifestStatus } from './enums.ts';
import type { Caravan, CargoLot, CargoManifest } from './resources.ts';
import type { ManifestRecord, SandboxState } from './state.ts';

/** Lots can be added to or changed on a manifest only in these statuses. */
export function isOpenManifest(status: ManifestStatus): boolean {
  return status === 'draft' || status === 'loading';
}

export function activeManifest(state: SandboxState, caravan: Caravan): ManifestRecord | undefined {
  return caravan.manifest_id === undefined ? undefined : state.manifests[caravan.manifest_id];
}

export function manifestLots(state: SandboxState, manifest: ManifestRecord): CargoLot[] {
  return manifest.lot_ids.flatMap((lotId) => {
    const lot = state.lots[lotId];
    return lot === undefined ? [] : [lot];
  });
}

/** Sums to three decimals, so 0.1 + 0.2 reads 0.3. */
function total(values: readonly number[]): number {
  return Math.round(values.reduce((sum, value) => sum + value, 0) * 1000) / 1000;
}

/** The manifest as the API shows it, totals derived from its lots (missing numbers count 0). */
export function manifestView(state: SandboxState, manifest: ManifestRecord): CargoManifest {
  const lots = manifestLots(state, manifest).map((lot) => structuredClone(lot));
  const view: CargoManifest = {
    id: manifest.id,
    caravan_id: manifest.caravan_id,
    status: manifest.status,
    total_lots: lots.length,
    total_weight_kg: total(lots.map((lot) => lot.weight_kg ?? 0)),
    total_declared_value: total(lots.map((lot) => lot.declared_value ?? 0)),
    currency: manifest.currency,
    lots,
    dispatched_at: manifest.dispatched_at,
  };
  if (manifest.route !== undefined) view.route = manifest.route;
  if (manifest.sealed_by !== undefined) view.sealed_by = manifest.sealed_by;
  if (manifest.next_checkpoint !== undefined) view.next_checkpoint = manifest.next_checkpoint;
  return view;
}
