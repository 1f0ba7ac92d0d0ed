/**
 * Resources inferred from paths: `POST /things` creates, `GET /things` lists,
 * `GET/PUT/PATCH/DELETE /things/{id}` act on one item, `/things/{id}/parts` belongs to a thing.
 * A collection needs a way to read it (a list or an item GET) and its items an id property;
 * anything else answers its documented example. Seed items come from the examples of list and
 * item responses (generated from the schema when there are none). Pure.
 */
import linearRegExp from '../core/linear-regexp.ts';
import type { RuntimeOperation, RuntimeResource, RuntimeResponse, Validator } from '../core/types.ts';
import { repair } from './repair.ts';
import { at, flatSchema, isObject, schemaType, type Json } from './document.ts';
import { singular } from '../core/words.ts';

const isParam = (segment: string) => /^\{[^}]+\}$/.test(segment);
const paramName = (segment: string) => segment.slice(1, -1);

interface Shape {
  collection: string;
  parents: Array<{ param: string; collection: string }>;
  idParam?: string;
  kind: 'collection' | 'item';
}

/** `/owners/{ownerId}/pets/{petId}` -> collection `owners/pets`, parent `ownerId` in `owners`, item `petId`. */
function shapeOf(path: string): Shape | undefined {
  const segments = path.split('/').filter(Boolean);
  if (segments.length === 0) return undefined;
  const last = segments.at(-1)!;
  const itemParam = isParam(last) ? paramName(last) : undefined;
  const collectionSegments = itemParam ? segments.slice(0, -1) : segments;
  if (collectionSegments.length === 0 || isParam(collectionSegments.at(-1)!)) return undefined;
  if (collectionSegments.some((segment) => segment.includes('{') && !isParam(segment))) return undefined;
  const parents: Shape['parents'] = [];
  const literals: string[] = [];
  for (const segment of collectionSegments) {
    if (isParam(segment)) parents.push({ param: paramName(segment), collection: literals.join('/') });
    else literals.push(segment);
  }
  return { collection: literals.join('/'), parents, ...(itemParam ? { idParam: itemParam } : {}), kind: itemParam ? 'item' : 'collection' };
}

const success = (operation: RuntimeOperation): RuntimeResponse | undefined =>
  operation.responses.find((response) => response.status === '200') ?? operation.responses.find((response) => response.status === '201') ?? operation.responses.find((response) => /^2/.test(response.status));

const ARRAY_FIELDS = ['items', 'data', 'results', 'entries', 'records', 'values', 'content', 'list'];

/** Where a list response keeps its items, and the item schema. */
function listShape(document: unknown, response: RuntimeResponse | undefined): { pointer: string; item: unknown } | undefined {
  if (response?.schema === undefined) return undefined;
  const schema = at(document, response.schema);
  const type = schemaType(document, schema);
  if (type === 'array') return { pointer: '', item: flatSchema(document, schema)['items'] };
  if (type !== 'object') return undefined;
  const properties = flatSchema(document, schema)['properties'];
  if (!isObject(properties)) return undefined;
  const arrays = Object.keys(properties).filter((name) => schemaType(document, properties[name]) === 'array');
  const name = ARRAY_FIELDS.find((candidate) => arrays.includes(candidate)) ?? (arrays.length === 1 ? arrays[0] : undefined);
  return name === undefined ? undefined : { pointer: `/${name}`, item: flatSchema(document, properties[name])['items'] };
}

/** The item's id property: the item parameter's name when a property has it, else `id`, `<thing>Id`, `<thing>_id`, `uuid`, `key`, `name`, `slug`. */
function idProperty(document: unknown, item: unknown, idParam: string | undefined, collection: string): { name: string; schema: Json } | undefined {
  const properties = flatSchema(document, item)['properties'];
  if (!isObject(properties)) return undefined;
  const thing = singular(collection.split('/').pop() ?? '');
  const candidates = [idParam, 'id', `${thing}Id`, `${thing}_id`, 'uuid', 'key', 'slug', 'name'].filter((name): name is string => name !== undefined);
  for (const name of candidates) {
    if (properties[name] === undefined) continue;
    const type = schemaType(document, properties[name]);
    if (type === 'string' || type === 'integer' || type === 'number') return { name, schema: flatSchema(document, properties[name]) };
  }
  return undefined;
}

const JSON_MEDIA = /^application\/([\w.+-]+\+)?json$/i;

