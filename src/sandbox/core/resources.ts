/**
 * Operations without an extension handler. Those that fit a resource pattern act on the
 * store: `POST /things` creates, `GET /things` lists (with the description's paging style),
 * `GET/PUT/PATCH/DELETE /things/{id}` act on one item, and nested collections
 * (`/things/{id}/parts`) belong to their parent, so a deleted parent's children are out of reach.
 * Every answer is checked against the documented response schema when a validator is at hand,
 * falling back to the documented example. Other operations answer their documented example
 * (or one generated from the schema at build time). Per-request cost is independent of the
 * store's size except for listing, which reads the listed collection.
 */
import { getOwn, setOwn } from './own.ts';
import { documentedStatus } from './responses.ts';
import { jsonBytes } from './store.ts';
import type { HandlerResult, OperationCall, RuntimeOperation, RuntimeResource, RuntimeResponse, ValidatorSource } from './types.ts';
import { singular } from './words.ts';

type Json = Record<string, unknown>;
type Items = Record<string, Json>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first documented success: 200, 201, 202, 204, then any 2XX. */
function success(operation: RuntimeOperation, preferred: readonly string[]): RuntimeResponse | undefined {
  for (const status of preferred) {
    const found = operation.responses.find((response) => response.status === status);
    if (found) return found;
  }
  return operation.responses.find((response) => /^2/.test(response.status));
}

const statusOf = (response: RuntimeResponse | undefined, fallback: number) => (response && /^\d{3}$/.test(response.status) ? Number(response.status) : fallback);

/** The documented example of the operation's first success (or its first response). */
export function exampleAnswer(operation: RuntimeOperation): HandlerResult {
  const response = success(operation, ['200', '201', '202', '204']) ?? operation.responses.find((candidate) => /^\d{3}$/.test(candidate.status));
  const status = statusOf(response, 200);
  return status === 204 || response?.example === undefined ? { status } : { status, body: structuredClone(response.example) };
}

function valid(validators: ValidatorSource, response: RuntimeResponse | undefined, body: unknown): boolean {
  if (response?.schema === undefined) return true;
  const validate = validators.get(response.schema);
  return validate === undefined ? true : validate(body);
}

/** The first candidate the documented schema accepts, else the documented example. */
function firstValid(validators: ValidatorSource, response: RuntimeResponse | undefined, candidates: readonly unknown[]): unknown {
  for (const candidate of candidates) if (valid(validators, response, candidate)) return candidate;
  return structuredClone(response?.example);
}

/** The collection's items; created in the state only when an item is about to be stored. */
function collection(call: OperationCall, name: string, create = false): Items {
  const state = call.store.state as Json;
  const items = getOwn(state, name);
  if (isObject(items)) return items as Items;
  if (!create) return {};
  const fresh: Items = {};
  setOwn(state, name, fresh);
  return fresh;
}

function parentKey(resource: RuntimeResource, call: OperationCall): string {
  return resource.parents.map((parent) => call.params[parent.param] ?? '').join('/');
}

const itemKey = (parent: string, id: string) => (parent === '' ? id : `${parent}/${id}`);

function notFound(operation: RuntimeOperation, what: string): HandlerResult {
  return { problem: { status: documentedStatus(operation, [404]), reason: 'not_found', detail: `${what} does not exist (or was deleted).` } };
}

/** Items in every inferred collection (one count per collection, not per item). */
function storedItems(call: OperationCall): number {
  let total = 0;
  for (const [name, value] of Object.entries(call.store.state as Json)) if (name !== '__next' && isObject(value)) total += Object.keys(value).length;
  return total;
}

/** The first missing parent, as a 404. */
function missingParent(operation: RuntimeOperation, resource: RuntimeResource, call: OperationCall): HandlerResult | undefined {
  let key = '';
  for (const parent of resource.parents) {
    const id = call.params[parent.param] ?? '';
    key = key === '' ? id : `${key}/${id}`;
    const items = getOwn(call.store.state as Json, parent.collection);
    if (isObject(items) && !Object.hasOwn(items, key)) return notFound(operation, `The ${singular(parent.collection.split('/').pop() ?? '')} \`${id}\``);
  }
  return undefined;
}

function nextId(call: OperationCall, resource: RuntimeResource): string | number {
  const state = call.store.state as Json;
  const counters = (isObject(state['__next']) ? state['__next'] : (state['__next'] = {})) as Record<string, number>;
  const sequence = (counters[resource.collection] ?? 1) as number;
  counters[resource.collection] = sequence + 1;
  switch (resource.idKind) {
    case 'integer':
      return sequence;
    case 'uuid':
      return `00000000-0000-4000-8000-${sequence.toString(16).padStart(12, '0')}`;
    default:
      return `${resource.idPrefix ?? ''}${String(sequence).padStart(resource.idWidth ?? 0, '0')}`;
  }
}

