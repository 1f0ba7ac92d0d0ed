import { flattenPages } from './tree.ts';
import type { NavNode, Page, Section, SiteModel, Version, VersionSite } from './types.ts';
import { topicOf } from './topics.ts';

/** Where a page sits in its version: reading position and enclosing sections (outermost first). */
interface PagePlace {
  page: Page;
  position: number;
  ancestors: Section[];
}

export interface VersionIndex {
  site: VersionSite;
  pages: Page[];
  bySlug: Map<string, PagePlace>;
}

/** Lookup tables over the model, built once per build so per-page work stays constant. */
export interface SiteIndex {
  model: SiteModel;
  versions: VersionIndex[];
  byId: Map<string, VersionIndex>;
}

export function indexSite(model: SiteModel): SiteIndex {
  const versions = model.versions.map(indexVersion);
  return { model, versions, byId: new Map(versions.map((v) => [v.site.version.id, v])) };
}

function indexVersion(site: VersionSite): VersionIndex {
  const pages = flattenPages(site.nav);
  const bySlug = new Map<string, PagePlace>();
  const visit = (nodes: readonly NavNode[], ancestors: Section[]) => {
    for (const node of nodes) {
      if (node.kind === 'page') {
        bySlug.set(node.slug, { page: node, position: 0, ancestors });
        continue;
      }
      if (node.page) bySlug.set(node.page.slug, { page: node.page, position: 0, ancestors });
      visit(node.children, [...ancestors, node]);
    }
  };
  visit(site.nav, []);
  pages.forEach((page, position) => {
    bySlug.get(page.slug)!.position = position;
  });
  return { site, pages, bySlug };
}

/** The version crawlers and `/` use: the first stable one, else the first listed. */
export function defaultVersion(model: SiteModel): Version | undefined {
  return (model.versions.find((v) => v.version.stable) ?? model.versions[0])?.version;
}

/** What a previous/next link shows: any page with a slug and a title (nav pages, reference pages). */
type PageLink = Pick<Page, 'slug' | 'title'>;

export interface PrevNext {
  prev?: PageLink;
  next?: PageLink;
}

export function prevNext(index: VersionIndex, slug: string): PrevNext {
  const place = index.bySlug.get(slug);
  if (!place) return {};
  // With topics, reading order stays within the page's topic: the tabs lead to the others.
  const sameTopic = (page: Page | undefined) => page !== undefined && topicOf(index.bySlug.get(page.slug)!.ancestors) === topicOf(place.ancestors);
  const prev = index.pages[place.position - 1];
  const next = index.pages[place.position + 1];
  return { ...(sameTopic(prev) ? { prev } : {}), ...(sameTopic(next) ? { next } : {}) };
}

export interface Crumb {
  title: string;
  /** Slug of a page to link to; sections without a page of their own are plain text. */
  slug?: string;
}

export function breadcrumbs(index: VersionIndex, slug: string): Crumb[] {
  const place = index.bySlug.get(slug);
  if (!place) return [];
  const crumbs: Crumb[] = place.ancestors.map((section) =>
    section.page && section.page.slug !== slug ? { title: section.title, slug: section.page.slug } : { title: section.title },
  );
  return [...crumbs, { title: place.page.title }];
}

export interface VersionLink {
  version: Version;
  slug: string;
  /** true when the same page exists in that version; otherwise `slug` is its first page. */
  samePage: boolean;
  current: boolean;
}

/** Version switcher targets: the same page in each version when it exists, else that version's first page. */
export function versionLinks(site: SiteIndex, currentVersionId: string, slug: string): VersionLink[] {
  return site.versions.flatMap((index) => {
    const first = index.pages[0];
    if (!first) return [];
    const samePage = index.bySlug.has(slug);
    return [{ version: index.site.version, slug: samePage ? slug : first.slug, samePage, current: index.site.version.id === currentVersionId }];
  });
}
