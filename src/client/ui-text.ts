// Interface strings for page scripts, in the page's language: components put the keys their
// scripts use in `<script type="application/json" data-ui-strings>` elements (src/lib/i18n.ts),
// so no table ships in a bundle.
import { formatText } from '../i18n/format.ts';
import type { UiKey } from '../i18n/strings/en.ts';

let strings: Record<string, string> | undefined;

/** The page's text for `key` (the key itself when no element carries it), `{name}` marks filled. */
export function uiText(key: UiKey, values?: Readonly<Record<string, string | number>>): string {
  const table = (strings ??= Object.assign({}, ...[...document.querySelectorAll('script[data-ui-strings]')].map((element) => JSON.parse(element.textContent || '{}') as Record<string, string>)));
  return formatText(table[key] ?? key, values);
}
