import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { SiteModel } from '../../../src/model/types.ts';
import { flattenPages } from '../../../src/model/tree.ts';

/** Every file under `dir` as text; gzip files (Pagefind's index) are decompressed first. */
export function readAllFiles(dir: string): { file: string; text: string }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = join(entry.parentPath, entry.name);
      const bytes = readFileSync(file);
      return { file, text: decompressed(bytes).toString('latin1') };
    });
}

function decompressed(bytes: Buffer): Buffer {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  try {
    return gunzipSync(bytes);
  } catch {
    return bytes;
  }
}

/**
 * Strings that only gated pages contain: titles, URL paths, headings and descriptions,
 * minus any that also occur in a public source (a public page or an OpenAPI description): those would be false alarms.
 */
export function gatedStrings(model: SiteModel, docsRoot: string): string[] {
  const pages = model.versions.flatMap((site) => flattenPages(site.nav).map((page) => ({ page, version: site.version.id })));
  // Public sources: public pages, and each version's OpenAPI description (the API reference is public).
  const openApiFiles = model.versions.map((site) => join(docsRoot, 'content', site.version.id, 'openapi.yaml')).filter((file) => existsSync(file));
  const publicText = [
    ...pages.filter(({ page }) => page.public).map(({ page }) => readFileSync(join(docsRoot, page.file), 'utf8')),
    ...openApiFiles.map((file) => readFileSync(file, 'utf8')),
  ].join('\n');
  const candidates = pages
    .filter(({ page }) => !page.public)
    .flatMap(({ page, version }) => {
      const source = readFileSync(join(docsRoot, page.file), 'utf8');
      const headings = [...source.matchAll(/^#{2,6}\s+(.+)$/gm)].map((match) => match[1]!.trim());
      return [page.title, page.description, `/${version}/${page.slug}/`, `${version}/${page.slug}.md`, ...headings];
    });
  return [...new Set(candidates)].filter((text) => text.length >= 6 && !publicText.includes(text));
}
