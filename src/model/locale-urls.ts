import { flattenPages } from './tree.ts';
import type { SiteModel } from './types.ts';

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
  const original = model.versions.find((site) => site.version.id === versionId);
  if (!original || !flattenPages(original.nav).some((page) => page.slug === slug)) return [];
  const translated = (model.locales ?? []).filter((locale) => {
    const site = locale.versions.find((candidate) => candidate.version.id === versionId);
    return site !== undefined && flattenPages(site.nav).some((page) => page.slug === slug && !page.untranslated);
  });
  if (translated.length === 0) return [];
  const path = `${versionId}/${slug}/`;
  return [{ hreflang: model.config.i18n.defaultLocale, path }, ...translated.map((locale) => ({ hreflang: locale.locale.id, path: `${locale.locale.id}/${path}` })), { hreflang: 'x-default', path }];
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
  return locales.flatMap((locale) => {
    const versions = locale.id === defaultLocale ? model.versions : model.locales?.find((site) => site.locale.id === locale.id)?.versions;
    const pages = flattenPages(versions?.find((site) => site.version.id === versionId)?.nav ?? []);
    const samePage = pages.some((page) => page.slug === slug);
    const target = samePage ? slug : pages[0]?.slug;
    if (target === undefined) return [];
    const prefix = locale.id === defaultLocale ? '' : `${locale.id}/`;
    return [{ locale: { id: locale.id, label: locale.label }, path: `${prefix}${versionId}/${target}/`, samePage, current: locale.id === currentLocale }];
  });
}
