/**
 * The site's Atom feeds (written by atom.ts): the API changelog, an entry per API per version
 * with a "Changes since" page (OpenAPI and event APIs alike), and the release notes, an entry per public page of the nav
 * section `feeds.releaseNotes` names. Public content only, and none on a login-only site. Dates
 * come from the pages and description files, never from the time of the build. Pure.
 */
import { isLoginOnly } from '../config/schemas/auth.ts';
import { readFrontmatter } from '../config/page-file.ts';
import { releaseNotePages } from '../model/release-notes.ts';
import type { Page, SiteModel } from '../model/types.ts';
import { atomXml, type AtomEntry } from './atom.ts';
import { mainVersionId, publicVersions } from './public-pages.ts';
import { absoluteUrl, pageHtmlUrl, pageMarkdownUrl } from './site-urls.ts';

/** Where the feeds are, relative to the base. */
const CHANGELOG_FEED = 'feeds/changelog.xml';
const RELEASE_NOTES_FEED = 'feeds/release-notes.xml';

/** The media type of every feed (RFC 4287, section 7). */
export const ATOM_TYPE = 'application/atom+xml';

/**
 * One API changelog the feed may list, of either kind of API (made by changelog-feed-inputs.ts):
 * what its entry says, and where its dates come from.
 */
export interface ChangelogFeedInput {
  /** Its "Changes since" page's slug in `version`, like `reference/changes/1.1`. */
  slug: string;
  /** The page's title, like "Changes since 1.1". */
  title: string;
  /** The version whose changes it lists. */
  version: { id: string; label: string };
  /** The API's title when the entry must name it (its version has several APIs); else undefined. */
  apiTitle?: string | undefined;
  /** The entry's summary: how many changes, and how many of them break clients. */
  lead: string;
  /** Whether any change breaks clients: the entry's `breaking` category. */
  breaking: boolean;
  /** Roles the API needs (`apis:` in site.yml); an API gated by roles is never in the feed. */
  roles: readonly string[];
  /** The API's description file in the changelog's version, relative to the docs root. */
  file: string;
}

export interface FeedInputs {
  changelogs: readonly ChangelogFeedInput[];
  /** When a file last changed (its last commit, else its time): description files, and pages the model carries no date for. */
  fileDate: (file: string) => string | undefined;
  /** A page file's text (front matter included), for a release note's `date`. */
  readSource: (file: string) => string;
}

/** A feed the site has: what `<link rel="alternate">` and llms.txt say of it. */
export interface FeedLink {
  /** Relative to the base, like `feeds/changelog.xml`. */
  path: string;
  url: string;
  title: string;
  description: string;
}

export interface FeedFile extends FeedLink {
  body: string;
}

/**
 * The feeds the site has, in a fixed order: the changelog's when `feeds.changelog` is on and some
 * public API has a changelog, the release notes' when `feeds.releaseNotes` names a section with a
 * public page. None on a login-only site. Needs no dates: pages' heads call it.
 */
export function feedLinks(model: SiteModel, changelogs: readonly ChangelogFeedInput[]): FeedLink[] {
  const { config } = model;
  if (isLoginOnly(config.auth)) return [];
  const links: FeedLink[] = [];
  if (config.feeds.changelog && publicChangelogs(model, changelogs).length > 0) {
    links.push({
      path: CHANGELOG_FEED,
      url: absoluteUrl(config, CHANGELOG_FEED),
      title: `${config.title}: API changelog`,
      description: 'What changed in each API from one version to the next: an entry per API and version, breaking changes marked.',
    });
  }
  const releaseNotes = config.feeds.releaseNotes;
  if (releaseNotes && releaseNotePagesOf(model).length > 0) {
    links.push({
      path: RELEASE_NOTES_FEED,
      url: absoluteUrl(config, RELEASE_NOTES_FEED),
      title: releaseNotes.title ?? `${config.title}: ${releaseNotes.section}`,
      description: `The pages of "${releaseNotes.section}", newest first.`,
    });
  }
  return links;
}

/** Every feed of the site as an Atom document, each with at most `feeds.limit` entries, the newest first. */
export function feedFiles(model: SiteModel, inputs: FeedInputs): FeedFile[] {
  return feedLinks(model, inputs.changelogs).map((link) => {
    const entries = link.path === CHANGELOG_FEED ? changelogEntries(model, inputs) : releaseNoteEntries(model, link, inputs);
    const newest = newestFirst(entries).slice(0, model.config.feeds.limit);
    const body = atomXml({
      id: link.url,
      title: link.title,
      subtitle: link.description,
      updated: newest[0]?.updated ?? EPOCH,
      lang: model.config.i18n.defaultLocale,
      author: model.config.title,
      links: [{ rel: 'self', type: ATOM_TYPE, href: link.url }, { rel: 'alternate', type: 'text/html', href: absoluteUrl(model.config) }],
      entries: newest,
    });
    return { ...link, body };
  });
}

