import { createHash } from 'node:crypto';
import { cpSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { close, createIndex } from 'pagefind';
import { pagefindDocument } from './search-document.ts';

/**
 * What the index leaves out of a page: table captions and header rows (Pagefind ran them into
 * excerpts as "ParametersNameInTypeRequired…"). Pagefind itself ends each table cell as a word.
 */
const SEARCH_EXCLUDED_SELECTORS = ['caption', 'thead'];
/** Where the index goes in the output, and under the build's cache folder. */
const INDEX_FOLDER = 'pagefind';
/** Where the pages to index are linked while Pagefind reads them (removed after). */
const STAGING_FOLDER = '.caravan-docs-search-input';

export interface SearchIndexOptions {
  /**
   * A folder kept between builds (under Astro's cache folder). The index written is stored there
   * with a digest of every page Pagefind read; the next build whose pages give the same digest
   * links it into its output instead of indexing again. Without it, every build indexes.
   */
  cacheDir?: string;
  /** Index even when the stored digest matches (`astro build --force`); the new index is still stored. */
  force?: boolean;
}

export interface SearchIndexResult {
  /** Pages in the index. */
  pages: number;
  /** True when no page Pagefind reads changed, so the previous build's index was placed in the output. */
  reused: boolean;
}

/**
 * Indexes the built pages under `outDir` and writes the index into `outDir/pagefind`. Runs after
 * rendering, from the files written; Pagefind reads them in path order (stagePages), so the same
 * pages always give byte-identical index files, whichever pages Astro rendered or copied. Only
 * pages marking `data-pagefind-body` (documentation pages) are indexed.
 */
export async function indexBuiltPages(outDir: string, options: SearchIndexOptions = {}): Promise<SearchIndexResult> {
  const pages = htmlFiles(outDir);
  const outputPath = join(outDir, INDEX_FOLDER);
  const cache = options.cacheDir ? searchCache(options.cacheDir) : undefined;
  const digest = cache ? pagesDigest(outDir, pages) : '';
  try {
    if (!cache) {
      await writeIndex(outDir, pages, outputPath);
      return { pages: indexedPages(outputPath), reused: false };
    }
    if (!options.force && cache.digest() === digest && cache.intact()) {
      linkTree(cache.index, outputPath);
      return { pages: indexedPages(outputPath), reused: true };
    }
    // Written beside the stored index, which it then replaces, and linked into the output: never copied.
    const written = cache.emptyWorkFolder();
    await writeIndex(outDir, pages, written);
    cache.store(written, digest);
    linkTree(cache.index, outputPath);
    return { pages: indexedPages(outputPath), reused: false };
  } finally {
    // Pagefind's process (started here or by the gated indexes before) keeps the build alive until closed.
    await close();
  }
}

/** "1000 pages", "1000 pages, copied from the previous build (no indexed page changed)". Pure. */
export function searchIndexSummary({ pages, reused }: SearchIndexResult): string {
  return `${pages} pages${reused ? ', copied from the previous build (no indexed page changed)' : ''}`;
}

async function writeIndex(outDir: string, pages: string[], outputPath: string): Promise<void> {
  const { index, errors } = await createIndex({ excludeSelectors: SEARCH_EXCLUDED_SELECTORS });
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  // Pagefind reads a folder itself in parallel, twice as fast as pages sent one by one over its pipe.
  const input = stagePages(outDir, pages);
  try {
    const added = await index.addDirectory({ path: input });
    if (added.errors.length > 0) throw new Error(`Pagefind could not index the pages: ${added.errors.join('; ')}`);
  } finally {
    rmSync(input, { recursive: true, force: true });
  }
  const written = await index.writeFiles({ outputPath });
  if (written.errors.length > 0) throw new Error(`Pagefind could not write its index: ${written.errors.join('; ')}`);
}

/**
 * Links the pages to index into a fresh folder beside them, created in path order. Pagefind
 * numbers pages in the order it lists the folder, and a listing follows creation order on some
 * file systems (tmpfs) and hashed names on others (ext4): files created in a fixed order give the
 * same index whichever pages Astro rendered and which it copied from its cache. Each page's path
 * under the folder is its path under `outDir`, so Pagefind derives the same URL.
 */
function stagePages(outDir: string, pages: string[]): string {
  const input = join(outDir, STAGING_FOLDER);
  rmSync(input, { recursive: true, force: true });
  const folders = new Set<string>();
  for (const page of pages) {
    const target = join(input, page);
    const folder = dirname(target);
    if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
    folders.add(folder);
    try {
      linkSync(join(outDir, page), target);
    } catch {
      cpSync(join(outDir, page), target);
    }
  }
  return input;
}

/** The HTML files Pagefind indexes, relative to `outDir` with forward slashes, sorted: its input, in a stable order. */
function htmlFiles(outDir: string): string[] {
  return readdirSync(outDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html') && !file.startsWith(`${INDEX_FOLDER}${sep}`) && !file.startsWith(`${STAGING_FOLDER}${sep}`))
    .map((file) => file.split(sep).join('/'))
    .sort();
}

/** What Pagefind reads of a written page: its indexed part, or the whole page (search-document.ts). */
function indexedPart(outDir: string, page: string): string {
  return pagefindDocument(readFileSync(join(outDir, page), 'utf8'));
}

/**
 * A digest of everything that decides the index: Pagefind's version, its options, and each
 * page's path and what Pagefind reads of it, from the files written (a page Astro copied from its
 * cache counts like one it rendered). A sidebar or header edit leaves the digest alone.
 */
function pagesDigest(outDir: string, pages: string[]): string {
  const hash = createHash('sha256').update(`pagefind ${pagefindVersion()}\n${JSON.stringify(SEARCH_EXCLUDED_SELECTORS)}\n`);
  for (const page of pages) {
    hash.update(`${page}\n`);
    hash.update(createHash('sha256').update(indexedPart(outDir, page)).digest());
  }
  return hash.digest('hex');
}

function pagefindVersion(): string {
  // The package's entry point is lib/index.js; its package.json is not exported.
  const manifest = join(dirname(fileURLToPath(import.meta.resolve('pagefind'))), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/**
 * Places the stored index in the output as hard links (5,000 fragments: linking is a fraction of
 * copying's time and writes no data), or copies it where links cannot be made (another file
 * system). Astro empties the output folder by unlinking, which leaves the stored files intact.
 */
function linkTree(from: string, to: string): void {
  try {
    const folders = new Set<string>();
    for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
      const folder = join(to, entry.parentPath.slice(from.length));
      if (entry.isDirectory()) {
        mkdirSync(join(folder, entry.name), { recursive: true });
        continue;
      }
      if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
      folders.add(folder);
      linkSync(join(entry.parentPath, entry.name), join(folder, entry.name));
    }
  } catch {
    rmSync(to, { recursive: true, force: true });
    cpSync(from, to, { recursive: true });
  }
}

/** One fragment per indexed page (Pagefind's own count includes the pages it skipped). */
function indexedPages(outputPath: string): number {
  const fragments = join(outputPath, 'fragment');
  return existsSync(fragments) ? readdirSync(fragments).length : 0;
}

/** The previous build's index and its pages' digest, under the build's cache folder. */
function searchCache(cacheDir: string) {
  const folder = join(cacheDir, 'caravan-docs-search');
  const digestFile = join(folder, 'digest');
  const index = join(folder, INDEX_FOLDER);
  const work = join(folder, `${INDEX_FOLDER}.partial`);
  const filesFile = join(folder, 'files.json');
  return {
    index,
    digest: (): string | undefined => (existsSync(digestFile) && existsSync(index) ? readFileSync(digestFile, 'utf8') : undefined),
    /**
     * Whether every stored file still has the size and modification time it was stored with. The
     * output holds hard links to these files: a tool that rewrote an output file in place after a
     * build changed the stored one too, and such an index is indexed again.
     */
    intact(): boolean {
      if (!existsSync(filesFile) || !existsSync(index)) return false;
      const stored = JSON.parse(readFileSync(filesFile, 'utf8')) as Record<string, [number, number]>;
      const now = fileStamps(index);
      return Object.keys(stored).length === Object.keys(now).length && Object.entries(stored).every(([path, [size, mtime]]) => now[path]?.[0] === size && now[path]?.[1] === mtime);
    },
    /** An empty folder beside the stored index for the next one. */
    emptyWorkFolder(): string {
      rmSync(work, { recursive: true, force: true });
      mkdirSync(work, { recursive: true });
      return work;
    },
    /** Makes the work folder the stored index; the digest is written last, so an interrupted store is never taken for a complete one. */
    store(written: string, digest: string): void {
      rmSync(digestFile, { force: true });
      rmSync(index, { recursive: true, force: true });
      renameSync(written, index);
      writeFileSync(filesFile, JSON.stringify(fileStamps(index)));
      writeFileSync(digestFile, digest);
    },
  };
}

/** Each file under `folder` (relative path) with its size and modification time. */
function fileStamps(folder: string): Record<string, [number, number]> {
  const stamps: Record<string, [number, number]> = {};
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    const { size, mtimeMs } = statSync(full);
    stamps[full.slice(folder.length + 1)] = [size, mtimeMs];
  }
  return stamps;
}
