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

/** A plausible value for a resolved schema: its example, default, first enum value, or one built from its type. */
export function exampleFromSchema(schema: ResolvedSchema, depth = 0): unknown {
  if ('example' in schema) return schema['example'];
  if (Array.isArray(schema['examples']) && schema['examples'].length > 0) return schema['examples'][0];
  if ('default' in schema) return schema['default'];
  if ('const' in schema) return schema['const'];
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) return schema['enum'][0];
  if (depth > 6) return null;
  const type = Array.isArray(schema['type']) ? schema['type'].find((item) => item !== 'null') : schema['type'];
  switch (type) {
    case 'object': {
      const properties = (schema['properties'] ?? {}) as Record<string, ResolvedSchema>;
      const required = new Set((schema['required'] ?? []) as string[]);
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(properties)) {
        if (required.size === 0 || required.has(name)) value[name] = exampleFromSchema(property, depth + 1);
      }
      return value;
    }
    case 'array': {
      const items = schema['items'];
      const count = typeof schema['minItems'] === 'number' ? schema['minItems'] : 1;
      return typeof items === 'object' && items !== null ? Array.from({ length: count }, () => exampleFromSchema(items as ResolvedSchema, depth + 1)) : [];
    }
    case 'integer':
    case 'number':
      return typeof schema['minimum'] === 'number' ? schema['minimum'] : typeof schema['exclusiveMinimum'] === 'number' ? schema['exclusiveMinimum'] + 1 : 0;
    case 'boolean':
      return false;
    case 'string':
      return 'string';
    default:
      return null;
  }
}
