/**
 * Resolves one operation of a parsed OpenAPI 3.x document, by operationId, into a
 * self-contained `ResolvedOperation`. Pure: the document arrives parsed (see `openapi-fs.ts`).
 */
import { dereference } from './dereference.ts';
import { exampleFromSchema, mediaTypeExample } from './example.ts';
import type { OperationMethod, OperationParameter, OperationRequestBody, OperationResponse, ResolvedOperation, ResolvedSchema } from './types.ts';

export const OPERATION_METHODS: readonly OperationMethod[] = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

type Json = Record<string, unknown>;

/** The parts of an OpenAPI document this module reads. */
export interface OpenApiInput {
  openapi: string;
  servers?: Array<{ url: string }>;
  security?: unknown[];
  paths: Record<string, Json>;
  components?: Json;
}

export class OperationNotFoundError extends Error {
  constructor(operationId: string, known: readonly string[], source: string) {
    super(`OpenAPI: ${source} has no operation \`${operationId}\`. Known operations: ${known.join(', ') || '(none)'}.`);
    this.name = 'OperationNotFoundError';
  }
}

interface Located {
  path: string;
  method: OperationMethod;
  pathItem: Json;
  operation: Json;
}

function locate(document: OpenApiInput): Located[] {
  const found: Located[] = [];
  for (const [path, pathItem] of Object.entries(document.paths ?? {})) {
    for (const method of OPERATION_METHODS) {
      const operation = pathItem[method];
      if (typeof operation === 'object' && operation !== null) found.push({ path, method, pathItem, operation: operation as Json });
    }
  }
  return found;
}

/** Every operationId of the document, in document order. */
export function listOperationIds(document: OpenApiInput): string[] {
  return locate(document).flatMap(({ operation }) => (typeof operation['operationId'] === 'string' ? [operation['operationId']] : []));
}

const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const asSchema = (value: unknown): ResolvedSchema => (typeof value === 'object' && value !== null ? (value as ResolvedSchema) : {});

function pathOrder(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
}

const LOCATION_ORDER = { path: 0, query: 1, header: 2, cookie: 3 } as const;

function parameters(document: OpenApiInput, located: Located): OperationParameter[] {
  const all = [...((located.pathItem['parameters'] as unknown[]) ?? []), ...((located.operation['parameters'] as unknown[]) ?? [])];
  const byKey = new Map<string, OperationParameter>();
  for (const raw of all) {
    const parameter = dereference(document, raw, `${located.method.toUpperCase()} ${located.path}`) as Json;
    const location = parameter['in'] as OperationParameter['in'];
    const schema = asSchema(parameter['schema']);
    const example = parameter['example'] ?? schema['example'] ?? (Array.isArray(schema['examples']) ? schema['examples'][0] : undefined);
    const resolved: OperationParameter = {
      name: String(parameter['name']),
      in: location,
      required: location === 'path' || parameter['required'] === true,
      schema,
    };
    const description = asString(parameter['description']);
    if (description !== undefined) resolved.description = description;
    if (example !== undefined) resolved.example = example;
    // An operation-level parameter overrides a path-level one with the same name and location.
    byKey.set(`${location}:${resolved.name}`, resolved);
  }
  const order = pathOrder(located.path);
  return [...byKey.values()].sort(
    (a, b) => LOCATION_ORDER[a.in] - LOCATION_ORDER[b.in] || (a.in === 'path' ? order.indexOf(a.name) - order.indexOf(b.name) : 0),
  );
}

function jsonMediaType(content: Json | undefined): [string, Json] | undefined {
  const entries = Object.entries(content ?? {});
  const json = entries.find(([type]) => type === 'application/json') ?? entries.find(([type]) => /^application\/([\w.-]+\+)?json$/.test(type));
  return json === undefined ? undefined : [json[0], asSchema(json[1])];
}

function requestBody(document: OpenApiInput, located: Located): OperationRequestBody | undefined {
  if (located.operation['requestBody'] === undefined) return undefined;
  const body = dereference(document, located.operation['requestBody'], `${located.method.toUpperCase()} ${located.path} requestBody`) as Json;
  const media = jsonMediaType(body['content'] as Json | undefined);
  if (media === undefined) return undefined;
  const [contentType, mediaType] = media;
  const schema = asSchema(mediaType['schema']);
  const resolved: OperationRequestBody = { required: body['required'] === true, contentType, schema };
  const description = asString(body['description']);
  if (description !== undefined) resolved.description = description;
  resolved.example = mediaTypeExample(mediaType) ?? exampleFromSchema(schema);
  return resolved;
}

function responses(document: OpenApiInput, located: Located): OperationResponse[] {
  const raw = (located.operation['responses'] ?? {}) as Json;
  return Object.keys(raw).map((status) => {
    const response = dereference(document, raw[status], `${located.path} responses/${status}`) as Json;
    const resolved: OperationResponse = {
      status,
      description: asString(response['description']) ?? '',
      headers: Object.keys((response['headers'] ?? {}) as Json),
    };
    const content = Object.entries((response['content'] ?? {}) as Json);
    if (content.length > 0) {
      const [contentType, media] = content[0]!;
      resolved.contentType = contentType;
      const mediaType = asSchema(media);
      if (mediaType['schema'] !== undefined) resolved.schema = asSchema(mediaType['schema']);
      const example = mediaTypeExample(mediaType);
      if (example !== undefined) resolved.example = example;
    }
    return resolved;
  });
}

/**
 * The operation `operationId` of `document`, with every reference resolved.
 * `source` names the document in errors (e.g. `content/1.2/openapi.yaml`).
 */
export function resolveOperation(document: OpenApiInput, operationId: string, source = 'the OpenAPI document'): ResolvedOperation {
  const all = locate(document);
  const located = all.find(({ operation }) => operation['operationId'] === operationId);
  if (located === undefined) throw new OperationNotFoundError(operationId, listOperationIds(document), source);
  const { operation, pathItem } = located;
  const servers = (operation['servers'] ?? pathItem['servers']) as Array<{ url: string }> | undefined;
  const security = (operation['security'] ?? document.security ?? []) as unknown[];
  const resolved: ResolvedOperation = {
    operationId,
    method: located.method,
    path: located.path,
    tags: Array.isArray(operation['tags']) ? operation['tags'].map(String) : [],
    serverUrl: (servers ?? document.servers)?.[0]?.url ?? '/',
    interface: servers === undefined ? 'main' : 'partner',
    requiresAuth: security.some((requirement) => typeof requirement === 'object' && requirement !== null && Object.keys(requirement).length > 0),
    parameters: parameters(document, located),
    responses: responses(document, located),
  };
  const summary = asString(operation['summary']);
  if (summary !== undefined) resolved.summary = summary;
  const description = asString(operation['description']);
  if (description !== undefined) resolved.description = description;
  const body = requestBody(document, located);
  if (body !== undefined) resolved.requestBody = body;
  return resolved;
}
