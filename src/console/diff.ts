/** What changed in the sandbox between two snapshots; pure and generic over plain JSON. */

interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface RecordChange {
  kind: 'added' | 'removed' | 'changed';
  /** The collection, e.g. `pets`, `orders`. */
  collection: string;
  id: string;
  /** For `changed`: the top-level fields that differ (sorted). */
  fields: FieldChange[];
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Items of a collection by id: arrays of `{ id }` objects, or records keyed by id. */
function byId(collection: unknown): Map<string, Json> | undefined {
  if (Array.isArray(collection)) {
    if (!collection.every((item) => isRecord(item) && typeof item['id'] === 'string')) return undefined;
    return new Map(collection.map((item) => [(item as Json)['id'] as string, item as Json]));
  }
  if (isRecord(collection) && Object.values(collection).every(isRecord)) return new Map(Object.entries(collection) as Array<[string, Json]>);
  return undefined;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Record-level changes, collection by collection (in the snapshot's key order), ids sorted. Non-collection keys are ignored. */
export function diffSnapshots(before: unknown, after: unknown): RecordChange[] {
  if (!isRecord(before) || !isRecord(after)) return [];
  const changes: RecordChange[] = [];
  for (const collection of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const old = byId(before[collection] ?? []);
    const now = byId(after[collection] ?? []);
    if (old === undefined || now === undefined) continue;
    for (const id of [...new Set([...old.keys(), ...now.keys()])].sort()) {
      const a = old.get(id);
      const b = now.get(id);
      if (a === undefined) changes.push({ kind: 'added', collection, id, fields: [] });
      else if (b === undefined) changes.push({ kind: 'removed', collection, id, fields: [] });
      else {
        const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])]
          .sort()
          .filter((field) => !same(a[field], b[field]))
          .map((field) => ({ field, before: a[field], after: b[field] }));
        if (fields.length > 0) changes.push({ kind: 'changed', collection, id, fields });
      }
    }
  }
  return changes;
}
