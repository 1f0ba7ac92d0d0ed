/**
 * Cache keys for incremental builds (Astro's `experimental.incrementalBuild`): a prerendered page
 * whose key, route code and content-entry render are unchanged is copied from the previous build.
 * A key therefore names everything the page renders that its route code does not: its own source,
 * the slice of the site it shows (sidebar window, breadcrumbs, previous/next, version switcher)
 * and the site-wide settings every page reads. Pure: callers pass what the page itself computes.
 */
import { createHash } from 'node:crypto';
import type { SiteConfig } from '../config/schemas/site.ts';
import type { Sidebar } from './sidebar.ts';
import { breadcrumbs, prevNext, versionLinks, type SiteIndex, type VersionIndex } from './site-index.ts';
import type { Version } from './types.ts';

/**
 * Bumped when what a key covers changes in a way the route code would not show (the route's code
 * hash covers most such changes already): every page then renders once.
 */
const KEY_FORMAT = 1;

/** What every page depends on: the site's settings (base, url, auth, …) and the version list. */
export interface SiteKeyInput {
  config: SiteConfig;
  versions: readonly Version[];
  /** The URL of the browser build's preload helper chunk every page's head names (src/lib/preload-helper.ts), if any. */
  preloadHelper?: string | null;
  /** The Atom feeds every page's head links (src/components/FeedLinks.astro): a feed appears with the first page or changelog it lists. */
  feeds?: ReadonlyArray<{ url: string; title: string }>;
}

/** Digest of the site-wide inputs; part of every page's key. */
export function siteKey(input: SiteKeyInput): string {
  return digest({ format: KEY_FORMAT, config: input.config, versions: input.versions, preloadHelper: input.preloadHelper ?? null, feeds: input.feeds?.map(({ url, title }) => ({ url, title })) ?? [] });
}

/** A page's key: the site key and the parts only this page shows, by name. */
export function pageKey(site: string, parts: Readonly<Record<string, unknown>>): string {
  return digest({ site, ...parts });
}

/**
 * What a page of nav.yml shows besides its own source (src/layouts/DocsPage.astro): its title and
 * description, the sidebar it is given, breadcrumbs, previous/next and the version switcher.
 */
export function docsPageFrame(site: SiteIndex, index: VersionIndex, slug: string, sidebar: Sidebar): Record<string, unknown> {
  const { page } = index.bySlug.get(slug)!;
  const { prev, next } = prevNext(index, slug);
  return {
    version: index.site.version.id,
    page: { slug, title: page.title, description: page.description, public: page.public, updated: page.updated ?? null, editUrl: page.editUrl ?? null },
    sidebar,
    crumbs: breadcrumbs(index, slug),
    links: { prev: prev && { slug: prev.slug, title: prev.title }, next: next && { slug: next.slug, title: next.title } },
    versionLinks: versionLinks(site, index.site.version.id, slug),
  };
}

/** SHA-256 (hex) of text or bytes: a page's source, an API description. */
export function contentDigest(source: string | Uint8Array): string {
  return createHash('sha256').update(source).digest('hex');
}

/** SHA-256 (hex) of a value's canonical JSON: object keys sorted, so equal data gives equal digests. */
export function digest(value: unknown): string {
  return contentDigest(canonicalJson(value));
}

/**
 * JSON with object keys sorted and `undefined` members left out, as JSON.stringify does. A value
 * that contains itself (a recursive schema resolved in place) is written once; its repeat becomes
 * a marker, which is enough because the repeat is the same object.
 */
export function canonicalJson(value: unknown): string {
  try {
    // Native serialisation with each object's keys put in order: faster than writing every member here (GitHub's description 130 -> 75 ms).
    return JSON.stringify(value, canonicalMember) ?? 'null';
  } catch {
    // A value that contains itself (JSON.stringify refuses it): written member by member, the repeat as a marker.
    return canonicalJsonWithCycles(value);
  }
}

/** JSON.stringify's replacer for canonicalJson: sorted keys, Maps and Sets as objects and arrays, what JSON has no form for as text. */
function canonicalMember(_key: string, item: unknown): unknown {
  if (typeof item === 'number') return Number.isFinite(item) ? item : String(item);
  if (typeof item === 'bigint') return item.toString();
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
  // The object returned is written as it is (its own keys are not passed through here again): sorted first.
  if (item instanceof Map) return Object.fromEntries([...item].map(([key, member]) => [String(key), member] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  if (item instanceof Set) return [...item];
  const keys = Object.keys(item);
  let sorted = true;
  for (let index = 1; index < keys.length && sorted; index++) sorted = keys[index - 1]! < keys[index]!;
  if (sorted) return item;
  const copy: Record<string, unknown> = {};
  for (const key of keys.sort()) copy[key] = (item as Record<string, unknown>)[key];
  return copy;
}

function canonicalJsonWithCycles(value: unknown): string {
  const open = new Set<object>();
  const write = (item: unknown): string | undefined => {
    if (item === null || typeof item === 'boolean' || typeof item === 'string') return JSON.stringify(item);
    if (typeof item === 'number') return Number.isFinite(item) ? JSON.stringify(item) : JSON.stringify(String(item));
    if (typeof item === 'bigint') return JSON.stringify(item.toString());
    if (typeof item !== 'object') return undefined;
    if (open.has(item)) return '"[cycle]"';
    open.add(item);
    try {
      if (Array.isArray(item)) return `[${item.map((element) => write(element) ?? 'null').join(',')}]`;
      if (item instanceof Map) return write(Object.fromEntries([...item].map(([key, member]) => [String(key), member])));
      if (item instanceof Set) return write([...item]);
      const members: string[] = [];
      for (const key of Object.keys(item).sort()) {
        const written = write((item as Record<string, unknown>)[key]);
        if (written !== undefined) members.push(`${JSON.stringify(key)}:${written}`);
      }
      return `{${members.join(',')}}`;
    } finally {
      open.delete(item);
    }
  };
  return write(value) ?? 'null';
}
