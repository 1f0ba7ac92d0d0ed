import { oneLine } from './text.ts';
import { withBase } from '../model/urls.ts';
import { pageHtmlUrl, type UrlConfig } from './site-urls.ts';
import type { Page } from '../model/types.ts';

/** What one page's Markdown source is made from. */
export interface MarkdownInput {
  config: UrlConfig;
  versionId: string;
  slug: string;
  title: string;
  description: string;
  /** The page file as written (front matter included). */
  source: string;
  /** true for `.mdx` files: imports, exports, expressions and components are handled. */
  mdx: boolean;
  /** When the page last changed (ISO 8601): a `Last updated:` line under the description. */
  updated?: string | undefined;
}

/** The Markdown source of a page of the model, from its file's text. */
export function markdownOfPage(config: UrlConfig, versionId: string, page: Pick<Page, 'slug' | 'title' | 'description' | 'file' | 'updated'>, source: string): string {
  return pageMarkdown({ config, versionId, slug: page.slug, title: page.title, description: page.description, source, mdx: page.file.endsWith('.mdx'), updated: page.updated });
}

/**
 * The clean Markdown served at `/{version}/{slug}.md`: the title as H1, the description as a
 * blockquote, then the body without front matter; MDX imports and exports removed, MDX
 * components left out (their children kept), `{expressions}` replaced by the value of a simple
 * `export const` or left out; every link and image made absolute from `url` + `base`.
 * Code blocks and inline code are never changed.
 */
export function pageMarkdown(input: MarkdownInput): string {
  const pageUrl = pageHtmlUrl(input.config, input.versionId, input.slug);
  let body = stripFrontmatter(input.source);
  const constants = new Map<string, string>();
  if (input.mdx) body = stripEsm(body, constants);
  const blocks = splitFences(body).map((block) => {
    if (block.code) return block.text;
    let text = block.text;
    if (input.mdx) text = cleanMdxText(text, constants);
    return absolutizeLinks(text, pageUrl, input.config);
  });
  const content = blocks.join('').replace(/\n{3,}/g, '\n\n').trim();
  const head = [`# ${oneLine(input.title)}`, ...(input.description ? [`> ${oneLine(input.description)}`] : []), ...(input.updated ? [`Last updated: ${input.updated.slice(0, 10)}`] : [])];
  return `${[...head, ...(content ? [content] : [])].join('\n\n')}\n`;
}


/** Removes a leading `---` YAML front matter block. */
export function stripFrontmatter(source: string): string {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const match = /^---[ \t]*\n[\s\S]*?\n(?:---|\.\.\.)[ \t]*(?:\n|$)/.exec(text);
  return match ? text.slice(match[0].length) : text;
}

interface Block {
  code: boolean;
  text: string;
}

