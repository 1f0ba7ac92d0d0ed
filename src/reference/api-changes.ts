/**
 * What changed between two descriptions of one API, operation by operation, each change marked
 * breaking or not by the rules of `CHANGE_RULES` (documented in the manual, "API changelog"),
 * from the side of the reader: a client sends an operation's request and receives its responses;
 * a webhook's or a callback's request is sent by the API and received by the reader's server. It
 * compares the resolved operations the reference shows, so it knows nothing of where the
 * descriptions come from. Prose and examples are not compared: they are not the contract. Pure.
 */
import type { ApiDescription } from '../openapi/describe.ts';
import type { OperationRef } from '../openapi/operations.ts';
import { resolveSchemaRef } from '../openapi/resolve-operation.ts';
import type { MediaContent, OperationCallback, OperationParameter, OperationRequestBody, OperationResponse, SecurityRequirement } from '../openapi/types.ts';
import { capital, code, detail, type ChangeDetail, type Side } from './change-rules.ts';
import { schemaReader, type SchemaReader } from './flat-schema.ts';
import { diffSchema } from './schema-changes.ts';

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

/**
 * Every operation added, removed or changed from `previous` to `current`, in the current
 * description's order (removed ones last, in the previous order). Operations are the same when
 * they have the same method and path (path parameters' names aside), or the same webhook.
 */
