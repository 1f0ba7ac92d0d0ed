/**
 * HTML for description Markdown whose headings are part of the page's outline (the reference
 * overview's `info.description`): rendered as every description is (callouts, nested headings),
 * then each h2 and h3 gets the id its table-of-contents entry links to. Pure.
 */
import type { CalloutTitles } from '../markdown/callouts.ts';
import { descriptionHtml } from './description-markdown.ts';

export function withHeadingIds(markdown: string, headings: ReadonlyArray<{ depth: number; slug: string }>, calloutTitles?: CalloutTitles): string {
  let next = 0;
  return descriptionHtml(markdown, { headingLevel: 2, ...(calloutTitles ? { calloutTitles } : {}) }).replace(/<h([23])>/g, (whole, depth: string) => {
    const heading = headings[next];
    if (!heading || String(heading.depth) !== depth) return whole;
    next += 1;
    return `<h${depth} id="${heading.slug}">`;
  });
}
