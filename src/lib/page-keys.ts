import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { docsRoot } from 'virtual:caravan-docs/docs-root';
import type { VersionIndex } from '../model/site-index.ts';
import { canonicalJson, contentDigest, digest, docsPageFrame, pageKey, siteKey } from '../model/page-keys.ts';
import { REFERENCE_SLUG, REFERENCE_TITLE, type ReferenceEntry } from '../reference/catalog.ts';
import { pageUrl } from '../model/urls.ts';
import { referenceFor, referenceSchemaPage, referenceSchemaPages, referenceSchemaUses, referenceSchemaVersionLinks, referenceVersionLinks, sidebarFor } from './reference.ts';
import { changelogFor, changelogVersionLinks } from './changelog.ts';
import { config, site } from './site.ts';

/*
 * The `cacheKey` of every prerendered page (see src/model/page-keys.ts): each key is computed from
 * the same functions the page's template calls, so it names exactly what the page shows. Files are
 * read here (page sources, API descriptions); the digests themselves are pure.
 */

let siteDigest: string | undefined;

/** Site settings and version list: in every key. */
function siteWide(): string {
  siteDigest ??= siteKey({ config, versions: site.versions.map((index) => index.site.version) });
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
 * Digests of a version's API description, each computed once per build: an operation page is
 * then keyed by its own raw path item plus the shared digest, which together determine its
 * resolved operation, instead of serialising the resolved operation (GitHub's inline the same
 * schemas many times over: 2 of 14 s of a 300-operation build went to that).
 */
function apiDigests(versionId: string): ApiDigests | undefined {
  if (!documentDigests.has(versionId)) {
    const document = referenceFor(versionId)?.api.document as Record<string, unknown> | undefined;
    if (!document) documentDigests.set(versionId, undefined);
    else {
      const { paths: _paths, webhooks: _webhooks, ...rest } = document;
      const whole = digest(document);
      const sharedJson = canonicalJson(rest);
      const shared = REFERS_INTO_OPERATIONS.test(sharedJson) ? whole : contentDigest(sharedJson);
      documentDigests.set(versionId, { whole, shared, schemaPages: digest(referenceSchemaPages(versionId).map((page) => [page.name, page.slug])) });
    }
  }
  return documentDigests.get(versionId);
}

/** The raw path item (or webhook) of an operation, or the whole description when it refers into other operations. */
function pathItemDigest(versionId: string, entry: ReferenceEntry): string {
  const document = referenceFor(versionId)!.api.document as Record<string, Record<string, unknown> | undefined>;
  const json = canonicalJson(document[entry.ref.kind === 'webhook' ? 'webhooks' : 'paths']?.[entry.ref.path] ?? null);
  return REFERS_INTO_OPERATIONS.test(json) ? apiDigests(versionId)!.whole : contentDigest(json);
}


/** `/{version}/{slug}/`: a page of nav.yml (src/layouts/DocsPage.astro). */
export function docsPageKey(index: VersionIndex, slug: string): string {
  const { page } = index.bySlug.get(slug)!;
  const source = readFileSync(join(docsRoot, page.file), 'utf8');
  // MDX pages may hold consoles (`<TryIt>`, directly or through an imported component), which render an operation of any version's description.
  const consoles = page.file.endsWith('.mdx') ? site.versions.map((other) => apiDigests(other.site.version.id)?.whole ?? null) : null;
  return pageKey(siteWide(), {
    route: 'docs-page',
    ...docsPageFrame(site, index, slug, sidebarFor(index, slug)),
    source: contentDigest(source),
    consoles,
  });
}

/** `/{version}/reference/{operation}/`. */
export function operationPageKey(index: VersionIndex, entry: ReferenceEntry): string {
  const versionId = index.site.version.id;
  const catalog = referenceFor(versionId)!;
  const position = catalog.operations.indexOf(entry);
  const digests = apiDigests(versionId)!;
  return pageKey(siteWide(), {
    route: 'operation',
    version: versionId,
    entry: { slug: entry.slug, title: entry.title, tag: entry.tag, ref: entry.ref },
    // The operation as written, and what resolving it and the console read (components, servers, security, info, extensions).
    pathItem: pathItemDigest(versionId, entry),
    description: digests.shared,
    schemaPages: digests.schemaPages,
    sidebar: sidebarFor(index, entry.slug),
    links: linkPair({ prev: catalog.operations[position - 1] ?? { slug: REFERENCE_SLUG, title: REFERENCE_TITLE }, next: catalog.operations[position + 1] }),
    versionLinks: referenceVersionLinks(versionId, entry.slug),
  });
}

/** `/{version}/reference/schemas/{schema}/`. */
export function schemaPageKey(index: VersionIndex, slug: string): string {
  const versionId = index.site.version.id;
  const { page } = referenceSchemaPage(versionId, slug)!;
  const pages = referenceSchemaPages(versionId);
  const position = pages.indexOf(page);
  const digests = apiDigests(versionId)!;
  return pageKey(siteWide(), {
    route: 'schema',
    version: versionId,
    page,
    // The schema is resolved from the components, which the shared digest names.
    description: digests.shared,
    schemaPages: digests.schemaPages,
    usedBy: referenceSchemaUses(versionId, page.name, (target) => pageUrl(config.base, versionId, target)),
    sidebar: sidebarFor(index, slug),
    links: linkPair({ prev: pages[position - 1] ?? { slug: REFERENCE_SLUG, title: REFERENCE_TITLE }, next: pages[position + 1] }),
    versionLinks: referenceSchemaVersionLinks(versionId, slug),
  });
}

/** `/{version}/reference/`: the overview lists every operation and tag, so it names the whole description. */
export function overviewPageKey(index: VersionIndex): string {
  const versionId = index.site.version.id;
  return pageKey(siteWide(), {
    route: 'reference-overview',
    version: versionId,
    description: apiDigests(versionId)?.whole,
    sidebar: sidebarFor(index, REFERENCE_SLUG),
    versionLinks: referenceVersionLinks(versionId, REFERENCE_SLUG),
  });
}

/** `/{version}/reference/changes/{previous}/`: made from both versions' whole descriptions. */
export function changelogPageKey(index: VersionIndex): string {
  const versionId = index.site.version.id;
  const changelog = changelogFor(versionId)!;
  return pageKey(siteWide(), {
    route: 'changelog',
    version: versionId,
    previous: changelog.previous,
    descriptions: [apiDigests(changelog.previous.id)?.whole, apiDigests(versionId)?.whole],
    sidebar: sidebarFor(index, changelog.slug),
    links: linkPair({ prev: { slug: REFERENCE_SLUG, title: REFERENCE_TITLE }, next: referenceFor(versionId)!.operations[0] }),
    versionLinks: changelogVersionLinks(versionId),
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
