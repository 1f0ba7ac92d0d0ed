import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { indexBuiltPages, searchBundles, searchIndexSummary } from '../../../src/integration/search-index.ts';
import { searchBuiltSite } from './pagefind-search.ts';

const TABLE = '<table><caption class="visually-hidden">Parameters</caption><thead><tr><th scope="col">Name</th><th>In</th></tr></thead><tbody><tr><td>caravanId</td><td>path</td></tr></tbody></table>';
const page = (body: string) => `<!doctype html><html lang="en"><head><title>t</title></head><body>${body}</body></html>`;
const docPage = (title: string, text: string) => page(`<main data-pagefind-body><h1>${title}</h1><p>${text}</p></main>`);

const created: string[] = [];
afterAll(() => {
  for (const dir of created) rmSync(dir, { recursive: true, force: true });
});
function tempDir(root = tmpdir()): string {
  const dir = mkdtempSync(join(root, 'caravan-search-index-'));
  created.push(dir);
  return dir;
}

/** Writes pages (path → HTML) into a fresh output folder (under `root`), in the order given. */
function output(pages: Record<string, string>, root?: string): string {
  const out = tempDir(root);
  for (const [path, html] of Object.entries(pages)) {
    mkdirSync(join(out, path, '..'), { recursive: true });
    writeFileSync(join(out, path), html);
  }
  return out;
}

/** Every file of the index, path → bytes. */
function indexFiles(out: string): Map<string, Buffer> {
  const folder = join(out, 'pagefind');
  const files = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return new Map(files.map((entry) => [relative(folder, join(entry.parentPath, entry.name)), readFileSync(join(entry.parentPath, entry.name))]));
}

/** A tmpfs most Linux machines have. */
const TMPFS = '/dev/shm';
const SITE = Object.fromEntries(Array.from({ length: 40 }, (_, n) => [`1.0/guide-${n}/index.html`, docPage(`Guide ${n}`, `Caravans cross the dunes on route ${n}; camels rest at oasis ${n % 7}.`)]));

