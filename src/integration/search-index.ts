import { createHash } from 'node:crypto';
import { cpSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { close, createIndex } from 'pagefind';
import { documentLanguage, marksIndexedPart, pagefindDocument } from './search-document.ts';
import { BUNDLES_FILE, bundlePath, type Bundle } from '../client/search-bundles.ts';
import { DEFAULT_SEARCH_BUNDLE_MEGABYTES } from '../config/schemas/build.ts';
import { packageManifest } from './package-manifest.ts';

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
   * A folder kept between builds (under Astro's cache folder). Each bundle written is stored there
   * under a digest of the pages Pagefind read for it; a later build with a bundle of the same
   * digest links it into its output instead of indexing its pages again. Without it, every build
   * indexes every bundle.
   */
  cacheDir?: string;
  /** Index even when a stored digest matches (`astro build --force`); the new bundles are still stored. */
  force?: boolean;
  /** Bytes of indexed page HTML per bundle, on average (`build.searchBundleMegabytes`); 40 MB by default. */
  bundleBytes?: number;
}

export interface SearchIndexResult {
  /** Pages in the index, all bundles together. */
  pages: number;
  /** Bundles the index is split into (searchBundles). */
  bundles: number;
  /** Bundles placed from the previous build because none of their pages changed. */
  reused: number;
}

/**
 * Indexed HTML per bundle by default: the bundle Pagefind writes decides its memory (about 18
 * times its HTML: 1.7 GiB for the 98 MB of 5,000 generated pages), beside Astro's own process.
 */
const DEFAULT_BUNDLE_BYTES = DEFAULT_SEARCH_BUNDLE_MEGABYTES * 1_000_000;

/** A page Pagefind reads: its path under the output, its language, and its indexed part's size and digest. */
interface IndexedPage {
  path: string;
  /** The `lang` of its `<html>` tag, lower case ('' without one): Pagefind indexes each language apart. */
  language: string;
  /** Whether it marks its indexed part (`data-pagefind-body`); Pagefind then leaves out every page that does not. */
  marked: boolean;
  /** Bytes of the HTML Pagefind reads of it (search-document.ts). */
  bytes: number;
  digest: Buffer;
}

/**
 * Indexes the built pages under `outDir` into `outDir/pagefind`. Runs after rendering, from the
 * files written. A large site's pages are split into bundles of about `bundleBytes` each
 * (searchBundles), each bundle one language: bundle 0 is `pagefind/`, bundle k is
 * `pagefind/bundle-k/`, and `pagefind/bundles.json` lists them with their language for the client
 * to load the reader's. Pagefind reads each bundle's pages in path order (stagePages), so the same
 * pages always give byte-identical index files, whichever pages Astro rendered or copied. As
 * Pagefind does for a whole site: once a page marks `data-pagefind-body` (documentation pages),
 * only such pages are indexed.
 */
export async function indexBuiltPages(outDir: string, options: SearchIndexOptions = {}): Promise<SearchIndexResult> {
  const pages = htmlFiles(outDir).map((path) => indexedPage(outDir, path));
  const indexed = pages.some((page) => page.marked) ? pages.filter((page) => page.marked) : pages;
  const bundles = searchBundles(indexed, options.bundleBytes ?? DEFAULT_BUNDLE_BYTES);
  const indexFolder = join(outDir, INDEX_FOLDER);
  const entries: Bundle[] = bundles.map((bundle, number) => ({ path: bundlePath(number), language: bundle[0]?.language ?? '' }));
  const stored = new Set<string>();
  let reused = 0;
  try {
    for (const [number, bundle] of bundles.entries()) {
      const outputPath = join(indexFolder, entries[number]!.path);
      if (!options.cacheDir) {
        await writeIndex(outDir, bundle, outputPath);
        continue;
      }
      // Stored by digest: a bundle of the same pages is reused whatever its number.
      const digest = bundleDigest(bundle);
      const cache = searchCache(options.cacheDir, digest);
      stored.add(digest);
      if (!options.force && cache.intact()) {
        reused += 1;
      } else {
        // Written beside the stored bundle, which it then replaces, and linked into the output: never copied.
        const written = cache.emptyWorkFolder();
        await writeIndex(outDir, bundle, written);
        cache.store(written);
      }
      linkTree(cache.index, outputPath);
    }
    if (options.cacheDir) pruneSearchCache(options.cacheDir, stored);
    writeFileSync(join(indexFolder, BUNDLES_FILE), `${JSON.stringify({ bundles: entries })}\n`);
    const count = entries.reduce((sum, entry) => sum + indexedPages(join(indexFolder, entry.path)), 0);
    return { pages: count, bundles: bundles.length, reused };
  } finally {
    // Pagefind's process (started here or by the gated indexes before) keeps the build alive until closed.
    await close();
  }
}

/** "1000 pages", "5000 pages in 3 bundles, 2 copied from the previous build (none of their pages changed)". Pure. */
export function searchIndexSummary({ pages, bundles, reused }: SearchIndexResult): string {
  const split = bundles > 1 ? ` in ${bundles} bundles` : '';
  const copied = reused === 0 ? '' : reused === bundles ? `, copied from the previous build (no indexed page changed)` : `, ${reused} copied from the previous build (none of their pages changed)`;
  return `${pages} pages${split}${copied}`;
}

/**
 * The pages of each bundle, in path order. Each language's pages are split apart (Pagefind's
 * client falls back to another language when a bundle has none of the reader's): into as many
 * bundles as `bundleBytes` of them needs, each page in the bundle its path hashes to, so a page
 * keeps its bundle while its language's count holds and an edit re-indexes one bundle. A bundle
 * no page hashed to is left out (Pagefind's client cannot load an index without pages), so bundles
 * hold `bundleBytes` on average, not at most. Languages in order, then bundles; one empty bundle
 * when there is no page. Pure.
 */
export function searchBundles<T extends { path: string; language: string; bytes: number }>(pages: readonly T[], bundleBytes: number): T[][] {
  const languages = [...new Set(pages.map((page) => page.language))].sort();
  const bundles = languages.flatMap((language) => {
    const own = pages.filter((page) => page.language === language);
    const count = Math.max(1, Math.ceil(own.reduce((sum, page) => sum + page.bytes, 0) / bundleBytes));
    const slots: T[][] = Array.from({ length: count }, () => []);
    for (const page of own) slots[createHash('sha256').update(page.path).digest().readUInt32BE(0) % count]!.push(page);
    return slots.filter((slot) => slot.length > 0);
  });
  return bundles.length > 0 ? bundles : [[]];
}

async function writeIndex(outDir: string, pages: readonly IndexedPage[], outputPath: string): Promise<void> {
  const { index, errors } = await createIndex({ excludeSelectors: SEARCH_EXCLUDED_SELECTORS });
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  // Pagefind reads a folder itself in parallel, twice as fast as pages sent one by one over its pipe.
  const input = stagePages(outDir, pages.map((page) => page.path));
  let added: Awaited<ReturnType<typeof index.addDirectory>>;
  try {
    added = await index.addDirectory({ path: input });
  } catch (error) {
    rmSync(input, { recursive: true, force: true });
    throw error;
  }
  // Pagefind has read the pages: their links go while its own process writes the index.
  const linksRemoved = rm(input, { recursive: true, force: true });
  try {
    if (added.errors.length > 0) throw new Error(`Pagefind could not index the pages: ${added.errors.join('; ')}`);
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length > 0) throw new Error(`Pagefind could not write its index: ${written.errors.join('; ')}`);
  } finally {
    await linksRemoved;
  }
  // Pagefind's process keeps each index until told otherwise: one bundle in memory at a time.
  await index.deleteIndex();
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

/** A page's indexed part (what Pagefind reads: search-document.ts), measured and digested, with its language. */
function indexedPage(outDir: string, path: string): IndexedPage {
  // Latin-1, one character per byte: the cut reads ASCII only (search-document.ts), so the part's
  // length and digest are its UTF-8 bytes', without decoding every page (a fifth of this pass at 5,000 pages).
  const html = readFileSync(join(outDir, path), 'latin1');
  const part = pagefindDocument(html);
  return { path, language: documentLanguage(part), marked: marksIndexedPart(html), bytes: part.length, digest: createHash('sha256').update(part, 'latin1').digest() };
}

/**
 * A digest of everything that decides a bundle: Pagefind's version, its options, and each of its
 * pages' path and indexed part, from the files written (a page Astro copied from its cache counts
 * like one it rendered). A sidebar or header edit leaves the digest alone.
 */
function bundleDigest(pages: readonly IndexedPage[]): string {
  const hash = createHash('sha256').update(`pagefind ${pagefindVersion()}\n${JSON.stringify(SEARCH_EXCLUDED_SELECTORS)}\n`);
  for (const page of pages) {
    hash.update(`${page.path}\n`);
    hash.update(page.digest);
  }
  return hash.digest('hex');
}

function pagefindVersion(): string {
  return (JSON.parse(packageManifest('pagefind').toString('utf8')) as { version: string }).version;
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

/** Where the stored bundles are kept, under the build's cache folder. */
const CACHE_FOLDER = 'caravan-docs-search';

/** A bundle stored by an earlier build under the digest of its pages (bundleDigest), in the build's cache folder. */
function searchCache(cacheDir: string, digest: string) {
  const folder = join(cacheDir, CACHE_FOLDER, digest);
  const index = join(folder, INDEX_FOLDER);
  const work = join(folder, `${INDEX_FOLDER}.partial`);
  const filesFile = join(folder, 'files.json');
  return {
    index,
    /**
     * Whether the bundle is stored whole and every stored file still has the size and modification
     * time it was stored with. The output holds hard links to these files: a tool that rewrote an
     * output file in place after a build changed the stored one too, and such a bundle is indexed again.
     */
    intact(): boolean {
      if (!existsSync(filesFile) || !existsSync(index)) return false;
      const stored = JSON.parse(readFileSync(filesFile, 'utf8')) as Record<string, [number, number]>;
      const now = fileStamps(index);
      return Object.keys(stored).length === Object.keys(now).length && Object.entries(stored).every(([path, [size, mtime]]) => now[path]?.[0] === size && now[path]?.[1] === mtime);
    },
    /** An empty folder beside the stored bundle for the next one. */
    emptyWorkFolder(): string {
      rmSync(work, { recursive: true, force: true });
      mkdirSync(work, { recursive: true });
      return work;
    },
    /** Makes the work folder the stored bundle; its files' stamps are written last, so an interrupted store is never taken for a complete one. */
    store(written: string): void {
      rmSync(filesFile, { force: true });
      rmSync(index, { recursive: true, force: true });
      renameSync(written, index);
      writeFileSync(filesFile, JSON.stringify(fileStamps(index)));
    },
  };
}

/** Removes the stored bundles this build did not use: an earlier version of an edited bundle, an older layout's files. */
function pruneSearchCache(cacheDir: string, used: ReadonlySet<string>): void {
  const folder = join(cacheDir, CACHE_FOLDER);
  for (const name of readdirSync(folder)) if (!used.has(name)) rmSync(join(folder, name), { recursive: true, force: true });
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
