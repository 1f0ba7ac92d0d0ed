/**
 * Highlighted code with short token classes instead of Shiki's inline styles. The css-variables
 * theme writes `<span style="color:var(--astro-code-token-keyword)">` around every token: two
 * fifths of the rendered Markdown in Astro's content store for a code-heavy site, which every
 * build compiles, holds in memory and writes into each page.
 * This transformer turns that into `<span class="sh-k">` (the colours: DocsShell.astro) and drops
 * the spans of plain text, whose colour the `<pre>` already sets. A span whose style holds any
 * other declaration (an ANSI colour, say) is left as Shiki wrote it.
 */
import type { HastNode } from 'satteri';

type Element = Extract<HastNode, { type: 'element' }>;

/** Shiki's css-variables token names, and the class each becomes ('' for plain text: punctuation takes the block's colour, as in the theme). */
export const TOKEN_CLASSES: Readonly<Record<string, string>> = {
  keyword: 'sh-k',
  string: 'sh-s',
  'string-expression': 'sh-e',
  constant: 'sh-c',
  function: 'sh-f',
  comment: 'sh-m',
  parameter: 'sh-p',
  punctuation: '',
  link: 'sh-l',
  // Diff scopes: the theme names them, the site never gave them a colour (the text's).
  inserted: '',
  deleted: '',
  changed: '',
};

/** The other declarations the theme writes (emphasis, bold and links in Markdown code, say). */
const DECORATIONS: Readonly<Record<string, string>> = { 'font-style:italic': 'sh-i', 'font-weight:bold': 'sh-b', 'text-decoration:underline': 'sh-d' };
const TOKEN_COLOUR = /^color:var\(--astro-code-token-([a-z-]+)\)$/;
const PLAIN_COLOUR = 'color:var(--astro-code-foreground)';

/**
 * The classes a token span's inline style becomes (none: the text takes the block's colour), or
 * undefined when a declaration is not one of the theme's (the span is then left alone). Pure.
 */
export function tokenClasses(style: unknown): string[] | undefined {
  if (typeof style !== 'string') return undefined;
  const classes: string[] = [];
  for (const declaration of style.split(';')) {
    const compact = declaration.replace(/\s+/g, '');
    if (compact === '' || compact === PLAIN_COLOUR) continue;
    const token = TOKEN_COLOUR.exec(compact)?.[1];
    const className = token === undefined ? DECORATIONS[compact] : TOKEN_CLASSES[token];
    if (className === undefined) return undefined;
    if (className !== '') classes.push(className);
  }
  return classes;
}

/** The Shiki transformer, for `markdown.shikiConfig.transformers` and every `<Code>`. */
export const tokenClassTransformer = {
  name: 'caravan-docs-token-classes',
  line(node: Element) {
    node.children = node.children.flatMap((child) => {
      if (child.type !== 'element' || child.tagName !== 'span') return [child];
      const { style, ...rest } = child.properties ?? {};
      const classes = tokenClasses(style);
      if (classes === undefined) return [child];
      // Shiki's own helpers may leave `class` as an array.
      const merged = [...[rest['class']].flat(), ...classes].filter(Boolean).join(' ');
      if (merged === '' && Object.keys(rest).length === 0) return child.children;
      return [{ ...child, properties: merged === '' ? rest : { ...rest, class: merged } }];
    });
  },
};
