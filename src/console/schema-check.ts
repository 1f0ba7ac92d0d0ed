/**
 * A small JSON Schema checker for the console's validation before sending: the keywords the
 * request schemas use (type, enum, const, string and number limits, pattern, required,
 * properties, additionalProperties, items, array limits, allOf/anyOf/oneOf). Pure and
 * dependency-free, so it works on any version's resolved schemas. The sandbox itself validates
 * with Ajv against the full document; this only helps before sending.
 */
import type { ResolvedSchema } from '../openapi/types.ts';
import { backtrackingSafe } from '../sandbox/core/pattern-safety.ts';

export interface SchemaProblem {
  /** JSON Pointer into the checked value ("" for the value itself). */
  pointer: string;
  detail: string;
}

/** Whether the value matches; a pattern JavaScript cannot compile checks nothing. */
function matches(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return true;
  }
}

const escape = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function matchesType(value: unknown, type: string): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

const article = (type: string) => (type === 'null' ? 'null' : `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`);

export function checkSchema(schema: ResolvedSchema, value: unknown, pointer = ''): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const add = (detail: string, at = pointer) => problems.push({ pointer: at, detail });
  const types = schema['type'] === undefined ? undefined : ([] as string[]).concat(schema['type'] as string | string[]);
  if (types !== undefined && !types.some((type) => matchesType(value, type))) {
    add(`must be ${types.map(article).join(' or ')}`);
    return problems;
  }
  if (Array.isArray(schema['enum']) && !schema['enum'].some((item) => item === value)) {
    add(`must be one of: ${schema['enum'].map(String).join(', ')}`);
  }
  if ('const' in schema && schema['const'] !== value) add(`must be ${JSON.stringify(schema['const'])}`);
  if (typeof value === 'string') {
    const length = [...value].length;
    if (typeof schema['minLength'] === 'number' && length < schema['minLength']) {
      add(schema['minLength'] === 1 ? 'must not be empty' : `must have at least ${schema['minLength']} characters`);
    }
    if (typeof schema['maxLength'] === 'number' && length > schema['maxLength']) add(`must have at most ${schema['maxLength']} characters`);
    // A pattern that could backtrack for long is left to the sandbox, which runs it in linear time.
    if (typeof schema['pattern'] === 'string' && backtrackingSafe(schema['pattern']) && !matches(schema['pattern'], value)) add(`must match ${schema['pattern']}`);
  }
  if (typeof value === 'number') {
    if (typeof schema['minimum'] === 'number' && value < schema['minimum']) add(`must be at least ${schema['minimum']}`);
    if (typeof schema['maximum'] === 'number' && value > schema['maximum']) add(`must be at most ${schema['maximum']}`);
    if (typeof schema['exclusiveMinimum'] === 'number' && value <= schema['exclusiveMinimum']) add(`must be greater than ${schema['exclusiveMinimum']}`);
    if (typeof schema['exclusiveMaximum'] === 'number' && value >= schema['exclusiveMaximum']) add(`must be less than ${schema['exclusiveMaximum']}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema['minItems'] === 'number' && value.length < schema['minItems']) add(`must have at least ${schema['minItems']} items`);
    if (typeof schema['maxItems'] === 'number' && value.length > schema['maxItems']) add(`must have at most ${schema['maxItems']} items`);
    const items = schema['items'];
    if (typeof items === 'object' && items !== null) {
      value.forEach((item, index) => problems.push(...checkSchema(items as ResolvedSchema, item, `${pointer}/${index}`)));
    }
  }
  if (typeOf(value) === 'object') {
    const record = value as Record<string, unknown>;
    const properties = (schema['properties'] ?? {}) as Record<string, ResolvedSchema>;
    for (const name of (schema['required'] ?? []) as string[]) {
      if (!Object.hasOwn(record, name)) add('is required', `${pointer}/${escape(name)}`);
    }
    for (const [name, child] of Object.entries(record)) {
      const at = `${pointer}/${escape(name)}`;
      if (Object.hasOwn(properties, name)) problems.push(...checkSchema(properties[name]!, child, at));
      else if (schema['additionalProperties'] === false) add('is not a known field', at);
      else if (typeof schema['additionalProperties'] === 'object') problems.push(...checkSchema(schema['additionalProperties'] as ResolvedSchema, child, at));
    }
  }
  for (const part of (schema['allOf'] ?? []) as ResolvedSchema[]) problems.push(...checkSchema(part, value, pointer));
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const options = schema[keyword] as ResolvedSchema[] | undefined;
    if (options !== undefined && !options.some((option) => checkSchema(option, value, pointer).length === 0)) add(`must match ${keyword === 'anyOf' ? 'one of the allowed shapes' : 'exactly one allowed shape'}`);
  }
  return problems;
}