const TIMESTAMPS = new Set(['created_at', 'createdAt', 'updated_at', 'updatedAt', 'created', 'modified', 'modified_at']);
const UPDATED = new Set(['updated_at', 'updatedAt', 'modified', 'modified_at']);

function stamp(item: Json, now: string, fields: ReadonlySet<string>): void {
  for (const field of fields) if (typeof item[field] === 'string') item[field] = now;
}

/** The body without the properties clients only write (passwords, PINs): they are never read back. */
function writable(resource: RuntimeResource, body: unknown): Json {
  if (!isObject(body)) return {};
  if (resource.writeOnly === undefined) return body;
  return Object.fromEntries(Object.entries(body).filter(([name]) => !resource.writeOnly!.includes(name)));
}

/** The example a new item starts from, with the request body's fields the request left out set to their defaults, or removed (the example's values are not the client's). */
function withoutUnsent(template: Json, resource: RuntimeResource, body: unknown): Json {
  const sent = isObject(body) ? body : {};
  for (const name of resource.requestFields ?? []) {
    if (Object.hasOwn(sent, name)) continue;
    const fallback = resource.requestDefaults?.[name];
    if (fallback === undefined) delete template[name];
    else setOwn(template, name, structuredClone(fallback));
  }
  return template;
}

/** JSON Merge Patch (RFC 7396). */
function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const result: Json = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else setOwn(result, key, mergePatch(getOwn(result, key), value));
  }
  return result;
}

function count(items: Items, parent: string): Json[] {
  const all = Object.entries(items);
  if (parent === '') return all.map(([, item]) => item);
  const prefix = `${parent}/`;
  return all.filter(([key]) => key.startsWith(prefix) && !key.slice(prefix.length).includes('/')).map(([, item]) => item);
}

function setAt(target: Json, pointer: string, value: unknown): void {
  const segments = pointer.split('/').slice(1).map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
  let node: Json = target;
  for (const segment of segments.slice(0, -1)) {
    if (!isObject(getOwn(node, segment))) setOwn(node, segment, {});
    node = node[segment] as Json;
  }
  setOwn(node, segments.at(-1)!, value);
}

const TOTALS = ['total', 'total_count', 'totalCount', 'count', 'totalItems', 'total_items', 'totalElements'];

/** One page of a collection: the description's paging, each page at most `listSize` items (and that many when it declares none). */
function list(operation: RuntimeOperation, resource: RuntimeResource, call: OperationCall, validators: ValidatorSource, listSize: number): HandlerResult {
  const response = success(operation, ['200']);
  const all = count(collection(call, resource.collection), parentKey(resource, call));
  const paging = resource.paging;
  let start = 0;
  let size = listSize;
  const numberAt = (name: string | undefined, fallback: number) => (name !== undefined && typeof call.query[name] === 'number' ? (call.query[name] as number) : fallback);
  if (paging?.style === 'page') {
    size = Math.min(listSize, Math.max(1, numberAt(paging.size, 20)));
    start = Math.max(0, numberAt(paging.page, 1) - 1) * size;
  } else if (paging?.style === 'offset') {
    size = Math.min(listSize, Math.max(1, numberAt(paging.limit, 20)));
    start = Math.max(0, numberAt(paging.offset, 0));
  } else if (paging?.style === 'cursor') {
    size = Math.min(listSize, Math.max(1, numberAt(paging.limit, 20)));
    const cursor = call.query[paging.cursor];
    start = typeof cursor === 'string' && /^\d{1,9}$/.test(cursor) ? Number(cursor) : 0;
  }
  const slice = Number.isSafeInteger(start) && start < all.length ? all.slice(start, start + size) : [];
  const hasMore = start + size < all.length;
  const status = statusOf(response, 200);
  if (resource.itemsPointer === undefined || resource.itemsPointer === '') return { status, body: firstValid(validators, response, [slice]) };
  const body: Json = isObject(response?.example) ? structuredClone(response.example) : {};
  setAt(body, resource.itemsPointer, slice);
  for (const field of TOTALS) if (typeof body[field] === 'number') body[field] = all.length;
  if (paging?.style === 'page') {
    for (const field of ['page', 'page_number', 'pageNumber']) if (typeof body[field] === 'number') body[field] = numberAt(paging.page, 1);
    for (const field of ['per_page', 'page_size', 'pageSize', 'perPage', 'limit']) if (typeof body[field] === 'number') body[field] = size;
  }
  if (paging?.style === 'offset') for (const field of ['offset', 'skip']) if (typeof body[field] === 'number') body[field] = start;
  for (const field of ['has_more', 'hasMore', 'has_next', 'hasNext']) if (typeof body[field] === 'boolean') body[field] = hasMore;
  for (const field of ['next_page', 'nextPage']) if (field in body) body[field] = hasMore ? numberAt(paging?.style === 'page' ? paging.page : undefined, 1) + 1 : null;
  for (const field of ['next_cursor', 'nextCursor', 'cursor']) if (field in body) body[field] = hasMore ? String(start + size) : null;
  const bare: Json = {};
  setAt(bare, resource.itemsPointer, slice);
  return { status, body: firstValid(validators, response, [body, bare]) };
}