/** The top-level properties of a create operation's JSON body and their defaults. */
function requestFieldsOf(document: unknown, operation: RuntimeOperation): Pick<RuntimeResource, 'requestFields' | 'requestDefaults'> {
  const media = operation.body?.media.find((candidate) => JSON_MEDIA.test(candidate.contentType) && candidate.schema !== undefined);
  const properties = media ? flatSchema(document, at(document, media.schema!))['properties'] : undefined;
  if (!isObject(properties)) return {};
  const defaults = Object.entries(properties).flatMap(([name, property]): Array<[string, unknown]> => {
    const value = flatSchema(document, property)['default'];
    return value === undefined ? [] : [[name, value]];
  });
  return { requestFields: Object.keys(properties), ...(defaults.length > 0 ? { requestDefaults: Object.fromEntries(defaults) } : {}) };
}

function pagingOf(operation: RuntimeOperation): RuntimeResource['paging'] {
  const names = new Set(operation.parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name));
  const pick = (...candidates: string[]) => candidates.find((name) => names.has(name));
  const size = pick('per_page', 'perPage', 'page_size', 'pageSize', 'size', 'limit', 'count');
  const page = pick('page', 'page_number', 'pageNumber');
  if (page) return { style: 'page', page, size };
  const offset = pick('offset', 'skip', 'start');
  if (offset) return { style: 'offset', offset, limit: pick('limit', 'count', 'size', 'page_size', 'per_page') };
  const cursor = pick('cursor', 'after', 'page_token', 'pageToken', 'starting_after', 'next', 'continuation');
  if (cursor) return { style: 'cursor', cursor, limit: size };
  return undefined;
}

/** The prefix and digit count of string ids: from example ids (`pet_0042`), else a simple pattern (`^M[0-9]{6}$`). */
function idFormat(ids: readonly unknown[], pattern: string | undefined): { prefix: string; width: number } {
  for (const id of ids) {
    const match = typeof id === 'string' ? /^(\D*?)(\d+)$/.exec(id) : null;
    if (match) return { prefix: match[1]!, width: match[2]!.startsWith('0') || match[1] !== '' ? match[2]!.length : 0 };
  }
  const simple = pattern === undefined ? null : /^\^([A-Za-z_-]*)(?:\[0-9\]|\\d)\{(\d+)\}\$$/.exec(pattern);
  if (simple) return { prefix: simple[1]!, width: Number(simple[2]) };
  return { prefix: '', width: 0 };
}

const itemKey = (parents: readonly string[], id: string) => [...parents, id].join('/');

/**
 * Marks each operation that acts on an inferred resource (`operation.resource`) and returns the
 * seed items per collection (plus `__next`, the next sequence number per collection).
 */
