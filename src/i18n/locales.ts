import type { I18nConfig } from '../config/schemas/i18n.ts';

/** A language the site is rendered in. */
export interface Locale {
  /** Canonical BCP 47 id (`en`, `de`, `zh-Hans`). */
  id: string;
  /** Its own name, for a future language switcher. */
  label: string;
  dir: 'ltr' | 'rtl';
}

/** The locale a page is rendered in when nothing names another: `i18n.defaultLocale` (English without `i18n`). */
function defaultLocale(i18n: I18nConfig): Locale {
  return i18n.locales.find((locale) => locale.id === i18n.defaultLocale)!;
}

/**
 * The locale of a page, from its path under `base`: a first segment naming a locale other than
 * the default (`/de/…`) picks it, anything else is in the default locale. No route has such a
 * prefix yet (localized content trees come later), so today only a 404 there is localized.
 * Locale ids never equal a version id or a root segment, so no other path can match.
 */
export function localeOfPath(i18n: I18nConfig, base: string, pathname: string): Locale {
  const first = pathname.startsWith(base) ? pathname.slice(base.length).split('/')[0] : undefined;
  const named = i18n.locales.find((locale) => locale.id === first && locale.id !== i18n.defaultLocale);
  return named ?? defaultLocale(i18n);
}

/**
 * The locale of a content file: under `content/<locale>/` for a locale other than the default
 * (localized content trees), in the default locale anywhere else.
 */
export function localeOfContentFile(i18n: I18nConfig, contentDir: string, file: URL | undefined): Locale {
  const path = file ? decodeURIComponent(file.pathname) : '';
  const prefix = contentDir.endsWith('/') ? contentDir : `${contentDir}/`;
  return localeOfPath(i18n, prefix, path);
}
