/**
 * The runtime description: what the sandbox reads of an OpenAPI document, computed once (at
 * build time for the browser, at start in Node) as plain JSON. Base URLs come from
 * `operationBaseUrl` (the one place that chooses them), examples from the description or
 * generated from the schema with openapi-sampler (deterministic), resources from the paths.
 * Pure; never shipped to the browser.
 */
import { sample } from 'openapi-sampler';
import { listOperations } from '../../openapi/operations.ts';
import { operationBaseUrl, type ServerOverrides } from '../../openapi/servers.ts';
import type { OpenApiInput } from '../../openapi/types.ts';
import type { IssueList, RuntimeApi, RuntimeMedia, RuntimeOperation, RuntimeParameter, RuntimeResponse, RuntimeScheme } from '../core/types.ts';
import { at, child, flatSchema, follow, isObject, schemaType, type Json } from './document.ts';
import { inferResources } from './resources.ts';
import { repair } from './repair.ts';
import { compiledValidators, validationDocument } from './schemas.ts';

export interface RuntimeApiOptions {
  overrides?: ServerOverrides | undefined;
  /** The docs site's origin: relative server URLs are relative to it. */
  origin?: string | undefined;
}

const LOCATIONS = new Set(['path', 'query', 'header', 'cookie']);
const JSON_TYPE = /^application\/([\w.+-]+\+)?json$/i;

function parameters(document: OpenApiInput, pathItem: Json, pathPointer: string, operation: Json, pointer: string): RuntimeParameter[] {
  const byKey = new Map<string, RuntimeParameter>();
  const lists: Array<[unknown, string]> = [
    [pathItem['parameters'], child(pathPointer, 'parameters')],
    [operation['parameters'], child(pointer, 'parameters')],
  ];
  for (const [list, listPointer] of lists) {
    if (!Array.isArray(list)) continue;
    list.forEach((raw, index) => {
      const found = follow(document, raw, child(listPointer, index));
      if (found === undefined) return;
      const parameter = found.value;
      const location = parameter['in'];
      if (typeof parameter['name'] !== 'string' || typeof location !== 'string' || !LOCATIONS.has(location)) return;
      // Credentials are checked by the security step, not as parameters.
      if (location === 'header' && ['authorization', 'content-type', 'accept'].includes(parameter['name'].toLowerCase())) return;
      let schemaPointer: string | undefined = parameter['schema'] !== undefined ? child(found.pointer, 'schema') : undefined;
      if (schemaPointer === undefined && isObject(parameter['content'])) {
        const mediaType = Object.keys(parameter['content'])[0];
        if (mediaType !== undefined) schemaPointer = child(found.pointer, 'content', mediaType, 'schema');
      }
      const schema = schemaPointer === undefined ? {} : flatSchema(document, at(document, schemaPointer));
      const type = schemaPointer === undefined ? undefined : schemaType(document, at(document, schemaPointer));
      const entry: RuntimeParameter = { name: parameter['name'], in: location as RuntimeParameter['in'], required: location === 'path' || parameter['required'] === true, type };
      if (schemaPointer !== undefined) entry.schema = schemaPointer;
      if (type === 'array') entry.itemType = schemaType(document, schema['items']);
      const style = typeof parameter['style'] === 'string' ? parameter['style'] : location === 'query' || location === 'cookie' ? 'form' : 'simple';
      entry.explode = typeof parameter['explode'] === 'boolean' ? parameter['explode'] : style === 'form';
      if (schema['default'] !== undefined) entry.default = schema['default'];
      if (typeof schema['maximum'] === 'number') entry.maximum = schema['maximum'];
      byKey.set(`${location}:${entry.name.toLowerCase()}`, entry);
    });
  }
  return [...byKey.values()];
}

function requestBody(document: OpenApiInput, operation: Json, pointer: string): RuntimeOperation['body'] {
  const found = follow(document, operation['requestBody'], child(pointer, 'requestBody'));
  if (found === undefined || !isObject(found.value['content'])) return undefined;
  const media: RuntimeMedia[] = Object.entries(found.value['content']).map(([contentType, raw]) => {
    const entry: RuntimeMedia = { contentType };
    if (isObject(raw) && raw['schema'] !== undefined) {
      entry.schema = child(found.pointer, 'content', contentType, 'schema');
      if (!JSON_TYPE.test(contentType)) {
        const properties = flatSchema(document, raw['schema'])['properties'];
        if (isObject(properties)) entry.fields = Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, schemaType(document, schema) ?? 'string']));
      }
    }
    return entry;
  });
  return { required: found.value['required'] === true, media };
}

