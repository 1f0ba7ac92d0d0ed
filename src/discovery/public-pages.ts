import { filterNav, flattenPages } from '../model/tree.ts';
import type { NavNode, Page, SiteModel, VersionSite } from '../model/types.ts';

/**
 * Routes that stay public on every site, a login-only one included (spec rule 3): the landing
 * page at `/` and `/home`, as paths relative to `base`.
 */
export const INTENTIONALLY_PUBLIC_ROUTES: readonly string[] = ['', 'home/'];

/** One version as crawlers may see it: only public pages, sections left empty dropped. */
export interface PublicVersion {
  site: VersionSite;
  /** The nav with gated pages and emptied sections removed (all nested levels examined). */
  nav: NavNode[];
  /** Public pages in nav (reading) order. */
  pages: Page[];
}

/**
 * The discoverable part of the site: public pages only (spec rule 1). `page.public` already
 * accounts for roles at every level and for login-only sites, so this is the one filter.
 * `auth.publicPaths` plays no part (spec rule 4).
 */
export function publicVersions(model: SiteModel): PublicVersion[] {
  return model.versions.map((site) => {
    const nav = filterNav(site.nav, (page) => page.public);
    return { site, nav, pages: flattenPages(nav) };
  });
}

/** The public slugs of each version (empty on a login-only site). */
export function publicSlugs(model: SiteModel): Map<string, string[]> {
  return new Map(publicVersions(model).map((v) => [v.site.version.id, v.pages.map((page) => page.slug)]));
}

/**
 * Versions whose pages go into sitemap.xml and stay allowed in robots.txt (versioning rule 1):
 * stable ones, or all with `sitemap.includeVersions: all`.
 */
export function crawledVersions(model: SiteModel): VersionSite[] {
  return model.config.ai.sitemap.includeVersions === 'all' ? model.versions : model.versions.filter((site) => site.version.stable);
}

/**
 * The version that supplies `/llms.txt` and `/llms-full.txt` (versioning rule 2): the first
 * stable one in versions.yml. None when no version is stable: those files then list no page,
 * as robots.txt and the sitemap leave unstable versions out too.
 */
export function mainVersionId(model: SiteModel): string | undefined {
  return model.versions.find((site) => site.version.stable)?.version.id;
}