describe('indexBuiltPages (the search index, from the pages written)', () => {
  it('indexes documentation pages only, without table captions and header rows, each cell its own word', async () => {
    const out = output({ '1.0/guide/index.html': page(`<main data-pagefind-body><h1>Guide</h1>${TABLE}</main>`), '404.html': page('<main><h1>Not found</h1></main>') });
    expect(await indexBuiltPages(out)).toEqual({ pages: 1, bundles: 1, reused: 0 });
    const fragments = readdirSync(join(out, 'pagefind/fragment')).map((name) => gunzipSync(readFileSync(join(out, 'pagefind/fragment', name))).toString('utf8'));
    expect(fragments).toHaveLength(1);
    const fragment = JSON.parse(fragments[0]!.replace(/^pagefind_dcd/, '')) as { url: string; content: string };
    expect(fragment.url).toBe('/1.0/guide/');
    expect(fragment.content).toMatch(/\bcaravanId\b.*\bpath\b/);
    expect(fragment.content).not.toMatch(/Parameters|Name|\bIn\b/);
    // Pagefind's input (links to the pages) is gone when the index is written: nothing but the site and its index stays.
    expect(readdirSync(out).sort()).toEqual(['1.0', '404.html', 'pagefind']);
  });

  // An incremental build writes cached pages after the rendered ones: the index must not depend on that order.
  it('writes the same index files whatever order the pages were written in', async () => {
    const forward = output(SITE);
    const backward = output(Object.fromEntries(Object.entries(SITE).reverse()));
    await indexBuiltPages(forward);
    await indexBuiltPages(backward);
    expect(indexFiles(backward)).toEqual(indexFiles(forward));
  });

  // tmpfs lists a folder in creation order (ext4 by hashed name, which hides the order written).
  it.runIf(existsSync(TMPFS))('writes the same index whatever order the pages were written in, on a file system listing files in creation order', async () => {
    const forward = output(SITE, TMPFS);
    const backward = output(Object.fromEntries(Object.entries(SITE).reverse()), TMPFS);
    await indexBuiltPages(forward);
    await indexBuiltPages(backward);
    expect(indexFiles(backward)).toEqual(indexFiles(forward));
  });

  it('copies the previous index when no page changed, and indexes again when one did', async () => {
    const cacheDir = tempDir();
    const first = output(SITE);
    expect(await indexBuiltPages(first, { cacheDir })).toEqual({ pages: 40, bundles: 1, reused: 0 });

    const unchanged = output(SITE);
    expect(await indexBuiltPages(unchanged, { cacheDir })).toEqual({ pages: 40, bundles: 1, reused: 1 });
    expect(indexFiles(unchanged)).toEqual(indexFiles(first));
    expect(await indexBuiltPages(output(SITE), { cacheDir, force: true }), '--force indexes all the same').toEqual({ pages: 40, bundles: 1, reused: 0 });

    const edited = output({ ...SITE, '1.0/guide-3/index.html': docPage('Guide 3', 'Caravans cross the salt flats near Timbuktu.') });
    expect(await indexBuiltPages(edited, { cacheDir })).toEqual({ pages: 40, bundles: 1, reused: 0 });
    expect(await searchBuiltSite(edited, 'timbuktu')).toEqual(['/1.0/guide-3/']);
    expect(await searchBuiltSite(edited, 'dunes')).not.toContain('/1.0/guide-3/');
    expect(await searchBuiltSite(first, 'timbuktu')).toEqual([]);
  });

  it('places the stored index as links that outlive the output emptied by the next build', async () => {
    const cacheDir = tempDir();
    const first = output(SITE);
    await indexBuiltPages(first, { cacheDir, force: true });
    const expected = indexFiles(first);
    const reused = output(SITE);
    expect(await indexBuiltPages(reused, { cacheDir })).toEqual({ pages: 40, bundles: 1, reused: 1 });
    // Astro empties the output folder at the start of each build: the stored index must survive it.
    rmSync(join(reused, 'pagefind'), { recursive: true });
    const again = output(SITE);
    expect(await indexBuiltPages(again, { cacheDir })).toEqual({ pages: 40, bundles: 1, reused: 1 });
    expect(indexFiles(again)).toEqual(expected);
    expect(await searchBuiltSite(again, 'dunes')).toHaveLength(40);
  });

  it('indexes again when a file of the placed index was rewritten in place (the stored copy is the same file)', async () => {
    const cacheDir = tempDir();
    const first = output(SITE);
    await indexBuiltPages(first, { cacheDir, force: true });
    const expected = indexFiles(first);
    const reused = output(SITE);
    expect(await indexBuiltPages(reused, { cacheDir })).toEqual({ pages: 40, bundles: 1, reused: 1 });
    // A post-build tool writing into an output file (same inode as the stored one).
    const entry = join(reused, 'pagefind', 'pagefind-entry.json');
    writeFileSync(entry, readFileSync(entry, 'utf8').replace('{', '{ '));
    const again = output(SITE);
    expect(await indexBuiltPages(again, { cacheDir })).toEqual({ pages: 40, bundles: 1, reused: 0 });
    expect(indexFiles(again)).toEqual(expected);
  });

  it('indexes again when a page is gone, and its words leave the index', async () => {
    const cacheDir = tempDir();
    // A forced build (the cold one) stores its index for the next build.
    await indexBuiltPages(output(SITE), { cacheDir, force: true });
    expect(await indexBuiltPages(output(SITE), { cacheDir })).toEqual({ pages: 40, bundles: 1, reused: 1 });
    const { ['1.0/guide-5/index.html']: _removed, ...rest } = SITE;
    const smaller = output(rest);
    expect(await indexBuiltPages(smaller, { cacheDir })).toEqual({ pages: 39, bundles: 1, reused: 0 });
    expect(await searchBuiltSite(smaller, 'dunes')).not.toContain('/1.0/guide-5/');
    expect(await searchBuiltSite(smaller, 'dunes')).toHaveLength(39);
  });
});

describe('indexBuiltPages: an index written after an edit', () => {
  it('is the index a cold build gives, file by file, and its stored copy is the file placed in the output', async () => {
    const cacheDir = tempDir();
    await indexBuiltPages(output(SITE), { cacheDir, force: true });
    const { ['1.0/guide-5/index.html']: _removed, ...rest } = SITE;
    const editedSite = { ...rest, '1.0/guide-3/index.html': docPage('Guide 3', 'Caravans cross the salt flats near Timbuktu.') };
    const edited = output(editedSite);
    expect(await indexBuiltPages(edited, { cacheDir })).toEqual({ pages: 39, bundles: 1, reused: 0 });
    const cold = output(editedSite);
    await indexBuiltPages(cold);
    expect(indexFiles(edited)).toEqual(indexFiles(cold));
    expect(await searchBuiltSite(edited, 'timbuktu')).toEqual(['/1.0/guide-3/']);
    expect(await searchBuiltSite(edited, 'dunes')).toHaveLength(38);
    // Linked, not copied: the output's file is the stored one.
    const entry = 'pagefind/pagefind-entry.json';
    const [stored] = readdirSync(join(cacheDir, 'caravan-docs-search'));
    expect(statSync(join(edited, entry)).ino).toBe(statSync(join(cacheDir, 'caravan-docs-search', stored!, entry)).ino);
  });
});

