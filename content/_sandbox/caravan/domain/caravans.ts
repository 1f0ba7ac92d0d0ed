/** Listing and updating caravans. */
import { isOpenManifest, activeManifest } from './manifests.ts';
import type { CaravanStatus, TradeRoute } from './enums.ts';
import { refuse, succeed, type Outcome } from './outcome.ts';
import { paginate, type Page, type PageRequest } from './paging.ts';
import { refreshReadiness } from './readiness.ts';
import type { Caravan } from './resources.ts';
import type { SandboxState } from './state.ts';
import type { SandboxStore } from './store.ts';

export interface CaravanFilter extends PageRequest {
  status?: CaravanStatus | undefined;
}

export function listCaravans(state: SandboxState, filter: CaravanFilter): Page<Caravan> {
  const matching = state.caravans.filter((caravan) => filter.status === undefined || caravan.status === filter.status);
  return paginate(matching, filter);
}

/** The body of `updateCaravan`, already schema-valid. `description: null` clears it. */
export interface CaravanChanges {
  name?: string;
  description?: string | null;
  route?: TradeRoute;
  camel_count?: number;
}

/** Caravans on the road or done travelling keep their route. */
const ROUTE_LOCKED_STATUSES: readonly CaravanStatus[] = ['in_transit', 'arrived', 'retired'];

export function findCaravan(state: SandboxState, caravanId: string): Outcome<Caravan> {
  const caravan = state.caravans.find((candidate) => candidate.id === caravanId);
  return caravan === undefined
    ? refuse('not_found', 'caravan_not_found', `No caravan has the id \`${caravanId}\`.`)
    : succeed(caravan);
}

export function updateCaravan(store: SandboxStore, caravanId: string, changes: CaravanChanges): Outcome<Caravan> {
  const found = findCaravan(store.state, caravanId);
  if (!found.ok) return found;
  const caravan = found.value;

  if (changes.route !== undefined && changes.route !== caravan.route && ROUTE_LOCKED_STATUSES.includes(caravan.status)) {
    return refuse('conflict', 'route_locked', `The route of a caravan that is \`${caravan.status}\` cannot change.`, [
      { pointer: '/route', detail: 'Only forming, ready and resting caravans can change route.' },
    ]);
  }

  if (changes.name !== undefined) caravan.name = changes.name;
  if (changes.description === null) delete caravan.description;
  else if (changes.description !== undefined) caravan.description = changes.description;
  if (changes.camel_count !== undefined) caravan.camel_count = changes.camel_count;
  if (changes.route !== undefined) {
    caravan.route = changes.route;
    const manifest = activeManifest(store.state, caravan);
    if (manifest !== undefined && isOpenManifest(manifest.status)) manifest.route = changes.route;
  }
  refreshReadiness(store.state, caravan);
  caravan.updated_at = store.now();
  return succeed(structuredClone(caravan));
}
