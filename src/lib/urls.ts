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
