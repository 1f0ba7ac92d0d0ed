import { DocsInputError, type DocsWarning } from './errors.ts';
import { formatPath } from './friendly-errors.ts';
import type { I18nConfig } from './schemas/i18n.ts';
import type { YamlFile } from './yaml-file.ts';

/** Where a locale is written in site.yml: its `locales` entry, or `defaultLocale` when the site lists none. */
function localePath(siteFile: YamlFile, index: number): Array<string | number> {
  const written = (siteFile.data as { i18n?: { locales?: unknown } } | null)?.i18n?.locales;
  return Array.isArray(written) ? ['i18n', 'locales', index, 'id'] : ['i18n', 'defaultLocale'];
}

/** A locale id may not equal a version id: both will be a page URL's first segment. */
export function checkLocaleIds(i18n: I18nConfig, versionIds: readonly string[], siteFile: YamlFile): void {
  i18n.locales.forEach((locale, index) => {
    if (!versionIds.includes(locale.id)) return;
    const path = localePath(siteFile, index);
    throw new DocsInputError({
      file: siteFile.file,
      line: siteFile.lineOf(path),
      column: siteFile.columnOf(path),
      field: formatPath(path),
      problem: `"${locale.id}" is also a version id in config/versions.yml.`,
      hint: 'rename the version or the locale: both name the first segment of page URLs.',
    });
  });
}

/** Locales written right to left (by their script) that keep the default `dir: ltr`: most likely a forgotten `dir: rtl`. */
export function directionWarnings(i18n: I18nConfig, siteFile: YamlFile): DocsWarning[] {
  return i18n.locales.flatMap((locale, index) => {
    if (locale.dir === 'rtl' || scriptDirection(locale.id) !== 'rtl') return [];
    const line = siteFile.lineOf(localePath(siteFile, index)) ?? 1;
    return [{ file: `${siteFile.file}:${line}`, message: `locale "${locale.id}" is written right to left, but its pages are rendered left to right: add \`dir: rtl\` to its entry in \`i18n.locales\`.` }];
  });
}

function scriptDirection(id: string): string | undefined {
  const locale = new Intl.Locale(id) as Intl.Locale & { getTextInfo?: () => { direction?: string }; textInfo?: { direction?: string } };
  return (locale.getTextInfo?.() ?? locale.textInfo)?.direction;
}
