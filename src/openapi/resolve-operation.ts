/**
 * Resolves one operation of a parsed OpenAPI 3.0/3.1 description into a self-contained,
 * serialisable `ResolvedOperation`. Parameters, bodies, responses, headers and examples are
 * inlined; named schemas stay `$ref`s (rendered once, on their own page), so the cost of an
 * operation does not grow with the size of the schemas it uses. Pure.
 */
import { dereference } from './dereference.ts';
import { exampleFromSchema, mediaTypeExample } from './example.ts';
import { OPERATION_METHODS, type OperationRef } from './operations.ts';
import { operationBaseUrl, type ServerOverrides } from './servers.ts';
import { requirementsOf } from './security.ts';
import type {
  DescribedCodeSample,
  Json,
  MediaContent,
  OpenApiInput,
  OperationCallback,
  OperationMethod,
  OperationParameter,
  OperationRequestBody,
  OperationResponse,
  ResolvedOperation,
  ResolvedSchema,
  SecurityScheme,
} from './types.ts';

/** What resolving needs beyond the operation: the description and the site's say over base URLs. */
export interface ResolveContext {
  document: OpenApiInput;
  schemes: ReadonlyMap<string, SecurityScheme>;
  overrides: ServerOverrides;
  /** The docs site's origin: relative server URLs are relative to it. */
  origin: string;
}

const SCHEMA_REF = '#/components/schemas/';

/** Named schemas stay references; every other component is inlined. */
export const keepSchemaRef = (ref: string): boolean => ref.startsWith(SCHEMA_REF);

const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const asRecord = (value: unknown): Json => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {});

function inline(context: ResolveContext, value: unknown, pointer: string): Json {
  return asRecord(dereference(context.document, value, `#${pointer}`, keepSchemaRef));
}

function pathOrder(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
}

const LOCATION_ORDER = { path: 0, query: 1, header: 2, cookie: 3 } as const;

function parameters(context: ResolveContext, ref: OperationRef): OperationParameter[] {
  const pathLevel = Array.isArray(ref.pathItem['parameters']) ? (ref.pathItem['parameters'] as unknown[]) : [];
  const operationLevel = Array.isArray(ref.operation['parameters']) ? (ref.operation['parameters'] as unknown[]) : [];
  const pathItemPointer = ref.pointer.slice(0, ref.pointer.lastIndexOf('/'));
  const all = [
    ...pathLevel.map((raw, index) => inline(context, raw, `${pathItemPointer}/parameters/${index}`)),
    ...operationLevel.map((raw, index) => inline(context, raw, `${ref.pointer}/parameters/${index}`)),
  ];
  const byKey = new Map<string, OperationParameter>();
  for (const parameter of all) {
    const location = parameter['in'];
    if (location !== 'path' && location !== 'query' && location !== 'header' && location !== 'cookie') continue;
    // 3.0 allows `content` instead of `schema` for a parameter: take its first media type's schema.
    const contentSchema = Object.values(asRecord(parameter['content'])).map((media) => asRecord(media)['schema'])[0];
    const schema = asRecord(parameter['schema'] ?? contentSchema);
    const example = parameter['example'] ?? mediaTypeExample(parameter as never) ?? schema['example'] ?? (Array.isArray(schema['examples']) ? schema['examples'][0] : undefined);
    const resolved: OperationParameter = { name: String(parameter['name']), in: location, required: location === 'path' || parameter['required'] === true, schema };
    const description = asString(parameter['description']);
    if (description !== undefined) resolved.description = description;
    if (parameter['deprecated'] === true) resolved.deprecated = true;
    const style = asString(parameter['style']);
    if (style !== undefined) resolved.style = style;
    if (typeof parameter['explode'] === 'boolean') resolved.explode = parameter['explode'];
    if (example !== undefined) resolved.example = example;
    // An operation-level parameter overrides a path-level one with the same name and location.
    byKey.set(`${location}:${resolved.name}`, resolved);
  }
  const order = pathOrder(ref.path);
  return [...byKey.values()].sort(
    (a, b) => LOCATION_ORDER[a.in] - LOCATION_ORDER[b.in] || (a.in === 'path' ? order.indexOf(a.name) - order.indexOf(b.name) : 0),
  );
}

function mediaContents(content: unknown): MediaContent[] {
  return Object.entries(asRecord(content)).map(([contentType, raw]) => {
    const media = asRecord(raw);
    const entry: MediaContent = { contentType };
    if (media['schema'] !== undefined) entry.schema = asRecord(media['schema']);
    const example = mediaTypeExample(media);
    if (example !== undefined) entry.example = example;
    const examples = Object.entries(asRecord(media['examples'])).flatMap(([name, value]) => {
      const record = asRecord(value);
      if (!('value' in record)) return [];
      const summary = asString(record['summary']);
      return [{ name, value: record['value'], ...(summary ? { summary } : {}) }];
    });
    if (examples.length > 0) entry.examples = examples;
    return entry;
  });
}

const JSON_TYPE = /^application\/([\w.+-]+\+)?json$/i;

/** JSON first (what consoles send), else the first media type the operation lists. */
function preferred(contents: readonly MediaContent[]): MediaContent | undefined {
  return contents.find((media) => media.contentType === 'application/json') ?? contents.find((media) => JSON_TYPE.test(media.contentType)) ?? contents[0];
}

