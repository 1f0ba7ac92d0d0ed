/**
 * A response or request example as a page shows it: JSON pretty-printed, text (XML, CSV) as
 * written, and cut after a number of lines, so one huge example (an API that returns every emoji
 * it knows) cannot make a page of hundreds of kilobytes. Pure.
 */

/** Lines of an example shown on a page; the rest is summarised in one comment line. */
const EXAMPLE_LINES = 60;

export interface ExampleText {
  code: string;
  /** Shiki's language for it. */
  lang: 'json' | 'xml' | 'text';
  /** Lines left out (0 when shown whole). */
  omitted: number;
}

export function exampleText(example: unknown, contentType = 'application/json', maxLines = EXAMPLE_LINES): ExampleText {
  const isText = typeof example === 'string' && !/json/i.test(contentType);
  const full = isText ? (example as string) : (JSON.stringify(example, null, 2) ?? 'null');
  const lang = isText ? (/xml/i.test(contentType) ? 'xml' : 'text') : 'json';
  const lines = full.split('\n');
  if (lines.length <= maxLines) return { code: full, lang, omitted: 0 };
  return { code: lines.slice(0, maxLines).join('\n'), lang, omitted: lines.length - maxLines };
}
