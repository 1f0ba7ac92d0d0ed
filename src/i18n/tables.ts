import { ar } from './strings/ar.ts';
import { de } from './strings/de.ts';
import { en, type UiKey, type UiStrings } from './strings/en.ts';
import { es } from './strings/es.ts';
import { fr } from './strings/fr.ts';
import { ja } from './strings/ja.ts';
import { ptBR } from './strings/pt-BR.ts';
import { zhHans } from './strings/zh-Hans.ts';

/** The tables that ship with the generator, by BCP 47 id. */
export const BUILT_IN_TABLES: Readonly<Record<string, UiStrings>> = {
  en,
  de,
  fr,
  es,
  ja,
  'zh-Hans': zhHans,
  'pt-BR': ptBR,
  ar,
};

/** Every key of the interface strings, in the English table's order. */
export const UI_KEYS = Object.keys(en) as UiKey[];

/**
 * The built-in table closest to a locale id: the same id, else one of the same language (`de-AT`
 * reads `de`, `pt` reads `pt-BR`, `zh` and `zh-CN` read `zh-Hans`), else English.
 */
export function builtInTable(localeId: string): UiStrings {
  const exact = BUILT_IN_TABLES[localeId];
  if (exact) return exact;
  const { language, script } = new Intl.Locale(localeId).maximize();
  const sameLanguage = Object.keys(BUILT_IN_TABLES).filter((id) => new Intl.Locale(id).language === language);
  const sameScript = sameLanguage.find((id) => new Intl.Locale(id).maximize().script === script);
  const id = sameScript ?? sameLanguage[0];
  return id ? BUILT_IN_TABLES[id]! : en;
}

/** A locale's table: the built-in one with the site's own texts (site.yml `i18n.strings.<locale>`) over it. */
export function stringsFor(localeId: string, overrides: Readonly<Partial<Record<UiKey, string>>> = {}): UiStrings {
  return { ...builtInTable(localeId), ...overrides };
}
