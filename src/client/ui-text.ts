// Interface strings for page scripts, in the page's language: the console's English strings are
// part of its script; components put the texts of another language that differ from them in
// `<script type="application/json" data-ui-strings>` elements (src/lib/i18n.ts), so English
// pages carry none inline and no other table ships in a bundle.
import { formatText } from '../i18n/format.ts';
import { enConsole } from '../i18n/strings/en-console.ts';
import type { UiKey } from '../i18n/strings/en.ts';

let strings: Record<string, string> | undefined;

/**
 * The page's text for `key`, `{name}` marks filled: from the page's elements, else from `english`
 * (the console's strings unless a lazily loaded part passes its own), else the key itself.
 */
export function uiText(key: UiKey, values?: Readonly<Record<string, string | number>>, english: Readonly<Record<string, string>> = enConsole): string {
  const table = (strings ??= Object.assign({}, ...[...document.querySelectorAll('script[data-ui-strings]')].map((element) => JSON.parse(element.textContent || '{}') as Record<string, string>)));
  return formatText(table[key] ?? english[key] ?? key, values);
}