/** The media type's example, else its first named example, else the schema's, else one generated from the schema. */
function exampleOf(document: OpenApiInput, sampling: Json, media: Json, schemaPointer: string | undefined, requiredOnly = false): unknown {
  if (media['example'] !== undefined) return media['example'];
  if (isObject(media['examples'])) {
    for (const raw of Object.values(media['examples'])) {
      const example = follow(document, raw, '');
      if (example !== undefined && example.value['value'] !== undefined) return example.value['value'];
    }
  }
  if (schemaPointer === undefined) return undefined;
  // The sampler warns on the console for some shapes even when asked to be quiet (an allOf of
  // mixed types): that is noise in a writer's build log, so it is held back while sampling.
  const warn = console.warn;
  console.warn = () => {};
  try {
    return sample(at(sampling, schemaPointer) as object, { skipWriteOnly: true, skipNonRequired: requiredOnly, quiet: true, maxSampleDepth: 6 } as never, sampling as never);
  } catch {
    return undefined;
  } finally {
    console.warn = warn;
  }
}

const DETAIL_FIELDS = ['detail', 'message', 'error_description', 'errorMessage', 'description'];
const TITLE_FIELDS = ['title', 'error'];
const REASON_FIELDS = ['code', 'error', 'type', 'reason'];
const STATUS_FIELDS = ['status', 'code', 'statusCode', 'status_code'];

const ISSUE_LIST_FIELDS = ['errors', 'invalid_params', 'invalidParams', 'violations', 'details', 'fields', 'issues'];
const ISSUE_LOCATION_FIELDS = ['pointer', 'field', 'path', 'name', 'param', 'parameter', 'location', 'source'];
const ISSUE_MESSAGE_FIELDS = ['detail', 'message', 'reason', 'description', 'error'];

/**
 * A list property of an error schema whose items can take a field issue (a free string for where,
 * another for what), as RFC 9457's `errors: [{ pointer, detail }]` or `invalid_params: [{ name, reason }]` do.
 */
function issueList(document: OpenApiInput, schema: unknown): IssueList | undefined {
  const flat = flatSchema(document, schema);
  if (!isObject(flat['properties'])) return undefined;
  const required = Array.isArray(flat['required']) ? flat['required'] : [];
  const freeString = (property: unknown) => {
    const value = flatSchema(document, property);
    return schemaType(document, value) === 'string' && value['enum'] === undefined && value['const'] === undefined && value['pattern'] === undefined && value['format'] === undefined;
  };
  for (const property of ISSUE_LIST_FIELDS) {
    const list = flatSchema(document, flat['properties'][property]);
    if (flat['properties'][property] === undefined || schemaType(document, list) !== 'array' || (typeof list['maxItems'] === 'number' && list['maxItems'] < 1)) continue;
    const item = flatSchema(document, list['items']);
    if (!isObject(item['properties'])) continue;
    const fields = item['properties'];
    const itemRequired = Array.isArray(item['required']) ? item['required'] : [];
    const location = ISSUE_LOCATION_FIELDS.find((name) => fields[name] !== undefined && freeString(fields[name]));
    const message = ISSUE_MESSAGE_FIELDS.find((name) => name !== location && fields[name] !== undefined && freeString(fields[name]));
    // Items that require more than the two would not validate.
    if (!location || !message || itemRequired.some((name) => name !== location && name !== message)) continue;
    return { property, location, message, required: required.includes(property) && !(typeof list['minItems'] === 'number' && list['minItems'] > 0) };
  }
  return undefined;
}

