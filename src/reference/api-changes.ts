/**
 * What changed between two descriptions of one API, operation by operation, each change marked
 * breaking or not by the rules of `CHANGE_RULES` (documented in the README, "API changelog").
 * It compares the resolved operations the reference shows, so it knows nothing of where the
 * descriptions come from. Prose and examples are not compared: they are not the contract. Pure.
 */
import type { ApiDescription } from '../openapi/describe.ts';
import type { OperationRef } from '../openapi/operations.ts';
import { resolveSchemaRef } from '../openapi/resolve-operation.ts';
import type { MediaContent, OperationParameter, ResolvedOperation, ResolvedSchema, SecurityRequirement } from '../openapi/types.ts';

/** Each rule, and whether a client written for the previous description can break by it. */
export const CHANGE_RULES = {
  'operation-added': false,
  'operation-removed': true,
  'operation-deprecated': false,
  'parameter-added-required': true,
  'parameter-added-optional': false,
  'parameter-removed': true,
  'parameter-now-required': true,
  'parameter-now-optional': false,
  'request-body-added-required': true,
  'request-body-added-optional': false,
  'request-body-removed': true,
  'request-body-now-required': true,
  'request-body-now-optional': false,
  'request-media-type-added': false,
  'request-media-type-removed': true,
  'request-field-added-required': true,
  'request-field-added-optional': false,
  'request-field-removed': true,
  'request-field-now-required': true,
  'request-field-now-optional': false,
  'request-enum-narrowed': true,
  'request-enum-widened': false,
  'request-type-narrowed': true,
  'request-type-widened': false,
  'response-status-added': false,
  'response-status-removed': true,
  'response-media-type-added': false,
  'response-media-type-removed': true,
  'response-field-added': false,
  'response-field-removed': true,
  'response-field-now-optional': true,
  'response-field-now-required': false,
  'response-enum-widened': true,
  'response-enum-narrowed': false,
  'response-type-widened': true,
  'response-type-narrowed': false,
  'security-requirement-added': true,
  'security-alternative-added': false,
} as const satisfies Record<string, boolean>;

export type ChangeRule = keyof typeof CHANGE_RULES;

/** One change inside an operation. `text` is a sentence whose names are in `backticks`. */
interface ChangeDetail {
  rule: ChangeRule;
  breaking: boolean;
  text: string;
}

/** An operation as a changelog names and links it. */
export interface ChangedOperation {
  /** Its slug in its own description (`list-pets`), for a link to its page. */
  slug: string;
  /** `GET /pets/{petId}`, or `Webhook newPet (POST)`. */
  label: string;
  /** Its summary, else its operationId, else its label. */
  title: string;
}

export type OperationChange =
  | { kind: 'added'; breaking: false; current: ChangedOperation; details: ChangeDetail[] }
  | { kind: 'removed'; breaking: true; previous: ChangedOperation; details: ChangeDetail[] }
  | { kind: 'changed'; breaking: boolean; previous: ChangedOperation; current: ChangedOperation; details: ChangeDetail[] };

type Lookup = (ref: string) => ResolvedSchema | undefined;
type Direction = 'request' | 'response';

const detail = (rule: ChangeRule, text: string): ChangeDetail => ({ rule, breaking: CHANGE_RULES[rule], text });

/**
 * Every operation added, removed or changed from `previous` to `current`, in the current
 * description's order (removed ones last, in the previous order). Operations are the same when
 * they have the same method and path (path parameters' names aside), or the same webhook.
 */
export function diffDescriptions(previous: ApiDescription, current: ApiDescription): OperationChange[] {
  const before = new Map(previous.operations.map((ref) => [operationKey(ref), ref]));
  const matched = new Set<string>();
  const changes: OperationChange[] = [];
  for (const ref of current.operations) {
    const key = operationKey(ref);
    const old = before.get(key);
    if (old === undefined) {
      changes.push({ kind: 'added', breaking: false, current: named(ref), details: [detail('operation-added', 'New operation.')] });
      continue;
    }
    matched.add(key);
    const details = diffOperation(
      { operation: previous.resolve(old), lookup: (inner) => resolveSchemaRef(previous.document, inner) },
      { operation: current.resolve(ref), lookup: (inner) => resolveSchemaRef(current.document, inner) },
    );
    if (details.length > 0) changes.push({ kind: 'changed', breaking: details.some((item) => item.breaking), previous: named(old), current: named(ref), details });
  }
  for (const [key, ref] of before) {
    if (!matched.has(key)) changes.push({ kind: 'removed', breaking: true, previous: named(ref), details: [detail('operation-removed', 'Operation removed: calls to it fail.')] });
  }
  return changes;
}

