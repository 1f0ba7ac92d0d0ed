import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { docsRoot } from 'virtual:caravan-docs/docs-root';
import { isLoginOnly } from '../config/schemas/auth.ts';
import { discoveryFiles } from '../discovery/all-files.ts';
import { eventChangelogFeedInput, openApiChangelogFeedInput } from '../discovery/changelog-feed-inputs.ts';
import { feedLinks, type ChangelogFeedInput, type FeedLink } from '../discovery/feeds.ts';
import { fileDates } from '../integration/page-dates-fs.ts';
import { flattenPages } from '../model/tree.ts';
import type { SiteModel } from '../model/types.ts';
import { changelogsOf } from './changelog.ts';
import { eventCatalogsOf, loadedEventApi } from './events.ts';
import { apisOf, hasApiList, referenceFor, referenceLlmsSections } from './reference.ts';
import { site } from './site.ts';

/** The model the discovery routes serve: public pages only (see lib/site.ts). */
const discoveryModel = site.model;

let files: Map<string, string> | undefined;

/**
 * Every discovery file of the site (robots.txt, sitemaps, Atom feeds, llms files, public pages'
 * `.md` sources) by path relative to the base, assembled once per build by `discoveryFiles`, the
 * same function the unit tests and the benchmark call. Sitemap dates are the pages' own
 * (src/model/page-dates.ts: front matter, else git, else the file); feeds also date description
 * files, and pages on a site that shows no dates, by their last commit.
 */
function allFiles(): Map<string, string> {
  files ??= discoveryFiles(discoveryModel, {
    readSource: (file) => readFileSync(join(docsRoot, file), 'utf8'),
    lastModified: pageDates(discoveryModel),
    llmsSections: referenceLlmsSections,
    feeds: { changelogs: feedChangelogs(), fileDate: (file) => (dateOfFile ??= fileDates(docsRoot))(file) },
  });
  return files;
}

/** The last commit (else the time) of each file, read once, and only by a build with feeds. */
let dateOfFile: ((file: string) => string | undefined) | undefined;

let changelogs: ChangelogFeedInput[] | undefined;

/**
 * Every public API's changelog, OpenAPI and event APIs alike, for the changelog feed: none when
 * the site turns that feed off or is login-only. Their pages are computed for the reference anyway
 * (src/lib/changelog.ts and src/lib/events.ts keep them).
 */
function feedChangelogs(): ChangelogFeedInput[] {
  changelogs ??= !discoveryModel.config.feeds.changelog || isLoginOnly(discoveryModel.config.auth)
    ? []
    : site.versions.flatMap((index) => [...openApiChangelogs(index.site.version.id), ...eventChangelogs(index.site.version)]);
  return changelogs;
}

/** A version's OpenAPI changelogs, each API named when it is one of several (a single description's is not). */
function openApiChangelogs(versionId: string): ChangelogFeedInput[] {
  return changelogsOf(versionId).flatMap((changelog) => {
    const api = apisOf(versionId).find((source) => source.id === changelog.api);
    return api ? [openApiChangelogFeedInput(changelog, { apiTitle: hasApiList(versionId) ? referenceFor(versionId, api.id)?.title : undefined, roles: api.roles, file: api.file })] : [];
  });
}

/**
 * A version's event API changelogs (AsyncAPI). An event API is named when the version has any
 * other API, OpenAPI ones included: beside a single description's unnamed entry, it must not read the same.
 */
function eventChangelogs(version: { id: string; label: string }): ChangelogFeedInput[] {
  const catalogs = eventCatalogsOf(version.id);
  const named = apisOf(version.id).length + catalogs.length > 1;
  return catalogs.flatMap((catalog) => {
    const api = loadedEventApi(version.id, catalog.id);
    return catalog.changes && api ? [eventChangelogFeedInput(catalog.changes, version, { apiTitle: named ? catalog.title : undefined, roles: api.roles, file: api.file })] : [];
  });
}

let links: FeedLink[] | undefined;

/** The site's feeds, for every page's `<link rel="alternate">` (src/components/FeedLinks.astro): none on a login-only site. */
export function siteFeedLinks(): FeedLink[] {
  links ??= feedLinks(discoveryModel, feedChangelogs());
  return links;
}

/** Each page file's date, for the sitemap's `lastmod`. */
function pageDates(model: SiteModel): Map<string, string> {
  const dates = new Map<string, string>();
  for (const site of [...model.versions, ...(model.locales ?? []).flatMap((locale) => locale.versions)]) {
    for (const page of flattenPages(site.nav)) if (page.updated) dates.set(page.file, page.updated);
  }
  return dates;
}

/** One discovery file by its path relative to the base. */
export function discoveryFile(path: string): string {
  const body = allFiles().get(path);
  if (body === undefined) throw new Error(`No discovery file ${path} in this build.`);
  return body;
}

/** Paths of the discovery files matching a pattern, for getStaticPaths. */
export function discoveryPaths(pattern: RegExp): string[] {
  return [...allFiles().keys()].filter((path) => pattern.test(path));
}

/** A text response with the file's type; discovery files are always UTF-8. */
export function textFile(body: string, type: 'text/plain' | 'text/markdown' | 'application/xml' | 'application/atom+xml'): Response {
  return new Response(body, { headers: { 'Content-Type': `${type}; charset=utf-8` } });
}