describe('indexBuiltPages: what a change outside the indexed part costs', () => {
  it('copies the previous index when only the page around the indexed part changed (sidebar, header)', async () => {
    const cacheDir = tempDir();
    const around = (sidebar: string) => Object.fromEntries(Object.entries(SITE).map(([path, html]) => [path, html.replace('<body>', `<body><nav>${sidebar}</nav>`)]));
    await indexBuiltPages(output(around('Guide 1 · Guide 2')), { cacheDir });
    expect(await indexBuiltPages(output(around('Guide 2 · Guide 1 (renamed)')), { cacheDir })).toEqual({ pages: 40, bundles: 1, reused: 1 });
  });
});

describe('searchBundles (how a large site\'s index is split)', () => {
  const pages = Array.from({ length: 300 }, (_, n) => ({ path: `1.0/page-${String(n).padStart(3, '0')}/index.html`, language: 'en', bytes: 1000 }));

  it('makes as many bundles as the text needs, each page in one, in path order', () => {
    const bundles = searchBundles(pages, 110_000);
    expect(bundles).toHaveLength(3);
    expect(bundles.flat().map((page) => page.path).sort()).toEqual(pages.map((page) => page.path));
    for (const bundle of bundles) {
      expect(bundle.map((page) => page.path)).toEqual(bundle.map((page) => page.path).sort());
      // Hashed paths spread the pages: no bundle holds twice its share.
      expect(bundle.length).toBeGreaterThan(50);
      expect(bundle.length).toBeLessThan(200);
    }
  });

  it('keeps every page in its bundle when a page grows or a page is added, while the count holds', () => {
    const before = searchBundles(pages, 110_000);
    const bundleOf = (bundles: { path: string }[][], path: string) => bundles.findIndex((bundle) => bundle.some((page) => page.path === path));
    const after = searchBundles([...pages.map((page, n) => (n === 7 ? { ...page, bytes: 3000 } : page)), { path: '1.0/new/index.html', language: 'en', bytes: 1000 }], 110_000);
    expect(after).toHaveLength(3);
    for (const page of pages) expect(bundleOf(after, page.path)).toBe(bundleOf(before, page.path));
  });

  it('leaves out a bundle no page hashed to', () => {
    for (let count = 1; count <= 12; count += 1) {
      const bundles = searchBundles(pages.slice(0, count), 1);
      expect(bundles.flat()).toHaveLength(count);
      for (const bundle of bundles) expect(bundle.length).toBeGreaterThan(0);
    }
  });

  it('splits each language apart, each by its own size', () => {
    const german = pages.slice(0, 30).map((page) => ({ ...page, path: `de/${page.path}`, language: 'de' }));
    const bundles = searchBundles([...pages, ...german], 110_000);
    expect(bundles.map((bundle) => new Set(bundle.map((page) => page.language)).size)).toEqual(bundles.map(() => 1));
    expect(bundles.map((bundle) => bundle[0]!.language)).toEqual(['de', 'en', 'en', 'en']);
  });

  it('gives one bundle to a small site, and to an empty one', () => {
    expect(searchBundles(pages, 40_000_000)).toEqual([pages]);
    expect(searchBundles([], 40_000_000)).toEqual([[]]);
  });

  it('says how many bundles were written and how many copied', () => {
    expect(searchIndexSummary({ pages: 40, bundles: 1, reused: 0 })).toBe('40 pages');
    expect(searchIndexSummary({ pages: 40, bundles: 1, reused: 1 })).toBe('40 pages, copied from the previous build (no indexed page changed)');
    expect(searchIndexSummary({ pages: 5000, bundles: 3, reused: 2 })).toBe('5000 pages in 3 bundles, 2 copied from the previous build (none of their pages changed)');
  });
});