/** `get /pets/{}`: path parameters are positions, whatever they are called. */
function operationKey(ref: OperationRef): string {
  return `${ref.kind} ${ref.method} ${ref.kind === 'path' ? ref.path.replace(/\{[^}]*\}/g, '{}') : ref.path}`;
}

function named(ref: OperationRef): ChangedOperation {
  const label = ref.kind === 'webhook' ? `Webhook ${ref.path} (${ref.method.toUpperCase()})` : `${ref.method.toUpperCase()} ${ref.path}`;
  const summary = ref.operation['summary'];
  const title = typeof summary === 'string' && summary.trim() !== '' ? summary.trim() : (ref.operationId ?? label);
  return { slug: ref.slug, label, title };
}

interface Side {
  operation: ResolvedOperation;
  lookup: Lookup;
}

/** The differences of one operation present in both descriptions, by the rules above. */
function diffOperation(previous: Side, current: Side): ChangeDetail[] {
  const details: ChangeDetail[] = [];
  if (!previous.operation.deprecated && current.operation.deprecated) details.push(detail('operation-deprecated', 'Operation deprecated.'));
  details.push(...diffParameters(previous, current));
  details.push(...diffRequestBody(previous, current));
  details.push(...diffResponses(previous, current));
  details.push(...diffSecurity(previous.operation.security, current.operation.security));
  return details;
}

// ---------------------------------------------------------------------------------------------
// Parameters

const parameterKey = (parameter: OperationParameter): string => `${parameter.in}:${parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name}`;
const parameterName = (parameter: OperationParameter): string => `${parameter.in} parameter \`${parameter.name}\``;

function diffParameters(previous: Side, current: Side): ChangeDetail[] {
  const details: ChangeDetail[] = [];
  // Path parameters are matched by position: a renamed one is the same parameter.
  const keyed = (side: Side) => {
    let position = 0;
    return new Map(side.operation.parameters.map((parameter) => [parameter.in === 'path' ? `path:#${position++}` : parameterKey(parameter), parameter]));
  };
  const before = keyed(previous);
  const after = keyed(current);
  for (const [key, parameter] of after) {
    const old = before.get(key);
    const name = parameterName(parameter);
    if (old === undefined) {
      details.push(parameter.required ? detail('parameter-added-required', `New required ${name}.`) : detail('parameter-added-optional', `New optional ${name}.`));
      continue;
    }
    if (!old.required && parameter.required) details.push(detail('parameter-now-required', `The ${name} is now required.`));
    if (old.required && !parameter.required) details.push(detail('parameter-now-optional', `The ${name} is now optional.`));
    details.push(...diffSchema(old.schema, parameter.schema, { direction: 'request', where: `the ${name}`, before: previous.lookup, after: current.lookup }));
  }
  for (const [key, parameter] of before) {
    if (!after.has(key)) details.push(detail('parameter-removed', `The ${parameterName(parameter)} was removed.`));
  }
  return details;
}

// ---------------------------------------------------------------------------------------------
// Request and response bodies

function diffMediaTypes(before: readonly MediaContent[], after: readonly MediaContent[], direction: Direction, where: string): ChangeDetail[] {
  const oldTypes = new Set(before.map((media) => media.contentType));
  const newTypes = new Set(after.map((media) => media.contentType));
  const [gained, lost] = direction === 'request' ? ['also accepts', 'no longer accepts'] : ['may also come as', 'no longer comes as'];
  return [
    ...[...newTypes].filter((type) => !oldTypes.has(type)).map((type) => detail(`${direction}-media-type-added`, `${capital(where)} ${gained} \`${type}\`.`)),
    ...[...oldTypes].filter((type) => !newTypes.has(type)).map((type) => detail(`${direction}-media-type-removed`, `${capital(where)} ${lost} \`${type}\`.`)),
  ];
}

