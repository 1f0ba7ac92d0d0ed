/** Turns a resolved JSON Schema into the rows of a readable table. Pure. */
import type { ResolvedSchema } from '../openapi/index.ts';

export interface SchemaRow {
  /** `name`, or `items[].name` / `route.waypoints[]` for nested fields. */
  name: string;
  type: string;
  required: boolean;
  description: string;
  /** Allowed values, default, limits and format, as short phrases. */
  constraints: string[];
}

const MAX_DEPTH = 4;

/** One row per property, nested objects and arrays of objects expanded with dotted names. */
export function schemaRows(schema: ResolvedSchema, prefix = '', depth = 0): SchemaRow[] {
  const properties = (schema['properties'] ?? {}) as Record<string, ResolvedSchema>;
  const required = new Set((schema['required'] ?? []) as string[]);
  return Object.entries(properties).flatMap(([name, property]) => {
    const fullName = `${prefix}${name}`;
    const row: SchemaRow = { name: fullName, type: typeLabel(property), required: required.has(name), description: String(property['description'] ?? ''), constraints: constraints(property) };
    if (depth >= MAX_DEPTH) return [row];
    const items = property['items'] as ResolvedSchema | undefined;
    if (isObject(property)) return [row, ...schemaRows(property, `${fullName}.`, depth + 1)];
    if (items && isObject(items)) return [row, ...schemaRows(items, `${fullName}[].`, depth + 1)];
    return [row];
  });
}

/** `string`, `integer | null`, `array of string`, `object`. */
export function typeLabel(schema: ResolvedSchema): string {
  const types = Array.isArray(schema['type']) ? (schema['type'] as string[]) : schema['type'] ? [String(schema['type'])] : [];
  if (types.length === 0) {
    if (Array.isArray(schema['oneOf']) || Array.isArray(schema['anyOf'])) return 'one of several shapes';
    if (schema['$ref']) return 'object';
    return 'any';
  }
  return types.map((type) => (type === 'array' && schema['items'] ? `array of ${typeLabel(schema['items'] as ResolvedSchema)}` : type)).join(' | ');
}

export function constraints(schema: ResolvedSchema): string[] {
  const result: string[] = [];
  if (Array.isArray(schema['enum'])) result.push(`one of ${(schema['enum'] as unknown[]).map((value) => (value === null ? 'null' : String(value))).join(', ')}`);
  if ('default' in schema) result.push(`default ${JSON.stringify(schema['default'])}`);
  if (typeof schema['format'] === 'string') result.push(`format ${schema['format']}`);
  const limit = (keyword: string, phrase: string) => {
    if (typeof schema[keyword] === 'number') result.push(`${phrase} ${schema[keyword]}`);
  };
  limit('minimum', '≥');
  limit('exclusiveMinimum', '>');
  limit('maximum', '≤');
  limit('exclusiveMaximum', '<');
  const range = (min: unknown, max: unknown, unit: string) => {
    if (typeof min === 'number' && typeof max === 'number') result.push(`${min}–${max} ${unit}`);
    else if (typeof min === 'number') result.push(`at least ${min} ${unit}`);
    else if (typeof max === 'number') result.push(`at most ${max} ${unit}`);
  };
  range(schema['minLength'], schema['maxLength'], 'characters');
  range(schema['minItems'], schema['maxItems'], 'items');
  if (typeof schema['pattern'] === 'string') result.push(`pattern ${schema['pattern']}`);
  return result;
}

function isObject(schema: ResolvedSchema): boolean {
  return schema['type'] === 'object' || (Array.isArray(schema['type']) && schema['type'].includes('object')) || schema['properties'] !== undefined;
}
