import { markdownToMdast, mdxToMdast, type MdastNode } from 'satteri';

/** A link or image target as the writer wrote it, with where it stands in the page file. */
export interface WrittenLink {
  url: string;
  line: number;
  column: number;
  kind: 'link' | 'image';
  /** The link's text, where the syntax gives it one (Markdown links). */
  text?: string;
}

interface TreeNode {
  type: string;
  url?: string;
  value?: string;
  name?: string | null;
  attributes?: Array<{ type: string; name?: string; value?: unknown }>;
  position?: { start: { line: number; column: number } };
  children?: TreeNode[];
}

// Cheap test first: most pages of a large site hold no link or image at all.
const MAY_LINK = /\]\(|\]:|<a\s|<img\s|href=|src=/i;

/**
 * Every link and image target of a Markdown or MDX page, from its syntax tree (parsed by the
 * same processor Astro renders with): Markdown links, images and reference definitions, and
 * `href`/`src` attributes in raw HTML and in MDX components.
 */
export function collectLinks(text: string, mdx: boolean): WrittenLink[] {
  if (!MAY_LINK.test(text)) return [];
  const tree = (mdx ? mdxToMdast(text) : markdownToMdast(text)) as MdastNode as unknown as TreeNode;
  const links: WrittenLink[] = [];
  const visit = (node: TreeNode) => {
    const { line, column } = node.position?.start ?? { line: 1, column: 1 };
    const start = { line, column };
    if (node.type === 'link' && node.url !== undefined) links.push({ url: node.url, ...start, kind: 'link', text: textOf(node) });
    else if (node.type === 'definition' && node.url !== undefined) links.push({ url: node.url, ...start, kind: 'link' });
    else if (node.type === 'image' && node.url !== undefined) links.push({ url: node.url, ...start, kind: 'image' });
    else if (node.type === 'html' && node.value) links.push(...htmlLinks(node.value, start));
    else if (node.type.startsWith('mdxJsx')) links.push(...jsxLinks(node, start));
    for (const child of node.children ?? []) visit(child);
  };
  visit(tree);
  return links;
}

function textOf(node: TreeNode): string {
  return node.value ?? (node.children ?? []).map(textOf).join('');
}

const HTML_ATTRIBUTE = /<(a|img|source)\b[^>]*?\s(href|src)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;

function htmlLinks(html: string, start: { line: number; column: number }): WrittenLink[] {
  return [...html.matchAll(HTML_ATTRIBUTE)].map((match) => ({
    url: match[3] ?? match[4] ?? '',
    ...offsetPosition(html, match.index, start),
    kind: match[1]!.toLowerCase() === 'a' ? 'link' : 'image',
  }));
}

function jsxLinks(node: TreeNode, start: { line: number; column: number }): WrittenLink[] {
  return (node.attributes ?? [])
    .filter((attribute) => attribute.type === 'mdxJsxAttribute' && (attribute.name === 'href' || attribute.name === 'src') && typeof attribute.value === 'string')
    .map((attribute) => ({ url: attribute.value as string, ...start, kind: attribute.name === 'src' ? 'image' : 'link' }));
}

function offsetPosition(text: string, index: number, start: { line: number; column: number }): { line: number; column: number } {
  const before = text.slice(0, index);
  const newlines = before.split('\n').length - 1;
  return newlines === 0 ? { line: start.line, column: start.column + index } : { line: start.line + newlines, column: index - before.lastIndexOf('\n') };
}
