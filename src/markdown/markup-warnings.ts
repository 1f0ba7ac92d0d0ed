/**
 * Markup that silently breaks a page, found while the page is parsed: raw HTML a page body cannot
 * show (mostly placeholders in angle brackets, `<title>` or `<previous>`, that Markdown and MDX take
 * for tags), and links without text. The build goes on (raw HTML is legitimate Markdown); the writer
 * gets a warning with the line and the fix (markup-report.ts prints and stores them).
 *
 * It runs first among the mdast plugins, so it sees the writer's Markdown and no HTML a later plugin
 * makes. Code spans and code blocks are nodes of their own: they never reach these visitors.
 */
import { defineMdastPlugin, type MdastNode, type MdastVisitorContext, type PluginFactoryContext } from 'satteri';
import { attributeOf, htmlTags, isForeignRoot, tagProblem, takesIn, type HtmlTag } from './html-elements.ts';
import { documentTag, emptyElementLink, emptyLink, unclosedTag, unknownTag, type Message } from './markup-messages.ts';

/** One problem, at a line and column (1-based) of the text the plugin was given. */
export interface MarkupWarning extends Message {
  line: number;
  column: number;
}

type Html = Extract<MdastNode, { type: 'html' }>;
type Jsx = Extract<MdastNode, { type: 'mdxJsxFlowElement' | 'mdxJsxTextElement' }>;
type Point = { line: number; column: number };

/** A plugin factory: one plugin per page, which hands the page's warnings (if any) to `report` once it has seen them all. */
export function markupWarningsPlugin(report: (warnings: MarkupWarning[], page: PluginFactoryContext) => void) {
  return (page: PluginFactoryContext) => {
    const warnings: MarkupWarning[] = [];
    /** How deep in `<svg>` or `<math>` the raw HTML so far leaves the page (Markdown; MDX nests its elements). */
    let foreign = 0;
    /** Names already warned about: their end tags add nothing. */
    const named = new Set<string>();
    const warnTag = (name: string, at: Point, message: Message) => {
      named.add(name.toLowerCase());
      warnings.push({ ...at, ...message });
    };
    return defineMdastPlugin({
      name: 'caravan-docs:markup-warnings',
      options: { position: true },
      html(node, ctx) {
        const start = node.position?.start ?? { line: 1, column: 1 };
        for (const tag of htmlTags(node.value)) {
          if (isForeignRoot(tag.name)) {
            if (!tag.selfClosing) foreign = Math.max(0, foreign + (tag.closing ? -1 : 1));
            continue;
          }
          if (foreign > 0) continue;
          const at = positionIn(node.value, tag.index, start);
          const lower = tag.name.toLowerCase();
          const written = `<${tag.closing ? '/' : ''}${tag.name}>`;
          if (tag.closing) {
            if (!named.has(lower) && tagProblem(tag.name, () => undefined) === 'unknown') warnTag(tag.name, at, unknownTag(written));
            continue;
          }
          const problem = tagProblem(tag.name, (name) => attributeOf(tag.attributes, name));
          if (problem) warnTag(tag.name, at, problem === 'unknown' ? unknownTag(written) : documentTag(written, lower));
          else if (!tag.selfClosing && takesIn(lower) && !closedLater(node, tag, ctx)) warnTag(tag.name, at, unclosedTag(written, lower));
          else if (lower === 'a' && !tag.selfClosing && emptyHtmlLink(node, tag, ctx)) warnings.push({ ...at, ...emptyElementLink(attributeOf(tag.attributes, 'href')) });
        }
      },
      mdxJsxFlowElement: (node, ctx) => jsxElement(node, ctx),
      mdxJsxTextElement: (node, ctx) => jsxElement(node, ctx),
      link(node, ctx) {
        if (!namedByText(node, ctx)) warnings.push({ ...startOf(node), ...emptyLink(`\`${node.url}\``, `(${node.url})`, node.children) });
      },
      linkReference(node, ctx) {
        if (!namedByText(node, ctx)) warnings.push({ ...startOf(node), ...emptyLink(`\`[${node.label ?? node.identifier}]\``, `[${node.label ?? node.identifier}]`, node.children) });
      },
      after() {
        if (warnings.length > 0) report(warnings, page);
      },
    });

    /** An MDX element: lowercase names are HTML (capitalised and dotted ones are components). */
    function jsxElement(node: Jsx, ctx: MdastVisitorContext): void {
      const name = node.name;
      if (!name || !/^[a-z][a-z0-9-]*$/.test(name)) return;
      const attribute = (wanted: string) => jsxAttribute(node, wanted);
      const problem = tagProblem(name, attribute);
      if (problem && !insideForeign(node, ctx)) warnings.push({ ...startOf(node), ...(problem === 'unknown' ? unknownTag(`<${name}>`) : documentTag(`<${name}>`, name)) });
      else if (name === 'a' && attribute('href') !== undefined && attribute('aria-label') === undefined && attribute('aria-labelledby') === undefined && !hasText(node.children)) {
        warnings.push({ ...startOf(node), ...emptyElementLink(attribute('href')) });
      }
    }
  };
}

