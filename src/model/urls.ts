/**
 * A root-relative target written as if the site were served at `/` (`/1.2/x/`), under `base`
 * (`/docs/1.2/x/`). Relative, external and protocol-relative targets, and those already under
 * the base, are unchanged. HTML pages (base-links.ts) and Markdown sources share this rule.
 */
export function withBase(target: string, base: string): string {
  if (base === '/' || !target.startsWith('/') || target.startsWith('//') || target === base.slice(0, -1) || target.startsWith(base)) return target;
  return `${base.slice(0, -1)}${target}`;
}

/** URL of a documentation page: `{base}{version}/{slug}/`. `base` always ends with "/". */
export function pageUrl(base: string, versionId: string, slug: string): string {
  return `${base}${versionId}/${slug}/`;
}

/** URL of a version's generated all-pages index (the full navigation tree). */
export function allPagesUrl(base: string, versionId: string): string {
  return `${base}${versionId}/all-pages/`;
}

/** URL of a file at the site root, like `pagefind/pagefind.js`. */
export function rootUrl(base: string, path = ''): string {
  return `${base}${path}`;
}

/** Decodes path segments; undefined when one cannot be decoded or decodes to a separator or a dot segment. */
export function decodeSegments(rawSegments: readonly string[]): string[] | undefined {
  const segments: string[] = [];
  for (const raw of rawSegments) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (/[/\\\0]/.test(segment) || segment === '.' || segment === '..') return undefined;
    segments.push(segment);
  }
  return segments;
}
