/**
 * Readiness: a caravan is `ready` when it has a route, at least one camel, and a manifest
 * with at least one lot, every lot `loaded`. `forming` and `ready` follow this rule after
 * every change; other statuses are moved only by dispatch (or not at all, in the sandbox).
 */
import type { CaravanStatus } from './enums.ts';
import { activeManifest, manifestLots } from './manifests.ts';
import type { FieldIssue } from './outcome.ts';
import type { Caravan } from './resources.ts';
import type { SandboxState } from './state.ts';

/** Every unmet readiness condition, each lot by id. Empty when the caravan is ready. */
export function unmetReadiness(state: SandboxState, caravan: Caravan): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (caravan.route === undefined) {
    issues.push({ pointer: '/route', detail: 'The caravan has no route; assign one with PATCH.' });
  }
  if ((caravan.camel_count ?? 0) < 1) {
    issues.push({ pointer: '/camel_count', detail: 'The caravan needs at least 1 camel.' });
  }
  const manifest = activeManifest(state, caravan);
  if (manifest === undefined) {
    issues.push({ pointer: '/manifest_id', detail: 'The caravan has no manifest; add a cargo lot to start one.' });
    return issues;
  }
  const lots = manifestLots(state, manifest);
  if (lots.length === 0) {
    issues.push({ pointer: '/manifest/lots', detail: `Manifest ${manifest.id} has no lots.` });
  }
  for (const lot of lots) {
    if (lot.status !== 'loaded') {
      issues.push({
        pointer: `/manifest/lots/${lot.id}/status`,
        detail: `Lot ${lot.id} is \`${lot.status}\`; every lot must be \`loaded\`.`,
      });
    }
  }
  return issues;
}

function followsReadiness(status: CaravanStatus): boolean {
  return status === 'forming' || status === 'ready';
}

/** Moves a forming or ready caravan to the status its readiness dictates; true if it changed. */
export function refreshReadiness(state: SandboxState, caravan: Caravan): boolean {
  if (!followsReadiness(caravan.status)) return false;
  const status: CaravanStatus = unmetReadiness(state, caravan).length === 0 ? 'ready' : 'forming';
  if (status === caravan.status) return false;
  caravan.status = status;
  return true;
}
