/**
 * One JSON Schema (OpenAPI 3.0 or 3.1 dialect) as a small, serialisable render model. Pure.
 *
 * Named schemas (`#/components/schemas/Name`) are never entered: a reference becomes a link to
 * the schema's own page, so a model is as big as the schema's own text however the schemas refer
 * to each other (cycles included). Anonymous nested objects, arrays and maps are expanded into
 * rows with dotted names (`address.city`, `items[].name`, `labels.*.text`) up to `maxDepth`.
 *
 * `allOf`: members written inline are merged (properties, required, facts); members that are
 * references are listed as "includes X" links rather than merged, because merging them would
 * copy the named schema into every schema that extends it. One exception keeps the common
 * OpenAPI 3.0 idiom readable: `allOf: [{ $ref: X }]` with nothing else but annotations
 * (description, nullable, readOnly…) is the reference X itself.
 */
import type { ResolvedSchema } from '../openapi/index.ts';

/** A limit in words, with an optional literal shown as code: `≥ 0`, `pattern` + `^[a-z]+$`. */
interface Constraint {
  text: string;
  /** Shown as code; a list is shown as a comma-separated list of code spans. */
  code?: string | string[];
}

/** Annotations and validation keywords of one schema; a key is present only when the schema says so. */
export interface SchemaFacts {
  /** Markdown. */
  description?: string;
  nullable?: true;
  deprecated?: true;
  /** Sent in responses only. */
  readOnly?: true;
  /** Sent in requests only. */
  writeOnly?: true;
  format?: string;
  /** Allowed values, `null` included when the schema lists it. */
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  constraints?: Constraint[];
  /** `example` (3.0) and `examples` (3.1), in that order. */
  examples?: unknown[];
  /** Facts of an array's inline items that are not objects (`array of string`, each a pattern or an enum). */
  items?: SchemaFacts;
}

/** A piece of a type label: text, or a named schema to link to. */
export type TypePart = { kind: 'text'; text: string } | { kind: 'ref'; name: string };

export interface VariantModel {
  /** The schema's name for a reference, else its `title`, else `Option N`. */
  title: string;
  /** Set when the variant is a named schema. */
  ref?: string;
  /** An inline variant, expanded. */
  model?: SchemaModel;
  /** Discriminator values that select this variant. */
  values?: string[];
}

export interface VariantsModel {
  kind: 'oneOf' | 'anyOf';
  options: VariantModel[];
}

interface DiscriminatorModel {
  propertyName: string;
  /** Value of the property -> the schema it selects (a link when it names a component schema). */
  mapping: Array<{ value: string; target: TypePart }>;
}

/** Keys other than the listed properties: allowed (`true`/absent), forbidden, or of one schema. */
type AdditionalModel = { allowed: false } | { allowed: true; type?: TypePart[] };

/** What a schema and a field have in common. */
export interface SchemaNode extends SchemaFacts {
  type: TypePart[];
  title?: string;
  /** Named schemas whose fields are included (`allOf` references). */
  includes?: string[];
  variants?: VariantsModel;
  discriminator?: DiscriminatorModel;
  /** Only when the schema says something: `additionalProperties` present, or a map. */
  additional?: AdditionalModel;
}

export interface FieldModel extends SchemaNode {
  /** `id`, `address.city`, `items[].name`, `labels.*.text`. */
  path: string;
  /** The last segment, e.g. `city`. */
  name: string;
  /** 0 for top-level properties, 1 inside an anonymous object, and so on. */
  depth: number;
  required: boolean;
}

export interface SchemaModel extends SchemaNode {
  /** Properties, with anonymous nested objects flattened after their parent row. */
  fields: FieldModel[];
}

const SCHEMA_REF = '#/components/schemas/';
const DEFAULT_MAX_DEPTH = 4;

