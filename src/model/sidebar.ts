import type { TopicTab } from './topics.ts';
import type { GeneratedTitleKey, NavNode, Section } from './types.ts';

interface SidebarLink {
  kind: 'link';
  title: string;
  /** A title the generator wrote, shown in the page's language (see GeneratedTitleKey). */
  textKey?: GeneratedTitleKey;
  slug: string;
  current: boolean;
}

export interface SidebarGroup {
  kind: 'group';
  title: string;
  textKey?: GeneratedTitleKey;
  /** false: a no-dropdown group, always open. */
  dropdown: boolean;
  open: boolean;
  /** The group's own page, linked from its title. */
  link?: SidebarLink;
  items: SidebarItem[];
  /** Entries left out of `items` to keep the page small; the full list is on the all-pages page. */
  hidden: number;
}

export type SidebarItem = SidebarLink | SidebarGroup;

export interface Sidebar {
  items: SidebarItem[];
  /** false when entries were left out (large sites); readers then load the full tree on demand. */
  complete: boolean;
  /** A version with topics: its tabs, the page's own marked current (the items are then that topic's). */
  topics?: TopicTab[];
}

/** Largest sidebar written in full into every page; bigger trees are windowed around the current page. */
const SIDEBAR_FULL_LIMIT = 150;
/** Entries shown per level of a windowed sidebar. */
const SIDEBAR_WINDOW = 24;

/**
 * The sidebar for one page. Small sites get the whole tree. Large ones get every level on the way
 * to the current page, each windowed around it, so a page's size does not grow with the site.
 */
export function buildSidebar(nav: readonly NavNode[], current: CurrentPage | undefined, options: SidebarOptions = {}): Sidebar {
  const fullLimit = options.fullLimit ?? SIDEBAR_FULL_LIMIT;
  const window = options.window ?? SIDEBAR_WINDOW;
  const here: Here = { slug: current?.slug, path: new Set(current?.ancestors ?? []), expandAll: options.expandAll ?? false };
  if (countEntries(nav) <= fullLimit) {
    return { items: nav.map((node) => fullItem(node, here)), complete: true };
  }
  const { items, hidden } = windowed(nav, here, window);
  return { items, complete: hidden === 0 && !items.some(hasHidden) };
}

export interface SidebarOptions {
  /** Trees with more entries than this are windowed. */
  fullLimit?: number;
  /** Entries per level in a windowed tree. */
  window?: number;
  /** Open every section (the all-pages index). */
  expandAll?: boolean;
}

/** The page the sidebar is for: its slug and enclosing sections (from the site index). */
export interface CurrentPage {
  slug: string;
  ancestors: readonly Section[];
}

interface Here {
  slug: string | undefined;
  path: ReadonlySet<Section>;
  expandAll: boolean;
}

function fullItem(node: NavNode, here: Here): SidebarItem {
  if (node.kind === 'page') return link(node.title, node.slug, here, node.textKey);
  const items = node.children.map((child) => fullItem(child, here));
  return group(node, here, items, 0);
}

function windowed(nodes: readonly NavNode[], here: Here, size: number): { items: SidebarItem[]; hidden: number } {
  const focus = Math.max(0, nodes.findIndex((node) => contains(node, here)));
  const start = Math.max(0, Math.min(focus - Math.floor(size / 2), nodes.length - size));
  const shown = nodes.slice(start, start + size);
  const items = shown.map((node): SidebarItem => {
    if (node.kind === 'page') return link(node.title, node.slug, here, node.textKey);
    // Sections off the current path stay collapsed and empty; the full tree fills them on demand.
    const onPath = contains(node, here);
    const inner = onPath || !node.dropdown ? windowed(node.children, here, onPath ? size : Math.min(size, 5)) : { items: [], hidden: node.children.length };
    return group(node, here, inner.items, inner.hidden);
  });
  return { items, hidden: nodes.length - shown.length };
}

function group(section: Section, here: Here, items: SidebarItem[], hidden: number): SidebarGroup {
  const result: SidebarGroup = {
    kind: 'group',
    title: section.title,
    dropdown: section.dropdown,
    open: here.expandAll || !section.dropdown || contains(section, here),
    items,
    hidden,
  };
  if (section.textKey) result.textKey = section.textKey;
  if (section.page) result.link = link(section.title, section.page.slug, here, section.textKey);
  return result;
}

function link(title: string, slug: string, here: Here, textKey?: GeneratedTitleKey): SidebarLink {
  return { kind: 'link', title, slug, current: slug === here.slug, ...(textKey ? { textKey } : {}) };
}

// Constant time: the current page's enclosing sections are known from the site index.
function contains(node: NavNode, here: Here): boolean {
  return node.kind === 'page' ? node.slug === here.slug : here.path.has(node) || node.page?.slug === here.slug;
}

const entryCounts = new WeakMap<readonly NavNode[], number>();

// Memoised per nav tree, so building 5,000 sidebars counts the tree once.
function countEntries(nodes: readonly NavNode[]): number {
  let count = entryCounts.get(nodes);
  if (count === undefined) {
    count = nodes.reduce((sum, node) => sum + 1 + (node.kind === 'section' ? countEntries(node.children) : 0), 0);
    entryCounts.set(nodes, count);
  }
  return count;
}

function hasHidden(item: SidebarItem): boolean {
  return item.kind === 'group' && (item.hidden > 0 || item.items.some(hasHidden));
}
