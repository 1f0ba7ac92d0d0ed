/**
 * The docs collection's id of a page file (`content/de/1.2/guides/x.md` → `de/1.2/guides/x`): its
 * path under content/ without the extension, as src/content.config.ts's `generateId` makes it. Pure.
 */
export function docsEntryId(file: string): string {
  return file.replace(/^content\//, '').replace(/\.mdx?$/, '');
}
