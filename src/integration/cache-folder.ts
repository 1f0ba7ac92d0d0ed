/**
 * Astro's cache folder for one site: `node_modules/.astro/<docs root>-<generator code>/`. Astro
 * keeps rendered pages and its content store (each Markdown page's HTML and the record of the
 * components it uses) there and drops them when its configuration or the lockfile changes, but
 * not when the generator's own code does: a changed Markdown plugin would leave pages rendered by
 * the old one, with stale style records. So the folder is named by a digest of `src/` too: new
 * generator code starts from a cold cache, and the folders of the site's older code are removed.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const CODE_FILE = /\.(?:ts|mjs|js|astro|css|json)$/;

/** A digest of every source file under `srcDir` (path and bytes, in path order). */
export function codeDigest(srcDir: string): string {
  const hash = createHash('sha256');
  const files = readdirSync(srcDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && CODE_FILE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(file.slice(srcDir.length)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/** The cache folder's name for a docs root and generator code. Pure. */
export function cacheFolderName(docsRoot: string, code: string): string {
  return `${createHash('sha256').update(docsRoot).digest('hex').slice(0, 12)}-${code.slice(0, 12)}`;
}

/** Removes the folders under `cacheRoot` of the same docs root made by other generator code. */
export function removeStaleCacheFolders(cacheRoot: string, current: string): void {
  const site = current.split('-')[0]!;
  let names: string[];
  try {
    names = readdirSync(cacheRoot);
  } catch {
    return;
  }
  for (const name of names) if (name !== current && (name === site || name.startsWith(`${site}-`))) rmSync(join(cacheRoot, name), { recursive: true, force: true });
}
