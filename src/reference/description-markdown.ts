/**
 * HTML of the Markdown descriptions in an OpenAPI document (written by the docs team, like the
 * pages themselves). Pure: the same text always gives the same HTML. Two satteri HAST plugins
 * (satteri compiles Markdown natively and runs JavaScript plugins on the tree):
 *
 * - GitHub alerts (`> [!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]`, `[!CAUTION]`, any case,
 *   alone on the quote's first line) become callouts, the same as in docs pages
 *   (src/markdown/callouts.ts). Other quotes stay quotes. The Markdown sources keep the alerts
 *   as written (valid GFM).
 * - Headings are renumbered so they nest under the place the description appears: the levels
 *   used, in order, become `headingLevel`, `headingLevel + 1`, … (at most h6). A description
 *   under a page's h1 starts at h2, under an h3 response at h4. Ranking the levels also closes
 *   gaps (`#` then `###` become h2 then h3), so the outline never skips a level.
 */
import { defineHastPlugin, markdownToHtml, markdownToMdast, type HastNode } from 'satteri';
import { alertToCallout, CALLOUT_KINDS, type CalloutTitles } from '../markdown/callouts.ts';
import { escapeHtml } from '../discovery/text.ts';

type Element = Extract<HastNode, { type: 'element' }>;
type ElementContent = Element['children'][number];

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

export interface DescriptionOptions {
  /** Level of the description's top heading: one more than the heading it sits under. Default 2. */
  headingLevel?: number;
  /** Callout titles in the page's language; English by default. */
  calloutTitles?: CalloutTitles;
}

export function descriptionHtml(text: string | undefined, options: DescriptionOptions = {}): string {
  if (!text?.trim()) return '';
  const top = Math.min(6, Math.max(1, options.headingLevel ?? 2));
  const titles = options.calloutTitles ?? CALLOUT_KINDS;
  return remembered(`${top}\u0000${Object.values(titles).join('\u0001')}\u0000${text}`, () => (isPlainText(text) ? `<p>${escapeHtml(text.trim())}</p>\n` : markdownToHtml(text, { hastPlugins: [calloutPlugin(titles), headingPlugin(top)] }).html));
}

// Large descriptions repeat the same texts (a parameter described on a hundred operations):
// each distinct text is rendered once per build. Bounded so a huge site cannot grow it forever.
const rendered = new Map<string, string>();
const REMEMBERED = 20_000;

function remembered(key: string, render: () => string): string {
  let html = rendered.get(key);
  if (html === undefined) {
    html = render();
    if (rendered.size >= REMEMBERED) rendered.clear();
    rendered.set(key, html);
  }
  return html;
}

