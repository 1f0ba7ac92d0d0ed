import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { close, createIndex } from 'pagefind';

/**
 * What the index leaves out of a page: table captions and header rows (Pagefind ran them into
 * excerpts as "ParametersNameInTypeRequired…"). Pagefind itself ends each table cell as a word.
 */
const SEARCH_EXCLUDED_SELECTORS = ['caption', 'thead'];

/**
 * Indexes the built pages under `outDir` and writes the index into `outDir/pagefind`; returns the
 * page count. Runs after rendering, and Pagefind reads the files itself: no page's HTML passes
 * through the build's memory, and Pagefind's process does not grow while Astro is at its peak.
 * Only pages marking `data-pagefind-body` (documentation pages) are indexed.
 */
export async function indexBuiltPages(outDir: string): Promise<number> {
  const { index, errors } = await createIndex({ excludeSelectors: SEARCH_EXCLUDED_SELECTORS });
  try {
    if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
    const added = await index.addDirectory({ path: outDir, glob: '**/*.html' });
    if (added.errors.length > 0) throw new Error(`Pagefind could not index the pages: ${added.errors.join('; ')}`);
    const outputPath = join(outDir, 'pagefind');
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length > 0) throw new Error(`Pagefind could not write its index: ${written.errors.join('; ')}`);
    // One fragment per indexed page (Pagefind's own count includes the pages it skipped).
    const fragments = join(outputPath, 'fragment');
    return existsSync(fragments) ? readdirSync(fragments).length : 0;
  } finally {
    await close();
  }
}
