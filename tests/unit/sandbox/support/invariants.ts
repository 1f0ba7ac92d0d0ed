/**
 * Invariants of the sandbox state that hold after every request, and the allowed moves of
 * each state machine between two states. Both return the violations found (empty when none),
 * so property tests can assert once per request.
 */
import { LOT_STATUSES } from '../../../../content/_sandbox/caravan/domain/enums.ts';
import { isCleared } from '../../../../content/_sandbox/caravan/domain/lot-rules.ts';
import { manifestLots, manifestView } from '../../../../content/_sandbox/caravan/domain/manifests.ts';
import { unmetReadiness } from '../../../../content/_sandbox/caravan/domain/readiness.ts';
import type { SandboxState } from '../../../../content/_sandbox/caravan/domain/state.ts';

const CARAVAN_MOVES: ReadonlySet<string> = new Set(['forming>ready', 'ready>forming', 'ready>in_transit']);
const MANIFEST_MOVES: ReadonlySet<string> = new Set(['draft>loading', 'loading>dispatched', 'sealed>dispatched']);

const close = (a: number, b: number) => Math.abs(a - b) < 0.01;

export function stateViolations(state: SandboxState): string[] {
  const violations: string[] = [];
  const owners = new Map<string, string>();
  for (const manifest of Object.values(state.manifests)) {
    const lots = manifestLots(state, manifest);
    if (lots.length !== manifest.lot_ids.length) violations.push(`${manifest.id} names lots that do not exist`);
    for (const lot of lots) {
      if (owners.has(lot.id)) violations.push(`${lot.id} is on two manifests`);
      owners.set(lot.id, manifest.id);
    }
    const view = manifestView(state, manifest);
    const weight = lots.reduce((sum, lot) => sum + (lot.weight_kg ?? 0), 0);
    const value = lots.reduce((sum, lot) => sum + (lot.declared_value ?? 0), 0);
    if (view.total_lots !== lots.length || !close(view.total_weight_kg, weight) || !close(view.total_declared_value, value)) {
      violations.push(`${manifest.id} totals differ from the sums of its lots`);
    }
  }
  for (const lot of Object.values(state.lots)) {
    if (!owners.has(lot.id)) violations.push(`${lot.id} belongs to no manifest`);
    if (lot.status !== 'pending' && !(lot.weight_kg !== undefined && lot.weight_kg > 0)) violations.push(`${lot.id} is ${lot.status} without a weight`);
    if (lot.status === 'loaded' && !isCleared(lot.inspection_status)) violations.push(`${lot.id} is loaded with inspection ${lot.inspection_status}`);
    if (lot.inspection_status === 'held' && lot.status !== 'sealed') violations.push(`${lot.id} is held but ${lot.status}`);
  }
  for (const caravan of state.caravans) {
    if (caravan.manifest_id !== undefined && state.manifests[caravan.manifest_id]?.caravan_id !== caravan.id) {
      violations.push(`${caravan.id} points at a manifest that is not its own`);
    }
    if ((caravan.status === 'forming' || caravan.status === 'ready') && (unmetReadiness(state, caravan).length === 0) !== (caravan.status === 'ready')) {
      violations.push(`${caravan.id} is ${caravan.status} against the readiness rule`);
    }
  }
  return violations;
}

/** Status changes between two states that their state machine does not allow. */
export function illegalMoves(before: SandboxState, after: SandboxState): string[] {
  const violations: string[] = [];
  const statusBefore = new Map(before.caravans.map((caravan) => [caravan.id, caravan.status]));
  for (const caravan of after.caravans) {
    const from = statusBefore.get(caravan.id);
    if (from !== undefined && from !== caravan.status && !CARAVAN_MOVES.has(`${from}>${caravan.status}`)) {
      violations.push(`caravan ${caravan.id}: ${from} -> ${caravan.status}`);
    }
  }
  for (const manifest of Object.values(after.manifests)) {
    const from = before.manifests[manifest.id]?.status;
    if (from === undefined ? !['draft', 'loading'].includes(manifest.status) : from !== manifest.status && !MANIFEST_MOVES.has(`${from}>${manifest.status}`)) {
      violations.push(`manifest ${manifest.id}: ${from ?? 'new'} -> ${manifest.status}`);
    }
  }
  for (const lot of Object.values(after.lots)) {
    const previous = before.lots[lot.id];
    if (previous === undefined) {
      if (lot.status !== 'pending') violations.push(`lot ${lot.id} created ${lot.status}`);
      continue;
    }
    const step = LOT_STATUSES.indexOf(lot.status) - LOT_STATUSES.indexOf(previous.status);
    if (step !== 0 && step !== 1) violations.push(`lot ${lot.id}: ${previous.status} -> ${lot.status}`);
    if ((previous.inspection_status === 'passed' || previous.inspection_status === 'held') && lot.inspection_status !== previous.inspection_status) {
      violations.push(`lot ${lot.id}: inspection ${previous.inspection_status} -> ${lot.inspection_status}`);
    }
  }
  return violations;
}
