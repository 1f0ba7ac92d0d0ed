import { accessTo, type AccessRule, type Reader } from '../model/access.ts';
import { flattenPages } from '../model/tree.ts';
import { decodeSegments } from '../model/urls.ts';
import type { Page, SiteModel } from '../model/types.ts';

/** What a path can resolve to: a nav page, or anything else with a slug and a role rule (a page of an API gated by roles). */
export type Routable = AccessRule & { slug: string };

/** What an on-demand request for a path under the site asks for. */
export type RequestTarget<P extends Routable = Page> =
  /** A page at its canonical URL `/{version}/{slug}/`. */
  | { kind: 'page'; versionId: string; page: P }
  /** A page's Markdown source `/{version}/{slug}.md`. */
  | { kind: 'markdown'; versionId: string; page: P }
  /** Another spelling of a page's URL (no trailing slash, `/index.html`): redirect once the check passes. */
  | { kind: 'alias'; versionId: string; page: P }
  /** `/{version}/` itself, when no static redirect serves it (no public page in the version). */
  | { kind: 'version'; versionId: string }
  /** Under a version, but no page: to a signed-out reader it must look exactly like a gated page. */
  | { kind: 'unknown'; versionId: string }
  /** Outside every version. */
  | { kind: 'outside' };

/**
 * A request's path exactly as it arrived: percent-encoding kept (the URL parser has only removed
 * `.` and `..` segments). Astro's `url.pathname` is decoded already, as often as it decodes, so
 * every path the server resolves is this one, decoded once, segment by segment, by the resolver.
 */
export function receivedPath(request: Request): string {
  return new URL(request.url).pathname;
}

/**
 * Pages of every version by slug, for path lookups, keyed by version id; a locale other than the
 * default keys its versions `{locale}/{version}` (its URLs are `/{locale}/{version}/…`).
 */
export type PageLookup<P extends Routable = Page> = ReadonlyMap<string, ReadonlyMap<string, P>>;

export function pageLookup(model: SiteModel): PageLookup {
  const bySlug = (site: SiteModel['versions'][number]) => new Map(flattenPages(site.nav).map((page) => [page.slug, page]));
  return new Map([
    ...model.versions.map((site) => [site.version.id, bySlug(site)] as const),
    ...(model.locales ?? []).flatMap((locale) => locale.versions.map((site) => [`${locale.locale.id}/${site.version.id}`, bySlug(site)] as const)),
  ]);
}

/**
 * Where a public page's Markdown source is a static file: `/{key}/{slug}.md`, or for a page a
 * locale shows untranslated (it has no source of its own there) its original's. Pure.
 */
export function publicSourceUrl(base: string, key: string, page: { slug: string; untranslated?: true }): string {
  return `${base}${page.untranslated ? splitVersionKey(key).versionId : key}/${page.slug}.md`;
}

/** A lookup key split into its locale (undefined for the default) and version: `de/1.2` → de, 1.2. Pure. */
export function splitVersionKey(key: string): { locale: string | undefined; versionId: string } {
  const slash = key.indexOf('/');
  return slash < 0 ? { locale: undefined, versionId: key } : { locale: key.slice(0, slash), versionId: key.slice(slash + 1) };
}

/**
 * Resolves a URL pathname exactly as received (percent-encoded; the URL parser has already
 * removed `.` and `..` segments) to a page. Only the canonical spellings resolve: each segment
 * is decoded once, and an encoded "/" or "\", an empty segment or a different case resolves to
 * nothing, so no spelling of a path can reach a page without going through its check.
 */
export function resolveRequestTarget<P extends Routable = Page>(pathname: string, base: string, pages: PageLookup<P>): RequestTarget<P> {
  if (!pathname.startsWith(base)) return { kind: 'outside' };
  const [rawFirst = '', ...afterFirst] = pathname.slice(base.length).split('/');
  const first = decodeSegments([rawFirst])?.[0];
  // `/{locale}/{version}/…`: a locale id is never a version id, so the two cannot be confused.
  const second = first === undefined || pages.has(first) || afterFirst.length === 0 ? undefined : decodeSegments([afterFirst[0]!])?.[0];
  const localized = second !== undefined && pages.has(`${first}/${second}`);
  const versionId = localized ? `${first}/${second}` : first;
  const rawRest = localized ? afterFirst.slice(1) : afterFirst;
  const versionPages = versionId === undefined ? undefined : pages.get(versionId);
  if (versionId === undefined || !versionPages) return { kind: 'outside' };
  const unknown = { kind: 'unknown', versionId } as const;
  const rest = decodeSegments(rawRest);
  if (rest?.length === 1 && rest[0] === '') return { kind: 'version', versionId };
  if (!rest || rest.length === 0 || rest.some((segment, index) => segment === '' && index !== rest.length - 1)) return unknown;

  const last = rest.at(-1)!;
  const find = (parts: string[]) => versionPages.get(parts.join('/'));
  if (last === '') {
    const page = find(rest.slice(0, -1));
    return page ? { kind: 'page', versionId, page } : unknown;
  }
  if (last === 'index.html') {
    const page = find(rest.slice(0, -1));
    return page ? { kind: 'alias', versionId, page } : unknown;
  }
  if (last.endsWith('.md')) {
    const page = find([...rest.slice(0, -1), last.slice(0, -'.md'.length)]);
    return page ? { kind: 'markdown', versionId, page } : unknown;
  }
  const page = find(rest);
  return page ? { kind: 'alias', versionId, page } : unknown;
}

/** `publicPaths` prefixes (relative to the base) match at segment boundaries: `/a` covers `/a` and `/a/b`, not `/ab`. */
export function coveredByPublicPaths(path: string, publicPaths: readonly string[]): boolean {
  return publicPaths.some((prefix) => {
    const bare = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
    return bare === '' || path === bare || path.startsWith(`${bare}/`);
  });
}

/** What the on-demand page route does with a request, decided before anything renders. */
export type Decision<P extends Routable = Page> =
  | { kind: 'sign-in' }
  | { kind: 'forbidden' }
  | { kind: 'not-found' }
  | { kind: 'redirect'; versionId: string; page: P }
  /** To the first page of the version this reader may read. */
  | { kind: 'first-page'; versionId: string }
  | { kind: 'markdown'; versionId: string; page: P }
  /** `opened`: served because `auth.publicPaths` covers it, not because of the reader's roles. */
  | { kind: 'page'; versionId: string; page: P; opened: boolean };

/** The role check of one request: public, opened by publicPaths, or the reader's roles. Pure. */
export function decideRequest<P extends Routable = Page>(target: RequestTarget<P>, reader: Reader | undefined, publicPaths: readonly string[]): Decision<P> {
  if (target.kind === 'outside') return { kind: 'not-found' };
  // Unknown paths look like gated pages to signed-out readers: no probing for which pages exist.
  if (target.kind === 'unknown') return reader ? { kind: 'not-found' } : { kind: 'sign-in' };
  if (target.kind === 'version') return reader ? { kind: 'first-page', versionId: target.versionId } : { kind: 'sign-in' };
  const { versionId, page } = target;
  const opened = !page.public && coveredByPublicPaths(`/${versionId}/${page.slug}/`, publicPaths);
  const access = opened ? 'allow' : accessTo(page, reader);
  if (access !== 'allow') return { kind: access };
  if (target.kind === 'alias') return { kind: 'redirect', versionId, page };
  if (target.kind === 'markdown') return { kind: 'markdown', versionId, page };
  return { kind: 'page', versionId, page, opened: opened && accessTo(page, reader) !== 'allow' };
}
