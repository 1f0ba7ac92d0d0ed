/** Example values for schemas and media types; pure. */
import type { ResolvedSchema } from './types.ts';

interface MediaType {
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}

/** The media type's `example`, else its first named example's value, else undefined. */
export function mediaTypeExample(media: MediaType | undefined): unknown {
  if (media === undefined) return undefined;
  if (media.example !== undefined) return media.example;
  for (const example of Object.values(media.examples ?? {})) if (example.value !== undefined) return example.value;
  return undefined;
}

/** Looks up a named schema for a `$ref` (undefined: unknown, left out of the example). */
export type SchemaLookup = (ref: string) => ResolvedSchema | undefined;

/**
 * A plausible value for a schema: its example, default, first enum value, or one built from
 * its type, following `$ref`s through `lookup` and taking the first variant of a oneOf/anyOf.
 */
export function exampleFromSchema(schema: ResolvedSchema, depth = 0, lookup?: SchemaLookup): unknown {
  if (depth > 6) return null;
  if (typeof schema['$ref'] === 'string') {
    const target = lookup?.(schema['$ref']);
    return target === undefined ? null : exampleFromSchema(target, depth + 1, lookup);
  }
  if ('example' in schema) return schema['example'];
  if (Array.isArray(schema['examples']) && schema['examples'].length > 0) return schema['examples'][0];
  if ('default' in schema) return schema['default'];
  if ('const' in schema) return schema['const'];
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) return schema['enum'][0];
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const variants = schema[keyword];
    if (Array.isArray(variants) && variants.length > 0) return exampleFromSchema(variants[0] as ResolvedSchema, depth + 1, lookup);
  }
  if (Array.isArray(schema['allOf'])) {
    const parts = (schema['allOf'] as ResolvedSchema[]).map((part) => exampleFromSchema(part, depth + 1, lookup));
    const merged = parts.every((part) => typeof part === 'object' && part !== null && !Array.isArray(part));
    if (merged && parts.length > 0) return Object.assign({}, ...parts, schema['properties'] ? exampleFromSchema({ ...schema, allOf: undefined }, depth + 1, lookup) : {});
  }
  const declared = Array.isArray(schema['type']) ? schema['type'].find((item) => item !== 'null') : schema['type'];
  const type = declared ?? (schema['properties'] ? 'object' : schema['items'] ? 'array' : undefined);
  switch (type) {
    case 'object': {
      const properties = (schema['properties'] ?? {}) as Record<string, ResolvedSchema>;
      const required = new Set((schema['required'] ?? []) as string[]);
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(properties)) {
        if (required.size === 0 || required.has(name)) value[name] = exampleFromSchema(property, depth + 1, lookup);
      }
      return value;
    }
    case 'array': {
      const items = schema['items'];
      const count = typeof schema['minItems'] === 'number' ? schema['minItems'] : 1;
      return typeof items === 'object' && items !== null ? Array.from({ length: count }, () => exampleFromSchema(items as ResolvedSchema, depth + 1, lookup)) : [];
    }
    case 'integer':
    case 'number':
      return typeof schema['minimum'] === 'number' ? schema['minimum'] : typeof schema['exclusiveMinimum'] === 'number' ? schema['exclusiveMinimum'] + 1 : 0;
    case 'boolean':
      return false;
    case 'string':
      return stringExample(schema['format']);
    default:
      return null;
  }
}

/** A string in the schema's format, so examples pass format checks. */
function stringExample(format: unknown): string {
  switch (format) {
    case 'date-time':
      return '2024-01-01T00:00:00Z';
    case 'date':
      return '2024-01-01';
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000';
    case 'email':
      return 'user@example.com';
    case 'uri':
    case 'url':
      return 'https://example.com';
    default:
      return 'string';
  }
}