/** Properties of an error schema that can take the problem's words and still validate. */
function errorFill(document: OpenApiInput, schema: unknown): RuntimeResponse['fill'] {
  const flat = flatSchema(document, schema);
  if (!isObject(flat['properties'])) return undefined;
  const fill: NonNullable<RuntimeResponse['fill']> = {};
  const free = (property: Json, type: string) => schemaType(document, property) === type && property['enum'] === undefined && property['const'] === undefined && property['pattern'] === undefined && property['format'] === undefined;
  const properties = flat['properties'];
  const take = (names: readonly string[], source: 'detail' | 'status' | 'title' | 'reason', type: string) => {
    for (const name of names) {
      const property = flatSchema(document, properties[name]);
      if (properties[name] === undefined || name in fill || !free(property, type)) continue;
      if (type === 'string' && typeof property['maxLength'] === 'number' && property['maxLength'] < 400) continue;
      if (type === 'string' && typeof property['minLength'] === 'number' && property['minLength'] > 1) continue;
      if (type === 'integer' && ((typeof property['minimum'] === 'number' && property['minimum'] > 400) || (typeof property['maximum'] === 'number' && property['maximum'] < 599))) continue;
      fill[name] = source;
      return;
    }
  };
  take(STATUS_FIELDS, 'status', 'integer');
  take(DETAIL_FIELDS, 'detail', 'string');
  take(TITLE_FIELDS, 'title', 'string');
  take(REASON_FIELDS, 'reason', 'string');
  return Object.keys(fill).length > 0 ? fill : undefined;
}

function responses(document: OpenApiInput, sampling: Json, operation: Json, pointer: string): RuntimeResponse[] {
  if (!isObject(operation['responses'])) return [];
  return Object.keys(operation['responses']).map((status) => {
    const found = follow(document, (operation['responses'] as Json)[status], child(pointer, 'responses', status));
    const entry: RuntimeResponse = { status };
    if (found === undefined || !isObject(found.value['content'])) return entry;
    const content = found.value['content'];
    const contentType = Object.keys(content).find((type) => JSON_TYPE.test(type)) ?? Object.keys(content)[0];
    if (contentType === undefined) return entry;
    entry.contentType = contentType;
    const media = isObject(content[contentType]) ? (content[contentType] as Json) : {};
    const schemaPointer = media['schema'] !== undefined ? child(found.pointer, 'content', contentType, 'schema') : undefined;
    if (schemaPointer !== undefined) entry.schema = schemaPointer;
    const documented = exampleOf(document, sampling, media, undefined);
    const example = documented ?? exampleOf(document, sampling, media, schemaPointer);
    if (example !== undefined) entry.example = example;
    if (documented === undefined && example !== undefined) entry.generated = true;
    if (!/^2/.test(status) && media['schema'] !== undefined) {
      const fill = errorFill(document, media['schema']);
      if (fill) entry.fill = fill;
      const issues = issueList(document, media['schema']);
      if (issues) entry.fillIssues = issues;
    }
    return entry;
  });
}

function schemes(document: OpenApiInput): Record<string, RuntimeScheme> {
  const result: Record<string, RuntimeScheme> = {};
  const all = isObject(document.components) && isObject(document.components['securitySchemes']) ? document.components['securitySchemes'] : {};
  for (const [key, raw] of Object.entries(all)) {
    const scheme = follow(document, raw, '')?.value;
    if (scheme === undefined) continue;
    const credentials = Array.isArray(scheme['x-sandbox-credentials'])
      ? scheme['x-sandbox-credentials'].flatMap((item) => (typeof item === 'string' ? [item] : isObject(item) && typeof item['value'] === 'string' ? [item['value']] : []))
      : [];
    const grants = Array.isArray(scheme['x-sandbox-credentials'])
      ? Object.fromEntries(scheme['x-sandbox-credentials'].flatMap((item) => (isObject(item) && typeof item['value'] === 'string' && Array.isArray(item['scopes']) ? [[item['value'], item['scopes'].map(String)]] : [])))
      : {};
    const type = scheme['type'];
    const httpScheme = typeof scheme['scheme'] === 'string' ? scheme['scheme'].toLowerCase() : 'bearer';
    const entry: RuntimeScheme =
      type === 'http'
        ? { key, type: httpScheme === 'basic' ? 'basic' : httpScheme === 'bearer' ? 'bearer' : 'other', credentials }
        : type === 'apiKey'
          ? { key, type: 'apiKey', in: scheme['in'] === 'query' || scheme['in'] === 'cookie' ? scheme['in'] : 'header', name: String(scheme['name'] ?? ''), credentials }
          : type === 'oauth2' || type === 'openIdConnect'
            ? { key, type: 'bearer', credentials }
            : { key, type: 'other', credentials };
    if (Object.keys(grants).length > 0) entry.grants = grants;
    result[key] = entry;
  }
  return result;
}

