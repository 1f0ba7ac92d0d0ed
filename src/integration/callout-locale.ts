/** The callout titles of a content file, from its locale's interface table (site overrides included). */
import type { I18nConfig } from '../config/schemas/i18n.ts';
import { localeOfContentFile } from '../i18n/locales.ts';
import { stringsFor } from '../i18n/tables.ts';
import { calloutTitlesFrom } from '../markdown/callout-titles.ts';
import type { CalloutTitles } from '../markdown/callouts.ts';

export function calloutTitlesOfFile(i18n: I18nConfig, contentDir: string): (file: URL | undefined) => CalloutTitles {
  return (file) => {
    const locale = localeOfContentFile(i18n, contentDir, file);
    const table = stringsFor(locale.id, i18n.strings[locale.id]);
    return calloutTitlesFrom((key) => table[key]);
  };
}
