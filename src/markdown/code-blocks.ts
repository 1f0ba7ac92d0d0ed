/**
 * Code-block extras from the fence's meta, as a Shiki transformer (Astro's highlighter, its
 * colours CSS variables per theme): ```` ```js title="list.mjs" {2} ins={4-5} del={3} ````.
 *
 * - `title="…"` becomes `data-title` on the `<pre>`; the components plugin puts it in a
 *   `<figure>` with a `<figcaption>`.
 * - A ```` ```mermaid ```` fence is marked `data-diagram`; the components plugin puts it in a
 *   diagram figure, which the browser draws (the highlighted source shows until it does).
 * - `{2,4-6}` marks lines as highlighted; `ins={…}` and `del={…}` as added and removed
 *   (`line highlighted`, `line diff add`, `line diff remove`; CSS draws the marks, so a copy
 *   holds only the code).
 */
import type { HastNode } from 'satteri';

type Element = Extract<HastNode, { type: 'element' }>;

export interface CodeMeta {
  title?: string;
  highlight: ReadonlySet<number>;
  ins: ReadonlySet<number>;
  del: ReadonlySet<number>;
}

/** Reads the parts of a fence's meta this site understands; anything else is ignored. */
export function parseCodeMeta(meta: string | undefined): CodeMeta {
  const text = meta ?? '';
  const title = /\btitle=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(text);
  const ranges = (prefix: string) => new Set(new RegExp(`(?:^|\\s)${prefix}\\{([\\d,\\s-]+)\\}`).exec(text)?.[1]?.split(',').flatMap(lines) ?? []);
  return { ...(title ? { title: title[1] ?? title[2] ?? title[3]! } : {}), highlight: ranges(''), ins: ranges('ins='), del: ranges('del=') };
}

function lines(range: string): number[] {
  const [from, to = from] = range.trim().split('-').map(Number);
  if (!Number.isInteger(from) || !Number.isInteger(to) || from! < 1 || to! < from! || to! - from! > 10_000) return [];
  return Array.from({ length: to! - from! + 1 }, (_, index) => from! + index);
}

interface TransformerContext {
  options: { lang?: string | undefined; meta?: { __raw?: string | undefined } | undefined };
}

/** Fence languages drawn as diagrams in the browser (src/client/diagrams.ts); the fence stays the text. */
const DIAGRAM_LANGUAGES = new Set(['mermaid']);

// Shiki's hast names the attribute `class` (a string), not hast's usual `className`.
const addClass = (node: Element, ...names: string[]) => {
  const current = node.properties?.['class'];
  node.properties = { ...node.properties, class: [typeof current === 'string' ? current : '', ...names].filter(Boolean).join(' ') };
};

/** The Shiki transformer for `markdown.shikiConfig.transformers`. */
export const codeBlockTransformer = {
  name: 'caravan-docs-code-meta',
  pre(this: TransformerContext, node: Element) {
    const { title, highlight, ins, del } = parseCodeMeta(this.options.meta?.__raw);
    if (title !== undefined) node.properties = { ...node.properties, dataTitle: title };
    const lang = this.options.lang?.toLowerCase();
    if (lang && DIAGRAM_LANGUAGES.has(lang)) node.properties = { ...node.properties, dataDiagram: lang };
    // Says the block has marked lines, so the page's styles are chosen without walking its tokens (src/markdown/components.ts).
    if (highlight.size + ins.size + del.size > 0) node.properties = { ...node.properties, dataLineMarks: '' };
  },
  line(this: TransformerContext, node: Element, line: number) {
    const meta = parseCodeMeta(this.options.meta?.__raw);
    if (meta.highlight.has(line)) addClass(node, 'highlighted');
    if (meta.ins.has(line)) addClass(node, 'diff', 'add');
    if (meta.del.has(line)) addClass(node, 'diff', 'remove');
  },
};
