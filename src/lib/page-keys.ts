import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { docsRoot } from 'virtual:caravan-docs/docs-root';
import type { SiteIndex, VersionIndex } from '../model/site-index.ts';
import { languageLinks, localeAlternates } from '../model/locale-urls.ts';
import { canonicalJson, contentDigest, digest, docsPageFrame, pageKey, siteKey } from '../model/page-keys.ts';
import { REFERENCE_SLUG, REFERENCE_TITLE, type ReferenceCatalog, type ReferenceEntry } from '../reference/catalog.ts';
import { pageUrl } from '../model/urls.ts';
import { apisOf, hasApiList, referenceFor, referenceForSlug, referenceSchemaPageEntry, referenceSchemaPages, referenceSchemaUses, referenceSchemaVersionLinks, referenceSourcePages, referenceVersionLinks, sidebarFor } from './reference.ts';
import { changelogFor, changelogVersionLinks } from './changelog.ts';
import { eventCatalogsOf, eventPage, eventVersionLinks } from './events.ts';
import { config, site } from './site.ts';
import { preloadHelperHref } from './preload-helper.ts';
import { siteFeedLinks } from './discovery.ts';

/*
 * The `cacheKey` of every prerendered page (see src/model/page-keys.ts): each key is computed from
 * the same functions the page's template calls, so it names exactly what the page shows. Files are
 * read here (page sources, API descriptions); the digests themselves are pure.
 */

let siteDigest: string | undefined;

/** Site settings and version list: in every key. */
function siteWide(): string {
  // The head names the browser build's preload helper chunk, whose name follows Vite's output, and the site's feeds.
  siteDigest ??= siteKey({ config, versions: site.versions.map((index) => index.site.version), preloadHelper: preloadHelperHref() ?? null, feeds: siteFeedLinks() });
  return siteDigest;
}

interface ApiDigests {
  whole: string;
  /** Everything but `paths` and `webhooks` (components, servers, security, info, extensions). */
  shared: string;
  /** Digests of the schema names with pages and their slugs (every operation and schema page links them). */
  schemaPages: string;
}

const documentDigests = new Map<string, ApiDigests | undefined>();

/** A `$ref` into the operations: a part that holds one depends on them too (rare, but legal). */
const REFERS_INTO_OPERATIONS = /"#\/(?:paths|webhooks)\//;

/**
 * Digests of one API description of a version (`apiId` `''`: its single description), each computed once per build: an operation page is
 * then keyed by its own raw path item plus the shared digest, which together determine its
 * resolved operation, instead of serialising the resolved operation (GitHub's inline the same
 * schemas many times over: 2 of 14 s of a 300-operation build went to that).
 */
function apiDigests(versionId: string, apiId: string): ApiDigests | undefined {
  const key = `${versionId}\n${apiId}`;
  if (!documentDigests.has(key)) {
    const document = referenceFor(versionId, apiId)?.api.document as Record<string, unknown> | undefined;
    if (!document) documentDigests.set(key, undefined);
    else {
      const { paths: _paths, webhooks: _webhooks, ...rest } = document;
      const whole = digest(document);
      const sharedJson = canonicalJson(rest);
      const shared = REFERS_INTO_OPERATIONS.test(sharedJson) ? whole : contentDigest(sharedJson);
      documentDigests.set(key, { whole, shared, schemaPages: digest(referenceSchemaPages(versionId, apiId).map((page) => [page.name, page.slug])) });
    }
  }
  return documentDigests.get(key);
}

/** Every API of a version, by id, with the title the site gives it: the sidebar and consoles read them all. */
function versionApiDigests(versionId: string): Array<[string, string | null, string | null]> {
  return apisOf(versionId).map((source) => [source.id, source.title ?? null, apiDigests(versionId, source.id)?.whole ?? null]);
}

/** The API a reference page belongs to, as its pages show it: id, title, and the slug and title of its overview. */
function apiFrame(catalog: ReferenceCatalog): Record<string, unknown> {
  return { id: catalog.id, title: catalog.title, overview: { slug: catalog.base, title: catalog.nav.title } };
}

/** The raw path item (or webhook) of an operation, or the whole description when it refers into other operations. */
function pathItemDigest(versionId: string, catalog: ReferenceCatalog, entry: ReferenceEntry): string {
  const document = catalog.api.document as Record<string, Record<string, unknown> | undefined>;
  const json = canonicalJson(document[entry.ref.kind === 'webhook' ? 'webhooks' : 'paths']?.[entry.ref.path] ?? null);
  return REFERS_INTO_OPERATIONS.test(json) ? apiDigests(versionId, catalog.id)!.whole : contentDigest(json);
}


