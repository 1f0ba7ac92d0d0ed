import { z } from 'zod';
import { en } from '../../i18n/strings/en.ts';
import { ROOT_SEGMENTS } from '../../routes.ts';
import { closest } from '../suggest.ts';

/** A BCP 47 language tag, written back in its canonical form (`pt-br` becomes `pt-BR`). */
const localeId = z.string().min(1).transform((id, context) => {
  const canonical = canonicalLocale(id);
  if (canonical === undefined) {
    context.addIssue({ code: 'custom', message: `"${id}" is not a BCP 47 language tag`, params: { hint: 'use a tag like en, de, pt-BR or zh-Hans.' } });
    return z.NEVER;
  }
  if (ROOT_SEGMENTS.includes(canonical)) {
    context.addIssue({ code: 'custom', message: `"${canonical}" is a path the site itself uses`, params: { hint: `pick another id; these are taken: ${ROOT_SEGMENTS.join(', ')}.` } });
    return z.NEVER;
  }
  return canonical;
});

const localeSchema = z.strictObject({
  id: localeId.describe("BCP 47 language tag (like de, pt-BR, zh-Hans), written back in its canonical form: names the interface strings and, later, the locale's URL segment and content folder."),
  label: z.string().min(1).optional().describe("The language's own name (`Deutsch`); defaults to what the browser engine calls it."),
  dir: z.enum(['ltr', 'rtl']).default('ltr').describe("Writing direction of the locale's pages."),
});

/** The site's own texts for interface strings, by key; every key is optional. */
const stringsTableSchema = z.strictObject(
  Object.fromEntries(Object.entries(en).map(([key, text]) => [key, z.string().min(1).optional().describe(`In English: "${text}"`)])) as Record<keyof typeof en, z.ZodOptional<z.ZodString>>,
);

/** The `i18n:` block of site.yml. */
export const i18nSchema = z
  .strictObject({
    defaultLocale: localeId.default('en').describe('The locale of every page that names no other (today: every page): its interface strings and `<html lang dir>`. Must be one of `locales`.'),
    locales: z.array(localeSchema).optional().describe('Every locale of the site; defaults to the default locale alone.'),
    strings: z
      .record(z.string(), stringsTableSchema)
      .default({})
      .describe("Interface strings replaced per locale, by locale id then string key: `strings: { de: { 'search.button': 'Suchen' } }`. Keep the `{name}` placeholders of the text you replace."),
    untranslated: z.enum(['fallback', 'omit']).default('fallback').describe('A page a locale has no translation of: shown in the default language with a notice (`fallback`), or left out (`omit`).'),
  })
  .prefault({})
  .superRefine((i18n, context) => {
    const ids = i18n.locales?.map((locale) => locale.id) ?? [i18n.defaultLocale];
    if (!ids.includes(i18n.defaultLocale)) {
      context.addIssue({ code: 'custom', path: ['defaultLocale'], message: `"${i18n.defaultLocale}" is not one of \`locales\``, params: { hint: `add { id: ${i18n.defaultLocale} } to \`locales\`, or pick one of: ${ids.join(', ')}.` } });
    }
    ids.forEach((id, index) => {
      if (ids.indexOf(id) !== index) context.addIssue({ code: 'custom', path: ['locales', index, 'id'], message: `"${id}" is listed twice`, params: { hint: 'give every locale a unique id.' } });
    });
    for (const locale of Object.keys(i18n.strings)) {
      if (!ids.includes(canonicalLocale(locale) ?? locale)) {
        const near = closest(locale, ids);
        context.addIssue({ code: 'custom', path: ['strings', locale], message: `names the locale "${locale}", which the site does not have`, params: { hint: `${near ? `did you mean "${near}"? If not, ` : ''}use one of: ${ids.join(', ')}.` } });
      }
    }
  })
  .transform(({ defaultLocale, locales, strings, untranslated }) => ({
    defaultLocale,
    locales: (locales ?? [{ id: defaultLocale, dir: 'ltr' as const }]).map((locale) => ({ ...locale, label: locale.label ?? ownName(locale.id) })),
    // Keyed by canonical id, without the keys left empty.
    strings: Object.fromEntries(Object.entries(strings).map(([locale, table]) => [canonicalLocale(locale) ?? locale, Object.fromEntries(Object.entries(table).filter(([, text]) => text !== undefined)) as Partial<Record<keyof typeof en, string>>])),
    untranslated,
  }))
  .describe("Languages: the default locale (interface strings, `<html lang dir>`), the site's locales and its own interface texts.");

export type I18nConfig = z.output<typeof i18nSchema>;

function canonicalLocale(id: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(id)[0];
  } catch {
    return undefined;
  }
}

/** A language's name in itself (`de` → `Deutsch`), or the id when the engine does not know it. */
function ownName(id: string): string {
  return new Intl.DisplayNames([id], { type: 'language' }).of(id) ?? id;
}
