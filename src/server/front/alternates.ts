import { ROOT_SEGMENTS } from '../../routes.ts';

/**
 * A documentation page URL and its Markdown source: `{base}{path}/` and `{base}{path}.md`.
 * Pure, shared by the front server (static files, content negotiation) and the on-demand page
 * route (gated pages), so both announce the same alternates.
 */
export interface PageAndSource {
  /** `{base}1.2/guides/x/`, as received (percent-encoding kept). */
  pagePath: string;
  /** `{base}1.2/guides/x.md`, as received. */
  sourcePath: string;
  /** `1.2/guides/x`, decoded: where the built files are (`<it>.md`, `<it>/index.html`). */
  file: string;
}

/** Header by which the front tells the page route that it rewrote a page URL to the page's `.md` source. */
export const NEGOTIATED_HEADER = 'x-caravan-docs-negotiated';

/** A page-shaped path (`{base}a/b/`, not the base itself, not a reserved root segment) and its source. */
export function sourceOfPage(pathname: string, base: string): PageAndSource | undefined {
  if (!pathname.startsWith(base) || !pathname.endsWith('/')) return undefined;
  const raw = pathname.slice(base.length, -1);
  const file = decodedPath(raw);
  if (file === undefined) return undefined;
  return { pagePath: pathname, sourcePath: `${base}${raw}.md`, file };
}

/** A `.md` path under the base and the page it is the source of. */
export function pageOfSource(pathname: string, base: string): PageAndSource | undefined {
  if (!pathname.startsWith(base) || !pathname.endsWith('.md')) return undefined;
  const raw = pathname.slice(base.length, -'.md'.length);
  const file = decodedPath(raw);
  if (file === undefined) return undefined;
  return { pagePath: `${base}${raw}/`, sourcePath: pathname, file };
}

/** Decodes `a/b` segment by segment; undefined for an empty, dot, reserved or undecodable segment, or an encoded separator. */
function decodedPath(raw: string): string | undefined {
  // Only URL characters that cannot end a `<…>` or split a Link header list (no `<`, `>`, `,`, `;`, quotes, spaces).
  if (!/^[A-Za-z0-9._~!$&'()*+=:@%/-]+$/.test(raw)) return undefined;
  const segments: string[] = [];
  for (const part of raw.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(part);
    } catch {
      return undefined;
    }
    if (segment === '' || segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) return undefined;
    segments.push(segment);
  }
  if (ROOT_SEGMENTS.includes(segments[0]!)) return undefined;
  return segments.join('/');
}
