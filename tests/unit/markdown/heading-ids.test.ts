import { satteriHeadingIdsPlugin } from '@astrojs/markdown-satteri';
import type { MarkdownHeading } from 'astro';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { markdownToHtml } from 'satteri';
import { describe, expect, it } from 'vitest';
import { FRAME_IDS } from '../../../src/layouts/frame-ids.ts';
import { headingIdsPlugin } from '../../../src/markdown/heading-ids.ts';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '../../../src');

/** A page through the engine's heading ids and then Astro's own step, as the build runs them: its HTML and Astro's heading list (the table of contents). */
async function render(markdown: string, plugins = [headingIdsPlugin, satteriHeadingIdsPlugin()]): Promise<{ html: string; headings: MarkdownHeading[] }> {
  const astro = { frontmatter: {}, headings: [] as MarkdownHeading[], localImagePaths: new Set<string>(), remoteImagePaths: new Set<string>() };
  const { html } = await markdownToHtml(markdown, { hastPlugins: plugins, data: { astro } });
  return { html, headings: astro.headings };
}

const ids = (html: string) => [...html.matchAll(/ id="([^"]*)"/g)].map((match) => match[1]);

describe('heading ids of docs pages', () => {
  it('a heading never takes an id of the page frame: it is numbered as a repeat is', async () => {
    const { html, headings } = await render('## content/\n\n## Sidebar\n\n### Content\n\n## Search input\n');
    expect(ids(html)).toEqual(['content-1', 'sidebar-1', 'content-2', 'search-input-1']);
    // The table of contents links the same ids.
    expect(headings.map((heading) => heading.slug)).toEqual(['content-1', 'sidebar-1', 'content-2', 'search-input-1']);
  });

  it('every other heading keeps the id Astro gives it, repeats numbered alike', async () => {
    const markdown = '# Setup\n\n## Setup\n\n## What `npm run build` writes\n\n## Setup 1\n\n### Ünïcode & more!\n\n## Setup\n';
    const { html } = await render(markdown);
    expect(ids(html)).toEqual(ids((await render(markdown, [satteriHeadingIdsPlugin()])).html));
    expect(ids(html)).toEqual(['setup', 'setup-1', 'what-npm-run-build-writes', 'setup-1-1', 'ünïcode--more', 'setup-2']);
  });

  it('a heading written with an id keeps it', async () => {
    expect(ids((await render('<h2 id="content-start">Start</h2>\n\n## Next\n')).html)).toEqual(['content-start', 'next']);
  });

  it('FRAME_IDS lists every fixed id of the frame around a page (DocsShell.astro and what it renders)', () => {
    const found = new Set<string>();
    const seen = new Set<string>();
    const walk = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      for (const [, id] of text.matchAll(/\bid="([^"{}]+)"/g)) found.add(id!);
      for (const [, path] of text.matchAll(/^import \w+ from '(\.{1,2}\/[^']+\.astro)';$/gm)) walk(resolve(dirname(file), path!));
    };
    walk(join(SRC, 'layouts/DocsShell.astro'));
    expect(seen.size).toBeGreaterThan(5);
    expect([...found].filter((id) => !(FRAME_IDS as readonly string[]).includes(id))).toEqual([]);
  });
});
