import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { docsRoot } from 'virtual:caravan-docs/docs-root';
import { discoveryFiles } from '../discovery/all-files.ts';
import { flattenPages } from '../model/tree.ts';
import type { SiteModel } from '../model/types.ts';
import { referenceLlmsSections } from './reference.ts';
import { site } from './site.ts';

/** The model the discovery routes serve: public pages only (see lib/site.ts). */
const discoveryModel = site.model;

let files: Map<string, string> | undefined;

/**
 * Every discovery file of the site (robots.txt, sitemaps, llms files, public pages' `.md`
 * sources) by path relative to the base, assembled once per build by `discoveryFiles`, the
 * same function the unit tests and the benchmark call. Sitemap dates are the pages' own
 * (src/model/page-dates.ts: front matter, else git, else the file).
 */
function allFiles(): Map<string, string> {
  files ??= discoveryFiles(discoveryModel, {
    readSource: (file) => readFileSync(join(docsRoot, file), 'utf8'),
    lastModified: pageDates(discoveryModel),
    llmsSections: referenceLlmsSections,
  });
  return files;
}

/** Each page file's date, for the sitemap's `lastmod`. */
function pageDates(model: SiteModel): Map<string, string> {
  const dates = new Map<string, string>();
  for (const site of [...model.versions, ...(model.locales ?? []).flatMap((locale) => locale.versions)]) {
    for (const page of flattenPages(site.nav)) if (page.updated) dates.set(page.file, page.updated);
  }
  return dates;
}

/** One discovery file by its path relative to the base. */
export function discoveryFile(path: string): string {
  const body = allFiles().get(path);
  if (body === undefined) throw new Error(`No discovery file ${path} in this build.`);
  return body;
}

/** Paths of the discovery files matching a pattern, for getStaticPaths. */
export function discoveryPaths(pattern: RegExp): string[] {
  return [...allFiles().keys()].filter((path) => pattern.test(path));
}

/** A text response with the file's type; discovery files are always UTF-8. */
export function textFile(body: string, type: 'text/plain' | 'text/markdown' | 'application/xml'): Response {
  return new Response(body, { headers: { 'Content-Type': `${type}; charset=utf-8` } });
}