/** Only for a feed whose every entry lacks a date, which a build never makes (every file has a time). */
const EPOCH = '1970-01-01T00:00:00Z';

/** Changelogs anyone may read: of an API no role gates, in a version the (anonymous) model has. */
function publicChangelogs(model: SiteModel, changelogs: readonly ChangelogFeedInput[]): ChangelogFeedInput[] {
  const versions = new Set(model.versions.map((site) => site.version.id));
  return changelogs.filter((input) => input.roles.length === 0 && versions.has(input.version.id));
}

/**
 * An entry per changelog, linking its page (and its Markdown source). Its date is the newest of
 * the API's description file in that version and every public page of the version: the version's
 * content as last changed.
 */
function changelogEntries(model: SiteModel, { changelogs, fileDate }: FeedInputs): AtomEntry[] {
  const { config } = model;
  const pages = new Map(publicVersions(model).map((version) => [version.site.version.id, version.pages]));
  return publicChangelogs(model, changelogs).flatMap(({ slug, title, version, apiTitle, lead, breaking, file }) => {
    const updated = newest([fileDate(file), ...(pages.get(version.id) ?? []).map((page) => pageDate(page, fileDate))]);
    if (updated === undefined) return [];
    return [{
      id: pageHtmlUrl(config, version.id, slug),
      title: `${apiTitle ? `${apiTitle} ` : ''}${version.label}: ${title}`,
      updated,
      links: pageLinks(model, version.id, slug),
      summary: lead,
      categories: breaking ? [{ term: 'breaking', label: 'Breaking changes' }] : [],
    }];
  });
}

/**
 * An entry per release note. Its id names the page's slug, not its version, so a note kept in
 * several versions is one entry that keeps its id when the main version changes. Its date is the
 * front matter's `date` (also its `published`), else the page's last change.
 */
function releaseNoteEntries(model: SiteModel, feed: FeedLink, { fileDate, readSource }: FeedInputs): AtomEntry[] {
  return releaseNotePagesOf(model).flatMap(({ versionId, page }) => {
    const published = readFrontmatter(page.file, readSource(page.file)).date;
    const updated = published ?? pageDate(page, fileDate);
    if (updated === undefined) return [];
    return [{ id: `${feed.url}#${page.slug}`, title: page.title, published, updated, links: pageLinks(model, versionId, page.slug), summary: page.description || undefined }];
  });
}

/**
 * The public release notes of every version, each slug once: a note several versions keep is
 * taken from the main version (the first stable one), else from the first version listing it in
 * versions.yml.
 */
function releaseNotePagesOf(model: SiteModel): Array<{ versionId: string; page: Page }> {
  const section = model.config.feeds.releaseNotes?.section;
  if (section === undefined || isLoginOnly(model.config.auth)) return [];
  const main = mainVersionId(model);
  const versions = [...model.versions].sort((a, b) => Number(b.version.id === main) - Number(a.version.id === main));
  const seen = new Set<string>();
  return versions.flatMap((site) =>
    releaseNotePages(site.nav, section)
      .filter((page) => page.public && !seen.has(page.slug) && Boolean(seen.add(page.slug)))
      .map((page) => ({ versionId: site.version.id, page })),
  );
}

/** The page in HTML, and its Markdown source for agents. */
function pageLinks(model: SiteModel, versionId: string, slug: string): AtomEntry['links'] {
  return [
    { rel: 'alternate', type: 'text/html', href: pageHtmlUrl(model.config, versionId, slug) },
    { rel: 'alternate', type: 'text/markdown', href: pageMarkdownUrl(model.config, versionId, slug) },
  ];
}

/** When a page last changed: its `updated` (front matter, else git, else the file), or its file's date when the site shows no dates. */
function pageDate(page: Page, fileDate: FeedInputs['fileDate']): string | undefined {
  return page.updated ?? fileDate(page.file);
}

function newest(dates: ReadonlyArray<string | undefined>): string | undefined {
  return dates.reduce<string | undefined>((best, date) => (date !== undefined && (best === undefined || Date.parse(date) > Date.parse(best)) ? date : best), undefined);
}

/** By date, the newest first; entries of the same date by id, so the order never depends on the input's. */
function newestFirst(entries: readonly AtomEntry[]): AtomEntry[] {
  return [...entries].sort((a, b) => Date.parse(b.updated) - Date.parse(a.updated) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
