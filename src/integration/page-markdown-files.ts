import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { pageMarkdownFiles } from '../discovery/all-files.ts';
import type { SiteModel } from '../model/types.ts';
import { REFERENCE_SOURCES_FOLDER } from '../routes.ts';
import { eventCatalog } from '../asyncapi/catalog.ts';
import type { LoadedEventApi } from '../asyncapi/load.ts';
import { eventMarkdownFiles } from '../asyncapi/markdown.ts';
import { pageMarkdownUrl, type UrlConfig } from '../discovery/site-urls.ts';

/**
 * Writes the Markdown source of every public page (`{version}/{slug}.md`) into the output folder:
 * the same bytes `astro dev` serves from its route (src/dev-routes/page-markdown.ts). As a route,
 * each source went through Astro's render pipeline on every build, cached or not (about 1 ms of
 * CPU a page); written here it costs a file write. Returns how many files were written.
 */
export function writePageMarkdown(outDir: string, publicModel: SiteModel, docsRoot: string): number {
  return writeTextFiles(outDir, pageMarkdownFiles(publicModel, (file) => readFileSync(join(docsRoot, file), 'utf8')));
}

/** Writes the Markdown sources of the public event APIs' pages (AsyncAPI); returns how many. */
export function writeEventMarkdown(outDir: string, events: readonly LoadedEventApi[], config: UrlConfig): number {
  let written = 0;
  for (const entry of events) {
    const files = eventMarkdownFiles(entry.version, [eventCatalog(entry.id, entry.title, entry.api, entry.changes)], (versionId, slug) => pageMarkdownUrl(config, versionId, slug));
    written += writeTextFiles(outDir, files);
  }
  return written;
}

/**
 * Writes out the API reference's Markdown sources the build rendered as one JSON file per version
 * (src/build-routes/reference-sources.ts), then removes those files: they are not part of the
 * site. Returns how many sources were written (0 when the build made none).
 */
export function unpackReferenceSources(outDir: string): number {
  const folder = join(outDir, REFERENCE_SOURCES_FOLDER);
  if (!existsSync(folder)) return 0;
  let written = 0;
  for (const name of readdirSync(folder).sort()) {
    written += writeTextFiles(outDir, JSON.parse(readFileSync(join(folder, name), 'utf8')) as Array<[string, string]>);
  }
  rmSync(folder, { recursive: true, force: true });
  return written;
}

function writeTextFiles(outDir: string, files: Iterable<readonly [string, string]>): number {
  const folders = new Set<string>();
  let written = 0;
  for (const [path, text] of files) {
    // Paths are made from slugs; one that climbs out of the output folder is a bug, not a file to write.
    if (isAbsolute(path) || path.split('/').includes('..')) throw new Error(`Refusing to write ${JSON.stringify(path)}: not a path inside the output folder.`);
    const target = join(outDir, path);
    const folder = dirname(target);
    if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
    folders.add(folder);
    writeFileSync(target, text);
    written++;
  }
  return written;
}
