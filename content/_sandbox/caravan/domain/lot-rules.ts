/**
 * Rules about single cargo lots: the unit a category is counted in, the inspection a lot
 * needs, and the forward-only lifecycle `pending -> weighed -> sealed -> loaded`.
 */
import { LOT_STATUSES, type InspectionStatus, type LotCategory, type LotStatus, type Unit } from './enums.ts';
import type { FieldIssue } from './outcome.ts';

export const UNIT_BY_CATEGORY: Readonly<Record<LotCategory, Unit>> = {
  spice: 'sack',
  provision: 'sack',
  textile: 'bolt',
  pottery: 'jar',
  gemstone: 'chest',
  artifact: 'crate',
  other: 'crate',
};

/** Declared values from this amount need an inspection. */
const INSPECTION_VALUE_THRESHOLD = 10_000;
/** Inspections of lots declared above this amount end `held` when the lot is sealed. */
const HOLD_VALUE_THRESHOLD = 50_000;

export function initialInspection(category: LotCategory, declaredValue: number | undefined): InspectionStatus {
  const valuable = declaredValue !== undefined && declaredValue >= INSPECTION_VALUE_THRESHOLD;
  return category === 'gemstone' || category === 'artifact' || valuable ? 'pending' : 'not_required';
}

/** Sealing concludes a pending inspection. */
export function inspectionOnSealing(current: InspectionStatus, declaredValue: number | undefined): InspectionStatus {
  if (current !== 'pending') return current;
  return declaredValue !== undefined && declaredValue > HOLD_VALUE_THRESHOLD ? 'held' : 'passed';
}

export function isCleared(inspection: InspectionStatus | undefined): boolean {
  return inspection === undefined || inspection === 'not_required' || inspection === 'passed';
}

/** Sealed and loaded lots are closed: their commodity, weight and value no longer change. */
export function isClosedLotStatus(status: LotStatus): boolean {
  return status === 'sealed' || status === 'loaded';
}

export interface LotAfterMove {
  status: LotStatus;
  weight_kg?: number | undefined;
  declared_value?: number | undefined;
  inspection_status?: InspectionStatus | undefined;
}

/**
 * Why `lot` may not move to `target` (an empty list when it may). Staying put is always
 * allowed; otherwise only the next status, and only when its precondition holds.
 */
export function transitionIssues(lot: LotAfterMove, from: LotStatus, target: LotStatus): FieldIssue[] {
  if (target === from) return [];
  const fromIndex = LOT_STATUSES.indexOf(from);
  const targetIndex = LOT_STATUSES.indexOf(target);
  if (targetIndex < fromIndex) {
    return [{ pointer: '/status', detail: `A lot cannot go back from \`${from}\` to \`${target}\`.` }];
  }
  if (targetIndex > fromIndex + 1) {
    const next = LOT_STATUSES[fromIndex + 1]!;
    return [{ pointer: '/status', detail: `A \`${from}\` lot moves to \`${next}\` next, not straight to \`${target}\`.` }];
  }
  if (target === 'weighed' && !(lot.weight_kg !== undefined && lot.weight_kg > 0)) {
    return [{ pointer: '/weight_kg', detail: 'A lot needs a `weight_kg` above 0 to be weighed.' }];
  }
  if (target === 'loaded' && !isCleared(lot.inspection_status)) {
    return [
      {
        pointer: '/status',
        detail: `A lot with inspection \`${lot.inspection_status}\` cannot be loaded; it needs \`not_required\` or \`passed\`.`,
      },
    ];
  }
  return [];
}