/** `/{version}/{slug}/`: a page of nav.yml (src/layouts/DocsPage.astro). */
export function docsPageKey(index: VersionIndex, slug: string, locale?: { id: string; site: SiteIndex }): string {
  const { page } = index.bySlug.get(slug)!;
  // The page's own source: a translation's file, or its original's when it is shown untranslated.
  const source = readFileSync(join(docsRoot, page.file), 'utf8');
  // MDX pages may hold consoles (`<TryIt>`, directly or through an imported component), which render an operation of any version's description.
  const consoles = page.file.endsWith('.mdx') ? site.versions.map((other) => versionApiDigests(other.site.version.id)) : null;
  const versionId = index.site.version.id;
  // Only on a site with locales: the language switcher and the hreflang alternates (other sites' keys are unchanged).
  const languages = site.model.locales
    ? { locale: locale?.id ?? null, file: page.file, untranslated: page.untranslated ?? false, languageLinks: languageLinks(site.model, locale?.id ?? config.i18n.defaultLocale, versionId, slug), alternates: localeAlternates(site.model, versionId, slug) }
    : {};
  return pageKey(siteWide(), {
    route: 'docs-page',
    ...docsPageFrame(locale?.site ?? site, index, slug, sidebarFor(index, slug, locale ? { fullLimit: Number.POSITIVE_INFINITY } : {})),
    source: contentDigest(source),
    consoles,
    ...languages,
  });
}

/**
 * A key function computed once per page and build: an API reference page's HTML route lists it
 * with its key, and the key of the reference's Markdown sources names it again (GitHub's 2,200
 * pages: about 1 s a list).
 */
function computedOnce<T>(make: (index: VersionIndex, page: T) => string): (index: VersionIndex, page: T) => string {
  const byIndex = new WeakMap<VersionIndex, Map<T, string>>();
  return (index, page) => {
    let keys = byIndex.get(index);
    if (!keys) byIndex.set(index, (keys = new Map()));
    let key = keys.get(page);
    if (key === undefined) keys.set(page, (key = make(index, page)));
    return key;
  };
}

/** `/{version}/reference/{operation}/` (one of several APIs: `/{version}/reference/{api}/{operation}/`). */
export const operationPageKey = computedOnce((index: VersionIndex, entry: ReferenceEntry): string => {
  const versionId = index.site.version.id;
  const catalog = referenceForSlug(versionId, entry.slug)!;
  const position = catalog.operations.indexOf(entry);
  const digests = apiDigests(versionId, catalog.id)!;
  return pageKey(siteWide(), {
    route: 'operation',
    version: versionId,
    api: apiFrame(catalog),
    // Where the operation sits; what it says is `pathItem` (the raw objects the ref holds would be written twice).
    entry: { slug: entry.slug, title: entry.title, tag: entry.tag, ref: { kind: entry.ref.kind, method: entry.ref.method, path: entry.ref.path, operationId: entry.ref.operationId ?? null } },
    // The operation as written, and what resolving it and the console read (components, servers, security, info, extensions).
    pathItem: pathItemDigest(versionId, catalog, entry),
    description: digests.shared,
    schemaPages: digests.schemaPages,
    sidebar: sidebarFor(index, entry.slug),
    links: linkPair({ prev: catalog.operations[position - 1] ?? { slug: catalog.base, title: catalog.nav.title }, next: catalog.operations[position + 1] }),
    versionLinks: referenceVersionLinks(versionId, entry.slug),
  });
});

/** `/{version}/reference/schemas/{schema}/` (one of several APIs: `/{version}/reference/{api}/schemas/{schema}/`). */
export const schemaPageKey = computedOnce((index: VersionIndex, slug: string): string => {
  const versionId = index.site.version.id;
  const catalog = referenceForSlug(versionId, slug)!;
  const page = referenceSchemaPageEntry(versionId, slug)!;
  const pages = referenceSchemaPages(versionId, catalog.id);
  const position = pages.indexOf(page);
  const digests = apiDigests(versionId, catalog.id)!;
  return pageKey(siteWide(), {
    route: 'schema',
    version: versionId,
    api: apiFrame(catalog),
    page,
    // The schema is resolved from the components, which the shared digest names.
    description: digests.shared,
    schemaPages: digests.schemaPages,
    usedBy: referenceSchemaUses(versionId, catalog.id, page.name, (target) => pageUrl(config.base, versionId, target)),
    sidebar: sidebarFor(index, slug),
    links: linkPair({ prev: pages[position - 1] ?? { slug: catalog.base, title: catalog.nav.title }, next: pages[position + 1] }),
    versionLinks: referenceSchemaVersionLinks(versionId, slug),
  });
});

