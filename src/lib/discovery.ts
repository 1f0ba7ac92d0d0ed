import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { docsRoot } from 'virtual:caravan-docs/docs-root';
import { pageMarkdownFor } from '../discovery/all-files.ts';
import { gitLastModified } from '../discovery/git-dates.ts';
import type { LastModified } from '../discovery/sitemap.ts';
import type { Page } from '../model/types.ts';
import { site } from './site.ts';

/** The model the discovery routes serve: public pages only (see lib/site.ts). */
export const discoveryModel = site.model;

const markdownCache = new Map<string, string>();

/** The Markdown source of a public page, read from its file once per build. */
export function markdownOf(versionId: string, page: Page): string {
  if (!page.public) throw new Error(`Refusing to serve the Markdown of a gated page (${versionId}/${page.slug}).`);
  const key = `${versionId}/${page.slug}`;
  let text = markdownCache.get(key);
  if (text === undefined) {
    text = pageMarkdownFor(discoveryModel, versionId, page, readFileSync(join(docsRoot, page.file), 'utf8'));
    markdownCache.set(key, text);
  }
  return text;
}

let lastModified: LastModified | undefined;

/** Last commit date of every page file: one `git log` for the whole docs root, on first use. */
export function pageDates(): LastModified {
  lastModified ??= gitLastModified(docsRoot);
  return lastModified;
}

/** A text response with the file's type; discovery files are always UTF-8. */
export function textFile(body: string, type: 'text/plain' | 'text/markdown' | 'application/xml'): Response {
  return new Response(body, { headers: { 'Content-Type': `${type}; charset=utf-8` } });
}
