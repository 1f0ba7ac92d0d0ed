/**
 * When each page last changed (`updated`): the date its front matter sets, else the one `dateOf`
 * gives for its file (the last commit, else the file's time: src/integration/page-dates-fs.ts);
 * none when the front matter says `lastUpdated: false` or the site turns dates off. Pure.
 */
import type { NavNode, Page, SiteModel, VersionSite } from './types.ts';

export function datedModel(model: SiteModel, dateOf: (file: string) => string | undefined): SiteModel {
  if (!model.config.lastUpdated) return model;
  const date = (page: Page): Page => {
    const updated = page.lastUpdated === false ? undefined : (page.lastUpdated ?? dateOf(page.file));
    return updated === undefined ? page : { ...page, updated };
  };
  const visit = (nodes: readonly NavNode[]): NavNode[] => nodes.map((node) => (node.kind === 'page' ? date(node) : { ...node, ...(node.page ? { page: date(node.page) } : {}), children: visit(node.children) }));
  const dated = (sites: readonly VersionSite[]) => sites.map((site) => ({ ...site, nav: visit(site.nav) }));
  return { ...model, versions: dated(model.versions), ...(model.locales ? { locales: model.locales.map((locale) => ({ ...locale, versions: dated(locale.versions) })) } : {}) };
}