/**
 * The Markdown sources of a version's reference pages, made in one render: they say what those
 * pages say, so the key of them all names every page's own key.
 */
export function referenceSourcesKey(index: VersionIndex): string {
  const versionId = index.site.version.id;
  return pageKey(siteWide(), {
    route: 'reference-sources',
    version: versionId,
    pages: [...referenceSourcePages(versionId)].map((page) => {
      if (page.kind === 'overview') return apiOverviewPageKey(index, page.catalog);
      return page.kind === 'operation' ? operationPageKey(index, page.entry) : schemaPageKey(index, page.page.slug);
    }),
  });
}

/**
 * `/{version}/reference/`: the overview of a version's single API lists every operation and tag,
 * so it names the whole description; the list of several APIs names each one's title, summary and operation count, so each whole description too.
 */
export function overviewPageKey(index: VersionIndex): string {
  const versionId = index.site.version.id;
  return pageKey(siteWide(), {
    route: 'reference-overview',
    version: versionId,
    description: hasApiList(versionId) ? versionApiDigests(versionId) : apiDigests(versionId, '')?.whole,
    events: eventCatalogsOf(versionId).map((catalog) => [catalog.id, catalog.title, digest(catalog.api)]),
    sidebar: sidebarFor(index, REFERENCE_SLUG),
    versionLinks: referenceVersionLinks(versionId, REFERENCE_SLUG),
  });
}

/** `/{version}/reference/{api}/`: the overview of one of several APIs. */
export function apiOverviewPageKey(index: VersionIndex, catalog: ReferenceCatalog): string {
  const versionId = index.site.version.id;
  const changelog = changelogFor(versionId, catalog.id);
  return pageKey(siteWide(), {
    route: 'api-overview',
    version: versionId,
    api: apiFrame(catalog),
    description: apiDigests(versionId, catalog.id)?.whole,
    // It links the API's changelog with its lead, made from the previous version's description too.
    changes: changelog ? apiDigests(changelog.previous.id, catalog.id)?.whole ?? null : null,
    sidebar: sidebarFor(index, catalog.base),
    versionLinks: referenceVersionLinks(versionId, catalog.base),
  });
}

/** `/{version}/reference/changes/{previous}/` (`/{version}/reference/{api}/changes/{previous}/`): made from both versions' whole descriptions of the API. */
export function changelogPageKey(index: VersionIndex, apiId = ''): string {
  const versionId = index.site.version.id;
  const changelog = changelogFor(versionId, apiId)!;
  const catalog = referenceFor(versionId, apiId)!;
  return pageKey(siteWide(), {
    route: 'changelog',
    version: versionId,
    // Single-description keys stay as they were: an unchanged page keeps its cached render.
    ...(apiId === '' ? {} : { api: apiFrame(catalog) }),
    previous: changelog.previous,
    descriptions: [apiDigests(changelog.previous.id, apiId)?.whole, apiDigests(versionId, apiId)?.whole],
    sidebar: sidebarFor(index, changelog.slug),
    links: linkPair({ prev: { slug: catalog.base, title: catalog.nav.title }, next: catalog.operations[0] }),
    versionLinks: changelogVersionLinks(versionId, apiId),
  });
}

/** `/{version}/all-pages/`: the whole tree. */
export function allPagesKey(index: VersionIndex): string {
  return pageKey(siteWide(), {
    route: 'all-pages',
    version: index.site.version.id,
    sidebar: sidebarFor(index, undefined, { fullLimit: Number.POSITIVE_INFINITY, expandAll: true }),
  });
}

/** `/{version}/`: a redirect to the version's first page. */
export function versionIndexKey(index: VersionIndex, target: string): string {
  return pageKey(siteWide(), { route: 'version-index', version: index.site.version.id, target });
}

/** Previous/next as shown: title and slug only. */
function linkPair(links: { prev?: { slug: string; title: string } | undefined; next?: { slug: string; title: string } | undefined }): unknown {
  return { prev: links.prev && { slug: links.prev.slug, title: links.prev.title }, next: links.next && { slug: links.next.slug, title: links.next.title } };
}

/** `/{version}/reference/{api}/…` of an event API (AsyncAPI): its description's normalised model and the page's frame. */
export function eventPageKey(index: VersionIndex, slug: string): string {
  const versionId = index.site.version.id;
  const page = eventPage(versionId, slug)!;
  return pageKey(siteWide(), {
    route: 'event',
    version: versionId,
    slug,
    api: digest(page.catalog.api),
    title: page.catalog.title,
    sidebar: sidebarFor(index, slug),
    versionLinks: eventVersionLinks(versionId, slug),
  });
}
