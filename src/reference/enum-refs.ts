/**
 * Named enums shown where they are used: a `$ref` to a schema that is only a list of allowed
 * values (no fields, no variants) gets those values (and the enum's description, when the use
 * has none) beside it, so a field typed `LotCategory` says which values it takes without a click.
 * The reference stays a link. Pure; the input is not changed.
 */
import type { MediaContent, OperationRequestBody, OperationResponse, ResolvedOperation, ResolvedSchema } from '../openapi/types.ts';

type Lookup = (ref: string) => ResolvedSchema | undefined;

const NESTED_MAPS = ['properties', 'patternProperties'] as const;
const NESTED_LISTS = ['allOf', 'oneOf', 'anyOf', 'prefixItems'] as const;
const NESTED_VALUES = ['items', 'additionalProperties', 'not', 'contains'] as const;
const MAX_DEPTH = 8;

/** The enum a reference names, when its target is a plain list of values. */
function enumOf(ref: unknown, lookup: Lookup): ResolvedSchema | undefined {
  if (typeof ref !== 'string') return undefined;
  const target = lookup(ref);
  if (!target || !Array.isArray(target['enum']) || target['properties'] || target['oneOf'] || target['anyOf'] || target['allOf']) return undefined;
  return target;
}

export function withEnumValues<T>(value: T, lookup: Lookup, depth = 0): T {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || depth > MAX_DEPTH) return value;
  const schema = value as ResolvedSchema;
  const target = enumOf(schema['$ref'], lookup);
  if (target) {
    return { ...schema, enum: target['enum'], ...(schema['description'] === undefined && typeof target['description'] === 'string' ? { description: target['description'] } : {}) } as T;
  }
  let copy: ResolvedSchema | undefined;
  const set = (key: string, next: unknown) => {
    if (next === schema[key]) return;
    copy ??= { ...schema };
    copy[key] = next;
  };
  for (const key of NESTED_MAPS) {
    const map = schema[key];
    if (typeof map !== 'object' || map === null) continue;
    const entries = Object.entries(map as Record<string, unknown>).map(([name, child]) => [name, withEnumValues(child, lookup, depth + 1)] as const);
    if (entries.some(([name, child]) => child !== (map as Record<string, unknown>)[name])) set(key, Object.fromEntries(entries));
  }
  for (const key of NESTED_LISTS) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    const next = list.map((child) => withEnumValues(child, lookup, depth + 1));
    if (next.some((child, index) => child !== list[index])) set(key, next);
  }
  for (const key of NESTED_VALUES) set(key, withEnumValues(schema[key], lookup, depth + 1));
  return (copy ?? schema) as T;
}

/** Every schema of an operation (parameters, bodies, responses, headers, callbacks) with `withEnumValues`. */
export function operationWithEnumValues(operation: ResolvedOperation, lookup: Lookup): ResolvedOperation {
  const schema = <S extends ResolvedSchema | undefined>(value: S): S => (value === undefined ? value : withEnumValues(value, lookup));
  const contents = (list: MediaContent[]): MediaContent[] => list.map((media) => (media.schema ? { ...media, schema: schema(media.schema) } : media));
  const body = (requestBody: OperationRequestBody | undefined) => (requestBody ? { ...requestBody, schema: schema(requestBody.schema), contents: contents(requestBody.contents) } : undefined);
  const responses = (list: OperationResponse[]): OperationResponse[] =>
    list.map((response) => ({
      ...response,
      ...(response.schema ? { schema: schema(response.schema) } : {}),
      contents: contents(response.contents),
      headers: response.headers.map((header) => (header.schema ? { ...header, schema: schema(header.schema) } : header)),
    }));
  const requestBody = body(operation.requestBody);
  return {
    ...operation,
    parameters: operation.parameters.map((parameter) => ({ ...parameter, schema: schema(parameter.schema) })),
    ...(requestBody ? { requestBody } : {}),
    responses: responses(operation.responses),
    callbacks: operation.callbacks.map((callback) => {
      const callbackBody = body(callback.requestBody);
      return { ...callback, ...(callbackBody ? { requestBody: callbackBody } : {}), responses: responses(callback.responses) };
    }),
  };
}
