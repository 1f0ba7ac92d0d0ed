import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { PROJECT_ROOT } from './sites.ts';

/**
 * The pages every accessibility check covers (issue 14): the landing page, a guide with consoles,
 * an operation page, the walkthrough (eight consoles), the 404 page and all-pages.
 * `consoles` says the page has API consoles, which mount after load: checks wait for them.
 */
export const CHECKED_PAGES = [
  { name: 'landing page', path: '', consoles: false },
  { name: 'guide', path: '1.2/guides/dispatch/', consoles: true },
  { name: 'operation page', path: '1.2/reference/add-cargo-lot/', consoles: true },
  { name: 'walkthrough', path: '1.2/guides/walkthrough/', consoles: true },
  { name: '404 page', path: 'no-such-page/', consoles: false },
  { name: 'all pages', path: '1.2/all-pages/', consoles: false },
] as const;

/**
 * Every kind of page (issue 40): the checked pages above, and on the default site a guide with
 * components, a page of wide tables, a schema page, the API overview, both changelogs and a German
 * page (whose longer words make a table overflow even at desktop width); on the Arabic site
 * (the any-api fixture, right to left) a guide, the API overview, an operation page and the 404 page.
 */
export const PAGE_KINDS: readonly { name: string; site: string; path: string; consoles: boolean }[] = [
  ...CHECKED_PAGES.map((page) => ({ ...page, site: 'default' })),
  { name: 'guide with components', site: 'default', path: '1.2/guides/client-code/', consoles: false },
  { name: 'page of wide tables', site: 'default', path: '1.2/api-basics/errors/', consoles: false },
  { name: 'schema page', site: 'default', path: '1.2/reference/schemas/caravan/', consoles: false },
  { name: 'API overview', site: 'default', path: '1.2/reference/', consoles: false },
  { name: 'changelog', site: 'default', path: '1.2/changelog/', consoles: false },
  { name: 'API changelog', site: 'default', path: '1.2/reference/changes/1.1/', consoles: false },
  { name: 'German page', site: 'default', path: 'de/1.2/overview/', consoles: false },
  { name: 'right-to-left guide', site: 'arabic', path: 'v1/borrowing/', consoles: false },
  { name: 'right-to-left API overview', site: 'arabic', path: 'v1/reference/', consoles: false },
  { name: 'right-to-left operation page', site: 'arabic', path: 'v1/reference/get-items/', consoles: true },
  { name: 'right-to-left 404 page', site: 'arabic', path: 'v1/no-such-page/', consoles: false },
];

/**
 * The manual (docs/, built as the site `manual`), a page of each kind it has: the landing page, a long
 * guide of tables and code, the configuration reference generated from the config schemas (about 500
 * table rows), the components page (callouts, tabs, steps, a file tree, cards), the diagrams page
 * (drawn Mermaid diagrams), the introduction (a file tree and link cards), a performance page of
 * tables of figures, the 404 page and all-pages. Checked at both widths in both schemes.
 */
export const MANUAL_PAGES: readonly { name: string; site: string; path: string; consoles: boolean }[] = [
  { name: 'manual landing page', path: '' },
  { name: 'manual guide with tables and code', path: 'latest/deploying/server/' },
  { name: 'manual configuration reference', path: 'latest/configuration/' },
  { name: 'manual components page', path: 'latest/writing/components/' },
  { name: 'manual diagrams page', path: 'latest/writing/diagrams/' },
  { name: 'manual introduction', path: 'latest/introduction/' },
  { name: 'manual performance page', path: 'latest/performance/page-weight/' },
  { name: 'manual 404 page', path: 'no-such-page/' },
  { name: 'manual all pages', path: 'latest/all-pages/' },
].map((page) => ({ ...page, site: 'manual', consoles: false }));

/**
 * Every page of the manual's nav (docs/content/latest/nav.yml), as `latest/<slug>/`, read from the
 * source so the list is known before the build: a page added to the manual is checked without
 * a line here.
 */
export function manualNavPaths(): string[] {
  type Entry = { slug?: string; children?: Entry[] };
  const slugs = (entries: Entry[]): string[] => entries.flatMap((entry) => [...(entry.slug ? [entry.slug] : []), ...slugs(entry.children ?? [])]);
  return slugs(parse(readFileSync(join(PROJECT_ROOT, 'docs/content/latest/nav.yml'), 'utf8')) as Entry[]).map((slug) => `latest/${slug}/`);
}

/** The widths every page is checked at: a phone (360 px, the narrowest common one) and a desktop. */
export const WIDTHS = [
  { name: 'phone', viewport: { width: 360, height: 740 } },
  { name: 'desktop', viewport: { width: 1280, height: 720 } },
] as const;

/** A console that has not mounted its form yet: checks wait until none is left. */
export const UNMOUNTED_CONSOLE = '[data-try-it]:not(:has(form))';
