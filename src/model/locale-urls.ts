import { flattenPages } from './tree.ts';
import type { Page, SiteModel } from './types.ts';

/** URL of a page in a locale: the default locale keeps `{base}{version}/{slug}/`, another is under `{base}{locale}/`. */
export function localePageUrl(base: string, defaultLocale: string, locale: string, versionId: string, slug: string): string {
  return `${localeBase(base, defaultLocale, locale)}${versionId}/${slug}/`;
}

/** The base a locale's pages sit under: the site's base for the default locale, `{base}{locale}/` for another. */
export function localeBase(base: string, defaultLocale: string, locale: string): string {
  return locale === defaultLocale ? base : `${base}${locale}/`;
}

/** Path (under the base) of a localized page's Markdown source: `{locale}/{version}/{slug}.md`. */
export function localizedPageMarkdownPath(locale: string, versionId: string, slug: string): string {
  return `${locale}/${versionId}/${slug}.md`;
}

/** One `hreflang` alternate of a page; `path` is relative to the site's base. */
export interface LocaleAlternate {
  hreflang: string;
  path: string;
}

/**
 * The language versions of a page, for `<link rel="alternate" hreflang>` and the sitemap: the
 * original, each locale holding a translation of it (a page shown untranslated is the same text,
 * so no alternate), and `x-default` naming the original. Empty when no locale translates it.
 */
export function localeAlternates(model: SiteModel, versionId: string, slug: string): LocaleAlternate[] {
  if (!model.locales) return [];
  const { slugs } = treeIndex(model);
  if (!slugs.get(`\n${versionId}`)?.has(slug)) return [];
  const translated = model.locales.filter((locale) => slugs.get(`${locale.locale.id}\n${versionId}`)?.get(slug) === true);
  if (translated.length === 0) return [];
  const path = `${versionId}/${slug}/`;
  return [{ hreflang: model.config.i18n.defaultLocale, path }, ...translated.map((locale) => ({ hreflang: locale.locale.id, path: `${locale.locale.id}/${path}` })), { hreflang: 'x-default', path }];
}

/** Per tree (`{locale}\n{version}`, the default locale's with an empty locale): slug → translated, and the first page's slug. */
interface TreeIndex {
  slugs: Map<string, Map<string, boolean>>;
  first: Map<string, string>;
}

// Built once per model, so a page's alternates and switcher cost no walk of its version's tree.
const treeIndexes = new WeakMap<SiteModel, TreeIndex>();

function treeIndex(model: SiteModel): TreeIndex {
  let index = treeIndexes.get(model);
  if (!index) {
    const built: TreeIndex = { slugs: new Map(), first: new Map() };
    const add = (key: string, pages: readonly Page[]) => {
      built.slugs.set(key, new Map(pages.map((page) => [page.slug, !page.untranslated])));
      if (pages[0]) built.first.set(key, pages[0].slug);
    };
    for (const site of model.versions) add(`\n${site.version.id}`, flattenPages(site.nav));
    for (const locale of model.locales ?? []) for (const site of locale.versions) add(`${locale.locale.id}\n${site.version.id}`, flattenPages(site.nav));
    index = built;
    treeIndexes.set(model, index);
  }
  return index;
}

/** A language switcher target: the same page in another locale when it has it, else that locale's first page of the version. */
export interface LanguageLink {
  locale: { id: string; label: string };
  /** Relative to the site's base. */
  path: string;
  samePage: boolean;
  current: boolean;
}

/** The language switcher of a page, in the order of `i18n.locales`; empty on a one-locale site. */
export function languageLinks(model: SiteModel, currentLocale: string, versionId: string, slug: string): LanguageLink[] {
  if (!model.locales) return [];
  const { defaultLocale, locales } = model.config.i18n;
  const { slugs, first } = treeIndex(model);
  return locales.flatMap((locale) => {
    const key = `${locale.id === defaultLocale ? '' : locale.id}\n${versionId}`;
    const samePage = slugs.get(key)?.has(slug) ?? false;
    const target = samePage ? slug : first.get(key);
    if (target === undefined) return [];
    const prefix = locale.id === defaultLocale ? '' : `${locale.id}/`;
    return [{ locale: { id: locale.id, label: locale.label }, path: `${prefix}${versionId}/${target}/`, samePage, current: locale.id === currentLocale }];
  });
}