/** One paragraph with nothing Markdown would change (no markup, no line break, no bare URL). */
function isPlainText(text: string): boolean {
  return !/[\n\\`*_[\]<>#|!&~]|https?:|www\.|^\s*([-+]|\d+[.)])\s/.test(text.trim());
}

// The same callouts as docs pages (src/markdown/callouts.ts): one definition of kinds and markup.
const calloutPlugin = (titles: CalloutTitles) =>
  defineHastPlugin({
    name: 'github-alerts',
    element: {
      filter: ['blockquote'],
      visit(node) {
        return alertToCallout(node, titles);
      },
    },
  });

function headingPlugin(top: number) {
  let levels = new Map<number, number>();
  return defineHastPlugin({
    name: 'nested-headings',
    before(root) {
      const used = new Set<number>();
      const walk = (node: { type: string; tagName?: string; children?: unknown[] }): void => {
        if (node.type === 'element' && HEADINGS.includes(node.tagName!)) used.add(Number(node.tagName!.slice(1)));
        for (const child of node.children ?? []) walk(child as typeof node);
      };
      walk(root);
      levels = new Map([...used].sort().map((depth, rank) => [depth, Math.min(6, top + rank)]));
    },
    element: {
      filter: HEADINGS,
      visit(node) {
        const level = levels.get(Number(node.tagName.slice(1)));
        return level === undefined || `h${level}` === node.tagName ? undefined : { ...node, tagName: `h${level}` };
      },
    },
  });
}

/** Elements an inline rendering keeps; every other element is replaced by its content. */
const INLINE_KEPT = new Set(['code', 'em', 'strong', 'del']);

/**
 * One line of Markdown as inline HTML for a heading: code spans, emphasis and strikethrough
 * stay; links become their text (a link inside a heading is a second target for one line)
 * unless `links` keeps them (for a sentence in a paragraph); images their alt text; raw HTML
 * is shown as text.
 */
export function inlineMarkdownHtml(text: string, options: { links?: boolean } = {}): string {
  // A leading block marker (`> 0`, `# 1`, `- x`, `1. x`) would make a quote, heading or list of the line.
  const line = text.split('\n')[0]!.trim().replace(/^([>#+*-])/, '\\$1').replace(/^(\d+)([.)])/, '$1\\$2');
  if (line === '') return '';
  return remembered(`${options.links ? 'a' : 'i'}\u0000${line}`, () => (isPlainText(line) ? escapeHtml(line) : markdownToHtml(line, { hastPlugins: [options.links ? inlineWithLinks : inlinePlugin] }).html.trim()));
}

type Inline = { type: string; value?: string; tagName?: string; properties?: Record<string, unknown>; children?: Inline[] };

function inlineOnly(nodes: readonly Inline[], links: boolean): Inline[] {
  return nodes.flatMap((node): Inline[] => {
    if (node.type === 'text') return [node];
    if (node.type === 'raw') return [{ type: 'text', value: node.value ?? '' }];
    if (node.type !== 'element') return [];
    if (INLINE_KEPT.has(node.tagName!)) return [{ ...node, children: inlineOnly(node.children ?? [], links) }];
    if (node.tagName === 'a' && links) return [{ ...node, properties: { href: node.properties?.['href'] }, children: inlineOnly(node.children ?? [], links) }];
    if (node.tagName === 'img') return typeof node.properties?.['alt'] === 'string' ? [{ type: 'text', value: node.properties['alt'] }] : [];
    return inlineOnly(node.children ?? [], links);
  });
}

const inlinePlugins = (links: boolean) =>
  defineHastPlugin({
    name: links ? 'inline-with-links' : 'inline-only',
    after(root, ctx) {
      ctx.replaceNode(root, { type: 'root', children: inlineOnly(root.children as Inline[], links) as ElementContent[] });
    },
  });
const inlinePlugin = inlinePlugins(false);
const inlineWithLinks = inlinePlugins(true);

/**
 * The same heading rule for Markdown sources: the headings of `text` renumbered as
 * `descriptionHtml` does (levels in use, in order, from `headingLevel`), written as ATX headings
 * (`### Title`). Everything else, GitHub alerts included, is left exactly as written.
 */
export function nestMarkdownHeadings(text: string, headingLevel = 2): string {
  const headings: Array<{ depth: number; start: number; end: number }> = [];
  const walk = (node: { type: string; depth?: number; position?: { start: { offset?: number }; end: { offset?: number } }; children?: unknown[] }): void => {
    if (node.type === 'heading' && node.position?.start.offset !== undefined && node.position.end.offset !== undefined) {
      headings.push({ depth: node.depth!, start: node.position.start.offset, end: node.position.end.offset });
    }
    for (const child of node.children ?? []) walk(child as typeof node);
  };
  walk(markdownToMdast(text) as Parameters<typeof walk>[0]);
  if (headings.length === 0) return text;
  const top = Math.min(6, Math.max(1, headingLevel));
  const levels = new Map([...new Set(headings.map((heading) => heading.depth))].sort().map((depth, rank) => [depth, Math.min(6, top + rank)]));
  let result = text;
  // From the end, so earlier offsets stay valid.
  for (const { depth, start, end } of headings.reverse()) {
    const lines = result.slice(start, end).split('\n');
    // Setext (`Title` over `---`): the lines above the underline; ATX (`## Title ##`): the line without its markers.
    const setext = lines.length > 1 && /^\s{0,3}(=+|-+)\s*$/.test(lines.at(-1)!);
    const title = setext ? lines.slice(0, -1).map((line) => line.trim()).join(' ') : lines[0]!.replace(/^\s{0,3}#{1,6}(\s+|$)/, '').replace(/\s+#+\s*$/, '').trim();
    result = `${result.slice(0, start)}${'#'.repeat(levels.get(depth)!)} ${title}${result.slice(end)}`;
  }
  return result;
}
