import type { SiteConfig } from '../config/schemas/site.ts';

/**
 * Roles a reader needs, one list per gated level from the outermost section inward:
 * a reader needs at least one role of every list. An empty array means "no role needed".
 */
export type RoleRequirement = string[][];

export interface Version {
  id: string;
  label: string;
  stable: boolean;
}

export interface Page {
  kind: 'page';
  slug: string;
  title: string;
  description: string;
  /** Path of the source file relative to the docs root, like `content/1.2/overview.md`. */
  file: string;
  requires: RoleRequirement;
  /** Readable by anyone, crawlers included: no role needed and the site is not login-only. */
  public: boolean;
  /** In a locale's tree only: the page has no translation and is shown in the default language. */
  untranslated?: true;
  /** The front matter's `lastUpdated`: its date (ISO 8601), or false for none. */
  lastUpdated?: string | false;
  /** When the page last changed (ISO 8601): the front matter's date, else its file's last commit, else the file's time (src/model/page-dates.ts). */
  updated?: string;
  /** Where a writer edits the page's source (`editLink.baseUrl` + its file), unless the front matter turns it off. */
  editUrl?: string;
  textKey?: GeneratedTitleKey;
}

/** A title the generator wrote (the API reference's), by its interface string key: each page shows it in its own language. */
export type GeneratedTitleKey = 'reference.title' | 'reference.overview';

export interface Section {
  kind: 'section';
  title: string;
  /** false: a no-dropdown group, always open. */
  dropdown: boolean;
  /** A topic of nav.yml: a top-level tab with its own sidebar (always open, like a group). */
  topic?: true;
  /** A topic's place among nav.yml's topics (the reference topic included): the tab order, whatever the language or the reader. */
  topicIndex?: number;
  /** The group's direct-link page (no-dropdown groups only). */
  page?: Page;
  requires: RoleRequirement;
  public: boolean;
  children: NavNode[];
  textKey?: GeneratedTitleKey;
}

export type NavNode = Page | Section;

/** The topic of a version's nav.yml that is its API reference (`reference: true`): its label and where its tab goes. */
export interface ReferenceTopic {
  title: string;
  /** Its place among nav.yml's topics: its tab follows the last topic before it that a reader sees. */
  topicIndex: number;
}

export interface VersionSite {
  version: Version;
  nav: NavNode[];
  /** On a version whose nav.yml has topics: the one that is the API reference, if any. */
  referenceTopic?: ReferenceTopic;
  /** In a signed-in reader's view (readerView), their roles: what opens APIs gated by roles in their sidebar. */
  readerRoles?: readonly string[];
}

/** The resolved site: what every route and generator reads. Nothing else parses YAML. */
export interface SiteModel {
  config: SiteConfig;
  versions: VersionSite[];
  /**
   * Each locale other than the default, with its own copy of every version's tree (the version's
   * nav.yml with translated titles and files); absent on a site with one locale.
   */
  locales?: LocaleSite[];
}

/** A language's copy of the site: the same trees, pages read from content/<locale>/<version>/. */
export interface LocaleSite {
  locale: { id: string; label: string; dir: 'ltr' | 'rtl' };
  versions: VersionSite[];
}
