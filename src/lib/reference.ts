import { existsSync } from 'node:fs';
import { docsRoot } from 'virtual:caravan-docs/docs-root';
import { sources } from 'virtual:caravan-docs/sources';
import { openApiFile, openApiPath, readVersionOpenApi } from '../openapi/openapi-fs.ts';
import { referenceCatalog, referenceSidebarGroup, REFERENCE_SLUG, type ReferenceCatalog } from '../reference/catalog.ts';
import { operationMarkdown, overviewMarkdown, type ReferenceUrls } from '../reference/markdown.ts';
import type { LlmsLinkSection } from '../discovery/llms-txt.ts';
import { pageHtmlUrl, pageMarkdownUrl } from '../discovery/site-urls.ts';
import type { VersionLink } from '../model/site-index.ts';
import type { Sidebar } from '../model/sidebar.ts';
import { config, site } from './site.ts';

const catalogs = new Map<string, ReferenceCatalog | undefined>();

/**
 * The API reference of a version, from `content/<version>/openapi.yaml`; undefined when the
 * version has none. Public static pages, except on a login-only site, where the server renders
 * them for signed-in readers (see src/server/reference-gate.ts).
 */
export function referenceFor(versionId: string): ReferenceCatalog | undefined {
  if (!catalogs.has(versionId)) {
    // A server build carries the descriptions (`sources`): a deployed server reads no docs folder.
    // (A login-only site renders the reference on demand, for signed-in readers only.)
    const available = sources[openApiFile(versionId)] !== undefined || existsSync(openApiPath(docsRoot, versionId));
    catalogs.set(versionId, available ? referenceCatalog(readVersionOpenApi(docsRoot, versionId, sources)) : undefined);
  }
  return catalogs.get(versionId);
}

/** The sidebar with the version's "API reference" section after the nav.yml entries. */
export function withReference(sidebar: Sidebar, versionId: string, currentSlug: string | undefined): Sidebar {
  const catalog = referenceFor(versionId);
  return catalog ? { ...sidebar, items: [...sidebar.items, referenceSidebarGroup(catalog, currentSlug)] } : sidebar;
}

/** Version switcher for a reference page: the same operation elsewhere, else that version's reference overview, else its first page. */
export function referenceVersionLinks(versionId: string, slug: string): VersionLink[] {
  return site.versions.flatMap((index) => {
    const id = index.site.version.id;
    const catalog = referenceFor(id);
    const samePage = catalog !== undefined && (slug === REFERENCE_SLUG || catalog.operations.some((entry) => entry.slug === slug));
    const target = samePage ? slug : catalog ? REFERENCE_SLUG : index.pages[0]?.slug;
    return target === undefined ? [] : [{ version: index.site.version, slug: target, samePage, current: id === versionId }];
  });
}

/** Absolute URLs for a version's reference Markdown, from `url` + `base`. */
function referenceUrls(versionId: string): ReferenceUrls {
  return {
    baseUrl: config.api.baseUrl,
    partnersBaseUrl: config.api.partnersBaseUrl,
    pageUrl: (slug) => pageHtmlUrl(config, versionId, slug),
  };
}

export function referenceMarkdownUrl(versionId: string, slug: string): string {
  return pageMarkdownUrl(config, versionId, slug);
}

export function referenceOverviewSource(versionId: string): string {
  return overviewMarkdown(referenceFor(versionId)!, referenceUrls(versionId));
}

export function referenceOperationSource(versionId: string, slug: string): string {
  const entry = referenceFor(versionId)!.operations.find((candidate) => candidate.slug === slug)!;
  return operationMarkdown(entry, referenceUrls(versionId));
}

/** The "API reference" section of a version's llms.txt: the overview and every operation, as Markdown sources. */
export function referenceLlmsSections(versionId: string): LlmsLinkSection[] {
  const catalog = referenceFor(versionId);
  if (!catalog) return [];
  return [
    {
      title: 'API reference',
      links: [
        { title: 'API reference overview', url: referenceMarkdownUrl(versionId, REFERENCE_SLUG), description: 'Servers, authentication, errors, paging and the list of endpoints.' },
        ...catalog.operations.map((entry) => ({
          title: entry.title,
          url: referenceMarkdownUrl(versionId, entry.slug),
          description: `${entry.operation.method.toUpperCase()} ${entry.operation.path}`,
        })),
      ],
    },
  ];
}