/** `#/components/schemas/Foo~1Bar` -> `Foo/Bar`; undefined for any other reference. */
export function schemaRefName(ref: unknown): string | undefined {
  if (typeof ref !== 'string' || !ref.startsWith(SCHEMA_REF)) return undefined;
  const segment = ref.slice(SCHEMA_REF.length);
  if (segment.includes('/') || segment === '') return undefined;
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A `%` that is not an escape is part of the name.
  }
  return decoded.replaceAll('~1', '/').replaceAll('~0', '~');
}

export function schemaModel(schema: ResolvedSchema, options: { maxDepth?: number } = {}): SchemaModel {
  return modelOf(normalise(schema), 0, options.maxDepth ?? DEFAULT_MAX_DEPTH);
}

type Schema = ResolvedSchema;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);
const schemaList = (value: unknown): Schema[] => (Array.isArray(value) ? value.filter(isSchema) : []);
const isNullSchema = (s: Schema): boolean => s['type'] === 'null' || (Array.isArray(s['enum']) && s['enum'].length === 1 && s['enum'][0] === null);
const ANNOTATIONS = new Set(['description', 'title', 'nullable', 'readOnly', 'writeOnly', 'deprecated', 'example', 'examples', 'default', 'externalDocs', 'xml']);
const onlyAnnotations = (s: Schema, except: string): boolean => Object.keys(s).every((key) => key === except || ANNOTATIONS.has(key) || key.startsWith('x-'));

/**
 * Rewrites two idioms into plainer schemas: `allOf: [{ $ref }]` plus annotations is the `$ref`;
 * `oneOf`/`anyOf` with a `{ type: 'null' }` member is the other members, nullable.
 */
function normalise(schema: Schema): Schema {
  let s = schema;
  const allOf = schemaList(s['allOf']);
  if (allOf.length === 1 && typeof allOf[0]!['$ref'] === 'string' && onlyAnnotations(s, 'allOf')) {
    const { allOf: _merged, ...rest } = s;
    s = { ...rest, $ref: allOf[0]!['$ref'] };
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const members = schemaList(s[key]);
    const others = members.filter((member) => !isNullSchema(member));
    if (others.length === members.length || members.length === 0) continue;
    const { [key]: _members, ...rest } = s;
    s = others.length === 1 && onlyAnnotations(rest, '') ? { ...rest, ...others[0], ...annotationsOf(rest), nullable: true } : { ...rest, [key]: others, nullable: true };
  }
  return s;
}

function annotationsOf(s: Schema): Schema {
  return Object.fromEntries(Object.entries(s).filter(([key]) => ANNOTATIONS.has(key)));
}

function modelOf(s: Schema, depth: number, maxDepth: number): SchemaModel {
  return { ...nodeOf(s, depth, maxDepth), fields: depth < maxDepth ? fieldsOf(s, '', 0, depth, maxDepth) : [] };
}

function nodeOf(s: Schema, depth: number, maxDepth: number): SchemaNode {
  // Facts of inline `allOf` members first, so the schema's own annotations win.
  const inline = schemaList(s['allOf']).filter((member) => member['$ref'] === undefined);
  const node: SchemaNode = { type: typeOf(s), ...[...inline, s].map(schemaFacts).reduce(mergeFacts) };
  if (typeof s['title'] === 'string') node.title = s['title'];
  const includes = schemaList(s['allOf']).flatMap((member) => {
    const name = schemaRefName(member['$ref']);
    return name === undefined ? [] : [name];
  });
  if (includes.length > 0) node.includes = includes;
  const variants = variantsOf(s, depth, maxDepth);
  const discriminator = discriminatorOf(s);
  if (discriminator) node.discriminator = discriminator;
  if (variants) {
    if (discriminator) for (const option of variants.options) attachValues(option, discriminator);
    node.variants = variants;
  }
  const additional = additionalOf(s);
  // A map's value type is already its type label (`map of X`).
  if (additional && !(additional.allowed && additional.type && !hasProperties(s))) node.additional = additional;
  return node;
}

