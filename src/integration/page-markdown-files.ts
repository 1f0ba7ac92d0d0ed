import { createHash } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pageMarkdownFiles } from '../discovery/all-files.ts';
import type { SiteModel } from '../model/types.ts';

export interface MarkdownStoreOptions {
  /** A folder kept between builds (under Astro's cache folder): each source is stored once under its digest and linked into the output. */
  cacheDir?: string | undefined;
  /** Empty the store first (`astro build --force`). */
  force?: boolean;
}

const STORE = 'caravan-docs-md';

/**
 * Writes the Markdown source of every public page (`{version}/{slug}.md`) into the output folder:
 * the same bytes `astro dev` serves from its route (src/dev-routes/page-markdown.ts). As a route,
 * each source went through Astro's render pipeline on every build, cached or not (about 1 ms of
 * CPU a page); written here it costs a file write. With a cache folder, each text is kept there
 * under its digest and the output file is a hard link to it: an unchanged page costs a link,
 * a fraction of a write on a busy disk. Returns how many files were written.
 */
export function writePageMarkdown(outDir: string, publicModel: SiteModel, docsRoot: string, options: MarkdownStoreOptions = {}): number {
  const files = pageMarkdownFiles(publicModel, (file) => readFileSync(join(docsRoot, file), 'utf8'));
  const store = options.cacheDir ? join(options.cacheDir, STORE) : undefined;
  if (store && options.force) rmSync(store, { recursive: true, force: true });
  if (store) mkdirSync(store, { recursive: true });
  const kept = new Set<string>();
  const folders = new Set<string>();
  for (const [path, text] of files) {
    const target = join(outDir, path);
    const folder = dirname(target);
    if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
    folders.add(folder);
    if (!store || !linkStored(store, text, target, kept)) writeFileSync(target, text);
  }
  // Texts no page has any more (edited or deleted pages) leave the store.
  if (store) for (const name of readdirSync(store)) if (!kept.has(name)) rmSync(join(store, name), { force: true });
  return files.size;
}

/** Links `target` to the stored copy of `text`, storing it first when new; false when no link could be made (another file system). */
function linkStored(store: string, text: string, target: string, kept: Set<string>): boolean {
  const name = `${createHash('sha256').update(text).digest('base64url')}.md`;
  const stored = join(store, name);
  try {
    if (!existsSync(stored)) {
      // Written whole then renamed: a build stopped midway never leaves a partial text under a digest.
      writeFileSync(`${stored}.partial`, text);
      renameSync(`${stored}.partial`, stored);
    }
    linkSync(stored, target);
    kept.add(name);
    return true;
  } catch {
    if (existsSync(target)) unlinkSync(target);
    return false;
  }
}
