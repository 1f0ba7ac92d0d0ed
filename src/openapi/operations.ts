/**
 * The operation list of an OpenAPI 3.0/3.1 description: every operation under `paths` and
 * every webhook, whether or not it has an `operationId`, each with a stable slug. Pure.
 */
import { escapePointerSegment } from './pointer.ts';
import type { Json, OpenApiInput, OperationMethod } from './types.ts';

export const OPERATION_METHODS: readonly OperationMethod[] = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** Where one operation sits in the description. */
export interface OperationRef {
  /** `path`: under `paths`; `webhook`: under the 3.1 `webhooks`. */
  kind: 'path' | 'webhook';
  method: OperationMethod;
  /** The path template (`/pets/{petId}`), or the webhook's name. */
  path: string;
  /** JSON Pointer to the operation: `/paths/~1pets/get`, `/webhooks/newPet/post`. */
  pointer: string;
  operationId?: string;
  /** Unique within the description: the kebab-cased operationId, else method and path. */
  slug: string;
  pathItem: Json;
  operation: Json;
}

const asRecord = (value: unknown): Json | undefined => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined);

/** `listPets` -> `list-pets`; `GET /users/{id}/repos` -> `get-users-id-repos`. */
export function slugify(text: string): string {
  const slug = text
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return slug || 'operation';
}

function baseSlug(kind: OperationRef['kind'], method: OperationMethod, path: string, operationId: string | undefined): string {
  if (operationId !== undefined && slugify(operationId) !== 'operation') return slugify(operationId);
  return kind === 'webhook' ? `webhook-${slugify(path)}-${method}` : `${method}-${slugify(path)}`;
}

/** Every operation of the description in document order: paths first, then webhooks. */
export function listOperations(document: OpenApiInput): OperationRef[] {
  const found: Array<Omit<OperationRef, 'slug'>> = [];
  const visit = (kind: OperationRef['kind'], container: unknown, root: string) => {
    for (const [path, value] of Object.entries(asRecord(container) ?? {})) {
      const pathItem = asRecord(value);
      if (!pathItem) continue;
      for (const method of OPERATION_METHODS) {
        const operation = asRecord(pathItem[method]);
        if (!operation) continue;
        const operationId = typeof operation['operationId'] === 'string' && operation['operationId'] !== '' ? operation['operationId'] : undefined;
        const pointer = `/${root}/${escapePointerSegment(path)}/${method}`;
        found.push({ kind, method, path, pointer, pathItem, operation, ...(operationId === undefined ? {} : { operationId }) });
      }
    }
  };
  visit('path', document.paths, 'paths');
  visit('webhook', document.webhooks, 'webhooks');
  // Slugs are unique in document order: a later clash gets -2, -3, … so earlier pages keep their URLs.
  const taken = new Set<string>();
  return found.map((ref) => {
    const base = baseSlug(ref.kind, ref.method, ref.path, ref.operationId);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    return { ...ref, slug };
  });
}

/** Every operationId of the description, in document order. */
export function listOperationIds(document: OpenApiInput): string[] {
  return listOperations(document).flatMap((ref) => (ref.operationId === undefined ? [] : [ref.operationId]));
}

/**
 * Finds an operation by its operationId, or by `METHOD /path` for operations without one
 * (`GET /pets/{petId}`), as the API console's `operation` prop names it.
 */
export function findOperation(operations: readonly OperationRef[], name: string): OperationRef | undefined {
  const byId = operations.find((ref) => ref.operationId === name);
  if (byId) return byId;
  const match = /^([A-Za-z]+)\s+(\S+)$/.exec(name.trim());
  if (!match) return undefined;
  const method = match[1]!.toLowerCase();
  return operations.find((ref) => ref.kind === 'path' && ref.method === method && ref.path === match[2]);
}

/** How an operation is named to people: its operationId, else `METHOD /path`. */
export function operationName(ref: Pick<OperationRef, 'operationId' | 'method' | 'path'>): string {
  return ref.operationId ?? `${ref.method.toUpperCase()} ${ref.path}`;
}
