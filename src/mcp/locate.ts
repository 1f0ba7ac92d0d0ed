/**
 * Which readable document a `read_page` argument names: an absolute URL of the site, a path
 * (`/1.2/guides/x/`, `1.2/guides/x.md`) or a slug (`guides/x`, in the given or default version).
 * Only documents of the reader's view can be found, so a gated page and a page that does not
 * exist give the same answer. Each path segment is decoded once; an encoded separator, a dot
 * segment, an empty segment or another case names nothing, as on the site (request-target.ts).
 * Pure.
 */
import { decodeSegments } from '../model/urls.ts';
import type { AgentDoc } from './corpus.ts';
import type { AgentView } from './view.ts';

export function locateDoc(view: AgentView, reference: string, versionId: string | undefined, locale?: string): AgentDoc | undefined {
  const { config } = view.corpus;
  const input = reference.trim();
  let path: string;
  if (/^[a-z][a-z\d+.-]*:/i.test(input)) {
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      return undefined;
    }
    if (url.origin !== new URL(config.url).origin) return undefined;
    path = url.pathname;
  } else if (input.startsWith('/')) path = input.split(/[?#]/)[0]!;
  else if (locale !== undefined) return localeSlug(view, input.split(/[?#]/)[0]!, versionId, locale);
  else return slugOrRelative(view, input.split(/[?#]/)[0]!, versionId);
  if (!path.startsWith(config.base)) return undefined;
  return byPath(view, path.slice(config.base.length));
}

/** `guides/x` in the version asked for (or the default); `1.2/guides/x/` when it starts with a version id. */
function slugOrRelative(view: AgentView, input: string, versionId: string | undefined): AgentDoc | undefined {
  const first = input.split('/')[0]!;
  if (view.byId.has(first) && versionId === undefined) return byPath(view, input);
  const version = view.byId.get(versionId ?? view.defaultVersionId ?? '');
  if (!version) return undefined;
  const segments = decodeSegments(input.split('/'));
  if (!segments) return undefined;
  return findIn(version.bySlug, segments);
}

/** A path relative to the base: `{version}/{slug}/`, `{version}/{slug}`, `{version}/{slug}.md`, `…/index.html`. */
function byPath(view: AgentView, relative: string): AgentDoc | undefined {
  const segments = decodeSegments(relative.split('/'));
  if (!segments || segments.length < 2) return undefined;
  // `{locale}/{version}/{slug}`: a translation.
  const translations = view.locales.get(segments[0]!);
  if (translations) {
    const bySlug = translations.get(segments[1]!);
    return bySlug && segments.length > 2 ? findIn(bySlug, segments.slice(2)) : undefined;
  }
  const version = view.byId.get(segments[0]!);
  return version ? findIn(version.bySlug, segments.slice(1)) : undefined;
}

function findIn(bySlug: ReadonlyMap<string, AgentDoc>, rawSegments: string[]): AgentDoc | undefined {
  let segments = rawSegments;
  if (segments.at(-1) === '' || segments.at(-1) === 'index.html') segments = segments.slice(0, -1);
  if (segments.length === 0 || segments.some((segment) => segment === '')) return undefined;
  const last = segments.at(-1)!;
  if (last.endsWith('.md')) segments = [...segments.slice(0, -1), last.slice(0, -'.md'.length)];
  return bySlug.get(segments.join('/'));
}

/** A slug among a locale's translations, in the version asked for (or the default). */
function localeSlug(view: AgentView, input: string, versionId: string | undefined, locale: string): AgentDoc | undefined {
  const bySlug = view.locales.get(locale)?.get(versionId ?? view.defaultVersionId ?? '');
  const segments = decodeSegments(input.split('/'));
  return bySlug && segments ? findIn(bySlug, segments) : undefined;
}
