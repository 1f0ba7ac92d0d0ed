import type { LandingProps } from '../components/props.ts';
import { pageUrl } from '../model/urls.ts';
import { config, mainVersion, site } from './site.ts';

/** What the landing page shows, from the anonymous view of the site: the props of `Landing`. */
export function landingProps(): LandingProps {
  const base = config.base;
  // Versions with at least one page an anonymous reader may open.
  const readable = site.versions.filter((index) => index.pages[0]);
  const main = mainVersion ? site.byId.get(mainVersion.id) : undefined;
  const start = main?.pages[0];
  // Top-level entries of the main version, each pointing at its first page.
  const sections = (main?.site.nav ?? []).flatMap((node) => {
    if (node.kind === 'page') return [{ title: node.title, description: node.description, href: pageUrl(base, main!.site.version.id, node.slug) }];
    const first = node.page ?? main?.pages.find((page) => main.bySlug.get(page.slug)?.ancestors.includes(node));
    return first ? [{ title: node.title, description: first.description, href: pageUrl(base, main!.site.version.id, first.slug) }] : [];
  });
  return {
    title: config.title,
    description: config.description,
    start: main && start ? { href: pageUrl(base, main.site.version.id, start.slug) } : undefined,
    sections,
    mainVersionLabel: main?.site.version.label,
    versions: readable.map((index) => ({ label: index.site.version.label, stable: index.site.version.stable, href: pageUrl(base, index.site.version.id, index.pages[0]!.slug) })),
  };
}
