import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { docsRoot } from 'virtual:caravan-docs/docs-root';
import type { VersionIndex } from '../model/site-index.ts';
import { contentDigest, digest, docsPageFrame, pageKey, siteKey } from '../model/page-keys.ts';
import { REFERENCE_SLUG, REFERENCE_TITLE, type ReferenceEntry } from '../reference/catalog.ts';
import { pageUrl } from '../model/urls.ts';
import { namedSchema, referenceFor, referenceOperation, referenceSchemaPage, referenceSchemaPages, referenceSchemaUses, referenceSchemaVersionLinks, referenceVersionLinks, sidebarFor } from './reference.ts';
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

const documentDigests = new Map<string, { whole: string; shared: string } | undefined>();

/**
 * Digests of a version's API description: the whole document, and everything but its operations
 * (`paths`, `webhooks`), which each operation page names through its own resolved operation.
 */
function apiDigests(versionId: string): { whole: string; shared: string } | undefined {
  if (!documentDigests.has(versionId)) {
    const document = referenceFor(versionId)?.api.document as Record<string, unknown> | undefined;
    const { paths: _paths, webhooks: _webhooks, ...shared } = document ?? {};
    documentDigests.set(versionId, document ? { whole: digest(document), shared: digest(shared) } : undefined);
  }
  return documentDigests.get(versionId);
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
  const operation = referenceOperation(versionId, entry);
  const bodyRef = operation.requestBody?.schema?.['$ref'];
  return pageKey(siteWide(), {
    route: 'operation',
    version: versionId,
    entry: { slug: entry.slug, title: entry.title, tag: entry.tag },
    operation,
    body: typeof bodyRef === 'string' ? namedSchema(versionId, bodyRef) : null,
    // Components, servers, security, info and extensions: what resolving and the console read.
    description: apiDigests(versionId)?.shared,
    schemaPages: schemaPageLinks(versionId),
    sidebar: sidebarFor(index, entry.slug),
    links: linkPair({ prev: catalog.operations[position - 1] ?? { slug: REFERENCE_SLUG, title: REFERENCE_TITLE }, next: catalog.operations[position + 1] }),
    versionLinks: referenceVersionLinks(versionId, entry.slug),
  });
}

/** `/{version}/reference/schemas/{schema}/`. */
export function schemaPageKey(index: VersionIndex, slug: string): string {
  const versionId = index.site.version.id;
  const { page, schema } = referenceSchemaPage(versionId, slug)!;
  const pages = referenceSchemaPages(versionId);
  const position = pages.indexOf(page);
  return pageKey(siteWide(), {
    route: 'schema',
    version: versionId,
    page,
    schema,
    description: apiDigests(versionId)?.shared,
    schemaPages: schemaPageLinks(versionId),
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

/** Schema names with pages, and their slugs: operation and schema pages link every name that has one. */
function schemaPageLinks(versionId: string): Array<[string, string]> {
  return referenceSchemaPages(versionId).map((page) => [page.name, page.slug]);
}

/** Previous/next as shown: title and slug only. */
function linkPair(links: { prev?: { slug: string; title: string } | undefined; next?: { slug: string; title: string } | undefined }): unknown {
  return { prev: links.prev && { slug: links.prev.slug, title: links.prev.title }, next: links.next && { slug: links.next.slug, title: links.next.title } };
}
