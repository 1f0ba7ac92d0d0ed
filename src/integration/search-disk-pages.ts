import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** A built page for the search index: its URL path relative to the base ("/1.2/guides/x/") and its HTML. */
export interface DiskPage {
  url: string;
  html: string;
}

/**
 * Searchable pages in the output folder that were not rendered in this build: an incremental
 * build copies unchanged pages from its cache without running the middleware that indexes them.
 * Sorted by URL, so the index is written in the same order whichever pages were copied.
 */
export function pagesNotIndexed(outDir: string, indexed: ReadonlySet<string>): DiskPage[] {
  const pages: DiskPage[] = [];
  for (const file of htmlFiles(outDir)) {
    const url = pageUrlOf(file);
    if (indexed.has(url)) continue;
    const html = readFileSync(join(outDir, file), 'utf8');
    // Only documentation pages mark a search body, as in search-middleware.ts.
    if (html.includes('data-pagefind-body')) pages.push({ url, html });
  }
  return pages.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}

/** `1.2/guides/x/index.html` -> `/1.2/guides/x/`; `a/b.html` -> `/a/b.html`. */
function pageUrlOf(file: string): string {
  const path = file.split(sep).join('/');
  return `/${path.endsWith('index.html') ? path.slice(0, -'index.html'.length) : path}`;
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}
