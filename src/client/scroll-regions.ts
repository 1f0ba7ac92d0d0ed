// Boxes that scroll inside the page (wide tables, code blocks, file trees, the operation page's
// sticky column) take a tab stop while, and only while, their content overflows, so a keyboard can
// scroll them (WCAG 2.1.1), with a name: their own, a table's caption or a code figure's title, else
// the nearest heading above (kept once given). This script owns the boxes' tabindex. The site script
// runs it on every page; the focus ring is in site.css. See the manual, "Narrow screens".

/** What scrolls inside its own box: Markdown's tables and code blocks (DocsShell.astro), file trees, and any component marked `data-scroll-region`. */
const SCROLLERS = '.content table, .content pre, .file-tree, [data-scroll-region]';
const HEADING = /^H[1-6]$/;

/** The sizes of a box and its content, as an element has them. */
export interface ScrollBox {
  scrollWidth: number;
  clientWidth: number;
  scrollHeight: number;
  clientHeight: number;
}

/** Whether a box hides part of its content (more than a rounding pixel) in either direction. */
export const overflows = (box: ScrollBox): boolean => box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;

/** The parts of an element this file walks: enough to test it on plain objects. */
export interface TreeNode {
  tagName: string;
  previousElementSibling: TreeNode | null;
  lastElementChild: TreeNode | null;
  parentElement: TreeNode | null;
}

/** The last heading before `node` in document order (the one whose section holds it), if any. */
export function precedingHeading<T extends TreeNode>(node: T): T | undefined {
  for (let at: TreeNode | null = node; at; ) {
    let previous: TreeNode | null = at.previousElementSibling;
    if (previous) {
      while (previous.lastElementChild) {
        if (HEADING.test(previous.tagName)) break;
        previous = previous.lastElementChild;
      }
      at = previous;
    } else at = at.parentElement;
    if (at && HEADING.test(at.tagName)) return at as T;
  }
  return undefined;
}

function update(box: HTMLElement): void {
  if (!overflows(box)) {
    // It fits: no tab stop (Shiki gives every code block one). One the reader is on stays until the next resize.
    if (document.activeElement !== box) box.removeAttribute('tabindex');
    return;
  }
  box.tabIndex = 0;
  if (box.hasAttribute('aria-label') || box.hasAttribute('aria-labelledby') || (box instanceof HTMLTableElement && box.caption)) return;
  // A name needs a role that takes one: a table or an aside has its own; a code block is a group, and
  // any other box a region (axe's focus-order-semantics wants a landmark of a focusable div).
  if (box instanceof HTMLPreElement) box.setAttribute('role', 'group');
  else if (box instanceof HTMLDivElement) box.setAttribute('role', 'region');
  const label = box.closest('.code-figure')?.querySelector('figcaption') ?? precedingHeading(box);
  if (label?.id) box.setAttribute('aria-labelledby', label.id);
  else if (label?.textContent) box.setAttribute('aria-label', label.textContent.trim());
}

/** Watches every scrolling box on the page: a resize (of the window, or of the box as a panel opens) re-checks it. */
export function watchScrollRegions(): void {
  const boxes = document.querySelectorAll<HTMLElement>(SCROLLERS);
  const observer = new ResizeObserver((entries) => entries.forEach((entry) => update(entry.target as HTMLElement)));
  boxes.forEach((box) => observer.observe(box));
  // Content that grows inside a box of the same size (a web font arriving) changes no size: check once more then.
  void document.fonts?.ready.then(() => boxes.forEach(update));
}