/** The bounds answerResource keeps (SandboxLimits of src/sandbox/core/pipeline.ts). */
interface ResourceLimits {
  perCollection: number;
  total: number;
  /** Largest stored item, as JSON. */
  bodyBytes: number;
  listSize: number;
}

function tooLarge(limit: number): HandlerResult {
  return { problem: { status: 413, reason: 'payload_too_large', detail: `The item would be larger than ${limit} bytes, the most the sandbox stores in one item.` } };
}

export function answerResource(operation: RuntimeOperation, resource: RuntimeResource, call: OperationCall, validators: ValidatorSource, limits: ResourceLimits): HandlerResult {
  const parentMissing = missingParent(operation, resource, call);
  if (parentMissing) return parentMissing;
  if (resource.action === 'list') return list(operation, resource, call, validators, limits.listSize);
  const items = collection(call, resource.collection);
  const parent = parentKey(resource, call);
  if (resource.action === 'create') {
    const response = success(operation, ['201', '200', '202']);
    const full = (limit: number, what: string) => ({
      problem: { status: documentedStatus(operation, [409, 429, 422, 400]), reason: 'capacity_reached', detail: `The sandbox holds at most ${limit} ${what}; delete some, or reset the sandbox.` },
    });
    if (Object.keys(items).length >= limits.perCollection) return full(limits.perCollection, resource.collection.split('/').pop() ?? 'items');
    if (storedItems(call) >= limits.total) return full(limits.total, 'items in all');
    const id = nextId(call, resource);
    const example = isObject(response?.example) ? response.example : {};
    const template = withoutUnsent(structuredClone(example), resource, call.body);
    const now = call.store.now();
    const merged: Json = { ...template, ...writable(resource, call.body), [resource.idProperty]: id };
    stamp(merged, now, TIMESTAMPS);
    const projected: Json = Object.fromEntries(Object.keys({ ...template, [resource.idProperty]: id }).map((key) => [key, merged[key]]));
    // Last resort: the documented example itself, when the response needs a field the request could have sent and did not.
    const chosen = firstValid(validators, response, [merged, projected, { ...template, [resource.idProperty]: id }, { ...structuredClone(example), ...writable(resource, call.body), [resource.idProperty]: id }]);
    const stored = isObject(chosen) ? chosen : merged;
    if (jsonBytes(stored) > limits.bodyBytes) return tooLarge(limits.bodyBytes);
    setOwn(collection(call, resource.collection, true), itemKey(parent, String(id)), stored);
    return { status: statusOf(response, 201), body: chosen };
  }
  const id = call.params[resource.idParam ?? ''] ?? '';
  const key = itemKey(parent, id);
  const existing = getOwn(items, key) as Json | undefined;
  const name = `The ${singular(resource.collection.split('/').pop() ?? '')} \`${id}\``;
  if (existing === undefined) return notFound(operation, name);
  const response = success(operation, resource.action === 'delete' ? ['204', '200', '202'] : ['200', '201', '202', '204']);
  const status = statusOf(response, resource.action === 'delete' ? 204 : 200);
  switch (resource.action) {
    case 'read':
      return { status, body: firstValid(validators, response, [existing]) };
    case 'delete':
      delete items[key];
      return status === 204 || response?.example === undefined ? { status } : { status, body: firstValid(validators, response, [existing]) };
    case 'replace':
    case 'update': {
      const body = writable(resource, call.body);
      const next = (resource.action === 'replace' ? { ...body } : resource.mergePatch ? mergePatch(existing, body) : { ...existing, ...body }) as Json;
      next[resource.idProperty] = existing[resource.idProperty];
      stamp(next, call.store.now(), UPDATED);
      const kept: Json = { ...existing, ...Object.fromEntries(Object.entries(next).filter(([field]) => Object.hasOwn(existing, field))) };
      const chosen = firstValid(validators, response, [next, kept, existing]);
      if (jsonBytes(chosen) > limits.bodyBytes) return tooLarge(limits.bodyBytes);
      setOwn(items, key, isObject(chosen) ? chosen : existing);
      return status === 204 ? { status } : { status, body: chosen };
    }
  }
}
