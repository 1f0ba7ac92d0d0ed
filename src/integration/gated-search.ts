import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createIndex } from 'pagefind';
import { pageMarkdown } from '../discovery/markdown.ts';
import { flattenPages } from '../model/tree.ts';
import type { Page, SiteModel } from '../model/types.ts';
import { SEARCH_GROUPS_FILE, type SearchGroup } from '../server/gated-search.ts';


/**
 * Non-public pages grouped by the roles they need: one index per group, served to readers who
 * hold them. A group's id is keyed by the build, so no reader keeps using an index of a previous
 * build's role rules after a deploy. Pure.
 */
export function searchGroups(model: SiteModel, buildId = ''): { group: SearchGroup; pages: { versionId: string; page: Page }[] }[] {
  const groups = new Map<string, { group: SearchGroup; pages: { versionId: string; page: Page }[] }>();
  for (const site of model.versions) {
    for (const page of flattenPages(site.nav).filter((candidate) => !candidate.public)) {
      const key = JSON.stringify(page.requires);
      let entry = groups.get(key);
      if (!entry) {
        entry = { group: { id: createHash('sha256').update(`${buildId}\n${key}`).digest('hex').slice(0, 16), requires: page.requires }, pages: [] };
        groups.set(key, entry);
      }
      entry.pages.push({ versionId: site.version.id, page });
    }
  }
  return [...groups.values()];
}

/** What Pagefind indexes for a gated page: its Markdown as plain paragraphs, its title, and its version filter. Pure. */
export function searchDocument(title: string, versionId: string, markdown: string): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const paragraphs = markdown
    .split(/\n{2,}/)
    .slice(1) // the "# Title" line; the title is given on its own
    .map((block) => `<p>${escape(block.replace(/^[#>*\-|\s]+/gm, '').trim())}</p>`)
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta data-pagefind-filter="version[content]" content="${escape(versionId)}"></head><body><main data-pagefind-body><h1 data-pagefind-meta="title">${escape(title)}</h1>\n${paragraphs}</main></body></html>`;
}

/**
 * Server builds: writes one Pagefind index per group of gated pages into `outDir/{id}/` (inside
 * dist/server, never dist/client) and the list of groups, so the server can hand each index only
 * to readers whose roles open it. Returns the groups.
 */
export async function writeGatedSearch(model: SiteModel, docsRoot: string, outDir: string, buildId: string): Promise<SearchGroup[]> {
  mkdirSync(outDir, { recursive: true });
  const written: SearchGroup[] = [];
  for (const { group, pages } of searchGroups(model, buildId)) {
    const { index, errors } = await createIndex({});
    if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
    for (const { versionId, page } of pages) {
      const markdown = pageMarkdown({ config: model.config, versionId, slug: page.slug, title: page.title, description: page.description, source: readFileSync(join(docsRoot, page.file), 'utf8'), mdx: page.file.endsWith('.mdx') });
      const added = await index.addHTMLFile({ url: `/${versionId}/${page.slug}/`, content: searchDocument(page.title, versionId, markdown) });
      if (added.errors.length > 0) throw new Error(`Pagefind could not index ${page.file}: ${added.errors.join('; ')}`);
    }
    const result = await index.writeFiles({ outputPath: join(outDir, group.id) });
    if (result.errors.length > 0) throw new Error(`Pagefind could not write a gated index: ${result.errors.join('; ')}`);
    await index.deleteIndex();
    written.push(group);
  }
  writeFileSync(join(outDir, SEARCH_GROUPS_FILE), JSON.stringify(written));
  return written;
}
