import { createSatteriMarkdownProcessor } from '@astrojs/markdown-satteri';
import { describe, expect, it } from 'vitest';
import { codeBlockTransformer } from '../../../src/markdown/code-blocks.ts';
import { docsMarkdown } from '../../../src/markdown/pipeline.ts';
import { TOKEN_CLASSES, tokenClasses, tokenClassTransformer } from '../../../src/markdown/token-classes.ts';

const FILE = new URL('file:///site/content/1.2/guides/page.md');
const render = async (markdown: string) => {
  const processor = await createSatteriMarkdownProcessor({ ...docsMarkdown('/site').options, syntaxHighlight: 'shiki', shikiConfig: { theme: 'css-variables', transformers: [codeBlockTransformer, tokenClassTransformer] } });
  return (await processor.render(markdown, { fileURL: FILE, frontmatter: {} })).code;
};

describe('token classes for highlighted code', () => {
  it('reads the theme\'s inline styles as classes, and leaves a style it does not know', () => {
    expect(tokenClasses('color:var(--astro-code-token-keyword)')).toEqual(['sh-k']);
    expect(tokenClasses('color: var(--astro-code-token-string-expression);')).toEqual(['sh-e']);
    expect(tokenClasses('color:var(--astro-code-token-comment);font-style:italic')).toEqual(['sh-m', 'sh-i']);
    expect(tokenClasses('color:var(--astro-code-foreground)')).toEqual([]);
    expect(tokenClasses('color:var(--astro-code-token-punctuation)')).toEqual([]);
    expect(tokenClasses('color:var(--astro-code-token-inserted)')).toEqual([]);
    expect(tokenClasses('color:var(--astro-code-ansi-red)')).toBeUndefined();
    expect(tokenClasses('color:var(--astro-code-token-unknown)')).toBeUndefined();
    expect(tokenClasses('color:red')).toBeUndefined();
    expect(tokenClasses('color:var(--astro-code-token-keyword);background:url(x)')).toBeUndefined();
    expect(tokenClasses(undefined)).toBeUndefined();
    const classes = Object.values(TOKEN_CLASSES).filter(Boolean);
    expect(new Set(classes).size).toBe(classes.length);
  });

  it('keeps a class another transformer set, a string or a list', () => {
    const line = (properties: Record<string, unknown>) => ({ type: 'element' as const, tagName: 'span', properties: { class: 'line' }, children: [{ type: 'element' as const, tagName: 'span', properties: { style: 'color:var(--astro-code-token-keyword)', ...properties }, children: [{ type: 'text' as const, value: 'const' }] }] });
    for (const [given, expected] of [['mark', 'mark sh-k'], [['mark', 'focus'], 'mark focus sh-k'], [undefined, 'sh-k']] as const) {
      const node = line(given === undefined ? {} : { class: given });
      tokenClassTransformer.line(node as never);
      expect((node.children[0] as { properties: Record<string, unknown> }).properties).toEqual({ class: expected });
    }
  });

  it('in the Astro pipeline, tokens carry classes, plain text no span, and the text and line marks are unchanged', async () => {
    const code = await render('```js {2}\nconst greeting = "hi";\nlog(greeting); // done\n```\n');
    expect(code).not.toContain('--astro-code-token');
    expect(code).not.toMatch(/<span style=/);
    expect(code).toContain('<span class="sh-k">const</span>');
    expect(code).toContain('<span class="sh-e"> "hi"</span>;</span>');
    expect(code).toContain('<span class="sh-m">// done</span>');
    expect(code).toContain('<span class="line highlighted">');
    // Plain text keeps the block's colour without a span of its own.
    expect(code).toContain('<span class="line highlighted"><span class="sh-f">log</span>(greeting); ');
    const text = code.replace(/<[^>]+>/g, '').trimEnd();
    expect(text).toBe('const greeting = "hi";\nlog(greeting); // done');
  });

  it('is smaller: a code-heavy block loses more than 40 % of its markup', async () => {
    const fence = '```json\n' + JSON.stringify({ id: 'lot_1', weight_kg: 120, sealed: true, tags: ['fragile', 'spices'] }, null, 2) + '\n```\n';
    const withClasses = await render(fence);
    const processor = await createSatteriMarkdownProcessor({ ...docsMarkdown('/site').options, syntaxHighlight: 'shiki', shikiConfig: { theme: 'css-variables', transformers: [codeBlockTransformer] } });
    const inline = (await processor.render(fence, { fileURL: FILE, frontmatter: {} })).code;
    expect(withClasses.length).toBeLessThan(inline.length * 0.6);
  });
});
