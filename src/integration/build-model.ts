import { flattenPages, filterNav } from '../model/tree.ts';
import type { SiteModel } from '../model/types.ts';
import type { ContentSelection } from './virtual-modules.ts';

/**
 * The part of the model a build may contain: public pages only. Every build is static until the
 * sign-in server lands, so gated pages are removed here, before any route, bundle, content
 * collection or index can see them.
 */
export function buildableModel(model: SiteModel): SiteModel {
  return anonymousView(model);
}

/** Every page file, minus those the buildable model leaves out (gated pages and orphans). */
export function contentSelection(full: SiteModel, buildable: SiteModel, orphans: readonly string[], contentDir: string): ContentSelection {
  const built = new Set(buildable.versions.flatMap((site) => flattenPages(site.nav).map((page) => page.file)));
  const excluded = [...full.versions.flatMap((site) => flattenPages(site.nav).map((page) => page.file)).filter((file) => !built.has(file)), ...orphans];
  const versionIds = buildable.versions.map((site) => site.version.id);
  return {
    base: contentDir,
    // Listing included versions keeps unlisted folders out; negations drop gated pages and orphans.
    pattern: [
      ...versionIds.map((id) => `${globEscape(id)}/**/*.{md,mdx}`),
      ...excluded.map((file) => `!${globEscape(file.replace(/^content\//, ''))}`),
    ],
  };
}

function globEscape(path: string): string {
  return path.replace(/[*?[\]{}()!]/g, (char) => `\\${char}`);
}

/**
 * What an anonymous reader may see: public pages only, sections left empty dropped. Every
 * prerendered route (pages, landing, 404, all-pages, discovery files) is built from this view,
 * so gated titles and slugs reach no static file. Today it is also the buildable model; once a
 * server renders gated pages, the buildable model will keep them and routes will still use this.
 */
export function anonymousView(model: SiteModel): SiteModel {
  return { ...model, versions: model.versions.map((site) => ({ ...site, nav: filterNav(site.nav, (page) => page.public) })) };
}
