/**
 * A schema as the changelog compares it: named schemas followed, `allOf` merged, the variants of
 * `oneOf`/`anyOf` joined, and the constraints that bound its values gathered. Flattening a named
 * schema is done once per description (memoized), and a cycle of references ends where it closes,
 * so a description cannot make it loop or repeat work. Pure but for the memo.
 */
import type { ResolvedSchema } from '../openapi/types.ts';

/** A bound on numbers: `maximum: 10` is `{ value: 10, exclusive: false }`. */
export interface Bound {
  value: number;
  exclusive: boolean;
}

/** The size keywords, each an upper or a lower bound on a length or a count. */
export const SIZE_KEYWORDS = ['maxLength', 'minLength', 'maxItems', 'minItems', 'maxProperties', 'minProperties'] as const;
export type SizeKeyword = (typeof SIZE_KEYWORDS)[number];
export const isUpper = (keyword: SizeKeyword | 'maximum' | 'minimum'): boolean => keyword.startsWith('max');

export interface Flat {
  /** Undefined: any type (no `type` keyword). `nullable: true` adds `null`. */
  types: Set<string> | undefined;
  /** JSON texts of the values allowed; undefined: any value. */
  enum: Set<string> | undefined;
  properties: Map<string, ResolvedSchema>;
  required: Set<string>;
  items: ResolvedSchema | undefined;
  sizes: Partial<Record<SizeKeyword, number>>;
  maximum: Bound | undefined;
  minimum: Bound | undefined;
  /** Every pattern a string must match. */
  patterns: Set<string>;
  format: string | undefined;
  multipleOf: number | undefined;
  uniqueItems: boolean;
  /** `additionalProperties: false`: no field but those listed. */
  closed: boolean;
}

/** Where named schemas (`#/components/schemas/X`) of one description are found, and their flattened forms. */
export interface SchemaReader {
  lookup: (ref: string) => ResolvedSchema | undefined;
  memo: WeakMap<ResolvedSchema, Flat | 'pending'>;
}

export const schemaReader = (lookup: SchemaReader['lookup']): SchemaReader => ({ lookup, memo: new WeakMap() });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

const empty = (): Flat => ({ types: undefined, enum: undefined, properties: new Map(), required: new Set(), items: undefined, sizes: {}, maximum: undefined, minimum: undefined, patterns: new Set(), format: undefined, multipleOf: undefined, uniqueItems: false, closed: false });

/** Whether a set of JSON types takes values of `type` (an integer is a number). */
export function accepts(types: ReadonlySet<string>, type: string): boolean {
  return types.has(type) || (type === 'integer' && types.has('number'));
}

/** The tighter of two bounds: the lower maximum (`upper`) or the higher minimum; an exclusive one wins a tie. */
export function tighter(a: Bound | undefined, b: Bound | undefined, upper: boolean): Bound | undefined {
  if (a === undefined || b === undefined) return a ?? b;
  if (a.value === b.value) return a.exclusive ? a : b;
  return (upper ? a.value < b.value : a.value > b.value) ? a : b;
}

/** `maximum`/`exclusiveMaximum` as one bound (3.0 writes `exclusiveMaximum: true`, 3.1 a number). */
function bound(schema: ResolvedSchema, upper: boolean): Bound | undefined {
  const [plain, exclusive] = upper ? [schema['maximum'], schema['exclusiveMaximum']] : [schema['minimum'], schema['exclusiveMinimum']];
  const inclusive = isNumber(plain) ? { value: plain, exclusive: exclusive === true } : undefined;
  return tighter(inclusive, isNumber(exclusive) ? { value: exclusive, exclusive: true } : undefined, upper);
}

// Most schemas have no fields, required list, sizes or pattern: they share these (never changed; `merge` copies them first).
const NO_PROPERTIES: Map<string, ResolvedSchema> = new Map();
const NO_NAMES: Set<string> = new Set();
const NO_SIZES: Flat['sizes'] = {};

/** The schema's own keywords, references and combinations aside. */
function own(schema: ResolvedSchema): Flat {
  const flat: Flat = { ...empty(), properties: NO_PROPERTIES, required: NO_NAMES, sizes: NO_SIZES, patterns: NO_NAMES };
  const type = schema['type'];
  if (typeof type === 'string' || Array.isArray(type)) {
    flat.types = new Set((Array.isArray(type) ? type : [type]).map(String));
    if (schema['nullable'] === true) flat.types.add('null');
  }
  if (Array.isArray(schema['enum'])) flat.enum = new Set(schema['enum'].map((value) => JSON.stringify(value)));
  else if ('const' in schema) flat.enum = new Set([JSON.stringify(schema['const'])]);
  if (isRecord(schema['properties'])) flat.properties = new Map(Object.entries(schema['properties']).filter((entry): entry is [string, ResolvedSchema] => isRecord(entry[1])));
  if (Array.isArray(schema['required'])) flat.required = new Set(schema['required'].map(String));
  if (isRecord(schema['items'])) flat.items = schema['items'];
  for (const keyword of SIZE_KEYWORDS) if (isNumber(schema[keyword])) flat.sizes = { ...flat.sizes, [keyword]: schema[keyword] };
  flat.maximum = bound(schema, true);
  flat.minimum = bound(schema, false);
  if (typeof schema['pattern'] === 'string') flat.patterns = new Set([schema['pattern']]);
  if (typeof schema['format'] === 'string') flat.format = schema['format'];
  if (isNumber(schema['multipleOf']) && schema['multipleOf'] > 0) flat.multipleOf = schema['multipleOf'];
  flat.uniqueItems = schema['uniqueItems'] === true;
  flat.closed = schema['additionalProperties'] === false;
  return flat;
}

