import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pageMarkdownFiles } from '../discovery/all-files.ts';
import type { SiteModel } from '../model/types.ts';

/**
 * Writes the Markdown source of every public page (`{version}/{slug}.md`) into the output folder:
 * the same bytes `astro dev` serves from its route (src/dev-routes/page-markdown.ts). As a route,
 * each source went through Astro's render pipeline on every build, cached or not (about 1 ms of
 * CPU a page); written here it costs a file write. Returns how many files were written.
 */
export function writePageMarkdown(outDir: string, publicModel: SiteModel, docsRoot: string): number {
  const files = pageMarkdownFiles(publicModel, (file) => readFileSync(join(docsRoot, file), 'utf8'));
  const folders = new Set<string>();
  for (const [path, text] of files) {
    const target = join(outDir, path);
    const folder = dirname(target);
    if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
    folders.add(folder);
    writeFileSync(target, text);
  }
  return files.size;
}
