import { close, createIndex, type PagefindIndex } from 'pagefind';
import { pagesNotIndexed } from './search-disk-pages.ts';

/**
 * The build's Pagefind index. Pages are added while Astro renders them (see search-middleware.ts),
 * so Pagefind's own process indexes on the second core instead of after the build.
 */
export interface SearchIndexer {
  /** Queue one rendered page; `url` is its URL path relative to the site's base, starting with "/". */
  add(url: string, html: string): void;
  /** Waits for every queued page, writes the index into `outDir/pagefind`, returns the page count. */
  finish(outDir: string): Promise<number>;
}

// The middleware runs in Astro's prerender bundle, a different module graph from the integration,
// so the indexer is handed over on globalThis for the duration of one build.
const KEY = Symbol.for('caravan-docs.search-indexer');

export function activeIndexer(): SearchIndexer | undefined {
  return (globalThis as Record<symbol, SearchIndexer | undefined>)[KEY];
}

export async function startSearchIndex(): Promise<SearchIndexer> {
  const { index, errors } = await createIndex({});
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  const pending: Promise<string[]>[] = [];
  const added = new Set<string>();
  const indexer: SearchIndexer = {
    add(url, html) {
      added.add(url);
      pending.push(index.addHTMLFile({ url, content: searchableHtml(html) }).then((response) => response.errors));
    },
    async finish(outDir) {
      try {
        // Pages an incremental build copied from its cache were not rendered, so not added yet.
        for (const page of pagesNotIndexed(outDir, added)) indexer.add(page.url, page.html);
        const errors = (await Promise.all(pending)).flat();
        if (errors.length > 0) throw new Error(`Pagefind could not index a page: ${errors.join('; ')}`);
        return await writeIndex(index, outDir, pending.length);
      } finally {
        delete (globalThis as Record<symbol, unknown>)[KEY];
        await close();
      }
    },
  };
  (globalThis as Record<symbol, SearchIndexer>)[KEY] = indexer;
  return indexer;
}

/**
 * A page as the index should read it: table captions and header rows left out (Pagefind ran them
 * into excerpts as "ParametersNameInTypeRequired…"), and a space closing every cell, so the last
 * word of one cell and the first of the next stay two words. Pure; the page itself is unchanged.
 */
export function searchableHtml(html: string): string {
  return html.replace(/<(thead|caption)(?=[\s>])/g, '<$1 data-pagefind-ignore').replace(/<\/(td|th)>/g, ' </$1>');
}

async function writeIndex(index: PagefindIndex, outDir: string, pages: number): Promise<number> {
  const written = await index.writeFiles({ outputPath: `${outDir}/pagefind` });
  if (written.errors.length > 0) throw new Error(`Pagefind could not write its index: ${written.errors.join('; ')}`);
  return pages;
}
