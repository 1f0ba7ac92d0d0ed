/**
 * Heading ids of docs pages: Astro's (GitHub's slugs, numbered when a text repeats: `setup`,
 * `setup-1`), except that no heading takes an id the page frame already has. A page's "## Content"
 * or "## Sidebar" would otherwise share its id with the frame's `<main id="content">` or
 * `<nav id="sidebar">`: invalid HTML, and the heading's anchor and its table-of-contents link would
 * lead to the frame's element instead. Such a heading is numbered as a repeat is (`content-1`).
 * This runs before Astro's own heading-ids step, which keeps an id it finds (and lists it for the
 * table of contents); a heading written with an id of its own keeps it.
 */
import { satteriCollectHastText } from '@astrojs/markdown-satteri';
import GithubSlugger from 'github-slugger';
import { defineHastPlugin } from 'satteri';
import { FRAME_IDS } from '../layouts/frame-ids.ts';

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

/** A plugin factory for the Markdown processor: one slugger per page, the frame's ids taken before the first heading. */
export function headingIdsPlugin() {
  const slugger = new GithubSlugger();
  for (const id of FRAME_IDS) slugger.slug(id);
  return defineHastPlugin({
    name: 'caravan-docs:heading-ids',
    element: {
      filter: HEADINGS,
      visit(node, visit) {
        if (typeof node.properties?.['id'] === 'string') return;
        const text = visit.textContent(node);
        // An MDX heading may hold `{frontmatter.title}`: its text is the value, as Astro reads it.
        const frontmatter = (visit.data as { astro?: { frontmatter?: Record<string, unknown> } }).astro?.frontmatter ?? {};
        visit.setProperty(node, 'id', slugger.slug(text.includes('frontmatter') ? satteriCollectHastText(node, frontmatter) : text));
      },
    },
  });
}
