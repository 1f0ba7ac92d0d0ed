import { formatText } from '../i18n/format.ts';
import { localeOfPath, type Locale } from '../i18n/locales.ts';
import { en, type UiKey, type UiStrings } from '../i18n/strings/en.ts';
import { stringsFor } from '../i18n/tables.ts';
import type { GeneratedTitleKey } from '../model/types.ts';
import { config } from './site.ts';

/** The interface language of one page: its locale and a lookup of its strings. */
export interface PageText {
  locale: Locale;
  /** The text of `key` in the page's locale, `{name}` marks filled from `values`. */
  t(key: UiKey, values?: Readonly<Record<string, string | number>>): string;
  /**
   * The texts of `keys` that differ from English, for a page's scripts (an inline JSON element,
   * src/client/ui-text.ts, whose English is in the script); undefined when none differs. `<`
   * escaped so it cannot end the element.
   */
  json(keys: readonly UiKey[]): string | undefined;
  /** A nav entry's title as this page shows it: a title the generator wrote (`textKey`) in the page's language, else the entry's own. */
  titleOf(entry: { title: string; textKey?: GeneratedTitleKey | undefined }): string;
}

const tables = new Map<string, UiStrings>();

function tableOf(localeId: string): UiStrings {
  let table = tables.get(localeId);
  if (!table) {
    table = stringsFor(localeId, config.i18n.strings[localeId]);
    tables.set(localeId, table);
  }
  return table;
}

/** The interface language of the page at `url` (every page is in the default locale until localized content trees exist). */
export function pageText(url: URL): PageText {
  const locale = localeOfPath(config.i18n, config.base, url.pathname);
  const table = tableOf(locale.id);
  return {
    locale,
    t: (key, values) => formatText(table[key], values),
    titleOf: (entry) => (entry.textKey ? formatText(table[entry.textKey]) : entry.title),
    json: (keys) => {
      const differing = keys.filter((key) => table[key] !== en[key]);
      return differing.length === 0 ? undefined : JSON.stringify(Object.fromEntries(differing.map((key) => [key, table[key]]))).replaceAll('<', '\\u003c');
    },
  };
}