function startOf(node: { position?: { start: Point } | undefined }): Point {
  return { line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 };
}

/** Where `index` of a node's text lies in the page, the node starting at `start`. */
function positionIn(text: string, index: number, start: Point): Point {
  const before = text.slice(0, index);
  const newline = before.lastIndexOf('\n');
  return newline === -1 ? { line: start.line, column: start.column + index } : { line: start.line + before.split('\n').length - 1, column: index - newline };
}

/** Whether the raw HTML after `tag` (in the node, or in a later HTML node beside it) closes it. */
function closedLater(node: Html, tag: HtmlTag, ctx: MdastVisitorContext): boolean {
  const end = `</${tag.name.toLowerCase()}`;
  if (node.value.toLowerCase().includes(end, tag.index)) return true;
  return laterHtml(node, ctx).some((sibling) => sibling.value.toLowerCase().includes(end));
}

/** Whether a raw `<a …>` is closed with nothing in between (in the node, or by the HTML node right after it) and has no label. */
function emptyHtmlLink(node: Html, tag: HtmlTag, ctx: MdastVisitorContext): boolean {
  if (attributeOf(tag.attributes, 'href') === undefined || attributeOf(tag.attributes, 'aria-label') !== undefined || attributeOf(tag.attributes, 'aria-labelledby') !== undefined) return false;
  const rest = node.value.slice(node.value.indexOf('>', tag.index) + 1);
  if (rest.trim() !== '') return /^\s*<\/a\s*>/i.test(rest);
  const next = laterHtml(node, ctx)[0];
  const parent = ctx.parent(node);
  const index = ctx.indexOf(node);
  return next !== undefined && index !== undefined && parent?.children[index + 1] === next && /^<\/a\s*>$/i.test(next.value.trim());
}

function laterHtml(node: Html, ctx: MdastVisitorContext): Html[] {
  const parent = ctx.parent(node);
  const index = ctx.indexOf(node);
  if (!parent || index === undefined) return [];
  return (parent.children as MdastNode[]).slice(index + 1).filter((child): child is Html => child.type === 'html');
}

function insideForeign(node: Jsx, ctx: MdastVisitorContext): boolean {
  for (let parent = ctx.parent(node); parent; parent = ctx.parent(parent)) {
    if ((parent.type === 'mdxJsxFlowElement' || parent.type === 'mdxJsxTextElement') && parent.name && isForeignRoot(parent.name)) return true;
  }
  return false;
}

function jsxAttribute(node: Jsx, name: string): string | undefined {
  for (const attribute of node.attributes) {
    if (attribute.type === 'mdxJsxAttribute' && attribute.name === name) return typeof attribute.value === 'string' ? attribute.value : '';
  }
  return undefined;
}

/** Whether a Markdown link's content names it; the text first, in one call (most links have some). */
function namedByText(node: Extract<MdastNode, { type: 'link' | 'linkReference' }>, ctx: MdastVisitorContext): boolean {
  return ctx.textContent(node, { includeImageAlt: true, includeHtml: true }).trim() !== '' || hasText(node.children);
}

/**
 * Whether link content gives the link a name: text, code, an image's alt text. Raw HTML, MDX
 * elements and expressions count as text: what they render is not known here.
 */
function hasText(children: readonly MdastNode[]): boolean {
  return children.some((child) => {
    switch (child.type) {
      case 'text':
      case 'inlineCode':
        return child.value.trim() !== '';
      case 'image':
      case 'imageReference':
        return (child.alt ?? '').trim() !== '';
      case 'html':
      case 'mdxJsxTextElement':
      case 'mdxJsxFlowElement':
      case 'mdxTextExpression':
        return true;
      default:
        return 'children' in child && hasText(child.children as MdastNode[]);
    }
  });
}
