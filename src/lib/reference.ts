import { docsRoot } from 'virtual:caravan-docs/docs-root';
import { sources } from 'virtual:caravan-docs/sources';
import { describeApi, type ApiDescription } from '../openapi/describe.ts';
import { readOpenApi, versionApiSources } from '../openapi/openapi-fs.ts';
import { addReferencePage, referenceCatalog, REFERENCE_SLUG, REFERENCE_TITLE, type ReferenceCatalog, type ReferenceEntry } from '../reference/catalog.ts';
import { apiListMarkdown, openApiListEntry, operationMarkdown, overviewMarkdown, type ApiListEntry, type ReferenceUrls } from '../reference/markdown.ts';
import { referenceOverview, type Overview } from '../reference/overview.ts';
import type { LlmsLinkSection } from '../discovery/llms-txt.ts';
import { pageHtmlUrl, pageMarkdownUrl } from '../discovery/site-urls.ts';
import type { VersionIndex, VersionLink } from '../model/site-index.ts';
import { buildSidebar, type Sidebar, type SidebarOptions } from '../model/sidebar.ts';
import { isReferenceSlug, topicOf, topicTabs, versionTopics } from '../model/topics.ts';
import { eventCatalogsFor, eventCatalogsOf } from './events.ts';
import { channelOf, eventApiListEntry, type EventCatalog } from '../asyncapi/catalog.ts';
import { resolveSchemaRef } from '../openapi/resolve-operation.ts';
import { operationWithEnumValues, withEnumValues } from '../reference/enum-refs.ts';
import type { NavNode, Version } from '../model/types.ts';
import { changelogSlug, changelogTitle, comparedApis, previousVersionId } from '../reference/changelog.ts';
import { pageUrl } from '../model/urls.ts';
import type { ResolvedOperation, ResolvedSchema } from '../openapi/types.ts';
import { componentSchemas, schemaPageMarkdown, schemaPages, schemaUsage, type SchemaPage, type SchemaUsage, type SchemaUse } from '../reference/schema-pages.ts';
import { isLoginOnly } from '../config/schemas/auth.ts';
import { orderApis, publicApis, type OrderedApi } from '../reference/api-order.ts';
import { apiAccess, stricterAccess, type AccessRule } from '../model/access.ts';
import { config, site } from './site.ts';

/*
 * A version holds any number of APIs: its single `content/<version>/openapi.yaml` (id '', pages
 * straight under /{version}/reference/) or one per `content/<version>/apis/<id>/` (pages under
 * /{version}/reference/<id>/). Everything below is per API; a page's slug names its API.
 */

const allApiLists = new Map<string, readonly OrderedApi[]>();
const apiLists = new Map<string, readonly OrderedApi[]>();

/**
 * Every API of a version in the site's order, those gated by roles (`apis:` in site.yml)
 * included. Only what a reader's roles open asks for a gated one: the on-demand routes of a
 * server build (src/server/gated-api.ts), a reader's sidebar and the MCP corpus.
 */
export function allApisOf(versionId: string): readonly OrderedApi[] {
  let list = allApiLists.get(versionId);
  if (!list) {
    list = orderApis(versionApiSources(docsRoot, versionId, sources), config.apis);
    allApiLists.set(versionId, list);
  }
  return list;
}

/**
 * The APIs of a version anyone may read, in the site's order, with their titles from site.yml;
 * empty when it has none. An API gated by roles is not among them: no static output names it
 * (a server build renders it on demand for its readers, see `allApisOf`).
 */
export function apisOf(versionId: string): readonly OrderedApi[] {
  let list = apiLists.get(versionId);
  if (!list) {
    list = publicApis(allApisOf(versionId));
    apiLists.set(versionId, list);
  }
  return list;
}

/** The APIs of a version gated by roles that a reader holding `roles` may read (none for anonymous readers). */
function gatedApisFor(versionId: string, roles: readonly string[] | undefined): readonly OrderedApi[] {
  if (roles === undefined) return [];
  return allApisOf(versionId).filter((api) => api.roles.length > 0 && api.roles.some((role) => roles.includes(role)));
}