describe('indexBuiltPages: a site split into bundles', () => {
  // SITE's pages hold about 120 bytes of indexed text each: 40 pages in bundles of 1,500 bytes make 4.
  const SMALL_BUNDLES = 1500;
  const bundleList = (out: string) => (JSON.parse(readFileSync(join(out, 'pagefind/bundles.json'), 'utf8')) as { bundles: { path: string; language: string }[] }).bundles;

  it('writes each bundle as an index of its own, listed for the client, and a search finds pages of every bundle', async () => {
    const out = output(SITE);
    const result = await indexBuiltPages(out, { bundleBytes: SMALL_BUNDLES });
    expect(result.bundles).toBeGreaterThan(2);
    expect(result).toEqual({ pages: 40, bundles: result.bundles, reused: 0 });
    expect(bundleList(out)).toEqual(Array.from({ length: result.bundles }, (_, n) => ({ path: n === 0 ? '' : `bundle-${n}/`, language: 'en' })));
    for (const bundle of bundleList(out)) expect(readdirSync(join(out, 'pagefind', bundle.path, 'fragment')).length).toBeGreaterThan(0);
    expect((await searchBuiltSite(out, 'dunes')).sort()).toEqual(Object.keys(SITE).map((path) => `/${path.replace('index.html', '')}`).sort());
    // A small site has its one bundle, the index folder itself.
    const small = output(SITE);
    await indexBuiltPages(small);
    expect(bundleList(small)).toEqual([{ path: '', language: 'en' }]);
  });

  it('indexes again only the bundle of an edited page, and gives the index a cold build gives', async () => {
    const cacheDir = tempDir();
    const first = output(SITE);
    const { bundles } = await indexBuiltPages(first, { cacheDir, force: true, bundleBytes: SMALL_BUNDLES });
    expect(await indexBuiltPages(output(SITE), { cacheDir, bundleBytes: SMALL_BUNDLES })).toEqual({ pages: 40, bundles, reused: bundles });
    const editedSite = { ...SITE, '1.0/guide-3/index.html': docPage('Guide 3', 'Caravans cross the dunes near Timbuktu.') };
    const edited = output(editedSite);
    expect(await indexBuiltPages(edited, { cacheDir, bundleBytes: SMALL_BUNDLES })).toEqual({ pages: 40, bundles, reused: bundles - 1 });
    const cold = output(editedSite);
    await indexBuiltPages(cold, { bundleBytes: SMALL_BUNDLES });
    expect(indexFiles(edited)).toEqual(indexFiles(cold));
    expect(await searchBuiltSite(edited, 'timbuktu')).toEqual(['/1.0/guide-3/']);
  });

  it('writes no empty bundle, even for a few large pages (Pagefind\'s client cannot load one)', async () => {
    const few = { '1.0/a/index.html': docPage('A', 'Dunes.'), '1.0/b/index.html': docPage('B', 'Dunes.'), '1.0/c/index.html': docPage('C', 'Dunes.') };
    const out = output(few);
    // Three pages of over 100 bytes in bundles of 40 bytes: a bundle per page or fewer (two may hash alike).
    const { bundles } = await indexBuiltPages(out, { bundleBytes: 40 });
    expect(bundleList(out)).toHaveLength(bundles);
    for (const bundle of bundleList(out)) expect(readdirSync(join(out, 'pagefind', bundle.path, 'fragment')).length).toBeGreaterThan(0);
    expect((await searchBuiltSite(out, 'dunes')).sort()).toEqual(['/1.0/a/', '/1.0/b/', '/1.0/c/']);
  });

  it('keeps each language in bundles of its own, so a reader searches their language only', async () => {
    const translated = { ...SITE, ...Object.fromEntries(Array.from({ length: 3 }, (_, n) => [`de/1.0/guide-${n}/index.html`, docPage(`Anleitung ${n}`, `Karawanen durchqueren die Dünen auf Route ${n}.`).replace('lang="en"', 'lang="de"')])) };
    const out = output(translated);
    await indexBuiltPages(out, { bundleBytes: SMALL_BUNDLES });
    const languages = bundleList(out).map((bundle) => bundle.language);
    expect(languages.filter((language) => language === 'de')).toHaveLength(1);
    expect(languages.filter((language) => language === 'en').length).toBeGreaterThan(1);
    expect((await searchBuiltSite(out, 'karawanen', undefined, 'de')).sort()).toEqual(['/de/1.0/guide-0/', '/de/1.0/guide-1/', '/de/1.0/guide-2/']);
    expect(await searchBuiltSite(out, 'camels', undefined, 'de')).toEqual([]);
    expect(await searchBuiltSite(out, 'camels')).toHaveLength(40);
    expect(await searchBuiltSite(out, 'karawanen')).toEqual([]);
  });

  it('leaves out pages that do not mark their indexed part, whichever bundle they hash to', async () => {
    const extra = Object.fromEntries(Array.from({ length: 20 }, (_, n) => [`extra-${n}/index.html`, page(`<main><h1>Unmarked ${n}</h1><p>Sandstorm warning ${n}.</p></main>`)]));
    const out = output({ ...SITE, ...extra });
    expect(await indexBuiltPages(out, { bundleBytes: SMALL_BUNDLES })).toMatchObject({ pages: 40 });
    expect(await searchBuiltSite(out, 'sandstorm')).toEqual([]);
  });

  it('drops the stored bundles no build uses any more', async () => {
    const cacheDir = tempDir();
    await indexBuiltPages(output(SITE), { cacheDir, bundleBytes: SMALL_BUNDLES });
    expect(readdirSync(join(cacheDir, 'caravan-docs-search')).length).toBeGreaterThan(2);
    expect(await indexBuiltPages(output(SITE), { cacheDir })).toEqual({ pages: 40, bundles: 1, reused: 0 });
    expect(readdirSync(join(cacheDir, 'caravan-docs-search'))).toHaveLength(1);
  });
});