/** The JSON media type when there is one, else the first: the one consoles and readers use. */
function mainMedia(contents: readonly MediaContent[]): MediaContent | undefined {
  return contents.find((media) => media.contentType === 'application/json') ?? contents.find((media) => /^application\/([\w.+-]+\+)?json$/i.test(media.contentType)) ?? contents[0];
}

function diffRequestBody(previous: Side, current: Side): ChangeDetail[] {
  const old = previous.operation.requestBody;
  const now = current.operation.requestBody;
  if (old === undefined && now === undefined) return [];
  if (old === undefined) return [now!.required ? detail('request-body-added-required', 'New required request body.') : detail('request-body-added-optional', 'New optional request body.')];
  if (now === undefined) return [detail('request-body-removed', 'The request body was removed.')];
  const details: ChangeDetail[] = [];
  if (!old.required && now.required) details.push(detail('request-body-now-required', 'The request body is now required.'));
  if (old.required && !now.required) details.push(detail('request-body-now-optional', 'The request body is now optional.'));
  details.push(...diffMediaTypes(old.contents, now.contents, 'request', 'the request body'));
  const [oldMedia, newMedia] = [mainMedia(old.contents), mainMedia(now.contents)];
  if (oldMedia?.schema && newMedia?.schema && oldMedia.contentType === newMedia.contentType) {
    details.push(...diffSchema(oldMedia.schema, newMedia.schema, { direction: 'request', where: 'the request body', before: previous.lookup, after: current.lookup }));
  }
  return details;
}

function diffResponses(previous: Side, current: Side): ChangeDetail[] {
  const details: ChangeDetail[] = [];
  const before = new Map(previous.operation.responses.map((response) => [response.status.toUpperCase(), response]));
  const after = new Map(current.operation.responses.map((response) => [response.status.toUpperCase(), response]));
  for (const [status, response] of after) {
    const old = before.get(status);
    if (old === undefined) {
      details.push(detail('response-status-added', `New response \`${response.status}\`.`));
      continue;
    }
    const where = `the \`${response.status}\` response`;
    details.push(...diffMediaTypes(old.contents, response.contents, 'response', where));
    const [oldMedia, newMedia] = [mainMedia(old.contents), mainMedia(response.contents)];
    if (oldMedia?.schema && newMedia?.schema && oldMedia.contentType === newMedia.contentType) {
      details.push(...diffSchema(oldMedia.schema, newMedia.schema, { direction: 'response', where, before: previous.lookup, after: current.lookup }));
    }
  }
  for (const [status, response] of before) {
    if (!after.has(status)) details.push(detail('response-status-removed', `The \`${response.status}\` response was removed.`));
  }
  return details;
}

// ---------------------------------------------------------------------------------------------
// Schemas: fields (by path, `items[].status`), required, enums and types

interface SchemaContext {
  direction: Direction;
  /** `the request body`, `the query parameter \`page\``, `the \`200\` response`. */
  where: string;
  before: Lookup;
  after: Lookup;
}

/** Nested fields deeper than this are not compared (a generous bound for cyclic or huge schemas). */
const MAX_DEPTH = 8;