const apis = new Map<string, ApiDescription | undefined>();
const catalogs = new Map<string, ReferenceCatalog | undefined>();
const keyOf = (versionId: string, apiId: string) => `${versionId}\n${apiId}`;

/**
 * One API of a version, with the site's base-URL overrides; undefined when the version has no
 * such public API. Without `apiId`, the version's only API (undefined when it has several). A
 * server build carries the descriptions (`sources`): a deployed server reads no docs folder.
 */
export function apiFor(versionId: string, apiId?: string): ApiDescription | undefined {
  const list = apisOf(versionId);
  const source = apiId === undefined ? (list.length === 1 ? list[0] : undefined) : list.find((entry) => entry.id === apiId);
  return source && describedApi(versionId, source);
}

/** An API gated by roles, for a reader holding one of them (`roles`); undefined for anyone else and for public APIs. */
export function gatedApiFor(versionId: string, apiId: string, roles: readonly string[] | undefined): ApiDescription | undefined {
  const source = gatedApisFor(versionId, roles).find((entry) => entry.id === apiId);
  return source && describedApi(versionId, source);
}

/** One API of a version, gated ones included: for pages made from it whose routes check the reader (its changelog). */
export function anyApiFor(versionId: string, apiId: string): ApiDescription | undefined {
  const source = allApisOf(versionId).find((entry) => entry.id === apiId);
  return source && describedApi(versionId, source);
}

function describedApi(versionId: string, source: OrderedApi): ApiDescription | undefined {
  const key = keyOf(versionId, source.id);
  if (!apis.has(key)) apis.set(key, describeApi(readOpenApi(docsRoot, source.file, sources), { source: source.file, overrides: config.api, origin: config.url }));
  return apis.get(key);
}

/**
 * The reference of one API of a version (`''`: its single description); undefined when the
 * version has no such API. Public static pages, except on a login-only site, where the server
 * renders them for signed-in readers (see src/server/reference-gate.ts), and for an API gated by
 * roles, which the server renders for its readers only (src/server/gated-api.ts).
 */
export function referenceFor(versionId: string, apiId = ''): ReferenceCatalog | undefined {
  const key = keyOf(versionId, apiId);
  if (!catalogs.has(key)) {
    // Gated APIs too: the routes that render one check the reader first (src/server/gated-api.ts).
    const source = allApisOf(versionId).find((entry) => entry.id === apiId);
    const api = source ? describedApi(versionId, source) : undefined;
    const catalog = api && source ? referenceCatalog(api, { id: source.id, title: source.title }) : undefined;
    // An API's section lists its "Changes since" page (src/lib/changelog.ts) right after its overview.
    const previous = catalog ? changelogBase(versionId, apiId) : undefined;
    if (catalog && previous) addReferencePage(catalog, changelogSlug(previous.id, apiId), changelogTitle(previous.label));
    catalogs.set(key, catalog);
  }
  return catalogs.get(key);
}

/** Every API reference of a version, in the site's order. */
export function referencesFor(versionId: string): ReferenceCatalog[] {
  return apisOf(versionId).map((source) => referenceFor(versionId, source.id)!);
}

/**
 * Whether `/{version}/reference/` lists the version's APIs rather than being the overview of its
 * single OpenAPI description: several OpenAPI descriptions, or event APIs (AsyncAPI) alone.
 */
export function hasApiList(versionId: string): boolean {
  const list = apisOf(versionId);
  return list.length > 0 ? list[0]!.id !== '' : eventCatalogsOf(versionId).length > 0;
}

/** The APIs `/{version}/reference/` lists: the OpenAPI ones in the site's order, then the event APIs. */
export function apiListEntries(versionId: string): ApiListEntry[] {
  return [...referencesFor(versionId).map(openApiListEntry), ...eventCatalogsOf(versionId).map(eventApiListEntry)];
}

