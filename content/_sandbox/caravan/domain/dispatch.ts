/**
 * Dispatch: a ready caravan sets out. Its manifest becomes `dispatched` (with the time, the
 * clerk and the first checkpoint of the route) and the caravan `in_transit`.
 */
import { findCaravan } from './caravans.ts';
import { toTimestamp } from './clock.ts';
import { activeManifest, manifestView } from './manifests.ts';
import type { FieldIssue } from './outcome.ts';
import { refuse, succeed, type Outcome } from './outcome.ts';
import { unmetReadiness } from './readiness.ts';
import type { CargoManifest } from './resources.ts';
import type { Principal } from './tokens.ts';
import { TRADE_ROUTE_CATALOG, firstCheckpoint } from './trade-routes.ts';
import type { SandboxStore } from './store.ts';

const DAY_MS = 86_400_000;

export function dispatchCaravan(store: SandboxStore, caravanId: string, clerk: Principal): Outcome<CargoManifest> {
  const found = findCaravan(store.state, caravanId);
  if (!found.ok) return found;
  const caravan = found.value;
  if (caravan.status === 'in_transit') {
    return refuse('conflict', 'already_dispatched', `Caravan ${caravan.id} is already in transit.`);
  }

  const unmet: FieldIssue[] = [];
  if (caravan.status !== 'forming' && caravan.status !== 'ready') {
    unmet.push({ pointer: '/status', detail: `The caravan is \`${caravan.status}\`; only forming or ready caravans can be dispatched.` });
  }
  unmet.push(...unmetReadiness(store.state, caravan));
  const manifest = activeManifest(store.state, caravan);
  if (manifest !== undefined && manifest.status !== 'loading' && manifest.status !== 'sealed' && manifest.status !== 'draft') {
    unmet.push({ pointer: '/manifest/status', detail: `Manifest ${manifest.id} is \`${manifest.status}\`.` });
  }
  if (unmet.length > 0 || manifest === undefined || caravan.route === undefined) {
    return refuse(
      'conflict',
      'dispatch_precondition_failed',
      `Caravan ${caravan.id} is not ready for dispatch: ${unmet.length} condition(s) unmet.`,
      unmet,
    );
  }

  const now = store.now();
  manifest.status = 'dispatched';
  manifest.route = caravan.route;
  manifest.dispatched_at = now;
  manifest.sealed_by = clerk.name;
  manifest.next_checkpoint = firstCheckpoint(caravan.route);
  caravan.status = 'in_transit';
  caravan.updated_at = now;
  caravan.estimated_arrival_at = toTimestamp(new Date(Date.parse(now) + TRADE_ROUTE_CATALOG[caravan.route].travel_days * DAY_MS));
  return succeed(manifestView(store.state, manifest));
}