/** A schema with named schemas followed and `allOf` merged: what the rules compare. */
interface Flat {
  /** Undefined: any type (no `type` keyword). */
  types: Set<string> | undefined;
  enum: Set<string> | undefined;
  properties: Map<string, ResolvedSchema>;
  required: Set<string>;
  items: ResolvedSchema | undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Follows `$ref`s and merges `allOf`; `oneOf`/`anyOf` variants count as one schema whose fields any variant has (required only when every variant requires it). */
function flatten(schema: ResolvedSchema, lookup: Lookup, seen: ReadonlySet<string> = new Set()): Flat {
  const flat: Flat = { types: undefined, enum: undefined, properties: new Map(), required: new Set(), items: undefined };
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    const target = seen.has(ref) ? undefined : lookup(ref);
    if (target) {
      const { $ref: _ref, ...siblings } = schema;
      merge(flat, flatten(target, lookup, new Set([...seen, ref])));
      if (Object.keys(siblings).length > 0) merge(flat, flatten(siblings, lookup, seen));
    }
    return flat;
  }
  const type = schema['type'];
  if (typeof type === 'string' || Array.isArray(type)) {
    flat.types = new Set((Array.isArray(type) ? type : [type]).map(String));
    if (schema['nullable'] === true) flat.types.add('null');
  }
  if (Array.isArray(schema['enum'])) flat.enum = new Set(schema['enum'].map((value) => JSON.stringify(value)));
  else if ('const' in schema) flat.enum = new Set([JSON.stringify(schema['const'])]);
  if (isRecord(schema['properties'])) for (const [name, value] of Object.entries(schema['properties'])) if (isRecord(value)) flat.properties.set(name, value);
  if (Array.isArray(schema['required'])) for (const name of schema['required']) flat.required.add(String(name));
  if (isRecord(schema['items'])) flat.items = schema['items'];
  for (const part of Array.isArray(schema['allOf']) ? schema['allOf'] : []) if (isRecord(part)) merge(flat, flatten(part, lookup, seen));
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const variants = (Array.isArray(schema[keyword]) ? schema[keyword] : []).filter(isRecord).map((variant) => flatten(variant, lookup, seen));
    if (variants.length === 0) continue;
    const union: Flat = { types: undefined, enum: undefined, properties: new Map(), required: new Set(variants[0]!.required), items: undefined };
    for (const variant of variants) {
      for (const [name, value] of variant.properties) if (!union.properties.has(name)) union.properties.set(name, value);
      for (const name of union.required) if (!variant.required.has(name)) union.required.delete(name);
      union.items ??= variant.items;
    }
    // Types and enums of variants add up: any variant's value is allowed.
    const typed = variants.every((variant) => variant.types !== undefined);
    if (typed) union.types = new Set(variants.flatMap((variant) => [...variant.types!]));
    if (variants.every((variant) => variant.enum !== undefined)) union.enum = new Set(variants.flatMap((variant) => [...variant.enum!]));
    merge(flat, union);
  }
  return flat;
}

function merge(into: Flat, from: Flat): void {
  if (from.types) into.types = into.types ? new Set([...into.types].filter((type) => accepts(from.types!, type))) : new Set(from.types);
  if (from.enum) into.enum = into.enum ? new Set([...into.enum].filter((value) => from.enum!.has(value))) : new Set(from.enum);
  for (const [name, value] of from.properties) if (!into.properties.has(name)) into.properties.set(name, value);
  for (const name of from.required) into.required.add(name);
  into.items ??= from.items;
}

/** Whether a set of JSON types takes values of `type` (an integer is a number). */
function accepts(types: ReadonlySet<string>, type: string): boolean {
  return types.has(type) || (type === 'integer' && types.has('number'));
}

/** Omitted `type`: any value. */
const typeList = (types: ReadonlySet<string> | undefined): string => (types ? [...types].map((type) => `\`${type}\``).join(' or ') : 'any type');
const enumList = (values: Iterable<string>): string => [...values].map((value) => `\`${String(JSON.parse(value))}\``).join(', ');

