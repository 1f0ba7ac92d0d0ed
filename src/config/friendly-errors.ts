import type { core, ZodType } from 'zod';
import { DocsInputError } from './errors.ts';
import { closest } from './suggest.ts';

/** Where a value came from, so errors can name the file and line. */
export interface Source {
  file: string;
  lineOf(path: readonly PropertyKey[], at?: 'key' | 'value'): number | undefined;
  /** The column where the value (or key) at `path` starts, when the source knows it. */
  columnOf?(path: readonly PropertyKey[], at?: 'key' | 'value'): number | undefined;
}

/**
 * Validates `data` with `schema`; on failure throws the first problem as a DocsInputError
 * naming the file, line, field and fix. Returns the parsed (transformed) value.
 */
export function parseWithFriendlyErrors<T extends ZodType>(schema: T, data: unknown, source: Source, pathPrefix: readonly PropertyKey[] = []): core.output<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = pickIssue(result.error.issues);
  throw issueToError(issue, data, source, pathPrefix, schema);
}

// Unknown keys and missing fields are the most actionable; report them before knock-on issues.
function pickIssue(issues: readonly core.$ZodIssue[]): core.$ZodIssue {
  return issues.find((issue) => issue.code === 'unrecognized_keys') ?? issues[0]!;
}

function issueToError(issue: core.$ZodIssue, data: unknown, source: Source, pathPrefix: readonly PropertyKey[] = [], schema?: ZodType): DocsInputError {
  const path = [...pathPrefix, ...issue.path];
  const field = formatPath(path);
  const value = valueAt(data, issue.path);
  const line = source.lineOf(path);
  const base = { file: source.file, line, column: source.columnOf?.(path) };

  switch (issue.code) {
    case 'unrecognized_keys': {
      const key = issue.keys[0] ?? '';
      const keyPath = [...path, key];
      return new DocsInputError({
        ...base,
        line: source.lineOf(keyPath, 'key'),
        column: source.columnOf?.(keyPath, 'key'),
        field: formatPath(keyPath),
        problem: `unknown key \`${key}\`.`,
        hint: withSuggestion(suggestKey(key, schema, issue.path), `remove \`${key}\` or correct its spelling${allowedKeysHint(schema, issue.path)}.`),
      });
    }
    case 'invalid_type':
      if (value === undefined) {
        return new DocsInputError({ ...base, field, problem: 'is required but missing.', hint: `add \`${lastKey(path)}\` (${describeExpected(issue.expected)}).` });
      }
      return new DocsInputError({
        ...base,
        field,
        problem: `must be ${describeExpected(issue.expected)}, but is ${describeValue(value)}.`,
        hint: `change it to ${describeExpected(issue.expected)}.`,
      });
    case 'invalid_value':
      return new DocsInputError({
        ...base,
        field,
        problem: `is ${describeValue(value)}, which is not allowed.`,
        hint: withSuggestion(typeof value === 'string' ? closest(value, issue.values.map(String)) : undefined, `use one of: ${issue.values.map((v) => JSON.stringify(v)).join(', ')}.`),
      });
    case 'invalid_union': {
      // A discriminated union (`provider:` of an analytics entry): the value that picks the shape is wrong.
      const options = (issue as { options?: unknown[] }).options;
      if (!Array.isArray(options) || options.length === 0) return new DocsInputError({ ...base, field, problem: issue.message, hint: hintOf(issue) });
      return new DocsInputError({
        ...base,
        field,
        problem: value === undefined ? 'is required but missing.' : `is ${describeValue(value)}, which is not allowed.`,
        hint: withSuggestion(typeof value === 'string' ? closest(value, options.map(String)) : undefined, `use one of: ${options.map((option) => JSON.stringify(option)).join(', ')}.`),
      });
    }
    case 'too_small':
      return new DocsInputError({
        ...base,
        field,
        problem: issue.origin === 'string' ? 'must not be empty.' : `is too small (${issue.message}).`,
        hint: issue.origin === 'string' ? 'write a value, or remove the key if it is optional.' : 'use a larger value.',
      });
    default:
      return new DocsInputError({ ...base, field, problem: issue.message, hint: hintOf(issue) });
  }
}

/** A fix led by "did you mean …?" when a known name is close to what was written. */
export function withSuggestion(suggestion: string | undefined, fix: string): string {
  return suggestion === undefined ? fix : `did you mean "${suggestion}"? If not, ${fix}`;
}

function suggestKey(key: string, schema: ZodType | undefined, path: readonly PropertyKey[]): string | undefined {
  const keys = schema ? objectKeysAt(schema, path) : undefined;
  return keys ? closest(key, keys) : undefined;
}

/** `entries[2].children[0].slug` style paths, as writers think of them. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)), '') || '(file)';
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value: unknown = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function lastKey(path: readonly PropertyKey[]): string {
  return String(path.at(-1) ?? '');
}

function describeExpected(expected: string): string {
  const names: Record<string, string> = {
    string: 'a string',
    boolean: 'true or false',
    number: 'a number',
    array: 'a list',
    object: 'a mapping of keys to values',
  };
  return names[expected] ?? expected;
}

function describeValue(value: unknown): string {
  if (value === null) return 'empty (null)';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  return `${typeof value} ${JSON.stringify(value)}`;
}

// Refinements attach their fix as `params.hint`.
function hintOf(issue: core.$ZodIssue): string {
  const params = (issue as { params?: { hint?: unknown } }).params;
  return typeof params?.hint === 'string' ? params.hint : 'correct the value.';
}

function allowedKeysHint(schema: ZodType | undefined, path: readonly PropertyKey[]): string {
  const keys = schema ? objectKeysAt(schema, path) : undefined;
  return keys ? `; allowed keys here: ${keys.join(', ')}` : '';
}

interface SchemaDef {
  type: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  in?: unknown;
  element?: unknown;
  valueType?: unknown;
  getter?: () => unknown;
}

function defOf(schema: unknown): SchemaDef | undefined {
  return (schema as { _zod?: { def?: SchemaDef } } | undefined)?._zod?.def;
}

/** The keys an object schema accepts at `path`, found by walking the schema. */
function objectKeysAt(schema: unknown, path: readonly PropertyKey[]): string[] | undefined {
  let def = defOf(schema);
  const remaining = [...path];
  while (def) {
    if (def.innerType) def = defOf(def.innerType);
    else if (def.type === 'pipe') def = defOf(def.in);
    else if (def.type === 'lazy' && def.getter) def = defOf(def.getter());
    else if (remaining.length === 0) return def.type === 'object' && def.shape ? Object.keys(def.shape) : undefined;
    else if (def.type === 'object' && def.shape) def = defOf(def.shape[String(remaining.shift())]);
    else if (def.type === 'array' || def.type === 'record') {
      remaining.shift();
      def = defOf(def.type === 'array' ? def.element : def.valueType);
    } else return undefined;
  }
  return undefined;
}