/** Properties of the schema and of its inline `allOf` members, in order, with required merged. */
function ownProperties(s: Schema): { properties: Array<[string, Schema]>; required: Set<string> } {
  const properties = new Map<string, Schema>();
  const required = new Set<string>();
  const collect = (part: Schema, level: number): void => {
    for (const member of schemaList(part['allOf'])) if (member['$ref'] === undefined && level < 8) collect(member, level + 1);
    for (const [name, property] of Object.entries(isSchema(part['properties']) ? part['properties'] : {})) {
      // A `true` schema (3.1) accepts anything; a `false` one forbids the property, so it is left out.
      if (isSchema(property) || property === true) properties.set(name, { ...properties.get(name), ...(property === true ? {} : property) });
    }
    for (const name of Array.isArray(part['required']) ? part['required'] : []) if (typeof name === 'string') required.add(name);
  };
  collect(s, 0);
  return { properties: [...properties], required };
}

function fieldsOf(s: Schema, prefix: string, level: number, depth: number, maxDepth: number): FieldModel[] {
  const { properties, required } = ownProperties(s);
  const rows = properties.flatMap(([name, raw]) => {
    const property = normalise(raw);
    const path = `${prefix}${name}`;
    const field: FieldModel = { path, name, depth: level, required: required.has(name), ...nodeOf(property, depth + 1, maxDepth) };
    return [field, ...nestedFields(property, path, level + 1, depth + 1, maxDepth)];
  });
  // A top-level array or map of anonymous objects: its item's fields, as `[].name` / `*.name`.
  return prefix === '' && level === 0 && rows.length === 0 ? nestedFields(s, '', 0, depth, maxDepth) : rows;
}

/** Rows of an anonymous object inside a property: the object itself, array items, map values. */
function nestedFields(s: Schema, path: string, level: number, depth: number, maxDepth: number): FieldModel[] {
  if (depth >= maxDepth || s['$ref'] !== undefined) return [];
  const dot = path === '' ? '' : '.';
  if (hasProperties(s)) return path === '' ? [] : fieldsOf(s, `${path}.`, level, depth, maxDepth);
  const items = isSchema(s['items']) ? normalise(s['items']) : undefined;
  if (items && items['$ref'] === undefined && (hasProperties(items) || isSchema(items['items']))) {
    return hasProperties(items) ? fieldsOf(items, `${path}[].`, level, depth, maxDepth) : nestedFields(items, `${path}[]`, level, depth + 1, maxDepth);
  }
  const values = isSchema(s['additionalProperties']) ? normalise(s['additionalProperties']) : undefined;
  if (values && values['$ref'] === undefined && hasProperties(values)) return fieldsOf(values, `${path}${dot}*.`, level, depth, maxDepth);
  return [];
}

function hasProperties(s: Schema): boolean {
  return isSchema(s['properties']) || schemaList(s['allOf']).some((member) => member['$ref'] === undefined && hasProperties(member));
}

const text = (value: string): TypePart => ({ kind: 'text', text: value });

/** `string`, `array of Pet`, `map of integer`, `Cat or Dog`; never says "or null" (see `nullable`). */
export function typeOf(schema: Schema): TypePart[] {
  const s = normalise(schema);
  const name = schemaRefName(s['$ref']);
  if (name !== undefined) return [{ kind: 'ref', name }];
  if (typeof s['$ref'] === 'string') return [text(s['$ref'])];
  const declared = (Array.isArray(s['type']) ? s['type'] : [s['type']]).filter((type): type is string => typeof type === 'string' && type !== 'null');
  if (declared.length === 0 && (s['type'] === 'null' || (Array.isArray(s['type']) && s['type'].includes('null')))) return [text('null')];
  const types = declared.length > 0 ? declared : [inferredType(s)];
  return joinParts(types.map((type) => typeNamed(s, type)), ' or ');
}

