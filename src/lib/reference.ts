import { docsRoot } from 'virtual:caravan-docs/docs-root';
import { sources } from 'virtual:caravan-docs/sources';
import { loadVersionApi } from '../openapi/openapi-fs.ts';
import type { ApiDescription } from '../openapi/describe.ts';
import { addReferencePage, referenceCatalog, REFERENCE_SLUG, REFERENCE_TITLE, type ReferenceCatalog, type ReferenceEntry } from '../reference/catalog.ts';
import { operationMarkdown, overviewMarkdown, type ReferenceUrls } from '../reference/markdown.ts';
import { referenceOverview, type Overview } from '../reference/overview.ts';
import type { LlmsLinkSection } from '../discovery/llms-txt.ts';
import { pageHtmlUrl, pageMarkdownUrl } from '../discovery/site-urls.ts';
import type { VersionIndex, VersionLink } from '../model/site-index.ts';
import { buildSidebar, type Sidebar, type SidebarOptions } from '../model/sidebar.ts';
import { resolveSchemaRef } from '../openapi/resolve-operation.ts';
import { operationWithEnumValues, withEnumValues } from '../reference/enum-refs.ts';
import type { NavNode, Version } from '../model/types.ts';
import { changelogSlug, changelogTitle, previousVersionId } from '../reference/changelog.ts';
import { pageUrl } from '../model/urls.ts';
import type { ResolvedOperation, ResolvedSchema } from '../openapi/types.ts';
import { componentSchemas, schemaPageMarkdown, schemaPages, schemaUsage, type SchemaPage, type SchemaUsage, type SchemaUse } from '../reference/schema-pages.ts';
import { isLoginOnly } from '../config/schemas/auth.ts';
import { referenceAccess, stricterAccess, type AccessRule } from '../model/access.ts';
import { config, site } from './site.ts';

const apis = new Map<string, ApiDescription | undefined>();
const catalogs = new Map<string, ReferenceCatalog | undefined>();

/**
 * The API of a version, from its `content/<version>/openapi.yaml` (or `.yml`, `.json`), with the
 * site's base-URL overrides; undefined when the version has none. A server build carries the
 * descriptions (`sources`): a deployed server reads no docs folder.
 */
export function apiFor(versionId: string): ApiDescription | undefined {
  if (!apis.has(versionId)) apis.set(versionId, loadVersionApi(docsRoot, versionId, { overrides: config.api, origin: config.url }, sources));
  return apis.get(versionId);
}

/**
 * The API reference of a version; undefined when the version has no description. Public static
 * pages, except on a login-only site, where the server renders them for signed-in readers (see
 * src/server/reference-gate.ts).
 */
export function referenceFor(versionId: string): ReferenceCatalog | undefined {
  if (!catalogs.has(versionId)) {
    const api = apiFor(versionId);
    const catalog = api ? referenceCatalog(api) : undefined;
    const previous = changelogBase(versionId);
    if (catalog && previous) addReferencePage(catalog, changelogSlug(previous.id), changelogTitle(previous.label));
    catalogs.set(versionId, catalog);
  }
  return catalogs.get(versionId);
}

/**
 * The version whose description a version's "Changes since" page compares with: the previous
 * version by number (src/reference/changelog.ts), when both versions have a description.
 */
export function changelogBase(versionId: string): Version | undefined {
  const previousId = previousVersionId(site.versions.map((index) => index.site.version.id), versionId);
  if (previousId === undefined || !apiFor(versionId) || !apiFor(previousId)) return undefined;
  return site.byId.get(previousId)?.site.version;
}

const entryMaps = new Map<string, Map<string, ReferenceEntry>>();

/** A reference page's entry by slug (`reference/list-pets`); undefined when the version has no such operation. */
export function referenceEntry(versionId: string, slug: string): ReferenceEntry | undefined {
  let bySlug = entryMaps.get(versionId);
  if (!bySlug) {
    bySlug = new Map((referenceFor(versionId)?.operations ?? []).map((entry) => [entry.slug, entry]));
    entryMaps.set(versionId, bySlug);
  }
  return bySlug.get(slug);
}

/** The schema a `#/components/schemas/X` reference names, with named enums' values beside their uses. */
export function namedSchema(versionId: string, ref: string): ResolvedSchema | undefined {
  const { document } = referenceFor(versionId)!.api;
  const schema = resolveSchemaRef(document, ref);
  return schema && withEnumValues(schema, (inner) => resolveSchemaRef(document, inner));
}

const shownOperations = new WeakMap<ReferenceEntry, ResolvedOperation>();

/** The resolved operation of a reference page, with named enums' values beside their uses. */
export function referenceOperation(versionId: string, entry: ReferenceEntry): ResolvedOperation {
  let shown = shownOperations.get(entry);
  if (!shown) {
    const api = referenceFor(versionId)!.api;
    shown = operationWithEnumValues(api.resolve(entry.ref), (ref) => resolveSchemaRef(api.document, ref));
    shownOperations.set(entry, shown);
  }
  return shown;
}

// One combined tree per version view, so the sidebar's entry count is computed once, not per page.
const combinedNavs = new WeakMap<VersionIndex, NavNode[]>();