export function diffDescriptions(previous: ApiDescription, current: ApiDescription): OperationChange[] {
  const before = new Map(previous.operations.map((ref) => [operationKey(ref), ref]));
  // One reader per description: each named schema is flattened once for the whole comparison.
  const readers = { before: schemaReader((ref) => resolveSchemaRef(previous.document, ref)), after: schemaReader((ref) => resolveSchemaRef(current.document, ref)) };
  const matched = new Set<string>();
  const changes: OperationChange[] = [];
  for (const ref of current.operations) {
    const key = operationKey(ref);
    const old = before.get(key);
    if (old === undefined) {
      changes.push({ kind: 'added', breaking: false, current: named(ref), details: [detail('operation-added', 'sent', ref.kind === 'webhook' ? 'New webhook.' : 'New operation.')] });
      continue;
    }
    matched.add(key);
    const details = diffOperation(previous.resolve(old), current.resolve(ref), { ...readers, caller: ref.kind === 'webhook' ? 'api' : 'reader' });
    if (details.length > 0) changes.push({ kind: 'changed', breaking: details.some((item) => item.breaking), previous: named(old), current: named(ref), details });
  }
  for (const [key, ref] of before) {
    if (matched.has(key)) continue;
    const text = ref.kind === 'webhook' ? 'Webhook removed: it is no longer sent.' : 'Operation removed: calls to it fail.';
    changes.push({ kind: 'removed', breaking: true, previous: named(ref), details: [detail('operation-removed', 'sent', text)] });
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

/** What is compared of one operation, webhook or callback: its request and its responses. */
interface Exchange {
  parameters: readonly OperationParameter[];
  requestBody?: OperationRequestBody;
  responses: readonly OperationResponse[];
  security: readonly SecurityRequirement[];
}

interface Compared {
  before: SchemaReader;
  after: SchemaReader;
  /**
   * Who makes the request: the reader (an operation: it sends the request and receives the
   * responses) or the API (a webhook or a callback: the reader's server receives the request and
   * sends the response).
   */
  caller: 'reader' | 'api';
  /** Names the place in texts: `` for an operation, ` of callback \`onDone\`` for a callback. */
  of?: string;
}

/** The side the reader is on for the request, and for the responses. */
const sides = (compared: Compared): { request: Side; response: Side } => (compared.caller === 'reader' ? { request: 'sent', response: 'received' } : { request: 'received', response: 'sent' });

type Operation = Exchange & { deprecated: boolean; callbacks: readonly OperationCallback[] };

/** The differences of one operation present in both descriptions, by the rules above. */
function diffOperation(previous: Operation, current: Operation, compared: Compared): ChangeDetail[] {
  const details: ChangeDetail[] = [];
  if (!previous.deprecated && current.deprecated) details.push(detail('operation-deprecated', 'sent', 'Operation deprecated.'));
  details.push(...diffExchange(previous, current, compared), ...diffCallbacks(previous.callbacks, current.callbacks, compared));
  return details;
}

function diffExchange(previous: Exchange, current: Exchange, compared: Compared): ChangeDetail[] {
  return [
    ...diffParameters(previous.parameters, current.parameters, compared),
    ...diffRequestBody(previous.requestBody, current.requestBody, compared),
    ...diffResponses(previous.responses, current.responses, compared),
    ...diffSecurity(previous.security, current.security, sides(compared).request),
  ];
}

/** Callbacks are matched by name, expression and method; their requests come from the API. */
function diffCallbacks(before: readonly OperationCallback[], after: readonly OperationCallback[], compared: Compared): ChangeDetail[] {
  const key = (callback: OperationCallback) => `${callback.name} ${callback.expression} ${callback.method}`;
  const label = (callback: OperationCallback) => `callback ${code(callback.name)} (${callback.method.toUpperCase()} ${code(callback.expression)})`;
  const old = new Map(before.map((callback) => [key(callback), callback]));
  const now = new Map(after.map((callback) => [key(callback), callback]));
  const details: ChangeDetail[] = [];
  for (const [id, callback] of now) {
    const previous = old.get(id);
    if (previous === undefined) details.push(detail('callback-added', 'received', `New ${label(callback)}.`));
    else details.push(...diffExchange({ parameters: [], security: [], ...previous }, { parameters: [], security: [], ...callback }, { ...compared, caller: 'api', of: ` of ${label(callback)}` }));
  }
  for (const [id, callback] of old) if (!now.has(id)) details.push(detail('callback-removed', 'received', `The ${label(callback)} was removed.`));
  return details;
}

// ---------------------------------------------------------------------------------------------
// Parameters

const parameterKey = (parameter: OperationParameter): string => `${parameter.in}:${parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name}`;
const parameterName = (parameter: OperationParameter): string => `${parameter.in} parameter ${code(parameter.name)}`;

function diffParameters(previous: readonly OperationParameter[], current: readonly OperationParameter[], compared: Compared): ChangeDetail[] {
  const side = sides(compared).request;
  const details: ChangeDetail[] = [];
  // Path parameters are matched by position: a renamed one is the same parameter.
  const keyed = (parameters: readonly OperationParameter[]) => {
    let position = 0;
    return new Map(parameters.map((parameter) => [parameter.in === 'path' ? `path:#${position++}` : parameterKey(parameter), parameter]));
  };
  const before = keyed(previous);
  const after = keyed(current);
  for (const [key, parameter] of after) {
    const old = before.get(key);
    const name = parameterName(parameter);
    if (old === undefined) {
      details.push(parameter.required ? detail('parameter-added-required', side, `New required ${name}.`) : detail('parameter-added-optional', side, `New optional ${name}.`));
      continue;
    }
    if (!old.required && parameter.required) details.push(detail('parameter-now-required', side, `The ${name} is now required.`));
    if (old.required && !parameter.required) details.push(detail('parameter-now-optional', side, `The ${name} is now optional.`));
    details.push(...diffSchema(old.schema, parameter.schema, { side, where: `the ${name}`, before: compared.before, after: compared.after }));
  }
  for (const [key, parameter] of before) {
    if (!after.has(key)) details.push(detail('parameter-removed', side, `The ${parameterName(parameter)} was removed.`));
  }
  return details;
}

// ---------------------------------------------------------------------------------------------
// Request and response bodies

function diffMediaTypes(before: readonly MediaContent[], after: readonly MediaContent[], side: Side, where: string): ChangeDetail[] {
  const oldTypes = new Set(before.map((media) => media.contentType));
  const newTypes = new Set(after.map((media) => media.contentType));
  // What the reader sends is accepted in a media type; what it receives comes as one.
  const [gained, lost] = side === 'sent' ? ['also accepts', 'no longer accepts'] : ['may also come as', 'no longer comes as'];
  return [
    ...[...newTypes].filter((type) => !oldTypes.has(type)).map((type) => detail('media-type-added', side, `${capital(where)} ${gained} ${code(type)}.`)),
    ...[...oldTypes].filter((type) => !newTypes.has(type)).map((type) => detail('media-type-removed', side, `${capital(where)} ${lost} ${code(type)}.`)),
  ];
}

/** The JSON media type when there is one, else the first: the one consoles and readers use. */
function mainMedia(contents: readonly MediaContent[]): MediaContent | undefined {
  return contents.find((media) => media.contentType === 'application/json') ?? contents.find((media) => /^application\/([\w.+-]+\+)?json$/i.test(media.contentType)) ?? contents[0];
}

/** Media types, then the main one's schema. */
function diffContents(before: readonly MediaContent[], after: readonly MediaContent[], side: Side, where: string, compared: Compared): ChangeDetail[] {
  const details = diffMediaTypes(before, after, side, where);
  const [oldMedia, newMedia] = [mainMedia(before), mainMedia(after)];
  if (oldMedia?.schema && newMedia?.schema && oldMedia.contentType === newMedia.contentType) {
    details.push(...diffSchema(oldMedia.schema, newMedia.schema, { side, where, before: compared.before, after: compared.after }));
  }
  return details;
}

function diffRequestBody(old: OperationRequestBody | undefined, now: OperationRequestBody | undefined, compared: Compared): ChangeDetail[] {
  const side = sides(compared).request;
  // A webhook's or a callback's request body is the payload the reader receives.
  const body = `${compared.caller === 'reader' ? 'request body' : 'payload'}${compared.of ?? ''}`;
  const where = `the ${body}`;
  if (old === undefined && now === undefined) return [];
  if (old === undefined) return [now!.required ? detail('request-body-added-required', side, `New required ${body}.`) : detail('request-body-added-optional', side, `New optional ${body}.`)];
  if (now === undefined) return [detail('request-body-removed', side, `${capital(where)} was removed.`)];
  const details: ChangeDetail[] = [];
  if (!old.required && now.required) details.push(detail('request-body-now-required', side, `${capital(where)} is now required.`));
  if (old.required && !now.required) details.push(detail('request-body-now-optional', side, `${capital(where)} is now optional.`));
  details.push(...diffContents(old.contents, now.contents, side, where, compared));
  return details;
}

function diffResponses(previous: readonly OperationResponse[], current: readonly OperationResponse[], compared: Compared): ChangeDetail[] {
  const side = sides(compared).response;
  const of = compared.of ?? '';
  const details: ChangeDetail[] = [];
  const before = new Map(previous.map((response) => [response.status.toUpperCase(), response]));
  const after = new Map(current.map((response) => [response.status.toUpperCase(), response]));
  for (const [status, response] of after) {
    const old = before.get(status);
    if (old === undefined) details.push(detail('response-status-added', side, `New response ${code(response.status)}${of}.`));
    else details.push(...diffContents(old.contents, response.contents, side, `the ${code(response.status)} response${of}`, compared));
  }
  for (const [status, response] of before) {
    if (!after.has(status)) details.push(detail('response-status-removed', side, `The ${code(response.status)} response${of} was removed.`));
  }
  return details;
}

// ---------------------------------------------------------------------------------------------
// Security: the alternatives a caller may satisfy

/** `apiKey`, `oauth (read, write)`, or `` for "no credential". */
function alternativeKey(requirement: SecurityRequirement): string {
  return requirement
    .map(({ scheme, scopes }) => (scopes.length > 0 ? `${scheme.key} (${[...scopes].sort().join(', ')})` : scheme.key))
    .sort()
    .join(' + ');
}

/** `side`: the side of whoever presents the credential (the reader for an operation). */
function diffSecurity(before: readonly SecurityRequirement[], after: readonly SecurityRequirement[], side: Side): ChangeDetail[] {
  // No `security` at all means no credential: the one alternative "nothing".
  const keys = (list: readonly SecurityRequirement[]) => new Set(list.length === 0 ? [''] : list.map(alternativeKey));
  const old = keys(before);
  const now = keys(after);
  const named = (set: ReadonlySet<string>) => [...set].map(code).join(' or ');
  // From open to closed (or back) is one change, not one per alternative.
  if (old.has('') && !now.has('')) return [detail('security-now-required', side, `Now requires a credential: ${named(now)}.`)];
  if (!old.has('') && now.has('')) return [detail('security-no-longer-required', side, 'No longer requires a credential.')];
  const details: ChangeDetail[] = [];
  for (const key of old) if (!now.has(key)) details.push(detail('security-alternative-removed', side, `No longer accepts ${code(key)}.`));
  for (const key of now) if (!old.has(key)) details.push(detail('security-alternative-added', side, `Now also accepts ${code(key)}.`));
  return details;
}
