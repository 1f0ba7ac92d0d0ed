/** Adding cargo lots to a caravan's manifest and replacing their details. */
import { findCaravan } from './caravans.ts';
import type { LotCategory, LotStatus } from './enums.ts';
import {
  UNIT_BY_CATEGORY,
  initialInspection,
  inspectionOnSealing,
  isClosedLotStatus,
  transitionIssues,
} from './lot-rules.ts';
import { activeManifest, isOpenManifest } from './manifests.ts';
import { refuse, succeed, type Outcome } from './outcome.ts';
import { refreshReadiness } from './readiness.ts';
import type { Caravan, CargoLot } from './resources.ts';
import { SANDBOX_CURRENCY } from './seed.ts';
import type { ManifestRecord } from './state.ts';
import type { SandboxStore } from './store.ts';

/** The body of `addCargoLot`, already schema-valid. */
export interface NewCargoLot {
  commodity: string;
  category?: LotCategory;
  description?: string;
  weight_kg?: number;
  declared_value?: number;
}

/** The body of `updateCargoLot`, already schema-valid: omitted keeps, `null` clears. */
export interface CargoLotChanges {
  commodity?: string;
  description?: string | null;
  status?: LotStatus;
  weight_kg?: number | null;
  declared_value?: number | null;
}

function manifestClosed(manifest: ManifestRecord): Outcome<never> {
  return refuse(
    'conflict',
    'manifest_closed',
    `Manifest ${manifest.id} is \`${manifest.status}\`; lots can change only while it is \`draft\` or \`loading\`.`,
  );
}

export function addCargoLot(store: SandboxStore, caravanId: string, input: NewCargoLot): Outcome<CargoLot> {
  const found = findCaravan(store.state, caravanId);
  if (!found.ok) return found;
  const caravan = found.value;
  if (caravan.status === 'retired') {
    return refuse('conflict', 'caravan_retired', `Caravan ${caravan.id} is retired and takes no more cargo.`);
  }
  const existing = activeManifest(store.state, caravan);
  if (existing !== undefined && !isOpenManifest(existing.status)) return manifestClosed(existing);

  const manifest = existing ?? openManifest(store, caravan);
  const category = input.category ?? 'other';
  const lot: CargoLot = {
    id: store.nextId('lot'),
    commodity: input.commodity,
    category,
    status: 'pending',
    quantity: 1,
    unit: UNIT_BY_CATEGORY[category],
    origin_stall: null,
    inspection_status: initialInspection(category, input.declared_value),
  };
  if (input.description !== undefined) lot.description = input.description;
  if (input.weight_kg !== undefined) lot.weight_kg = input.weight_kg;
  if (input.declared_value !== undefined) lot.declared_value = input.declared_value;

  store.state.lots[lot.id] = lot;
  manifest.lot_ids.push(lot.id);
  manifest.status = 'loading';
  if (refreshReadiness(store.state, caravan)) caravan.updated_at = store.now();
  return succeed(structuredClone(lot));
}

function openManifest(store: SandboxStore, caravan: Caravan): ManifestRecord {
  const manifest: ManifestRecord = {
    id: store.nextId('manifest'),
    caravan_id: caravan.id,
    status: 'draft',
    currency: SANDBOX_CURRENCY,
    lot_ids: [],
    dispatched_at: null,
  };
  if (caravan.route !== undefined) manifest.route = caravan.route;
  store.state.manifests[manifest.id] = manifest;
  caravan.manifest_id = manifest.id;
  caravan.updated_at = store.now();
  return manifest;
}

export function updateCargoLot(
  store: SandboxStore,
  caravanId: string,
  lotId: string,
  changes: CargoLotChanges,
): Outcome<CargoLot> {
  const found = findCaravan(store.state, caravanId);
  if (!found.ok) return found;
  const caravan = found.value;
  const manifest = activeManifest(store.state, caravan);
  const lot = manifest?.lot_ids.includes(lotId) ? store.state.lots[lotId] : undefined;
  if (manifest === undefined || lot === undefined) {
    return refuse('not_found', 'lot_not_found', `Caravan ${caravan.id} has no lot \`${lotId}\` on its manifest.`);
  }
  if (!isOpenManifest(manifest.status)) return manifestClosed(manifest);

  const next = applyChanges(lot, changes);
  if (isClosedLotStatus(lot.status)) {
    const frozen = (['commodity', 'weight_kg', 'declared_value'] as const).filter((field) => next[field] !== lot[field]);
    if (frozen.length > 0) {
      return refuse(
        'conflict',
        'lot_sealed',
        `Lot ${lot.id} is \`${lot.status}\`; its commodity, weight and value can no longer change.`,
        frozen.map((field) => ({ pointer: `/${field}`, detail: `\`${field}\` is fixed once a lot is sealed.` })),
      );
    }
  }
  if (lot.status !== 'pending' && next.weight_kg === undefined) {
    return refuse('conflict', 'weight_required', `Lot ${lot.id} has been weighed and must keep its \`weight_kg\`.`, [
      { pointer: '/weight_kg', detail: 'A weighed lot cannot lose its weight.' },
    ]);
  }

  const issues = transitionIssues(next, lot.status, next.status);
  if (issues.length > 0) {
    return refuse('conflict', 'invalid_transition', `Lot ${lot.id} cannot move from \`${lot.status}\` to \`${next.status}\`.`, issues);
  }
  if (next.status === 'sealed' && lot.status === 'weighed') {
    next.inspection_status = inspectionOnSealing(next.inspection_status ?? 'not_required', next.declared_value);
  }

  store.state.lots[lot.id] = next;
  if (refreshReadiness(store.state, caravan)) caravan.updated_at = store.now();
  return succeed(structuredClone(next));
}

/** The lot with the changes applied, before any rule is checked (the stored lot is untouched). */
function applyChanges(lot: CargoLot, changes: CargoLotChanges): CargoLot {
  const next = structuredClone(lot);
  if (changes.commodity !== undefined) next.commodity = changes.commodity;
  if (changes.status !== undefined) next.status = changes.status;
  if (changes.description === null) delete next.description;
  else if (changes.description !== undefined) next.description = changes.description;
  if (changes.weight_kg === null) delete next.weight_kg;
  else if (changes.weight_kg !== undefined) next.weight_kg = changes.weight_kg;
  if (changes.declared_value === null) delete next.declared_value;
  else if (changes.declared_value !== undefined) next.declared_value = changes.declared_value;
  if (!isClosedLotStatus(lot.status)) {
    // Until sealing concludes it, the inspection follows the declared value.
    next.inspection_status = initialInspection(next.category ?? 'other', next.declared_value);
  }
  return next;
}
