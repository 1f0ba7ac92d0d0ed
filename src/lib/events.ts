import { eventApis } from 'virtual:caravan-docs/event-apis';
import { eventCatalog, type EventCatalog } from '../asyncapi/catalog.ts';
import { eventMarkdownFiles } from '../asyncapi/markdown.ts';
import type { LoadedEventApi } from '../asyncapi/load.ts';
import type { EventOperation } from '../asyncapi/types.ts';
import { config, site } from './site.ts';
import { pageMarkdownUrl } from '../discovery/site-urls.ts';
import type { VersionLink } from '../model/site-index.ts';

/*
 * The site's event APIs (AsyncAPI) as the routes read them: one catalog per API of a version,
 * built once per build. Gated event APIs are not in the build at all (src/integration/index.ts).
 */

const catalogs = new Map<string, EventCatalog[]>();

/** The event APIs of a version, in the site's order (`apis:` in site.yml first, then by id). */
export function eventCatalogsOf(versionId: string): EventCatalog[] {
  let list = catalogs.get(versionId);
  if (!list) {
    const order = config.apis.map((entry) => entry.id);
    const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
    list = eventApis
      .filter((entry) => entry.version === versionId)
      .sort((a, b) => rank(a.id) - rank(b.id) || a.id.localeCompare(b.id))
      .map((entry) => eventCatalog(entry.id, entry.title, entry.api, entry.changes));
    catalogs.set(versionId, list);
  }
  return list;
}

/** An event API of a version as the build loaded it (its description file, its roles); undefined when the version has none by that id. */
export function loadedEventApi(versionId: string, id: string): LoadedEventApi | undefined {
  return eventApis.find((entry) => entry.version === versionId && entry.id === id);
}

/** What a URL under `/{version}/reference/<id>/` of an event API shows. */
export type EventPage = { kind: 'overview'; catalog: EventCatalog } | { kind: 'operation'; catalog: EventCatalog; operation: EventOperation } | { kind: 'changes'; catalog: EventCatalog };

/** The event API page at a slug (`reference/<id>`, `reference/<id>/<operation>`); undefined when there is none. */
export function eventPage(versionId: string, slug: string): EventPage | undefined {
  for (const catalog of eventCatalogsOf(versionId)) {
    if (slug === catalog.base) return { kind: 'overview', catalog };
    if (slug === catalog.changes?.slug) return { kind: 'changes', catalog };
    const found = catalog.operations.find((entry) => entry.slug === slug);
    if (found) return { kind: 'operation', catalog, operation: found.operation };
  }
  return undefined;
}

/** Every event API page of a version, for getStaticPaths. */
export function eventPageSlugs(versionId: string): string[] {
  return eventCatalogsOf(versionId).flatMap((catalog) => [catalog.base, ...(catalog.changes ? [catalog.changes.slug] : []), ...catalog.operations.map((entry) => entry.slug)]);
}

/** The Markdown source of an event API page, for `astro dev` (a build writes them all: src/integration/page-markdown-files.ts). */
export function eventPageSource(versionId: string, slug: string): string | undefined {
  const page = eventPage(versionId, slug);
  return page && eventMarkdownFiles(versionId, [page.catalog], eventMarkdownUrl).get(`${versionId}/${slug}.md`);
}

/** Absolute URL of an event API page's Markdown source. */
export function eventMarkdownUrl(versionId: string, slug: string): string {
  return pageMarkdownUrl(config, versionId, slug);
}

/** The version switcher of an event API page: the same page where a version has it, else that version's first page of the API, else its first page. */
export function eventVersionLinks(versionId: string, slug: string): VersionLink[] {
  const apiBase = slug.split('/').slice(0, 2).join('/');
  return site.versions.flatMap((index) => {
    const id = index.site.version.id;
    const samePage = eventPage(id, slug) !== undefined;
    const target = samePage ? slug : eventPage(id, apiBase) ? apiBase : index.pages[0]?.slug;
    return target === undefined ? [] : [{ version: index.site.version, slug: target, samePage, current: id === versionId }];
  });
}
