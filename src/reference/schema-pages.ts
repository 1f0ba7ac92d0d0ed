/**
 * The schema pages of a reference: one page per named schema (`#/components/schemas/Name`),
 * where the schema is rendered once and which every use links to. Pure.
 */
import { oneLine } from '../discovery/text.ts';
import type { OpenApiInput, ResolvedSchema } from '../openapi/index.ts';
import { schemaMarkdown, type SchemaMarkdownOptions } from './schema-markdown.ts';
import { schemaLinks, schemaModel, schemaRefName } from './schema-model.ts';

export interface SchemaPage {
  /** The key under `components.schemas`, exactly as written. */
  name: string;
  /** `reference/schemas/pet-store`: unique within the description. */
  slug: string;
  /** The schema's name: what references show, so the page is found under the same word. */
  title: string;
  /** One line for meta descriptions and link lists: the schema's `title`, else its description's first line. */
  summary: string;
}

/** A page that uses a schema, for the "Used by" list. */
export interface SchemaUse {
  title: string;
  url: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `components.schemas` of the description (entries that are not objects are left out). */
export function componentSchemas(document: OpenApiInput): ReadonlyMap<string, ResolvedSchema> {
  const schemas = isRecord(document.components) ? document.components['schemas'] : undefined;
  return new Map(Object.entries(isRecord(schemas) ? schemas : {}).filter((entry): entry is [string, ResolvedSchema] => isRecord(entry[1])));
}

/**
 * `PetStore` -> `pet-store`, `HTTPError` -> `http-error`, `Foo.Bar` -> `foo-bar`,
 * `Café` -> `cafe`; a name with no Latin letter or digit becomes `schema`.
 */
export function schemaSlugBase(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'schema';
}

/**
 * Every named schema, in document order, with a unique slug. As for operations, a later clash
 * (`Foo.Bar` after `Foo-Bar`) gets `-2`, `-3`, …, so earlier pages keep their URLs.
 */
/** Schema pages live under their API's overview: `/{version}/reference/schemas/` (one of several APIs: `/{version}/reference/<id>/schemas/`). */
export function schemaPages(document: OpenApiInput, referenceBase = 'reference'): SchemaPage[] {
  const taken = new Set<string>();
  return [...componentSchemas(document)].map(([name, schema]) => {
    const base = schemaSlugBase(name);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    return { name, slug: `${referenceBase}/schemas/${slug}`, title: name, summary: summaryOf(name, schema) };
  });
}

function summaryOf(name: string, schema: ResolvedSchema): string {
  if (typeof schema['title'] === 'string' && schema['title'].trim() !== '') return oneLine(schema['title']);
  const description = typeof schema['description'] === 'string' ? oneLine(schema['description'].split(/\n\s*\n/)[0]!) : '';
  return description.length > 0 ? (description.length > 160 ? `${description.slice(0, 159)}…` : description) : `The ${name} schema.`;
}

/** An operation as `schemaUsage` reads it: an id of the caller's choosing, the operation and its path item. */
export interface OperationSource {
  id: string;
  operation: unknown;
  pathItem?: unknown;
}

export interface SchemaUsage {
  /** Named schemas that refer to this one, sorted. */
  schemas: string[];
  /** Ids of the operations whose parameters, bodies or responses refer to it directly, in the order given. */
  operations: string[];
}

/**
 * Who refers to each named schema, directly: other schemas, and operations (through their own
 * parameters, bodies, responses and headers, following references to those components, but
 * never into another named schema). One pass over the description.
 */
export function schemaUsage(document: OpenApiInput, operations: readonly OperationSource[]): ReadonlyMap<string, SchemaUsage> {
  const usage = new Map<string, SchemaUsage>();
  const entry = (name: string): SchemaUsage => {
    let found = usage.get(name);
    if (!found) usage.set(name, (found = { schemas: [], operations: [] }));
    return found;
  };
  for (const [name, schema] of componentSchemas(document)) for (const target of schemaLinks(schema)) if (target !== name) entry(target).schemas.push(name);
  for (const { id, operation, pathItem } of operations) {
    const parameters = isRecord(pathItem) ? pathItem['parameters'] : undefined;
    for (const target of operationLinks(document, [operation, parameters])) entry(target).operations.push(id);
  }
  for (const found of usage.values()) found.schemas.sort();
  return usage;
}

function operationLinks(document: OpenApiInput, roots: unknown[]): Set<string> {
  const names = new Set<string>();
  const followed = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isRecord(node)) return;
    const ref = node['$ref'];
    if (typeof ref === 'string') {
      // A parameter, body, response or header component: its schemas count as the operation's.
      if (ref.startsWith('#/') && !followed.has(ref)) {
        followed.add(ref);
        walk(localTarget(document, ref));
      }
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'schema') for (const name of schemaLinks(value)) names.add(name);
      else if (!DATA_KEYS.has(key)) walk(value);
    }
  };
  roots.forEach(walk);
  return names;
}

/** Values that are data (examples), never references to follow. (`default` is a response here, not data.) */
const DATA_KEYS = new Set(['example', 'examples']);

function localTarget(document: OpenApiInput, ref: string): unknown {
  let node: unknown = document;
  for (const segment of ref.slice(2).split('/')) {
    const key = decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isRecord(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

export interface SchemaPageMarkdownOptions extends SchemaMarkdownOptions {
  /** The pages that use the schema, listed under "Used by". */
  usedBy?: readonly SchemaUse[];
}

/** The Markdown source of one schema page (`/{version}/reference/schemas/{slug}.md`). */
export function schemaPageMarkdown(page: SchemaPage, schema: ResolvedSchema, options: SchemaPageMarkdownOptions): string {
  const model = schemaModel(schema);
  const lines = [`# ${page.title}`, '', schemaMarkdown(model, options), ''];
  const example = model.examples?.[0];
  if (example !== undefined) lines.push('## Example', '', '```json', JSON.stringify(example, null, 2), '```', '');
  if (options.usedBy && options.usedBy.length > 0) {
    lines.push('## Used by', '', ...options.usedBy.map((use) => `- [${use.title.replace(/[[\]]/g, '\\$&')}](${use.url})`), '');
  }
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}
