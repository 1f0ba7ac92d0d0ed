import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseBundles, readersBundles } from '../../../src/client/search-bundles.ts';

interface PagefindModule {
  options(options: { basePath: string; baseUrl: string }): Promise<void>;
  init(): Promise<void>;
  mergeIndex(url: string, options?: { baseUrl?: string }): Promise<void>;
  search(term: string, options?: { filters?: Record<string, string> }): Promise<{ results: { data(): Promise<{ url: string }> }[] }>;
  destroy(): Promise<void>;
}

let fetchReadsFiles = false;

/** Pagefind's client fetches its files; in Node, `file:` URLs are read from disk. */
function letFetchReadFiles(): void {
  if (fetchReadsFiles) return;
  fetchReadsFiles = true;
  const networkFetch = globalThis.fetch;
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith('file:')) return networkFetch(input, init);
    try {
      return new Response(await readFile(fileURLToPath(url)));
    } catch {
      return new Response(null, { status: 404 });
    }
  }) as typeof fetch;
}

/**
 * Searches a built site's index with Pagefind's own client (the `pagefind.js` the build wrote,
 * as readers' browsers run it) in `language`'s bundles, as src/client/search.ts loads them, and
 * returns the URLs of the results, best first.
 */
export async function searchBuiltSite(outDir: string, term: string, filters?: Record<string, string>, language = 'en'): Promise<string[]> {
  letFetchReadFiles();
  const folder = join(outDir, 'pagefind');
  // A fresh module per call: the client keeps the index it loaded.
  const pagefind = (await import(`${pathToFileURL(join(folder, 'pagefind.js')).href}?load=${Date.now()}-${Math.random()}`)) as PagefindModule;
  const listed = parseBundles(JSON.parse(await readFile(join(folder, 'bundles.json'), 'utf8')));
  // The reader's bundles, chosen as the browser chooses them: the first loaded, the others merged.
  const [first, ...rest] = readersBundles(listed, language);
  await pagefind.options({ basePath: `${pathToFileURL(join(folder, first!.path)).href}/`, baseUrl: '/' });
  await pagefind.init();
  for (const bundle of rest) await pagefind.mergeIndex(`${pathToFileURL(join(folder, bundle.path)).href}/`, { baseUrl: '/' });
  const search = await pagefind.search(term, filters ? { filters } : {});
  const urls = await Promise.all(search.results.map(async (result) => (await result.data()).url));
  await pagefind.destroy();
  return urls;
}
