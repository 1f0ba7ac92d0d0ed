/**
 * A version as the header and search results name it: a number gets a "v" (`1.2` reads "v1.2"),
 * a name (`v1`, `beta`, `legacy`) is shown as it is, so a version called `v1` never reads "vv1".
 */
export function shownVersion(label: string): string {
  return /^\d/.test(label) ? `v${label}` : label;
}