/** The API whose pages a slug is among (`reference/…`, or `reference/<id>/…`), gated ones included; undefined for the list of APIs and others. */
export function referenceForSlug(versionId: string, slug: string): ReferenceCatalog | undefined {
  const api = allApisOf(versionId).find((source) => {
    const base = source.id === '' ? REFERENCE_SLUG : `${REFERENCE_SLUG}/${source.id}`;
    return slug === base || slug.startsWith(`${base}/`);
  });
  return api && referenceFor(versionId, api.id);
}

/**
 * The version whose description of an API (`''`: a version's single description) the API's
 * "Changes since" page compares with: the previous version by number (src/reference/changelog.ts),
 * when both versions have that API (`comparedApis`). An API gated by roles has one too, which
 * only the server's route for that API renders, for its readers (src/server/routes/gated-api.astro).
 */
export function changelogBase(versionId: string, apiId = ''): Version | undefined {
  const previousId = previousVersionId(site.versions.map((index) => index.site.version.id), versionId);
  if (previousId === undefined) return undefined;
  const ids = (id: string) => allApisOf(id).map((source) => source.id);
  if (!comparedApis(ids(versionId), ids(previousId)).includes(apiId)) return undefined;
  if (!anyApiFor(versionId, apiId) || !anyApiFor(previousId, apiId)) return undefined;
  return site.byId.get(previousId)?.site.version;
}

const entryMaps = new Map<string, Map<string, ReferenceEntry>>();

/** A reference page's entry by slug (`reference/list-pets`, `reference/admin/list-users`); undefined when there is no such operation. */
function referenceEntry(versionId: string, slug: string): ReferenceEntry | undefined {
  const catalog = referenceForSlug(versionId, slug);
  if (!catalog) return undefined;
  const key = keyOf(versionId, catalog.id);
  let bySlug = entryMaps.get(key);
  if (!bySlug) {
    bySlug = new Map(catalog.operations.map((entry) => [entry.slug, entry]));
    entryMaps.set(key, bySlug);
  }
  return bySlug.get(slug);
}

/** What a URL under `/{version}/reference/` shows: an API's overview, an operation or a schema. */
export type ReferencePage =
  | { kind: 'overview'; catalog: ReferenceCatalog }
  | { kind: 'operation'; catalog: ReferenceCatalog; entry: ReferenceEntry }
  | { kind: 'schema'; catalog: ReferenceCatalog; page: SchemaPage };

/** The reference page at a slug; undefined when there is none (the list of APIs is not one of these). */
export function referencePage(versionId: string, slug: string): ReferencePage | undefined {
  const catalog = referenceForSlug(versionId, slug);
  // A gated API's pages are answered by the server's own route, after its role check (src/server/gated-api.ts).
  if (!catalog || !apisOf(versionId).some((api) => api.id === catalog.id)) return undefined;
  return pageOf(versionId, catalog, slug);
}

/** A page of an API gated by roles, for the server route that has checked the reader; undefined when there is none. */
export function gatedReferencePage(versionId: string, apiId: string, slug: string): ReferencePage | undefined {
  const catalog = allApisOf(versionId).some((api) => api.id === apiId && api.roles.length > 0) ? referenceFor(versionId, apiId) : undefined;
  return catalog && (slug === catalog.base || slug.startsWith(`${catalog.base}/`)) ? pageOf(versionId, catalog, slug) : undefined;
}

function pageOf(versionId: string, catalog: ReferenceCatalog, slug: string): ReferencePage | undefined {
  if (slug === catalog.base) return { kind: 'overview', catalog };
  const entry = referenceEntry(versionId, slug);
  if (entry) return { kind: 'operation', catalog, entry };
  const page = schemaIndex(versionId, catalog.id)?.bySlug.get(slug);
  return page ? { kind: 'schema', catalog, page } : undefined;
}

/** The schema a `#/components/schemas/X` reference of one API names, with named enums' values beside their uses. */
export function namedSchema(versionId: string, apiId: string, ref: string): ResolvedSchema | undefined {
  const { document } = referenceFor(versionId, apiId)!.api;
  const schema = resolveSchemaRef(document, ref);
  return schema && withEnumValues(schema, (inner) => resolveSchemaRef(document, inner));
}