/**
 * The sidebar of a page: the version's nav.yml entries (as this reader sees them) followed by the
 * API reference, windowed together around the current page on large sites.
 */
export function sidebarFor(index: VersionIndex, slug: string | undefined, options: SidebarOptions = {}): Sidebar {
  // A login-only site's reference is for signed-in readers: the anonymous view (all-pages) never lists it.
  const anonymousOnLoginOnly = isLoginOnly(config.auth) && site.versions.includes(index);
  const catalog = anonymousOnLoginOnly ? undefined : referenceFor(index.site.version.id);
  let nav = combinedNavs.get(index);
  if (!nav) {
    nav = catalog ? [...index.site.nav, catalog.nav] : index.site.nav;
    combinedNavs.set(index, nav);
  }
  if (slug === undefined) return buildSidebar(nav, undefined, options);
  // Schema pages are not in the reference's nav: they sit in the API reference section, which opens for them too.
  const ancestors = index.bySlug.get(slug)?.ancestors ?? catalog?.ancestors.get(slug) ?? (slug.startsWith(`${REFERENCE_SLUG}/`) ? catalog?.ancestors.get(REFERENCE_SLUG) : undefined) ?? [];
  return buildSidebar(nav, { slug, ancestors }, options);
}

/** Version switcher for a reference page: the same operation elsewhere, else that version's reference overview, else its first page. */
export function referenceVersionLinks(versionId: string, slug: string): VersionLink[] {
  return site.versions.flatMap((index) => {
    const id = index.site.version.id;
    const catalog = referenceFor(id);
    const samePage = catalog !== undefined && (slug === REFERENCE_SLUG || referenceEntry(id, slug) !== undefined);
    const target = samePage ? slug : catalog ? REFERENCE_SLUG : index.pages[0]?.slug;
    return target === undefined ? [] : [{ version: index.site.version, slug: target, samePage, current: id === versionId }];
  });
}

/** Absolute URLs for a version's reference Markdown, from `url` + `base`. */
function referenceUrls(versionId: string): ReferenceUrls {
  const index = schemaIndex(versionId);
  return {
    pageUrl: (slug) => pageHtmlUrl(config, versionId, slug),
    schemaUrl: (name) => {
      const page = index?.byName.get(name);
      return page ? pageHtmlUrl(config, versionId, page.slug) : undefined;
    },
    lookup: (ref) => namedSchema(versionId, ref),
  };
}

export function referenceMarkdownUrl(versionId: string, slug: string): string {
  return pageMarkdownUrl(config, versionId, slug);
}

const overviews = new Map<string, Overview>();

/** What the version's reference overview says (servers, security, tags), from its description. */
export function overviewFor(versionId: string): Overview {
  let overview = overviews.get(versionId);
  if (!overview) {
    overview = referenceOverview(referenceFor(versionId)!, config.api, config.url);
    overviews.set(versionId, overview);
  }
  return overview;
}

export function referenceOverviewSource(versionId: string): string {
  return overviewMarkdown(referenceFor(versionId)!, overviewFor(versionId), referenceUrls(versionId));
}

export function referenceOperationSource(versionId: string, slug: string): string {
  const entry = referenceEntry(versionId, slug)!;
  return operationMarkdown(entry, referenceOperation(versionId, entry), referenceUrls(versionId));
}

/** The "API reference" section of a version's llms.txt: the overview and every operation, as Markdown sources. */
export function referenceLlmsSections(versionId: string): LlmsLinkSection[] {
  const catalog = referenceFor(versionId);
  if (!catalog) return [];
  const schemas = referenceSchemaLlmsLinks(versionId);
  return [
    {
      title: REFERENCE_TITLE,
      links: [
        { title: 'API reference overview', url: referenceMarkdownUrl(versionId, REFERENCE_SLUG), description: 'Servers, authentication, tags and the list of operations.' },
        ...changelogLlmsLinks(versionId),
        ...catalog.operations.map((entry) => ({
          title: entry.title,
          url: referenceMarkdownUrl(versionId, entry.slug),
          description: entry.ref.kind === 'webhook' ? `Webhook ${entry.ref.path} (${entry.ref.method.toUpperCase()})` : `${entry.ref.method.toUpperCase()} ${entry.ref.path}`,
        })),
      ],
    },
    ...(schemas.length > 0 ? [{ title: 'API schemas', links: schemas }] : []),
  ];
}

/**
 * Who may read a version's changelog: it names operations of both descriptions, so the stricter
 * of the two references' rules (today one rule for the whole site, see `referenceAccess`).
 */
function changelogAccess(versionId: string): AccessRule | undefined {
  const previous = changelogBase(versionId);
  return previous && stricterAccess(referenceAccess(config.auth), referenceAccess(config.auth));
}

/** The changelog's line in llms.txt, when the version has one that anyone may read. */
function changelogLlmsLinks(versionId: string): Array<{ title: string; url: string; description: string }> {
  const previous = changelogBase(versionId);
  if (!previous || !changelogAccess(versionId)?.public) return [];
  return [{ title: changelogTitle(previous.label), url: referenceMarkdownUrl(versionId, changelogSlug(previous.id)), description: `Added, removed and changed operations since ${previous.label}, breaking changes marked.` }];
}

