/**
 * Which pages are release notes: those nested in the nav sections whose title `feeds.releaseNotes`
 * of site.yml names, at any level. Pure.
 */
import { flattenPages } from './tree.ts';
import type { NavNode, Page, Section } from './types.ts';

/** Every section title of a nav tree, at every level, in reading order (repeats kept). */
export function sectionTitles(nav: readonly NavNode[]): string[] {
  return sections(nav).map((section) => section.title);
}

/**
 * The pages nested in every section titled `title` (its children at every level, in reading order),
 * each once; a no-dropdown group's own page is the section's index, not a note, so it is left out.
 */
export function releaseNotePages(nav: readonly NavNode[], title: string): Page[] {
  const seen = new Set<string>();
  return sections(nav)
    .filter((section) => section.title === title)
    .flatMap((section) => flattenPages(section.children))
    .filter((page) => !seen.has(page.slug) && Boolean(seen.add(page.slug)));
}

function sections(nav: readonly NavNode[]): Section[] {
  return nav.flatMap((node) => (node.kind === 'section' ? [node, ...sections(node.children)] : []));
}
