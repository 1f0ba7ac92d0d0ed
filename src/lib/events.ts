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
 * built once per build. Those gated by roles are in a server build only (src/asyncapi/load.ts),
 * and only the server's route for them (src/server/routes/gated-api.astro), after its role check,
 * and a reader's sidebar ask for them; everything else reads the public ones.
 */

const catalogs = new Map<string, Array<{ catalog: EventCatalog; roles: readonly string[] }>>();

/** Every event API of a version, those gated by roles included, in the site's order (`apis:` in site.yml first, then by id). */
function allEventApisOf(versionId: string): Array<{ catalog: EventCatalog; roles: readonly string[] }> {
  let list = catalogs.get(versionId);
  if (!list) {
    const order = config.apis.map((entry) => entry.id);
    const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
    list = eventApis
      .filter((entry) => entry.version === versionId)
      .sort((a, b) => rank(a.id) - rank(b.id) || a.id.localeCompare(b.id))
      .map((entry) => ({ catalog: eventCatalog(entry.id, entry.title, entry.api, entry.changes), roles: entry.roles }));
    catalogs.set(versionId, list);
  }
  return list;
}

/** The event APIs of a version anyone may read, in the site's order: what static pages, sources, llms.txt and feeds hold. */
export function eventCatalogsOf(versionId: string): EventCatalog[] {
  return allEventApisOf(versionId).filter((entry) => entry.roles.length === 0).map((entry) => entry.catalog);
}

/** The event APIs of a version gated by roles, each with its roles: for the server's role check and the MCP corpus. */
export function gatedEventCatalogsOf(versionId: string): Array<{ catalog: EventCatalog; roles: readonly string[] }> {
  return allEventApisOf(versionId).filter((entry) => entry.roles.length > 0);
}

/** Whether an event API of a version is gated by roles (its pages are rendered on demand, for its readers only). */
export function isGatedEventApi(versionId: string, apiId: string): boolean {
  return gatedEventCatalogsOf(versionId).some((entry) => entry.catalog.id === apiId);
}

/** The event APIs of a version a reader holding `roles` may read, in the site's order: the public ones, and those gated by one of the roles (none for anonymous readers). */
export function eventCatalogsFor(versionId: string, roles: readonly string[] | undefined): EventCatalog[] {
  return allEventApisOf(versionId).filter((entry) => entry.roles.length === 0 || (roles !== undefined && entry.roles.some((role) => roles.includes(role)))).map((entry) => entry.catalog);
}

/** An event API of a version as the build loaded it (its description file, its roles); undefined when the version has none by that id. */
export function loadedEventApi(versionId: string, id: string): LoadedEventApi | undefined {
  return eventApis.find((entry) => entry.version === versionId && entry.id === id);
}

/** What a URL under `/{version}/reference/<id>/` of an event API shows. */
export type EventPage = { kind: 'overview'; catalog: EventCatalog } | { kind: 'operation'; catalog: EventCatalog; operation: EventOperation } | { kind: 'changes'; catalog: EventCatalog };

/** The public event API page at a slug (`reference/<id>`, `reference/<id>/<operation>`); undefined when there is none. */
export function eventPage(versionId: string, slug: string): EventPage | undefined {
  return pageIn(eventCatalogsOf(versionId), slug);
}

/** A page of an event API gated by roles, for the server route that has checked the reader; undefined when there is none. */
export function gatedEventPage(versionId: string, apiId: string, slug: string): EventPage | undefined {
  return pageIn(gatedEventCatalogsOf(versionId).filter((entry) => entry.catalog.id === apiId).map((entry) => entry.catalog), slug);
}

/** The pages of an event API: its overview, its "Changes since" page when it has one, its operations. */
export function eventCatalogSlugs(catalog: EventCatalog): string[] {
  return [catalog.base, ...(catalog.changes ? [catalog.changes.slug] : []), ...catalog.operations.map((entry) => entry.slug)];
}

function pageIn(catalogs: readonly EventCatalog[], slug: string): EventPage | undefined {
  for (const catalog of catalogs) {
    if (slug === catalog.base) return { kind: 'overview', catalog };
    if (slug === catalog.changes?.slug) return { kind: 'changes', catalog };
    const found = catalog.operations.find((entry) => entry.slug === slug);
    if (found) return { kind: 'operation', catalog, operation: found.operation };
  }
  return undefined;
}

/** Every event API page of a version, for getStaticPaths. */
export function eventPageSlugs(versionId: string): string[] {
  return eventCatalogsOf(versionId).flatMap(eventCatalogSlugs);
}

/** The Markdown source of an event API page, for `astro dev` (a build writes them all: src/integration/page-markdown-files.ts). */
export function eventPageSource(versionId: string, slug: string): string | undefined {
  const page = eventPage(versionId, slug);
  return page && pageSource(versionId, page, slug);
}

/** The Markdown source of a page of an event API gated by roles, for the server route that has checked the reader. */
export function gatedEventPageSource(versionId: string, apiId: string, slug: string): string | undefined {
  const page = gatedEventPage(versionId, apiId, slug);
  return page && pageSource(versionId, page, slug);
}

function pageSource(versionId: string, page: EventPage, slug: string): string | undefined {
  return eventMarkdownFiles(versionId, [page.catalog], eventMarkdownUrl).get(`${versionId}/${slug}.md`);
}

/** Absolute URL of an event API page's Markdown source. */
export function eventMarkdownUrl(versionId: string, slug: string): string {
  return pageMarkdownUrl(config, versionId, slug);
}

/**
 * The version switcher of an event API page: the same page where a version has it, else that
 * version's first page of the API, else its first page. A gated API's pages (which only its
 * readers see) link to it in other versions: site.yml gives its roles by id, the same in each.
 */
export function eventVersionLinks(versionId: string, slug: string): VersionLink[] {
  const apiBase = slug.split('/').slice(0, 2).join('/');
  const apiId = slug.split('/')[1] ?? '';
  const gated = isGatedEventApi(versionId, apiId);
  const find = (id: string, target: string) => (gated ? gatedEventPage(id, apiId, target) : eventPage(id, target));
  return site.versions.flatMap((index) => {
    const id = index.site.version.id;
    const samePage = find(id, slug) !== undefined;
    const target = samePage ? slug : find(id, apiBase) ? apiBase : index.pages[0]?.slug;
    return target === undefined ? [] : [{ version: index.site.version, slug: target, samePage, current: id === versionId }];
  });
}