// ---------------------------------------------------------------------------------------------
// Schema pages: one page per named schema (`#/components/schemas/Name`), which every use links
// to (see src/reference/schema-pages.ts). Imports are here to keep this block self-contained.

interface SchemaIndex {
  pages: readonly SchemaPage[];
  byName: ReadonlyMap<string, SchemaPage>;
  bySlug: ReadonlyMap<string, SchemaPage>;
  schemas: ReadonlyMap<string, ResolvedSchema>;
  usage?: ReadonlyMap<string, SchemaUsage>;
}

const schemaIndexes = new Map<string, SchemaIndex | undefined>();

function schemaIndex(versionId: string): SchemaIndex | undefined {
  if (!schemaIndexes.has(versionId)) {
    const document = referenceFor(versionId)?.api.document;
    const pages = document ? schemaPages(document) : [];
    schemaIndexes.set(versionId, document ? { pages, byName: new Map(pages.map((page) => [page.name, page])), bySlug: new Map(pages.map((page) => [page.slug, page])), schemas: componentSchemas(document) } : undefined);
  }
  return schemaIndexes.get(versionId);
}

/** The schema pages of a version, in document order; empty when the version has no reference. */
export function referenceSchemaPages(versionId: string): readonly SchemaPage[] {
  return schemaIndex(versionId)?.pages ?? [];
}

/** A schema page by slug (`reference/schemas/pet`), with its schema as written (named schemas stay `$ref`s, named enums' values beside them). */
export function referenceSchemaPage(versionId: string, slug: string): { page: SchemaPage; schema: ResolvedSchema } | undefined {
  const index = schemaIndex(versionId);
  const page = index?.bySlug.get(slug);
  if (!page || !index) return undefined;
  const { document } = referenceFor(versionId)!.api;
  return { page, schema: withEnumValues(index.schemas.get(page.name)!, (ref) => resolveSchemaRef(document, ref)) };
}

/** For HTML: the base-relative URL of a named schema's page; undefined for a name without one. */
export function referenceSchemaUrl(versionId: string): (name: string) => string | undefined {
  const index = schemaIndex(versionId);
  return (name) => {
    const page = index?.byName.get(name);
    return page ? pageUrl(config.base, versionId, page.slug) : undefined;
  };
}

/** The pages that use a schema directly, operations first, each with the URL `url` gives its slug. */
export function referenceSchemaUses(versionId: string, name: string, url: (slug: string) => string): SchemaUse[] {
  const index = schemaIndex(versionId);
  const catalog = referenceFor(versionId);
  if (!index || !catalog) return [];
  // Computed on the first page that asks: one pass over the description for every schema.
  index.usage ??= schemaUsage(catalog.api.document, catalog.operations.map((entry) => ({ id: entry.slug, operation: entry.ref.operation, pathItem: entry.ref.pathItem })));
  const usage = index.usage.get(name);
  if (!usage) return [];
  const titles = new Map(catalog.operations.map((entry) => [entry.slug, entry.title]));
  return [
    ...usage.operations.map((slug) => ({ title: titles.get(slug) ?? slug, url: url(slug) })),
    ...usage.schemas.flatMap((other) => {
      const page = index.byName.get(other);
      return page ? [{ title: page.title, url: url(page.slug) }] : [];
    }),
  ];
}

/** `/{version}/reference/schemas/{schema}.md`: the Markdown source of a schema page, with absolute links. */
export function referenceSchemaSource(versionId: string, slug: string): string {
  const { page, schema } = referenceSchemaPage(versionId, slug)!;
  const index = schemaIndex(versionId)!;
  const absolute = (target: string) => pageHtmlUrl(config, versionId, target);
  return schemaPageMarkdown(page, schema, {
    schemaUrl: (name) => {
      const target = index.byName.get(name);
      return target ? absolute(target.slug) : undefined;
    },
    usedBy: referenceSchemaUses(versionId, page.name, absolute),
  });
}

/** llms.txt links to every schema page's Markdown source (for a "Schemas" section). */
function referenceSchemaLlmsLinks(versionId: string): Array<{ title: string; url: string; description: string }> {
  return referenceSchemaPages(versionId).map((page) => ({ title: page.title, url: referenceMarkdownUrl(versionId, page.slug), description: page.summary }));
}

/** Version switcher for a schema page: the same schema (by name) elsewhere, else that version's reference overview, else its first page. */
export function referenceSchemaVersionLinks(versionId: string, slug: string): VersionLink[] {
  const name = schemaIndex(versionId)?.bySlug.get(slug)?.name;
  return site.versions.flatMap((index) => {
    const id = index.site.version.id;
    const same = name === undefined ? undefined : schemaIndex(id)?.byName.get(name);
    const target = same ? same.slug : referenceFor(id) ? REFERENCE_SLUG : index.pages[0]?.slug;
    return target === undefined ? [] : [{ version: index.site.version, slug: target, samePage: same !== undefined, current: id === versionId }];
  });
}
