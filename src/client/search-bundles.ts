// The list of the search index's bundles, bundles.json: how the build names and lists them
// (src/integration/search-index.ts) and which of them a reader's search loads. Pure.

/** The list's file name, in the index folder. */
export const BUNDLES_FILE = 'bundles.json';

/** Bundle `number`'s folder under the index folder: the folder itself for the first, `bundle-<number>/` for the others. */
export function bundlePath(number: number): string {
  return number === 0 ? '' : `bundle-${number}/`;
}

/** One line of bundles.json: a bundle's folder under the index folder ('' for the first) and its pages' language. */
export interface Bundle {
  path: string;
  language: string;
}

/** The well-formed lines of a bundles.json document; none for anything else (a build before bundles: its one index is the folder). */
export function parseBundles(document: unknown): Bundle[] {
  const bundles = (document as { bundles?: unknown } | null)?.bundles;
  if (!Array.isArray(bundles)) return [];
  return (bundles as Partial<Bundle>[]).filter((bundle): bundle is Bundle => typeof bundle?.path === 'string' && /^(bundle-\d+\/)?$/.test(bundle.path) && typeof bundle.language === 'string');
}

/**
 * The bundles of the page's language, else of its primary subtag (`pt` for `pt-br`), else of the
 * language with the most bundles, as Pagefind falls back to its largest language; the index
 * folder itself when nothing is listed. The first is loaded as the index, the others merged into it.
 */
export function readersBundles(listed: readonly Bundle[], pageLanguage: string): Bundle[] {
  const language = pageLanguage.toLowerCase();
  const counts = new Map<string, number>();
  for (const bundle of listed) counts.set(bundle.language, (counts.get(bundle.language) ?? 0) + 1);
  const largest = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  for (const candidate of [language, language.split('-')[0], largest]) {
    const bundles = listed.filter((bundle) => bundle.language === candidate);
    if (bundles.length > 0) return bundles;
  }
  return [{ path: '', language }];
}