function requestBody(context: ResolveContext, raw: unknown, pointer: string): OperationRequestBody | undefined {
  if (raw === undefined) return undefined;
  const body = inline(context, raw, pointer);
  const contents = mediaContents(body['content']);
  const chosen = preferred(contents);
  if (chosen === undefined) return undefined;
  const schema = chosen.schema ?? {};
  const resolved: OperationRequestBody = { required: body['required'] === true, contentType: chosen.contentType, schema, contents };
  const description = asString(body['description']);
  if (description !== undefined) resolved.description = description;
  resolved.example = chosen.example ?? exampleFromSchema(schema, 0, (ref) => resolveSchemaRef(context.document, ref));
  return resolved;
}

/** The schema a `#/components/schemas/X` reference names, for example generation; undefined when it does not resolve. */
export function resolveSchemaRef(document: OpenApiInput, ref: string): ResolvedSchema | undefined {
  if (!keepSchemaRef(ref)) return undefined;
  const schemas = asRecord(asRecord(document.components)['schemas']);
  const name = decodeURIComponent(ref.slice(SCHEMA_REF.length)).replaceAll('~1', '/').replaceAll('~0', '~');
  return Object.hasOwn(schemas, name) ? asRecord(schemas[name]) : undefined;
}

function responses(context: ResolveContext, raw: unknown, pointer: string): OperationResponse[] {
  const all = asRecord(raw);
  return Object.keys(all).map((status) => {
    const response = inline(context, all[status], `${pointer}/${status}`);
    const contents = mediaContents(response['content']);
    const resolved: OperationResponse = {
      status,
      description: asString(response['description']) ?? '',
      contents,
      headers: Object.entries(asRecord(response['headers'])).map(([name, value]) => {
        const header = asRecord(value);
        const description = asString(header['description']);
        return { name, ...(description ? { description } : {}), ...(header['required'] === true ? { required: true } : {}), ...(header['schema'] ? { schema: asRecord(header['schema']) } : {}) };
      }),
      links: Object.entries(asRecord(response['links'])).map(([name, value]) => {
        const link = asRecord(value);
        const operation = asString(link['operationId']) ?? asString(link['operationRef']);
        const description = asString(link['description']);
        return { name, ...(operation ? { operation } : {}), ...(description ? { description } : {}) };
      }),
    };
    const first = contents[0];
    if (first) {
      resolved.contentType = first.contentType;
      if (first.schema) resolved.schema = first.schema;
      if (first.example !== undefined) resolved.example = first.example;
    }
    return resolved;
  });
}

function callbacks(context: ResolveContext, ref: OperationRef): OperationCallback[] {
  const result: OperationCallback[] = [];
  for (const [name, raw] of Object.entries(asRecord(ref.operation['callbacks']))) {
    const callbackPointer = `${ref.pointer}/callbacks/${name}`;
    for (const [expression, pathItemRaw] of Object.entries(inline(context, raw, callbackPointer))) {
      const pathItem = asRecord(pathItemRaw);
      for (const method of OPERATION_METHODS) {
        const operation = asRecord(pathItem[method]);
        if (Object.keys(operation).length === 0) continue;
        const pointer = `${callbackPointer}/${expression.replaceAll('~', '~0').replaceAll('/', '~1')}/${method}`;
        const callback: OperationCallback = { name, expression, method, responses: responses(context, operation['responses'], `${pointer}/responses`) };
        const summary = asString(operation['summary']);
        if (summary) callback.summary = summary;
        const description = asString(operation['description']);
        if (description) callback.description = description;
        const body = requestBody(context, operation['requestBody'], `${pointer}/requestBody`);
        if (body) callback.requestBody = body;
        result.push(callback);
      }
    }
  }
  return result;
}

/** One operation of the description, with every part a page or console needs. */
export function resolveOperation(context: ResolveContext, ref: OperationRef): ResolvedOperation {
  const { operation } = ref;
  const security = requirementsOf(operation['security'] ?? context.document.security, context.schemes);
  const resolved: ResolvedOperation = {
    operationId: ref.operationId ?? `${ref.method.toUpperCase()} ${ref.path}`,
    hasOperationId: ref.operationId !== undefined,
    kind: ref.kind,
    method: ref.method as OperationMethod,
    path: ref.path,
    pointer: ref.pointer,
    deprecated: operation['deprecated'] === true,
    tags: Array.isArray(operation['tags']) ? operation['tags'].map(String) : [],
    serverUrl: operationBaseUrl(context.document, ref, context.overrides, context.origin),
    security,
    requiresAuth: security.length > 0 && security.every((requirement) => requirement.length > 0),
    parameters: parameters(context, ref),
    responses: responses(context, operation['responses'], `${ref.pointer}/responses`),
    callbacks: callbacks(context, ref),
  };
  const summary = asString(operation['summary']);
  if (summary !== undefined) resolved.summary = summary;
  const description = asString(operation['description']);
  if (description !== undefined) resolved.description = description;
  const body = requestBody(context, operation['requestBody'], `${ref.pointer}/requestBody`);
  if (body !== undefined) resolved.requestBody = body;
  const samples = describedCodeSamples(operation['x-codeSamples'] ?? operation['x-code-samples']);
  if (samples.length > 0) resolved.codeSamples = samples;
  return resolved;
}

/** `x-codeSamples` entries with a `source` (others are skipped); `lang` defaults to text. */
function describedCodeSamples(value: unknown): DescribedCodeSample[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const sample = asRecord(entry);
    const source = asString(sample['source']);
    if (source === undefined) return [];
    const lang = asString(sample['lang']) ?? 'text';
    return [{ lang, label: asString(sample['label']) ?? lang, source }];
  });
}