function inferredType(s: Schema): string {
  if (schemaList(s['oneOf']).length > 0 || schemaList(s['anyOf']).length > 0) return 'variants';
  if (schemaList(s['allOf']).length > 0) return hasProperties(s) ? 'object' : 'all';
  if (s['properties'] !== undefined || s['additionalProperties'] !== undefined) return 'object';
  if (s['items'] !== undefined) return 'array';
  const values = 'const' in s ? [s['const']] : Array.isArray(s['enum']) ? s['enum'] : [];
  const kinds = [...new Set(values.filter((value) => value !== null).map(jsonType))];
  return kinds.length === 1 ? kinds[0]! : 'any';
}

function jsonType(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeNamed(s: Schema, type: string): TypePart[] {
  if (type === 'array') return isSchema(s['items']) ? [text('array of '), ...nested(s['items'])] : [text('array')];
  if (type === 'object' && isSchema(s['additionalProperties']) && !hasProperties(s) && Object.keys(s['additionalProperties']).length > 0) {
    return [text('map of '), ...nested(s['additionalProperties'])];
  }
  if (type === 'variants') {
    const members = schemaList(s['oneOf']).length > 0 ? schemaList(s['oneOf']) : schemaList(s['anyOf']);
    return joinParts(members.map((member, index) => variantLabel(normalise(member), index)), ' or ');
  }
  if (type === 'all') {
    // Members that add only constraints or `required` say nothing about the type: `Base and any` would mislead.
    const parts = schemaList(s['allOf']).map((member) => typeOf(member));
    const telling = parts.filter((part) => !(part.length === 1 && part[0]!.kind === 'text' && (part[0]!.text === 'any' || part[0]!.text === 'object')));
    return telling.length > 0 ? joinParts(telling, ' and ') : parts[0] ?? [text('any')];
  }
  return [text(type)];
}

/** An item or map value type; parenthesised when it is itself a choice, so `array of (A or B)` reads right. */
function nested(schema: Schema): TypePart[] {
  const s = normalise(schema);
  const parts = [...typeOf(s), ...(nullable(s) ? [text(' or null')] : [])];
  const choice = parts.some((part) => part.kind === 'text' && part.text.includes(' or '));
  return choice ? mergeText([text('('), ...parts, text(')')]) : parts;
}

function variantLabel(s: Schema, index: number): TypePart[] {
  const name = schemaRefName(s['$ref']);
  if (name !== undefined) return [{ kind: 'ref', name }];
  if (typeof s['title'] === 'string') return [text(s['title'])];
  const type = typeOf(s);
  return type.length === 1 && type[0]!.kind === 'text' && type[0]!.text === 'object' ? [text(`Option ${index + 1}`)] : type;
}

/** True when null is allowed besides another type (a schema of type `null` alone is just `null`). */
function nullable(s: Schema): boolean {
  const types = Array.isArray(s['type']) ? s['type'] : [];
  return s['nullable'] === true || (types.includes('null') && types.some((type) => type !== 'null'));
}

function joinParts(groups: TypePart[][], separator: string): TypePart[] {
  return mergeText(groups.flatMap((group, index) => (index === 0 ? group : [text(separator), ...group])));
}

/** Adjacent text parts joined, so labels stay short and compare easily. */
function mergeText(parts: TypePart[]): TypePart[] {
  const merged: TypePart[] = [];
  for (const part of parts) {
    const last = merged.at(-1);
    if (part.kind === 'text' && last?.kind === 'text') merged[merged.length - 1] = text(last.text + part.text);
    else merged.push(part);
  }
  return merged;
}

function variantsOf(s: Schema, depth: number, maxDepth: number): VariantsModel | undefined {
  const kind = schemaList(s['oneOf']).length > 0 ? 'oneOf' : schemaList(s['anyOf']).length > 0 ? 'anyOf' : undefined;
  if (kind === undefined) return undefined;
  const options = schemaList(s[kind]).map((raw, index): VariantModel => {
    const member = normalise(raw);
    const ref = schemaRefName(member['$ref']);
    if (ref !== undefined) return { title: ref, ref };
    const title = typeof member['title'] === 'string' ? member['title'] : `Option ${index + 1}`;
    const model = modelOf(member, depth + 1, maxDepth);
    // `oneOf: [{ required: [a] }, { required: [b] }]` says which fields go together, not a shape.
    const required = Array.isArray(member['required']) && !hasProperties(member) ? member['required'].filter((name): name is string => typeof name === 'string') : [];
    if (required.length > 0) {
      model.constraints = [{ text: 'requires', code: required }, ...(model.constraints ?? [])];
      if (model.type.length === 1 && model.type[0]!.kind === 'text' && model.type[0]!.text === 'any') model.type = [];
    }
    return { title, model };
  });
  return { kind, options };
}

function discriminatorOf(s: Schema): DiscriminatorModel | undefined {
  const raw = s['discriminator'];
  if (!isSchema(raw) || typeof raw['propertyName'] !== 'string') return undefined;
  const mapping = Object.entries(isSchema(raw['mapping']) ? raw['mapping'] : {}).map(([value, target]) => ({ value, target: mappingTarget(String(target)) }));
  // Without an explicit mapping entry, a variant's value is its schema name (OpenAPI 3.x).
  const mapped = new Set(mapping.flatMap(({ target }) => (target.kind === 'ref' ? [target.name] : [])));
  for (const member of [...schemaList(s['oneOf']), ...schemaList(s['anyOf'])]) {
    const name = schemaRefName(member['$ref']);
    if (name !== undefined && !mapped.has(name)) mapping.push({ value: name, target: { kind: 'ref', name } });
  }
  return { propertyName: raw['propertyName'], mapping };
}

/** A mapping value is a reference (`#/components/schemas/Cat`) or a bare schema name (`Cat`). */
function mappingTarget(target: string): TypePart {
  const name = schemaRefName(target) ?? (/^[^#/]+$/.test(target) && !target.includes('.json') && !target.includes('.yaml') ? target : undefined);
  return name === undefined ? text(target) : { kind: 'ref', name };
}

function attachValues(option: VariantModel, discriminator: DiscriminatorModel): void {
  const values = discriminator.mapping.filter(({ target }) => target.kind === 'ref' && target.name === option.ref).map(({ value }) => value);
  if (values.length > 0) option.values = values;
}

function additionalOf(s: Schema): AdditionalModel | undefined {
  const value = s['additionalProperties'];
  if (value === false) return { allowed: false };
  if (value === true) return { allowed: true };
  if (!isSchema(value)) return undefined;
  return Object.keys(value).length === 0 ? { allowed: true } : { allowed: true, type: nested(value) };
}

/** The named schemas a schema links to (references anywhere in it and discriminator targets), sorted. */
export function schemaLinks(schema: unknown): string[] {
  const names = new Set<string>();
  const walk = (node: unknown, isMap: boolean): void => {
    if (Array.isArray(node)) return node.forEach((item) => walk(item, false));
    if (!isSchema(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (isMap) walk(value, false);
      else if (key === '$ref') {
        const name = schemaRefName(typeof value === 'string' ? value.replace(/^(#\/components\/schemas\/[^/]+)\/.*$/, '$1') : value);
        if (name !== undefined) names.add(name);
      } else if (key === 'discriminator' && isSchema(value) && isSchema(value['mapping'])) {
        for (const target of Object.values(value['mapping'])) {
          const part = mappingTarget(String(target));
          if (part.kind === 'ref') names.add(part.name);
        }
      } else if (!DATA_KEYWORDS.has(key)) walk(value, MAP_KEYWORDS.has(key));
    }
  };
  walk(schema, false);
  return [...names].sort();
}

/** Keywords whose values are data, not schemas; and those whose values map names to schemas. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'const', 'enum', 'required', 'xml', 'externalDocs']);
const MAP_KEYWORDS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

const has = (s: Schema, key: string): boolean => Object.hasOwn(s, key);

function schemaFacts(s: Schema): SchemaFacts {
  const facts: SchemaFacts = {};
  if (typeof s['description'] === 'string' && s['description'].trim() !== '') facts.description = s['description'];
  if (nullable(s)) facts.nullable = true;
  if (s['deprecated'] === true) facts.deprecated = true;
  if (s['readOnly'] === true) facts.readOnly = true;
  if (s['writeOnly'] === true) facts.writeOnly = true;
  if (typeof s['format'] === 'string') facts.format = s['format'];
  if (Array.isArray(s['enum'])) facts.enum = s['enum'];
  if (has(s, 'const')) facts.const = s['const'];
  if (has(s, 'default')) facts.default = s['default'];
  const constraints = constraintsOf(s);
  if (constraints.length > 0) facts.constraints = constraints;
  const examples = [...(has(s, 'example') ? [s['example']] : []), ...(Array.isArray(s['examples']) ? s['examples'] : [])];
  if (examples.length > 0) facts.examples = examples;
  const items = isSchema(s['items']) ? normalise(s['items']) : undefined;
  if (items && items['$ref'] === undefined && !hasProperties(items)) {
    const { description: _described, examples: _examples, ...itemFacts } = schemaFacts(items);
    if (Object.keys(itemFacts).length > 0) facts.items = itemFacts;
  }
  return facts;
}

function mergeFacts(first: SchemaFacts, second: SchemaFacts): SchemaFacts {
  const constraints = [...(first.constraints ?? []), ...(second.constraints ?? [])];
  return { ...first, ...second, ...(constraints.length > 0 ? { constraints } : {}) };
}

/** Numeric bounds (3.0 boolean and 3.1 number `exclusive*`), lengths, counts, pattern, multiples. */
function constraintsOf(s: Schema): Constraint[] {
  const result: Constraint[] = [];
  const bound = (key: 'minimum' | 'maximum', exclusiveKey: string, inclusive: string, exclusive: string): void => {
    const value = s[key];
    const flag = s[exclusiveKey];
    if (typeof value === 'number') result.push({ text: `${flag === true ? exclusive : inclusive} ${value}` });
    if (typeof flag === 'number') result.push({ text: `${exclusive} ${flag}` });
  };
  bound('minimum', 'exclusiveMinimum', '≥', '>');
  bound('maximum', 'exclusiveMaximum', '≤', '<');
  const range = (min: unknown, max: unknown, one: string, many: string): void => {
    const unit = (count: number) => (count === 1 ? one : many);
    const low = typeof min === 'number' ? min : undefined;
    const high = typeof max === 'number' ? max : undefined;
    if (low !== undefined && high !== undefined) result.push({ text: low === high ? `exactly ${low} ${unit(low)}` : `${low}–${high} ${many}` });
    else if (low !== undefined) result.push({ text: `at least ${low} ${unit(low)}` });
    else if (high !== undefined) result.push({ text: `at most ${high} ${unit(high)}` });
  };
  range(s['minLength'], s['maxLength'], 'character', 'characters');
  range(s['minItems'], s['maxItems'], 'item', 'items');
  range(s['minProperties'], s['maxProperties'], 'property', 'properties');
  if (s['uniqueItems'] === true) result.push({ text: 'unique items' });
  if (typeof s['multipleOf'] === 'number') result.push({ text: `multiple of ${s['multipleOf']}` });
  if (typeof s['pattern'] === 'string') result.push({ text: 'pattern', code: s['pattern'] });
  if (typeof s['contentMediaType'] === 'string') result.push({ text: 'content type', code: s['contentMediaType'] });
  if (typeof s['contentEncoding'] === 'string') result.push({ text: 'encoding', code: s['contentEncoding'] });
  return result;
}
