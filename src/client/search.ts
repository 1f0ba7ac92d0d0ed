// Loaded on demand when search opens. Talks to Pagefind's JS API; results are scoped to this version by default.

import { shownVersion } from '../model/version-name.ts';
import { formatText } from '../i18n/format.ts';
import { addStyles } from './add-styles.ts';
import { BUNDLES_FILE, parseBundles, readersBundles, type Bundle } from './search-bundles.ts';
// The dialog's styles arrive with this module, so no page carries them up front.
import searchCss from './search.css?inline';
import { track } from './track.ts';

interface PagefindResult {
  data(): Promise<{ url: string; excerpt: string; meta: { title?: string; kind?: string; section?: string }; filters: { version?: string[] } }>;
}

interface Pagefind {
  options(options: { basePath?: string; baseUrl?: string }): Promise<void>;
  init(): Promise<void>;
  destroy(): Promise<void>;
  mergeIndex(url: string, options?: { baseUrl?: string }): Promise<void>;
  debouncedSearch(query: string, options: { filters?: Record<string, string> }, wait?: number): Promise<{ results: PagefindResult[] } | null>;
}

const MAX_RESULTS = 10;
let pagefind: Promise<Pagefind> | undefined;
const attached = new WeakSet<HTMLDialogElement>();
let styled = false;

/** The bundles listed in the index folder, or none when the list cannot be read. */
async function listedBundles(folder: string): Promise<Bundle[]> {
  // Revalidated: after a deploy, a cached list could name bundles that no longer hold the same pages.
  const document = await fetch(`${folder}${BUNDLES_FILE}`, { cache: 'no-cache' })
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
    .catch(() => null);
  return parseBundles(document);
}

function loadPagefind(): Promise<Pagefind> {
  pagefind ??= (async () => {
    const base = import.meta.env.BASE_URL.replace(/\/?$/, '/');
    // The index is written at build time next to the pages; the URL is not known to the bundler.
    const folder = `${base}pagefind/`;
    const [listed, module] = await Promise.all([listedBundles(folder), import(/* @vite-ignore */ `${folder}pagefind.js`) as Promise<Pagefind>]);
    // A large site's index comes in bundles, each of one language: the reader's language's bundles, merged.
    const [first, ...rest] = readersBundles(listed, document.documentElement.lang);
    try {
      await module.options({ basePath: `${folder}${first!.path}`, baseUrl: base });
      await module.init();
      // Merged bundles share the first one's search engine; each adds its own small word lists.
      await Promise.all(rest.map((bundle) => module.mergeIndex(`${folder}${bundle.path}`, { baseUrl: base })));
      // Sites with sign-in: add the gated pages' indexes the reader's roles open (served only to them).
      if (document.querySelector('[data-auth-status]')) {
        const reader = (await fetch(`${base}api/auth/reader`, { credentials: 'same-origin' }).then((response) => (response.ok ? response.json() : null)).catch(() => null)) as { searchIndexes?: string[] } | null;
        for (const index of reader?.searchIndexes ?? []) await module.mergeIndex(index, { baseUrl: base });
      }
    } catch (error) {
      // Pagefind keeps the indexes it was given: forget them, so the next search starts afresh.
      await module.destroy();
      throw error;
    }
    return module;
  })();
  // A failed load (a bundle gone after a deploy, the network) is tried again at the next search.
  pagefind.catch(() => {
    pagefind = undefined;
  });
  return pagefind;
}

/** Opens the search dialog: with its styles the first time, then focus and the search wiring. */
export function openSearchDialog(dialog: HTMLDialogElement): void {
  if (!styled) addStyles(searchCss);
  styled = true;
  if (!dialog.open) dialog.showModal();
  attachSearch(dialog);
}

function attachSearch(dialog: HTMLDialogElement): void {
  const input = dialog.querySelector<HTMLInputElement>('input[type="search"]')!;
  input.focus();
  if (attached.has(dialog)) return;
  attached.add(dialog);

  const status = dialog.querySelector<HTMLElement>('#search-status')!;
  const list = dialog.querySelector<HTMLUListElement>('.search-results')!;
  const allVersions = dialog.querySelector<HTMLInputElement>('[data-search-all]');
  const version = dialog.dataset.version;

  // The search a reader ended with (not each keystroke's), for analytics: sent when the dialog closes or a result is opened.
  let last: { query: string; results: number } | undefined;
  const report = () => {
    if (last) track('search', last);
    last = undefined;
  };
  dialog.addEventListener('close', report);
  list.addEventListener('click', report);

  const run = async () => {
    const query = input.value.trim();
    if (!query) {
      list.replaceChildren();
      status.textContent = '';
      return;
    }
    const engine = await loadPagefind();
    const filters = version && !allVersions?.checked ? { version } : undefined;
    const search = await engine.debouncedSearch(query, filters ? { filters } : {}, 150);
    if (!search) return; // superseded by a newer query
    const results = await Promise.all(search.results.slice(0, MAX_RESULTS).map((result) => result.data()));
    list.replaceChildren(
      ...results.map((result) => {
        const item = document.createElement('li');
        const link = document.createElement('a');
        link.href = result.url;
        // What the result is and where it sits ("Operation · API reference › Cargo"), and its version when all are searched.
        const resultVersion = !filters ? result.filters.version?.[0] : undefined;
        const kind = document.createElement('span');
        kind.className = 'search-kind';
        kind.textContent = [result.meta.kind, result.meta.section, resultVersion && shownVersion(resultVersion)].filter(Boolean).join(' · ');
        const title = document.createElement('strong');
        title.textContent = result.meta.title ?? result.url;
        const excerpt = document.createElement('span');
        // Pagefind's excerpt is escaped text with <mark> around matches.
        excerpt.innerHTML = result.excerpt;
        link.append(kind, title, excerpt);
        if (resultVersion) link.dataset.version = resultVersion;
        item.append(link);
        return item;
      }),
    );
    // The texts are the page's language (Search.astro puts them on the dialog).
    const { noResults = '', oneResult = '', manyResults = '' } = dialog.dataset;
    status.textContent = results.length === 0 ? formatText(noResults, { query }) : search.results.length === 1 ? oneResult : formatText(manyResults, { count: search.results.length });
    last = { query, results: search.results.length };
  };

  input.addEventListener('input', () => void run());
  allVersions?.addEventListener('change', () => void run());
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  // Whatever the reader typed while this module was loading.
  if (input.value) void run();
}