const shownOperations = new WeakMap<ReferenceEntry, ResolvedOperation>();

/** The resolved operation of a reference page, with named enums' values beside their uses. */
export function referenceOperation(versionId: string, entry: ReferenceEntry): ResolvedOperation {
  let shown = shownOperations.get(entry);
  if (!shown) {
    const api = referenceForSlug(versionId, entry.slug)!.api;
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
  const versionId = index.site.version.id;
  // A signed-in reader's view (`readerRoles`) also lists the gated APIs their roles open.
  const opened = new Set(gatedApisFor(versionId, index.site.readerRoles));
  const shown = anonymousOnLoginOnly ? [] : allApisOf(versionId).filter((api) => api.roles.length === 0 || opened.has(api)).map((api) => referenceFor(versionId, api.id)!);
  // Event APIs (AsyncAPI) follow the OpenAPI ones, each a section of its own; gated ones as the OpenAPI ones are.
  const events = anonymousOnLoginOnly ? [] : eventCatalogsFor(versionId, index.site.readerRoles);
  const referenceNavs = [...shown.map((catalog) => catalog.nav), ...events.map((catalog) => catalog.nav)];
  let nav = combinedNavs.get(index);
  if (!nav) {
    // One section per API: "API reference" for a version's single description, else each API's title.
    nav = [...index.site.nav, ...referenceNavs];
    combinedNavs.set(index, nav);
  }
  if (slug === undefined) return buildSidebar(nav, undefined, options);
  const catalog = anonymousOnLoginOnly ? undefined : referenceForSlug(index.site.version.id, slug);
  // Schema pages are not in the reference's nav: they sit in their API's section, which opens for them too.
  // An event API's pages first: a version's single OpenAPI description owns every slug under `reference/`, theirs included.
  const ancestors = index.bySlug.get(slug)?.ancestors ?? events.find((entry) => entry.ancestors.has(slug))?.ancestors.get(slug) ?? catalog?.ancestors.get(slug) ?? catalog?.ancestors.get(catalog.base) ?? [];
  const topics = versionTopics(index.site.nav);
  if (topics.length === 0) return buildSidebar(nav, { slug, ancestors }, options);
  // Topics: the sidebar holds the page's own topic (or the API reference), and the tabs lead to the others.
  const inReference = isReferenceSlug(slug, REFERENCE_SLUG);
  const topic = inReference ? undefined : topicOf(ancestors);
  const scoped = inReference ? referenceNavs : (topic?.children ?? index.site.nav);
  // The reference tab opens the version's API reference, or its first event API when it has only those.
  const firstReference = shown.length > 0 ? REFERENCE_SLUG : events[0]?.base;
  const tabs = topicTabs(topics, index.site.referenceTopic, firstReference ? { slug: firstReference } : undefined, inReference ? 'reference' : topic);
  // A topic's sidebar is never swapped for the version's whole tree (the all-pages page), which holds every topic: a windowed one keeps its "more" links.
  return { ...buildSidebar(scoped, { slug, ancestors }, options), complete: true, topics: tabs };
}

/** Version switcher for a reference page: the same page (operation, API overview, list) elsewhere, else that version's reference, else its first page. */
export function referenceVersionLinks(versionId: string, slug: string): VersionLink[] {
  return site.versions.flatMap((index) => {
    const id = index.site.version.id;
    const described = apisOf(id).length > 0;
    const samePage = described && (slug === REFERENCE_SLUG || referenceForSlug(id, slug)?.base === slug || referenceEntry(id, slug) !== undefined);
    const target = samePage ? slug : described ? REFERENCE_SLUG : index.pages[0]?.slug;
    return target === undefined ? [] : [{ version: index.site.version, slug: target, samePage, current: id === versionId }];
  });
}

/** Absolute URLs for the reference Markdown of one API of a version, from `url` + `base`. */
function referenceUrls(versionId: string, apiId: string): ReferenceUrls {
  const index = schemaIndex(versionId, apiId);
  return {
    overview: referenceFor(versionId, apiId)!.base,
    pageUrl: (slug) => pageHtmlUrl(config, versionId, slug),
    schemaUrl: (name) => {
      const page = index?.byName.get(name);
      return page ? pageHtmlUrl(config, versionId, page.slug) : undefined;
    },
    lookup: (ref) => namedSchema(versionId, apiId, ref),
  };
}

export function referenceMarkdownUrl(versionId: string, slug: string): string {
  return pageMarkdownUrl(config, versionId, slug);
}

const overviews = new Map<string, Overview>();

/** What an API's reference overview says (servers, security, tags), from its description. */
export function overviewFor(versionId: string, apiId = ''): Overview {
  const key = keyOf(versionId, apiId);
  let overview = overviews.get(key);
  if (!overview) {
    overview = referenceOverview(referenceFor(versionId, apiId)!, config.api, config.url);
    overviews.set(key, overview);
  }
  return overview;
}

export function referenceOverviewSource(versionId: string, apiId = ''): string {
  return overviewMarkdown(referenceFor(versionId, apiId)!, overviewFor(versionId, apiId), referenceUrls(versionId, apiId));
}

/** `/{version}/reference.md` of a version with several APIs: the list of them. */
export function referenceListSource(versionId: string): string {
  return apiListMarkdown(apiListEntries(versionId), (slug) => pageHtmlUrl(config, versionId, slug));
}

export function referenceOperationSource(versionId: string, slug: string): string {
  const entry = referenceEntry(versionId, slug)!;
  return operationMarkdown(entry, referenceOperation(versionId, entry), referenceUrls(versionId, referenceForSlug(versionId, slug)!.id));
}

/**
 * Every public API reference page of a version that has a Markdown source of its own, in order:
 * an API's overview when it is one of several (a single API's is `/{version}/reference.md`), its
 * operations, its schemas. What a build writes and what the key of those sources names.
 */
export function* referenceSourcePages(versionId: string): Generator<ReferencePage> {
  for (const catalog of referencesFor(versionId)) {
    if (catalog.id !== '') yield { kind: 'overview', catalog };
    for (const entry of catalog.operations) yield { kind: 'operation', catalog, entry };
    for (const page of referenceSchemaPages(versionId, catalog.id)) yield { kind: 'schema', catalog, page };
  }
}

/** The Markdown source of a reference page (its `.md`), with absolute links. */
export function referencePageSource(versionId: string, page: ReferencePage): string {
  if (page.kind === 'overview') return referenceOverviewSource(versionId, page.catalog.id);
  return page.kind === 'operation' ? referenceOperationSource(versionId, page.entry.slug) : referenceSchemaSource(versionId, page.page.slug);
}

/**
 * Every source of `referenceSourcePages` as `[file, text]`, the file relative to the output
 * folder: the bytes the `.md` routes answer one by one in `astro dev`. A build writes them all
 * from one render (src/build-routes/reference-sources.ts), made one at a time as it reads them.
 */
export function* referenceSourceFiles(versionId: string): Generator<[string, string]> {
  for (const page of referenceSourcePages(versionId)) {
    const slug = page.kind === 'overview' ? page.catalog.base : page.kind === 'operation' ? page.entry.slug : page.page.slug;
    yield [`${versionId}/${slug}.md`, referencePageSource(versionId, page)];
  }
}

/**
 * The API reference sections of a version's llms.txt: per API, its overview and every operation,
 * then its schemas, as Markdown sources; with several APIs, the list of them first.
 */
export function referenceLlmsSections(versionId: string): LlmsLinkSection[] {
  const catalogs = referencesFor(versionId);
  const several = hasApiList(versionId);
  const list: LlmsLinkSection[] = several
    ? [{ title: 'APIs', links: [{ title: 'APIs of this version', url: referenceMarkdownUrl(versionId, REFERENCE_SLUG), description: apiListEntries(versionId).map((entry) => entry.title).join(', ') }] }]
    : [];
  return [...list, ...catalogs.flatMap((catalog) => apiLlmsSections(versionId, catalog, several)), ...eventCatalogsOf(versionId).map((catalog) => eventLlmsSection(versionId, catalog))];
}

/** An event API's pages in llms.txt: its overview and each operation, as the reader sends or receives it. */
function eventLlmsSection(versionId: string, catalog: EventCatalog): LlmsLinkSection {
  return {
    title: `Event API: ${catalog.title}`,
    links: [
      { title: `${catalog.title} overview`, url: referenceMarkdownUrl(versionId, catalog.base), description: 'Servers, protocols, security and the list of operations.' },
      ...(catalog.changes ? [{ title: catalog.changes.title, url: referenceMarkdownUrl(versionId, catalog.changes.slug), description: `What changed in ${catalog.title} since ${catalog.changes.changes.previous.label}.` }] : []),
      ...catalog.operations.map(({ slug, operation }) => ({ title: operation.title, url: referenceMarkdownUrl(versionId, slug), description: `${operation.action === 'send' ? 'You send' : 'You receive'} on ${channelOf(catalog.api, operation)?.address ?? operation.channel}${operation.reply ? ', with a reply' : ''}` })),
    ],
  };
}

function apiLlmsSections(versionId: string, catalog: ReferenceCatalog, several: boolean): LlmsLinkSection[] {
  const schemas = referenceSchemaLlmsLinks(versionId, catalog.id);
  return [
    {
      title: several ? `${REFERENCE_TITLE}: ${catalog.title}` : REFERENCE_TITLE,
      links: [
        { title: several ? `${catalog.title} overview` : 'API reference overview', url: referenceMarkdownUrl(versionId, catalog.base), description: 'Servers, authentication, tags and the list of operations.' },
        ...changelogLlmsLinks(versionId, catalog.id),
        ...catalog.operations.map((entry) => ({
          title: entry.title,
          url: referenceMarkdownUrl(versionId, entry.slug),
          description: entry.ref.kind === 'webhook' ? `Webhook ${entry.ref.path} (${entry.ref.method.toUpperCase()})` : `${entry.ref.method.toUpperCase()} ${entry.ref.path}`,
        })),
      ],
    },
    ...(schemas.length > 0 ? [{ title: several ? `API schemas: ${catalog.title}` : 'API schemas', links: schemas }] : []),
  ];
}

/**
 * Who may read a version's changelog: it names operations of both descriptions, so the stricter
 * of the two references' rules (today one rule for the whole site, see `referenceAccess`).
 */
function changelogAccess(versionId: string, apiId: string): AccessRule | undefined {
  const previous = changelogBase(versionId, apiId);
  // The API's roles are the same in both versions (`apis:` names an API across versions).
  const rule = apiAccess(config.auth, allApisOf(versionId).find((api) => api.id === apiId)?.roles ?? []);
  return previous && stricterAccess(rule, rule);
}

/** An API's changelog line in llms.txt, when it has one that anyone may read. */
function changelogLlmsLinks(versionId: string, apiId: string): Array<{ title: string; url: string; description: string }> {
  const previous = changelogBase(versionId, apiId);
  if (!previous || !changelogAccess(versionId, apiId)?.public) return [];
  return [{ title: changelogTitle(previous.label), url: referenceMarkdownUrl(versionId, changelogSlug(previous.id, apiId)), description: `Added, removed and changed operations since ${previous.label}, breaking changes marked.` }];
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
  /** Operation titles by slug, for the "used by" lists (made once, not once per schema page). */
  operationTitles?: ReadonlyMap<string, string>;
}

const schemaIndexes = new Map<string, SchemaIndex | undefined>();

function schemaIndex(versionId: string, apiId: string): SchemaIndex | undefined {
  const key = keyOf(versionId, apiId);
  if (!schemaIndexes.has(key)) {
    const catalog = referenceFor(versionId, apiId);
    const document = catalog?.api.document;
    const pages = document ? schemaPages(document, catalog.base) : [];
    schemaIndexes.set(key, document ? { pages, byName: new Map(pages.map((page) => [page.name, page])), bySlug: new Map(pages.map((page) => [page.slug, page])), schemas: componentSchemas(document) } : undefined);
  }
  return schemaIndexes.get(key);
}

/** The schema pages of one API of a version, in document order; empty when there is no such API. */
export function referenceSchemaPages(versionId: string, apiId = ''): readonly SchemaPage[] {
  return schemaIndex(versionId, apiId)?.pages ?? [];
}

/** The schema page at a slug, without its schema (page keys need the page only). */
export function referenceSchemaPageEntry(versionId: string, slug: string): SchemaPage | undefined {
  const catalog = referenceForSlug(versionId, slug);
  return catalog && schemaIndex(versionId, catalog.id)?.bySlug.get(slug);
}

/** A schema page by slug (`reference/schemas/pet`), with its schema as written (named schemas stay `$ref`s, named enums' values beside them). */
export function referenceSchemaPage(versionId: string, slug: string): { page: SchemaPage; schema: ResolvedSchema } | undefined {
  const catalog = referenceForSlug(versionId, slug);
  const index = catalog && schemaIndex(versionId, catalog.id);
  const page = index?.bySlug.get(slug);
  if (!page || !index || !catalog) return undefined;
  const { document } = catalog.api;
  return { page, schema: withEnumValues(index.schemas.get(page.name)!, (ref) => resolveSchemaRef(document, ref)) };
}

/** For HTML: the base-relative URL of a named schema's page of one API; undefined for a name without one. */
export function referenceSchemaUrl(versionId: string, apiId = ''): (name: string) => string | undefined {
  const index = schemaIndex(versionId, apiId);
  return (name) => {
    const page = index?.byName.get(name);
    return page ? pageUrl(config.base, versionId, page.slug) : undefined;
  };
}

/** The pages that use a schema directly, operations first, each with the URL `url` gives its slug. */
export function referenceSchemaUses(versionId: string, apiId: string, name: string, url: (slug: string) => string): SchemaUse[] {
  const index = schemaIndex(versionId, apiId);
  const catalog = referenceFor(versionId, apiId);
  if (!index || !catalog) return [];
  // Computed on the first page that asks: one pass over the description for every schema.
  index.usage ??= schemaUsage(catalog.api.document, catalog.operations.map((entry) => ({ id: entry.slug, operation: entry.ref.operation, pathItem: entry.ref.pathItem })));
  const usage = index.usage.get(name);
  if (!usage) return [];
  const titles = (index.operationTitles ??= new Map(catalog.operations.map((entry) => [entry.slug, entry.title])));
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
  const apiId = referenceForSlug(versionId, slug)!.id;
  const index = schemaIndex(versionId, apiId)!;
  const absolute = (target: string) => pageHtmlUrl(config, versionId, target);
  return schemaPageMarkdown(page, schema, {
    schemaUrl: (name) => {
      const target = index.byName.get(name);
      return target ? absolute(target.slug) : undefined;
    },
    usedBy: referenceSchemaUses(versionId, apiId, page.name, absolute),
  });
}

/** llms.txt links to every schema page's Markdown source (for a "Schemas" section). */
function referenceSchemaLlmsLinks(versionId: string, apiId: string): Array<{ title: string; url: string; description: string }> {
  return referenceSchemaPages(versionId, apiId).map((page) => ({ title: page.title, url: referenceMarkdownUrl(versionId, page.slug), description: page.summary }));
}

/** Version switcher for a schema page: the same schema (by name) elsewhere, else that version's reference overview, else its first page. */
export function referenceSchemaVersionLinks(versionId: string, slug: string): VersionLink[] {
  const apiId = referenceForSlug(versionId, slug)?.id ?? '';
  const name = schemaIndex(versionId, apiId)?.bySlug.get(slug)?.name;
  return site.versions.flatMap((index) => {
    const id = index.site.version.id;
    const same = name === undefined ? undefined : schemaIndex(id, apiId)?.byName.get(name);
    const target = same ? same.slug : apisOf(id).length > 0 ? REFERENCE_SLUG : index.pages[0]?.slug;
    return target === undefined ? [] : [{ version: index.site.version, slug: target, samePage: same !== undefined, current: id === versionId }];
  });
}