function security(raw: unknown, known: Readonly<Record<string, RuntimeScheme>>): { security: string[][]; scopes?: Array<Record<string, string[]>> } {
  if (!Array.isArray(raw)) return { security: [] };
  // A requirement naming an unknown scheme cannot be met or checked: left out.
  const requirements = raw.filter((requirement): requirement is Json => isObject(requirement) && Object.keys(requirement).every((key) => key in known));
  const scopes = requirements.map((requirement) => Object.fromEntries(Object.entries(requirement).map(([key, value]) => [key, Array.isArray(value) ? value.map(String) : []])));
  const any = scopes.some((entry) => Object.values(entry).some((list) => list.length > 0));
  return { security: requirements.map((requirement) => Object.keys(requirement)), ...(any ? { scopes } : {}) };
}

export function runtimeApi(document: OpenApiInput, options: RuntimeApiOptions = {}): RuntimeApi {
  const sampling = validationDocument(document, 'response');
  const known = schemes(document);
  const operations: RuntimeOperation[] = [];
  for (const ref of listOperations(document)) {
    if (ref.kind !== 'path') continue;
    const pathPointer = ref.pointer.slice(0, ref.pointer.lastIndexOf('/'));
    const operation: RuntimeOperation = {
      id: ref.operationId ?? `${ref.method.toUpperCase()} ${ref.path}`,
      method: ref.method,
      path: ref.path,
      baseUrl: operationBaseUrl(document, ref, options.overrides ?? {}, options.origin ?? 'http://localhost'),
      parameters: parameters(document, ref.pathItem, pathPointer, ref.operation, ref.pointer),
      ...security(ref.operation['security'] ?? document.security, known),
      responses: responses(document, sampling, ref.operation, ref.pointer),
    };
    const body = requestBody(document, ref.operation, ref.pointer);
    if (body !== undefined) operation.body = body;
    operations.push(operation);
  }
  const title = typeof document.info?.title === 'string' ? document.info.title : 'API';
  // Generated examples must validate like documented ones: repaired, or dropped.
  let validators: ReturnType<typeof compiledValidators> | undefined;
  const smallest = (pointer: string) => exampleOf(document, sampling, {}, pointer, true);
  // The sampling copy is the response-direction validation document: Ajv compiles from it too (neither changes it).
  // These checks run once per generated example: compiled without Ajv's code optimisation, which costs more than it saves here.
  const validator = (pointer: string) => (validators ??= compiledValidators(document, { direction: 'response', prepared: sampling, optimize: false })).get(pointer);
  for (const operation of operations) {
    for (const response of operation.responses) {
      if (!response.generated || response.schema === undefined) continue;
      const validate = validator(response.schema);
      if (validate === undefined) continue;
      // Failing that, the smallest example: required properties only.
      const repaired = repair(response.example, validate) ?? repair(smallest(response.schema), validate);
      if (repaired === undefined) {
        delete response.example;
        delete response.generated;
      } else response.example = repaired;
    }
  }
  const seed = inferResources(document, operations, validator);
  return { title, operations, schemes: known, seed };
}

/** The validators one operation uses: its parameters, its bodies, and for resources its success responses. */
export function operationValidatorKeys(operation: RuntimeOperation): { request: string[]; response: string[] } {
  const request = new Set<string>();
  for (const parameter of operation.parameters) if (parameter.schema) request.add(parameter.schema);
  for (const media of operation.body?.media ?? []) if (media.schema) request.add(media.schema);
  const response = new Set<string>();
  if (operation.resource) for (const entry of operation.responses) if (/^2/.test(entry.status) && entry.schema && !request.has(entry.schema)) response.add(entry.schema);
  return { request: [...request], response: [...response] };
}
