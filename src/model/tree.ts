import type { NavNode, Page, Section } from './types.ts';

/** Every page of a nav tree in reading order: a group's own page comes before its children. */
export function flattenPages(nav: readonly NavNode[]): Page[] {
  const pages: Page[] = [];
  const visit = (nodes: readonly NavNode[]) => {
    for (const node of nodes) {
      if (node.kind === 'page') pages.push(node);
      else {
        if (node.page) pages.push(node.page);
        visit(node.children);
      }
    }
  };
  visit(nav);
  return pages;
}

/** Keeps the pages `keep` accepts; drops sections left with nothing to show. */
export function filterNav(nav: readonly NavNode[], keep: (page: Page) => boolean): NavNode[] {
  const result: NavNode[] = [];
  for (const node of nav) {
    if (node.kind === 'page') {
      if (keep(node)) result.push(node);
      continue;
    }
    const children = filterNav(node.children, keep);
    const page = node.page && keep(node.page) ? node.page : undefined;
    if (children.length === 0 && !page) continue;
    const section: Section = { ...node, children };
    if (page) section.page = page;
    else delete section.page;
    result.push(section);
  }
  return result;
}
