import { createSatteriMarkdownProcessor } from '@astrojs/markdown-satteri';
import { defineHastPlugin, markdownToHtml, mdxToJs } from 'satteri';
import { describe, expect, it } from 'vitest';
import { DocsInputError } from '../../../src/config/errors.ts';
import { codeBlockTransformer, parseCodeMeta } from '../../../src/markdown/code-blocks.ts';
import { componentsPlugin } from '../../../src/markdown/components.ts';
import { directivesPlugin } from '../../../src/markdown/directives.ts';
import { docsMarkdown } from '../../../src/markdown/pipeline.ts';
import { descriptionHtml } from '../../../src/reference/description-markdown.ts';

const ROOT = '/site';
const FILE = new URL('file:///site/content/1.2/guides/page.md');
const options = { features: { directive: true }, mdastPlugins: [directivesPlugin({ root: ROOT })], hastPlugins: [componentsPlugin] };
const html = (markdown: string) => markdownToHtml(markdown, { ...options, fileURL: FILE }).html;

function failure(markdown: string): DocsInputError {
  try {
    html(markdown);
  } catch (error) {
    if (error instanceof DocsInputError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('callouts', () => {
  it('renders :::note with the default title and :::danger as a caution', () => {
    expect(html(':::note\nMind the **dunes**.\n:::\n')).toBe('<aside class="callout callout-note" role="note">\n<p class="callout-title">Note</p><p>Mind the <strong>dunes</strong>.</p></aside>\n');
    expect(html(':::danger\nNo way back.\n:::\n')).toContain('<aside class="callout callout-caution" role="note">\n<p class="callout-title">Caution</p>');
  });

  it('renders a [title] with inline Markdown, keeping the kind for screen readers', () => {
    expect(html(':::warning[Before *you* start]\nBody.\n:::\n')).toContain('<p class="callout-title"><span class="visually-hidden">Warning: </span>Before <em>you</em> start</p><p>Body.</p>');
  });

  it('renders GitHub alerts, also inside other components, and leaves other quotes alone', () => {
    expect(html('> [!TIP]\n> Pack water.\n')).toContain('<aside class="callout callout-tip" role="note">\n<p class="callout-title">Tip</p>\n<p>Pack water.</p>\n</aside>');
    expect(html(':::steps\n1. One\n\n   > [!CAUTION]\n   > Hot sand.\n:::\n')).toContain('<aside class="callout callout-caution" role="note">');
    expect(html('> Just a quote.\n')).toBe('<blockquote>\n<p>Just a quote.</p>\n</blockquote>\n');
  });

  it('gives a page and an OpenAPI description the same markup for the same alert (one definition)', () => {
    const alert = '> [!IMPORTANT]\n> Tokens expire.\n';
    expect(html(alert)).toBe(descriptionHtml(alert));
  });
});

describe('tabs', () => {
  const tabs = '::::tabs{sync=lang}\n:::tab[curl]\n```sh\ncurl x\n```\n:::\n:::tab[*Python*]\nprint()\n:::\n::::\n';

  it('renders a tablist (first tab selected) and one panel per tab, linked by ids numbered per page, with the sync key', () => {
    const out = html(`${tabs}\n${tabs}`);
    expect(out).toContain(
      '<div class="tabs" data-sync="lang"><div class="tablist" role="tablist"><button type="button" role="tab" id="tabs-1-tab-1" aria-controls="tabs-1-panel-1" aria-selected="true" tabindex="0">curl</button><button type="button" role="tab" id="tabs-1-tab-2" aria-controls="tabs-1-panel-2" aria-selected="false" tabindex="-1"><em>Python</em></button></div>',
    );
    expect(out).toContain('<div class="tab-panel" role="tabpanel" id="tabs-1-panel-1" aria-labelledby="tabs-1-tab-1"><p class="tab-label">curl</p><pre><code class="language-sh">curl x\n</code></pre></div>');
    expect(out).toContain('<div class="tab-panel" role="tabpanel" id="tabs-1-panel-2" aria-labelledby="tabs-1-tab-2"><p class="tab-label"><em>Python</em></p><p>print()</p></div>');
    expect(out).toContain('id="tabs-2-tab-1" aria-controls="tabs-2-panel-1"');
  });

  it('tells the page it has tabs (for the script), and only then', () => {
    expect(used(tabs)).toEqual({ tabs: true });
    expect(used(`:::note\n${tabs.replaceAll('::::', ':::::').replaceAll(':::tab', '::::tab').replace(/^:::$/gm, '::::')}:::\n`)).toEqual({ callout: true, 'callout-note': true, tabs: true });
    expect(used(':::note\nx\n:::\n')?.tabs).toBeUndefined();
  });
});

/** What a page tells Astro it holds (`remarkPluginFrontmatter`): the tabs script and its component styles follow it. */
function used(source: string, compile: 'markdown' | 'mdx' = 'markdown'): Record<string, boolean> | undefined {
  const astro = { frontmatter: {} as Record<string, unknown>, headings: [], localImagePaths: new Set<string>(), remoteImagePaths: new Set<string>() };
  if (compile === 'mdx') mdxToJs(source, { ...options, data: { astro } });
  else markdownToHtml(source, { ...options, data: { astro } });
  return astro.frontmatter['caravanDocsComponents'] as Record<string, boolean> | undefined;
}

describe('what a page holds, for its styles', () => {
  it('names each component a Markdown page holds, nested ones too, and nothing on a plain page', () => {
    expect(used('# Plain\n\n> A quote.\n\n```js\nx\n```\n')).toBeUndefined();
    expect(used('> [!TIP]\n> Pack water.\n')).toEqual({ callout: true, 'callout-tip': true });
    // Each kind of callout the page holds, for its colours; no other kind.
    expect(used(':::warning\nHot.\n:::\n\n:::steps\n1. One\n\n   :::danger\n   Very hot.\n   :::\n:::\n')).toEqual({ callout: true, 'callout-warning': true, 'callout-caution': true, steps: true });
    expect(used(':::steps\n1. One\n\n   :::file-tree\n   - src/\n   :::\n:::\n')).toEqual({ steps: true, fileTree: true });
    expect(used(':::cards\n- [One](/one/): first\n:::\n')).toEqual({ cards: true });
  });

  it('names the components an MDX page uses, the API console included', () => {
    expect(used('<TryIt operation="getPet" />\n\n<Aside type="tip">x</Aside>\n', 'mdx')).toEqual({ console: true, callout: true, 'callout-tip': true });
    expect(used('<Aside>x</Aside>\n\n<Aside type="danger">y</Aside>\n', 'mdx')).toEqual({ callout: true, 'callout-note': true, 'callout-caution': true });
    // A type the page computes: every kind.
    expect(used('<Aside type={kind}>x</Aside>\n', 'mdx')).toEqual({ callout: true, 'callout-note': true, 'callout-tip': true, 'callout-important': true, 'callout-warning': true, 'callout-caution': true });
    expect(used('<Tabs>\n<TabItem label="A">a</TabItem>\n</Tabs>\n\n<Steps>\n1. One\n</Steps>\n\n<CardGrid><LinkCard title="A" href="/a/" /></CardGrid>\n', 'mdx')).toEqual({ tabs: true, steps: true, cards: true });
    expect(used('# Plain MDX\n', 'mdx')).toBeUndefined();
  });
});

describe('steps, file trees and cards', () => {
  it('renders :::steps as a numbered list, keeping its start', () => {
    expect(html(':::steps\n1. Load\n2. Seal\n:::\n')).toBe('<ol class="steps">\n<li>Load</li>\n<li>Seal</li>\n</ol>\n');
    expect(html(':::steps\n3. Weigh\n4. Seal\n:::\n')).toContain('<ol class="steps" start="3" style="counter-reset: step 2">');
  });

  it('renders a file tree: folders (a nested list or a trailing /), files, notes', () => {
    const out = html(':::file-tree\n- src/\n  - index.ts the **entry**\n- public/\n- README.md\n:::\n');
    expect(out).toBe(
      '<div class="file-tree"><ul><li class="file-tree-folder"><span class="file-tree-name">src/</span><ul><li class="file-tree-file"><span class="file-tree-name">index.ts</span> <span class="file-tree-note">the <strong>entry</strong></span></li></ul></li><li class="file-tree-folder"><span class="file-tree-name">public/</span></li><li class="file-tree-file"><span class="file-tree-name">README.md</span></li></ul></div>\n',
    );
  });

  it('renders link cards from a list of links with descriptions', () => {
    expect(html(':::cards\n- [Dispatch](/1.2/guides/dispatch/): Send it off.\n- [Errors](/1.2/api-basics/errors/)\n:::\n')).toBe(
      '<ul class="link-cards"><li class="link-card"><p class="link-card-title"><a href="/1.2/guides/dispatch/">Dispatch</a></p><p>Send it off.</p></li><li class="link-card"><p class="link-card-title"><a href="/1.2/api-basics/errors/">Errors</a></p></li></ul>\n',
    );
  });

  it('keeps a code block meta (title, highlights) for the plugins after it', () => {
    const metas: unknown[] = [];
    const readMeta = defineHastPlugin({ name: 'read-meta', element: { filter: ['code'], visit: (node) => void metas.push((node.data as { meta?: string } | undefined)?.meta) } });
    markdownToHtml('::::tabs\n:::tab[JS]\n```js title="a.js" {2}\nx\n```\n:::\n::::\n', { ...options, hastPlugins: [componentsPlugin, readMeta] });
    expect(metas).toEqual(['title="a.js" {2}']);
  });

  it('works in MDX pages too', () => {
    const { code } = mdxToJs(':::tip\nMDX *too*.\n:::\n', options);
    expect(code).toContain('"callout callout-tip"');
  });
});

describe('code blocks: titles, highlighted lines, diffs', () => {
  it('reads the fence meta', () => {
    expect(parseCodeMeta('title="list.mjs" {2,4-5} ins={7} del={6}')).toEqual({ title: 'list.mjs', highlight: new Set([2, 4, 5]), ins: new Set([7]), del: new Set([6]) });
    expect(parseCodeMeta("title='a b.py'")).toMatchObject({ title: 'a b.py', highlight: new Set() });
    expect(parseCodeMeta(undefined)).toEqual({ highlight: new Set(), ins: new Set(), del: new Set() });
    expect(parseCodeMeta('{5-2} {x}').highlight).toEqual(new Set());
  });

  it('in the Astro pipeline, a titled block is a figure and its lines carry the marks', async () => {
    const processor = await createSatteriMarkdownProcessor({ ...docsMarkdown(ROOT).options, syntaxHighlight: 'shiki', shikiConfig: { theme: 'css-variables', transformers: [codeBlockTransformer] } });
    const { code } = await processor.render('```js title="list.mjs" {2} ins={3} del={1}\nold();\nconst a = 1;\nnew();\n```\n', { fileURL: FILE, frontmatter: {} });
    expect(code).toMatch(/^<figure class="code-figure"><figcaption>list\.mjs<\/figcaption><pre class="astro-code css-variables"/);
    expect(code).not.toContain('data-title');
    expect(code).toContain('<span class="line diff remove">');
    expect(code).toContain('<span class="line highlighted">');
    expect(code).toContain('<span class="line diff add">');
  });

  it('in the Astro pipeline, tells the page it has titled code blocks or marked lines (for their styles), and only then', async () => {
    const processor = await createSatteriMarkdownProcessor({ ...docsMarkdown(ROOT).options, syntaxHighlight: 'shiki', shikiConfig: { theme: 'css-variables', transformers: [codeBlockTransformer] } });
    const usedBy = async (markdown: string) => {
      const { metadata } = await processor.render(markdown, { fileURL: FILE, frontmatter: {} });
      return (metadata.frontmatter as Record<string, unknown>)['caravanDocsComponents'];
    };
    expect(await usedBy('```js {2}\na();\nb();\n```\n')).toEqual({ codeMarks: true });
    expect(await usedBy('```js del={1}\na();\n```\n')).toEqual({ codeMarks: true });
    expect(await usedBy('```js title="a.js"\na();\n```\n')).toEqual({ codeTitle: true });
    expect(await usedBy('```js title="a.js" {1}\na();\n```\n')).toEqual({ codeTitle: true, codeMarks: true });
    expect(await usedBy('::::tabs\n:::tab[JS]\n```js title="a.js"\na();\n```\n:::\n::::\n')).toEqual({ tabs: true, codeTitle: true });
    expect(await usedBy('::::tabs\n:::tab[JS]\n```js {1}\na();\n```\n:::\n::::\n')).toEqual({ tabs: true, codeMarks: true });
    expect(await usedBy('```js\na();\n```\n')).toBeUndefined();
  });
});

describe('mistakes stop the build with the file, the line and the fix', () => {
  it.each([
    [':::notee\nx\n:::\n', 3, 'unknown directive `:::notee`.', 'did you mean `:::note`?'],
    [':::tabz\nx\n:::\n', 3, 'unknown directive `:::tabz`.', 'did you mean `:::tabs`?'],
    [':::filetree\n- a\n:::\n', 3, 'unknown directive `:::filetree`.', 'did you mean `:::file-tree`?'],
    [':::tab[curl]\nx\n:::\n', 3, '`:::tab` outside `::::tabs`.', 'put the tabs in a `::::tabs` block'],
    ['::::tabs\nstray text\n::::\n', 4, '`::::tabs` may hold only `:::tab[Label]` blocks.', 'put every part inside a `:::tab[Label]`'],
    ['::::tabs\n:::tab\nx\n:::\n::::\n', 4, '`:::tab` without a label.', '`:::tab[curl]`'],
    [':::steps\n- not numbered\n:::\n', 3, '`:::steps` must hold one numbered list.', 'write the steps as `1. …`'],
    [':::file-tree\n1. numbered\n:::\n', 3, '`:::file-tree` must hold one bulleted list.', 'one `- name` item per file'],
    [':::cards\n- no link here\n:::\n', 4, 'a card must start with a link.', 'start the item with `[Title](link)`'],
    [':::note{type=x}\nx\n:::\n', 3, '`:::note` has no attribute `type`.', 'remove `{type…}`.'],
    ['::::tabs{key=lang}\n:::tab[a]\nx\n:::\n::::\n', 3, '`:::tabs` has no attribute `key`.', 'use `sync`'],
    [':::steps[Title]\n1. a\n:::\n', 3, '`:::steps` takes no [label].', 'remove `[Title]`.'],
  ])('%j', (markdown, line, problem, hint) => {
    const error = failure(`# Page\n\n${markdown}`);
    expect(error.message).toBe(`content/1.2/guides/page.md:${line}: ${problem}`);
    expect(error.hint).toContain(hint);
  });

  it('in the Astro pipeline, an AstroError with the location and no stack trace', async () => {
    const processor = await createSatteriMarkdownProcessor(docsMarkdown(ROOT).options);
    const error = await processor.render('Intro.\n\n:::notee\nx\n:::\n', { fileURL: FILE, frontmatter: {} }).then(
      () => undefined,
      (caught: unknown) => caught as Error & { hint?: string; loc?: { file: string; line: number } },
    );
    expect(error?.name).toBe('AstroUserError');
    expect(error?.message).toBe('content/1.2/guides/page.md:3: unknown directive `:::notee`.');
    expect(error?.hint).toMatch(/^did you mean `:::note`\?/);
    expect(error?.loc).toEqual({ file: '/site/content/1.2/guides/page.md', line: 3, column: 1 });
    expect(error?.stack).toBe('');
  });
});