/** Adds `from` to `into`: both apply (`allOf`), so types and values narrow and bounds tighten. */
function merge(into: Flat, from: Flat): void {
  if (from.types) into.types = into.types ? new Set([...into.types].filter((type) => accepts(from.types!, type))) : new Set(from.types);
  if (from.enum) into.enum = into.enum ? new Set([...into.enum].filter((value) => from.enum!.has(value))) : new Set(from.enum);
  if (from.properties.size > 0) {
    into.properties = new Map(into.properties);
    for (const [name, value] of from.properties) if (!into.properties.has(name)) into.properties.set(name, value);
  }
  if (from.required.size > 0) into.required = new Set([...into.required, ...from.required]);
  into.items ??= from.items;
  for (const keyword of SIZE_KEYWORDS) {
    const [a, b] = [into.sizes[keyword], from.sizes[keyword]];
    if (b !== undefined) into.sizes = { ...into.sizes, [keyword]: a === undefined ? b : isUpper(keyword) ? Math.min(a, b) : Math.max(a, b) };
  }
  into.maximum = tighter(into.maximum, from.maximum, true);
  into.minimum = tighter(into.minimum, from.minimum, false);
  if (from.patterns.size > 0) into.patterns = new Set([...into.patterns, ...from.patterns]);
  into.format ??= from.format;
  into.multipleOf ??= from.multipleOf;
  into.uniqueItems ||= from.uniqueItems;
  into.closed ||= from.closed;
}

/** The looser of all bounds (the highest maximum or the lowest minimum); none when one is unbounded. */
function loosest(bounds: ReadonlyArray<Bound | undefined>, upper: boolean): Bound | undefined {
  if (bounds.some((item) => item === undefined)) return undefined;
  return (bounds as Bound[]).reduce((a, b) => (tighter(a, b, upper) === a ? b : a));
}

/** The variants of `oneOf`/`anyOf` as one schema: any variant's value is allowed, so only what all of them bound stays bounded. */
function join(variants: readonly Flat[]): Flat {
  const first = variants[0]!;
  const union = empty();
  union.required = new Set(first.required);
  for (const variant of variants) {
    for (const [name, value] of variant.properties) if (!union.properties.has(name)) union.properties.set(name, value);
    for (const name of union.required) if (!variant.required.has(name)) union.required.delete(name);
    union.items ??= variant.items;
  }
  if (variants.every((variant) => variant.types !== undefined)) union.types = new Set(variants.flatMap((variant) => [...variant.types!]));
  if (variants.every((variant) => variant.enum !== undefined)) union.enum = new Set(variants.flatMap((variant) => [...variant.enum!]));
  for (const keyword of SIZE_KEYWORDS) {
    const values = variants.map((variant) => variant.sizes[keyword]);
    if (values.every((value) => value !== undefined)) union.sizes[keyword] = isUpper(keyword) ? Math.max(...values) : Math.min(...values);
  }
  union.maximum = loosest(variants.map((variant) => variant.maximum), true);
  union.minimum = loosest(variants.map((variant) => variant.minimum), false);
  union.patterns = new Set([...first.patterns].filter((pattern) => variants.every((variant) => variant.patterns.has(pattern))));
  if (variants.every((variant) => variant.format === first.format)) union.format = first.format;
  if (variants.every((variant) => variant.multipleOf === first.multipleOf)) union.multipleOf = first.multipleOf;
  union.uniqueItems = variants.every((variant) => variant.uniqueItems);
  union.closed = variants.every((variant) => variant.closed);
  return union;
}

/**
 * A schema flattened: `$ref`s followed (a reference back into a schema being flattened counts as
 * no constraint), `allOf` merged, `oneOf`/`anyOf` joined. Named schemas, and any schema object seen
 * before, are flattened once per reader. The result is shared: do not change it.
 */
export function flatten(schema: ResolvedSchema, reader: SchemaReader): Flat {
  const known = reader.memo.get(schema);
  if (known === 'pending') return empty();
  if (known) return known;
  reader.memo.set(schema, 'pending');
  const flat = flattenOnce(schema, reader);
  reader.memo.set(schema, flat);
  return flat;
}

function flattenOnce(schema: ResolvedSchema, reader: SchemaReader): Flat {
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    const target = reader.lookup(ref);
    if (target === undefined) return empty();
    // 3.1 allows keywords next to `$ref`; they apply too. A plain reference shares its target's form.
    const { $ref: _ref, ...siblings } = schema;
    if (Object.keys(siblings).length === 0) return flatten(target, reader);
    const flat = empty();
    merge(flat, flatten(target, reader));
    merge(flat, flatten(siblings, reader));
    return flat;
  }
  const parts = (Array.isArray(schema['allOf']) ? schema['allOf'] : []).filter(isRecord);
  const unions = (['oneOf', 'anyOf'] as const).map((keyword) => (Array.isArray(schema[keyword]) ? schema[keyword] : []).filter(isRecord)).filter((variants) => variants.length > 0);
  const flat = own(schema);
  if (parts.length === 0 && unions.length === 0) return flat;
  for (const part of parts) merge(flat, flatten(part, reader));
  for (const variants of unions) merge(flat, join(variants.map((variant) => flatten(variant, reader))));
  return flat;
}