export function inferResources(document: unknown, operations: RuntimeOperation[], validator: (pointer: string) => Validator | undefined = () => undefined): Record<string, Record<string, unknown>> {
  const groups = new Map<string, Array<{ operation: RuntimeOperation; shape: Shape }>>();
  for (const operation of operations) {
    const shape = shapeOf(operation.path);
    if (shape === undefined) continue;
    const key = `${operation.baseUrl} ${shape.collection}`;
    groups.set(key, [...(groups.get(key) ?? []), { operation, shape }]);
  }
  const seed: Record<string, Record<string, unknown>> = {};
  const next: Record<string, number> = {};
  for (const members of groups.values()) {
    const list = members.find(({ operation, shape }) => shape.kind === 'collection' && operation.method === 'get');
    const read = members.find(({ operation, shape }) => shape.kind === 'item' && operation.method === 'get');
    const listed = list ? listShape(document, success(list.operation)) : undefined;
    const readSchema = read ? success(read.operation)?.schema : undefined;
    const itemSchema = readSchema !== undefined && schemaType(document, at(document, readSchema)) === 'object' ? at(document, readSchema) : listed?.item;
    const create = members.find(({ operation, shape }) => shape.kind === 'collection' && operation.method === 'post');
    // Something must make or list the items; a lone item GET answers its example for any id.
    if (itemSchema === undefined || (create === undefined && listed === undefined)) continue;
    const { shape } = members[0]!;
    const id = idProperty(document, itemSchema, read?.shape.idParam ?? members.find((member) => member.shape.idParam)?.shape.idParam, shape.collection);
    if (id === undefined) continue;
    const idKind: RuntimeResource['idKind'] = id.schema['type'] === 'integer' || id.schema['type'] === 'number' ? 'integer' : id.schema['format'] === 'uuid' ? 'uuid' : 'string';
    // Seed: list example items, then the item example; generated examples get ids of the right form.
    const idParamSchema = members.flatMap(({ operation, shape: memberShape }) => operation.parameters.filter((parameter) => parameter.name === memberShape.idParam && parameter.schema)).map((parameter) => flatSchema(document, at(document, parameter.schema!)))[0];
    const pattern = [idParamSchema?.['pattern'], id.schema['pattern']].find((candidate): candidate is string => typeof candidate === 'string');
    const fits = (value: string) => {
      try {
        return pattern === undefined || linearRegExp(pattern, 'u').test(value);
      } catch {
        return true;
      }
    };
    const examples: Array<{ item: unknown; generated: boolean }> = [];
    const listResponse = list ? success(list.operation) : undefined;
    if (listed && listResponse?.example !== undefined) {
      const items = listed.pointer === '' ? listResponse.example : at(listResponse.example, listed.pointer);
      if (Array.isArray(items)) examples.push(...items.map((item) => ({ item, generated: listResponse.generated === true })));
    }
    const readResponse = read ? success(read.operation) : undefined;
    if (readResponse?.example !== undefined) examples.push({ item: readResponse.example, generated: readResponse.generated === true });
    // Documented examples make the seed; generated ones only when there are none.
    if (examples.some((example) => !example.generated)) examples.splice(0, examples.length, ...examples.filter((example) => !example.generated));
    const format = idFormat(examples.filter((example) => !example.generated).map((example) => (isObject(example.item) ? example.item[id.name] : undefined)), pattern);
    const parentIds = shape.parents.map((parent) => {
      const owner = members.map(({ operation }) => operation.parameters.find((parameter) => parameter.name === parent.param)).find(Boolean);
      const fromParent = Object.keys(seed[parent.collection] ?? {})[0]?.split('/').pop();
      return owner?.default !== undefined ? String(owner.default) : (fromParent ?? '1');
    });
    const items: Record<string, unknown> = {};
    let highest = 0;
    // Seed items must read back valid: checked against the item GET's schema when there is one.
    const itemValidator = readResponse?.schema === undefined ? undefined : validator(readResponse.schema);
    for (const { item: example, generated } of examples) {
      if (!isObject(example)) continue;
      const item = structuredClone(example);
      let value = item[id.name];
      if (generated || (typeof value !== 'string' && typeof value !== 'number') || !fits(String(value))) {
        highest += 1;
        value = idKind === 'integer' ? highest : idKind === 'uuid' ? `00000000-0000-4000-8000-${highest.toString(16).padStart(12, '0')}` : `${format.prefix}${String(highest).padStart(format.width, '0')}`;
        item[id.name] = value;
      }
      const key = itemKey(parentIds, String(value));
      if (key in items) continue;
      const valid = itemValidator === undefined ? item : repair(item, itemValidator);
      if (!isObject(valid) || valid[id.name] !== value) continue;
      items[key] = valid;
      const numbered = /(\d+)$/.exec(String(value));
      if (numbered && numbered[1]!.length < 16) highest = Math.max(highest, Number(numbered[1]));
    }
    seed[shape.collection] = items;
    next[shape.collection] = highest + 1;
    const prefix = format.prefix || undefined;
    const itemProperties = flatSchema(document, itemSchema)['properties'];
    const writeOnly = isObject(itemProperties) ? Object.keys(itemProperties).filter((name) => flatSchema(document, itemProperties[name])['writeOnly'] === true) : [];
    const base: Omit<RuntimeResource, 'action'> = {
      collection: shape.collection,
      ...(writeOnly.length > 0 ? { writeOnly } : {}),
      parents: shape.parents,
      idProperty: id.name,
      idKind,
      ...(idKind === 'string' && prefix ? { idPrefix: prefix } : {}),
      ...(idKind === 'string' && format.width > 0 ? { idWidth: format.width } : {}),
    };
    for (const { operation, shape: memberShape } of members) {
      const method = operation.method;
      if (memberShape.kind === 'collection') {
        if (method === 'get' && listed) operation.resource = { ...base, action: 'list', itemsPointer: listed.pointer, paging: pagingOf(operation) };
        else if (method === 'post') operation.resource = { ...base, action: 'create', ...requestFieldsOf(document, operation) };
      } else {
        const actions: Partial<Record<string, RuntimeResource['action']>> = { get: 'read', put: 'replace', patch: 'update', delete: 'delete' };
        const action = actions[method];
        if (action === undefined) continue;
        operation.resource = { ...base, action, idParam: memberShape.idParam };
        if (action === 'update' && operation.body?.media.some((media) => media.contentType.toLowerCase() === 'application/merge-patch+json')) operation.resource.mergePatch = true;
      }
    }
  }
  return { ...seed, __next: next };
}
