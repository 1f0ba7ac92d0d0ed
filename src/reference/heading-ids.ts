/**
 * HTML for description Markdown whose headings are part of the page's outline (the reference
 * overview's `info.description`): each ## and ### gets the id its table-of-contents entry links
 * to. Pure.
 */
import { markdownToHtml } from 'satteri';

export function withHeadingIds(markdown: string, headings: ReadonlyArray<{ depth: number; slug: string }>): string {
  if (!markdown.trim()) return '';
  let next = 0;
  return markdownToHtml(markdown).html.replace(/<h([23])>/g, (whole, depth: string) => {
    const heading = headings[next];
    if (!heading || String(heading.depth) !== depth) return whole;
    next += 1;
    return `<h${depth} id="${heading.slug}">`;
  });
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** One line of text with `code spans` as <code>, everything else escaped. */
export function inlineCodeHtml(text: string): string {
  return text
    .split(/(`[^`]+`)/)
    .map((part) => (part.startsWith('`') && part.endsWith('`') && part.length > 1 ? `<code>${escape(part.slice(1, -1))}</code>` : escape(part)))
    .join('');
}

function escape(text: string): string {
  return text.replace(/[&<>"]/g, (char) => ESCAPES[char]!);
}
