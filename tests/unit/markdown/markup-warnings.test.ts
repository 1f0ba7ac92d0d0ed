import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Loader, LoaderContext } from 'astro/loaders';
import { locateInFile, printingStoredWarnings, type PageWarning } from '../../../src/markdown/markup-report.ts';
import { withoutFrontMatter } from '../../../src/markdown/page-mistake.ts';
import { docsMarkdown } from '../../../src/markdown/pipeline.ts';

// Pages go through the docs pipeline as Astro runs it: a `.md` page's body without its front matter
// and trimmed (the content loader's), an `.mdx` page's whole text with the front matter blanked (@astrojs/mdx's).
const root = mkdtempSync(join(tmpdir(), 'caravan-markup-warnings-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string): string {
  const path = join(root, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
}

/** The warnings a `.md` page prints, and what its rendering stores with the page. */
async function renderMd(file: string, text: string): Promise<{ printed: string[]; stored: unknown; html: string }> {
  const path = write(file, text);
  const printed: string[] = [];
  const renderer = await docsMarkdown(root, [], (message) => printed.push(message)).createRenderer({ syntaxHighlight: false });
  const result = await renderer.render(withoutFrontMatter(text).trim(), { fileURL: pathToFileURL(path), frontmatter: {} });
  return { printed, stored: (result.metadata as Record<string, unknown>)['markupWarnings'], html: result.code };
}

/** The warnings an `.mdx` page prints. */
async function renderMdx(file: string, text: string): Promise<string[]> {
  const path = write(file, text);
  const printed: string[] = [];
  const renderer = await docsMarkdown(root, [], (message) => printed.push(message)).createMdxRenderer!({ syntaxHighlight: false }, { optimize: false });
  await renderer.process(withoutFrontMatter(text), path, {});
  return printed;
}

const page = (body: string) => `---\ntitle: Tools\n---\n\n${body}`;

describe('raw HTML a page body cannot show (Markdown)', () => {
  it('a placeholder <title> warns with the file, the line counted from the top of the file, the tag and the fix', async () => {
    const { printed } = await renderMd('content/1.0/tools.md', page('Intro.\n\nUse <title> here.\n'));
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain(`${root}/content/1.0/tools.md:7:5: \`<title>\``);
    expect(printed[0]).toContain('everything after it');
    expect(printed[0]).toContain('Fix: write it as code, `` `<title>` ``, or escape its bracket, `\\<title>`');
  });

  it('tags that are no element of HTML warn, each on its own line; an end tag of one already named does not', async () => {
    const { printed } = await renderMd('content/1.0/compare.md', page('Compare with <previous>.\n\nThe <Language> of the page: <language>.\n\nA <frobnicate>word</frobnicate>.\n'));
    expect(printed.map((line) => line.split(' ')[0])).toEqual([
      `${root}/content/1.0/compare.md:5:14:`,
      `${root}/content/1.0/compare.md:7:5:`,
      `${root}/content/1.0/compare.md:7:29:`,
      `${root}/content/1.0/compare.md:9:3:`,
    ]);
    expect(printed[0]).toContain('`<previous>` is read as an HTML tag, and HTML has no such element');
    expect(printed[0]).toContain('a custom element, whose name has a hyphen');
    expect(printed[1]).toContain('`<Language>`');
  });

  it('tags of elements a page holds, custom elements, SVG and MathML inside <svg> and <math>, and comments do not warn', async () => {
    const body = [
      '<details>\n<summary>More</summary>\n\nPress <kbd>Ctrl</kbd>+<kbd>K</kbd>.<br>\nA <my-widget>custom</my-widget> one, <abbr title="x">X</abbr>, <sup>2</sup>.\n\n</details>',
      '<svg viewBox="0 0 10 10"><title>Chart</title><path d="M0 0"/><circle r="1"/><foreignObject><div>x</div></foreignObject></svg>',
      '<svg viewBox="0 0 10 10">\n<linearGradient id="g"><stop offset="0"/></linearGradient>\n</svg>',
      'Inline <math><mi>x</mi><mo>=</mo><mn>1</mn></math> maths.',
      '<!-- a <comment> naming <previous> -->',
      '<span itemscope><meta itemprop="version" content="1.2"></span> and <link rel="stylesheet" href="/extra.css">',
      '<script>if (a<b && c>d) run();</script>',
      '<table><thead><tr><th>A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>',
      'Only this one: <path>.',
    ].join('\n\n');
    const { printed } = await renderMd('content/1.0/fine.md', page(`${body}\n`));
    // `<path>` outside an <svg> is a placeholder again.
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain(':29:16: `<path>`');
  });

  it('code spans, fenced and indented code, and escaped brackets never warn', async () => {
    const body = 'Use `<title>` and `<previous>`.\n\n```html\n<title>Page</title>\n<previous>\n```\n\n    <language>\n\nEscaped \\<previous> and &lt;title>, but not <this>.\n';
    const { printed } = await renderMd('content/1.0/code.md', page(body));
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain(':14:45: `<this>`');
  });

  it('<link> and <meta> in a page body warn unless they are of the kinds a body may hold', async () => {
    const { printed } = await renderMd('content/1.0/head.md', page('Paste the <link> here.\n\n<meta name="robots" content="noindex">\n\n<head> and <body>.\n'));
    expect(printed).toHaveLength(4);
    expect(printed[0]).toContain('`<link>` is read as an HTML tag: a <link> element, which belongs in the head of a document');
    expect(printed[1]).toContain(':7:1: `<meta>`');
    expect(printed[2]).toContain('`<head>`');
    expect(printed[3]).toContain('`<body>`');
  });

  it('an element that takes in the text after it (<script>, <template>, <textarea>, …) warns when nothing closes it', async () => {
    const { printed } = await renderMd('content/1.0/open.md', page('Add a <script> tag.\n\nReplace <template> with yours.\n\nClosed: <textarea>x</textarea>.\n'));
    expect(printed).toHaveLength(2);
    expect(printed[0]).toContain(':5:7: `<script>` opens an element that nothing closes');
    expect(printed[0]).toContain('close it, `</script>`, if it is meant as HTML');
    expect(printed[1]).toContain(':7:9: `<template>`');
  });

  it('finds mistakes inside directives, in pages of every locale, and stores them with the rendered page', async () => {
    const { printed, stored } = await renderMd('content/de/1.0/guide.md', page(':::note\nSiehe <previous>.\n:::\n'));
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain(`${root}/content/de/1.0/guide.md:6:7: \`<previous>\``);
    expect(stored).toEqual([expect.objectContaining({ file: 'content/de/1.0/guide.md', line: 6, column: 7 })]);
    expect((await renderMd('content/1.0/clean.md', page('Nothing wrong.\n'))).stored).toBeUndefined();
  });
});

describe('links without text (Markdown)', () => {
  it('warns for a link with no text, only spaces, or an image without alt text, naming the URL', async () => {
    const body = 'See [](/latest/introduction/), [ ](/x/) and [![](/logo.png)](/y/).\n\nBy reference: [][intro].\n\nRaw: <a href="/z/"></a>\n\n[intro]: /latest/introduction/\n';
    const { printed } = await renderMd('content/1.0/links.md', page(body));
    expect(printed).toHaveLength(5);
    expect(printed[0]).toContain(`${root}/content/1.0/links.md:5:5: the link to \`/latest/introduction/\` has no text`);
    expect(printed[0]).toContain('Fix: write its text between the brackets, `[What the link leads to](/latest/introduction/)`');
    expect(printed[1]).toContain(':5:32: the link to `/x/`');
    expect(printed[2]).toContain(':5:45: the link to `/y/`');
    expect(printed[2]).toContain('alt text');
    expect(printed[3]).toContain(':7:15: the link to `[intro]`');
    expect(printed[4]).toContain(':9:6: the link to `/z/`');
  });

  it('links with text, alt text, code, raw HTML or an autolink do not warn', async () => {
    const body = '[Intro](/a/), [![Caravan logo](/l.png)](/b/), [`run`](/c/), [**bold**](/d/), [<img src="/e.png" alt="E">](/e/), <https://example.com>, <a href="/f/">F</a>.\n\nBut [![ ](/i.png)](/g/).\n';
    const { printed } = await renderMd('content/1.0/good-links.md', page(body));
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain(':7:5: the link to `/g/`');
  });
});

describe('MDX pages', () => {
  it('lowercase JSX tags that are no element a page body holds warn with file lines; components and elements do not', async () => {
    const body = 'Compare with <previous />. Use <title>x</title> here.\n\n<Previous /> <Tabs.Item /> <details><summary>More</summary>Body</details> <my-el>x</my-el>\n\n<svg><title>Chart</title><path d="M0" /></svg> `<title>` <kbd>K</kbd>\n';
    const printed = await renderMdx('content/1.0/walkthrough.mdx', page(body));
    expect(printed).toHaveLength(2);
    expect(printed[0]).toContain(`${root}/content/1.0/walkthrough.mdx:5:14: \`<previous>\``);
    expect(printed[0]).toContain('`\\<previous>`');
    expect(printed[1]).toContain(':5:32: `<title>`');
  });

  it('links without text warn: Markdown ones and an <a> with neither children nor a label', async () => {
    const printed = await renderMdx('content/1.0/mdx-links.mdx', page('[](/x/) <a href="/y/" /> <a href="/z/" aria-label="Zed" /> <a href="/w/">W</a> [Fine](/v/)\n'));
    expect(printed).toHaveLength(2);
    expect(printed[0]).toContain(':5:1: the link to `/x/`');
    expect(printed[1]).toContain(':5:9: the link to `/y/`');
  });
});

describe('warnings of pages Astro did not render again', () => {
  const warning = (file: string): PageWarning => ({ file, line: 7, column: 5, problem: '`<previous>` is read as an HTML tag.', hint: 'write it as code.' });
  type Entry = { id: string; digest: string; rendered?: { html: string; metadata: Record<string, unknown> } };

  /** What the wrapped loader prints when a store holding `cached` loads, the inner loader replacing or adding `rendered`. */
  async function load(cached: Entry[], rendered: Entry[]): Promise<string[]> {
    const entries = new Map(cached.map((entry) => [entry.id, entry]));
    const printed: string[] = [];
    const logger = { warn: (message: string) => printed.push(message), fork: () => logger };
    const store = { entries: () => [...entries], values: () => [...entries.values()] };
    const inner: Loader = { name: 'glob-loader', load: async () => void rendered.forEach((entry) => entries.set(entry.id, entry)) };
    await printingStoredWarnings(inner, root).load({ store, logger } as unknown as LoaderContext);
    return printed;
  }

  it('prints the stored warnings of a page whose text is unchanged, with the file, line and fix; not those of a page rendered now', async () => {
    const stored = (id: string, digest: string): Entry => ({ id, digest, rendered: { html: '', metadata: { markupWarnings: [warning(`content/1.0/${id}.md`)] } } });
    const printed = await load([stored('kept', 'a'), stored('edited', 'b')], [stored('edited', 'c'), stored('new', 'd')]);
    expect(printed).toEqual([`${root}/content/1.0/kept.md:7:5: \`<previous>\` is read as an HTML tag.\n  Fix: write it as code.`]);
  });

  it('prints nothing for pages without warnings', async () => {
    expect(await load([{ id: 'plain', digest: 'a', rendered: { html: '<p>x</p>', metadata: {} } }, { id: 'data', digest: 'b' }], [])).toEqual([]);
  });
});

describe('lines of a .md body as lines of its file', () => {
  const at = { line: 1, column: 3, problem: 'p', hint: 'h' };

  it('counts the front matter and the blank lines Astro trimmed, and the indent of the first line', () => {
    const file = '---\ntitle: T\n---\n\n\n  Text <x>\nmore\n\n';
    expect(locateInFile([at, { ...at, line: 2 }], withoutFrontMatter(file).trim(), file)).toEqual([
      { ...at, line: 6, column: 5 },
      { ...at, line: 7, column: 3 },
    ]);
  });

  it('keeps the lines of a page without front matter, of a byte order mark, and of an MDX text (the whole file)', () => {
    expect(locateInFile([at], 'Text <x>', 'Text <x>\n')).toEqual([at]);
    expect(locateInFile([at], 'Text <x>', '\uFEFFText <x>')).toEqual([at]);
    const mdx = '---\ntitle: T\n---\nText <x />\n';
    expect(locateInFile([{ ...at, line: 4 }], withoutFrontMatter(mdx), mdx)).toEqual([{ ...at, line: 4 }]);
  });
});