/** Splits Markdown into fenced code blocks (kept verbatim) and the text between them. */
function splitFences(text: string): Block[] {
  const blocks: Block[] = [];
  let start = 0;
  let closing: RegExp | undefined;
  // Line by line, by index: most lines are prose, and one regular expression per line showed in build profiles.
  for (let at = 0; at < text.length; ) {
    const end = text.indexOf('\n', at) + 1 || text.length;
    const line = text.slice(at, end);
    if (closing === undefined) {
      const open = line.includes('``') || line.includes('~~') ? FENCE_OPEN.exec(line) : null;
      if (open) {
        if (at > start) blocks.push({ code: false, text: text.slice(start, at) });
        start = at;
        const fence = open[1]!;
        closing = new RegExp(`^\\s{0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
      }
    } else if (closing.test(line)) {
      blocks.push({ code: true, text: text.slice(start, end) });
      start = end;
      closing = undefined;
    }
    at = end;
  }
  if (start < text.length) blocks.push({ code: closing !== undefined, text: text.slice(start) });
  return blocks;
}

const FENCE_OPEN = /^\s{0,3}(`{3,}|~{3,})/;

/** Removes top-level `import`/`export` statements of an MDX body; records simple constants. */
function stripEsm(body: string, constants: Map<string, string>): string {
  const out: string[] = [];
  let statement: string[] | undefined;
  let depth = 0;
  let fence: string | undefined;
  for (const line of body.split('\n')) {
    if (statement === undefined) {
      const open = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
      if (open) fence = fence === undefined ? open[1] : line.trim().startsWith(fence) ? undefined : fence;
      if (fence !== undefined || !/^(import|export)\s/.test(line)) {
        out.push(line);
        continue;
      }
      statement = [];
      depth = 0;
    }
    statement.push(line);
    depth += countDepth(line);
    if (depth <= 0 && statementEnds(statement)) {
      recordConstant(statement.join('\n'), constants);
      statement = undefined;
    }
  }
  return out.join('\n');
}

/** An import ends with its module specifier; an export once no operator or comma asks for more. */
function statementEnds(lines: readonly string[]): boolean {
  const text = lines.join('\n').trim();
  if (text.startsWith('import')) return /(?:^import|\bfrom)\s*(["'])[^"'\n]+\1\s*;?$/.test(text);
  return !/[=,(\[{+\-*/&|?:.]\s*$/.test(text);
}

function countDepth(line: string): number {
  let depth = 0;
  for (const char of line.replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '')) {
    if (char === '{' || char === '(' || char === '[') depth++;
    else if (char === '}' || char === ')' || char === ']') depth--;
  }
  return depth;
}

function recordConstant(statement: string, constants: Map<string, string>): void {
  const match = /^export\s+const\s+([A-Za-z_$][\w$]*)\s*=\s*(-?\d+(?:\.\d+)?|"[^"\\\n]*"|'[^'\\\n]*')\s*;?\s*$/.exec(statement.trim());
  if (!match) return;
  const value = match[2]!;
  constants.set(match[1]!, /^["']/.test(value) ? value.slice(1, -1) : value);
}

/** MDX comments, expressions and components in text outside code blocks. */
function cleanMdxText(text: string, constants: ReadonlyMap<string, string>): string {
  return mapOutsideInlineCode(text, (part) =>
    removeComponentTags(part.replace(/\{\/\*[\s\S]*?\*\/\}/g, ''))
      .replace(/\{\s*([A-Za-z_$][\w$]*)\s*\}/g, (_, name: string) => constants.get(name) ?? '')
      .replace(/\{[^{}\n]*\}/g, '')
      .replace(/^[ \t]+$/gm, ''),
  );
}

/**
 * Removes every component tag (`<Name …>`, `</Name>`, `<Name … />`, names start with a capital):
 * self-closing components carry no Markdown text; for the others the children stay. Attribute
 * values are skipped as strings or `{…}` expressions nested to any depth, so object props such
 * as `body={{ lot: { weight_kg: 3 } }}` never leak into the text.
 */
export function removeComponentTags(text: string): string {
  let result = '';
  let index = 0;
  for (let start = text.search(COMPONENT_TAG); start !== -1; start = nextTag(text, index)) {
    result += text.slice(index, start);
    const end = endOfTag(text, start);
    if (end === -1) return result + text.slice(start);
    index = end;
  }
  return result + text.slice(index);
}

const COMPONENT_TAG = /<\/?[A-Z][\w.]*(?=[\s/>])/;

function nextTag(text: string, from: number): number {
  const found = text.slice(from).search(COMPONENT_TAG);
  return found === -1 ? -1 : from + found;
}

/** Index just after the `>` closing the tag that starts at `start`, or -1 when it never closes. */
function endOfTag(text: string, start: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let at = start + 1; at < text.length; at++) {
    const char = text[at]!;
    if (quote) {
      if (char === '\\') at++;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'" || (char === '`' && depth > 0)) quote = char;
    else if (char === '{') depth++;
    else if (char === '}') depth--;
    else if (char === '>' && depth === 0) return at + 1;
  }
  return -1;
}

/** Applies `transform` to the text between inline code spans. */
function mapOutsideInlineCode(text: string, transform: (part: string) => string): string {
  if (!text.includes('`')) return transform(text);
  const parts = text.split(/(`+[^`]*?`+)/);
  return parts.map((part, index) => (index % 2 === 1 ? part : transform(part))).join('');
}

/** Makes Markdown links, images, link definitions and HTML href/src absolute. */
function absolutizeLinks(text: string, pageUrl: string, config: UrlConfig): string {
  const fix = (target: string) => absoluteTarget(target, pageUrl, config);
  // Each pattern only where its marker occurs: most text has no link, and these passes showed in build profiles.
  return mapOutsideInlineCode(text, (part) => {
    let result = part;
    if (result.includes('](')) {
      result = result.replace(/(\]\(\s*)(<[^>\n]*>|[^\s)]+)/g, (_, lead: string, target: string) =>
        target.startsWith('<') ? `${lead}<${fix(target.slice(1, -1))}>` : `${lead}${fix(target)}`,
      );
    }
    if (result.includes(']:')) result = result.replace(/^(\s{0,3}\[[^\]\n]+\]:\s*)(\S+)/gm, (_, lead: string, target: string) => `${lead}${fix(target)}`);
    if (result.includes('href=') || result.includes('src=')) {
      result = result.replace(/(\s(?:href|src)=)(["'])([^"'\n]*)\2/g, (_, lead: string, quote: string, target: string) => `${lead}${quote}${fix(target)}${quote}`);
    }
    return result;
  });
}

/**
 * An absolute URL for a link target. Root-relative targets are relative to the site's base
 * (content is written as if served at `/`), unless they already start with the base; relative
 * targets resolve against the page's HTML URL; URLs with a scheme stay as written.
 */
export function absoluteTarget(target: string, pageUrl: string, config: UrlConfig): string {
  if (target === '' || /^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith('//')) return target;
  if (target.startsWith('/')) return `${config.url}${withBase(target, config.base)}`;
  try {
    return new URL(target, pageUrl).href;
  } catch {
    return target;
  }
}