/** Differences of two schemas at one place; `path` is the field (empty: the place itself). */
function diffSchema(before: ResolvedSchema, after: ResolvedSchema, context: SchemaContext, path = '', depth = 0): ChangeDetail[] {
  const old = flatten(before, context.before);
  const now = flatten(after, context.after);
  const { direction } = context;
  const at = path === '' ? context.where : `the field \`${path}\` of ${context.where}`;
  const details: ChangeDetail[] = [];

  // Types: a request may take more (widened) but not less; a response may send less but not more.
  // No `type` is every type. A change both ways (string to integer) counts as the breaking one.
  if (!sameSet(old.types, now.types)) {
    const lost = old.types === undefined ? now.types !== undefined : now.types !== undefined && [...old.types].some((type) => !accepts(now.types!, type));
    const gained = now.types === undefined ? old.types !== undefined : old.types !== undefined && [...now.types].some((type) => !accepts(old.types!, type));
    const text = `The type of ${at} changed from ${typeList(old.types)} to ${typeList(now.types)}.`;
    if (direction === 'request') details.push(detail(lost ? 'request-type-narrowed' : 'request-type-widened', text));
    else if (gained || lost) details.push(detail(gained ? 'response-type-widened' : 'response-type-narrowed', text));
  }

  // Enums: values gained or lost (no enum at all is every value).
  const added = old.enum ? (now.enum ? [...now.enum].filter((value) => !old.enum!.has(value)) : undefined) : [];
  const removed = now.enum ? (old.enum ? [...old.enum].filter((value) => !now.enum!.has(value)) : undefined) : [];
  if (added === undefined) details.push(detail(`${direction}-enum-widened`, `${capital(at)} is no longer limited to ${enumList(old.enum!)}.`));
  else if (added.length > 0) details.push(detail(`${direction}-enum-widened`, `${capital(at)} takes new values: ${enumList(added)}.`));
  if (removed === undefined) details.push(detail(`${direction}-enum-narrowed`, `${capital(at)} is now limited to ${enumList(now.enum!)}.`));
  else if (removed.length > 0) details.push(detail(`${direction}-enum-narrowed`, `${capital(at)} no longer takes ${enumList(removed)}.`));

  if (depth >= MAX_DEPTH) return details;
  const field = (name: string) => (path === '' ? name : `${path}.${name}`);
  const skipped = (schema: ResolvedSchema, lookup: Lookup) => {
    // A request never carries readOnly fields, a response never writeOnly ones.
    const target = typeof schema['$ref'] === 'string' ? (lookup(schema['$ref']) ?? schema) : schema;
    return direction === 'request' ? target['readOnly'] === true : target['writeOnly'] === true;
  };
  for (const [name, schema] of now.properties) {
    if (skipped(schema, context.after)) continue;
    const oldSchema = old.properties.get(name);
    const where = `\`${field(name)}\` of ${context.where}`;
    if (oldSchema === undefined || skipped(oldSchema, context.before)) {
      if (direction === 'response') details.push(detail('response-field-added', `New field ${where}.`));
      else details.push(now.required.has(name) ? detail('request-field-added-required', `New required field ${where}.`) : detail('request-field-added-optional', `New optional field ${where}.`));
      continue;
    }
    const wasRequired = old.required.has(name);
    const isRequired = now.required.has(name);
    if (!wasRequired && isRequired) details.push(detail(`${direction}-field-now-required`, `The field ${where} is now required.`));
    if (wasRequired && !isRequired) details.push(detail(`${direction}-field-now-optional`, `The field ${where} is now optional.`));
    details.push(...diffSchema(oldSchema, schema, context, field(name), depth + 1));
  }
  for (const [name, schema] of old.properties) {
    if (skipped(schema, context.before) || (now.properties.has(name) && !skipped(now.properties.get(name)!, context.after))) continue;
    details.push(detail(`${direction}-field-removed`, `The field \`${field(name)}\` of ${context.where} was removed.`));
  }
  if (old.items && now.items) details.push(...diffSchema(old.items, now.items, context, `${path}[]`, depth + 1));
  return details;
}

function sameSet(a: ReadonlySet<string> | undefined, b: ReadonlySet<string> | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.size === b.size && [...a].every((value) => b.has(value));
}

const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

// ---------------------------------------------------------------------------------------------
// Security: the alternatives a caller may satisfy

/** `apiKey`, `oauth (read, write)`, or `` for "no credential". */
function alternativeKey(requirement: SecurityRequirement): string {
  return requirement
    .map(({ scheme, scopes }) => (scopes.length > 0 ? `${scheme.key} (${[...scopes].sort().join(', ')})` : scheme.key))
    .sort()
    .join(' + ');
}

function diffSecurity(before: readonly SecurityRequirement[], after: readonly SecurityRequirement[]): ChangeDetail[] {
  // No `security` at all means no credential: the one alternative "nothing".
  const keys = (list: readonly SecurityRequirement[]) => new Set(list.length === 0 ? [''] : list.map(alternativeKey));
  const old = keys(before);
  const now = keys(after);
  const named = (set: ReadonlySet<string>) => [...set].map((key) => `\`${key}\``).join(' or ');
  // From open to closed (or back) is one change, not one per alternative.
  if (old.has('') && !now.has('')) return [detail('security-requirement-added', `Now requires a credential: ${named(now)}.`)];
  if (!old.has('') && now.has('')) return [detail('security-alternative-added', 'No longer requires a credential.')];
  const details: ChangeDetail[] = [];
  for (const key of old) if (!now.has(key)) details.push(detail('security-requirement-added', `No longer accepts \`${key}\`.`));
  for (const key of now) if (!old.has(key)) details.push(detail('security-alternative-added', `Now also accepts \`${key}\`.`));
  return details;
}
