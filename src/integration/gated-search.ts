import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createIndex } from 'pagefind';
import { markdownOfPage } from '../discovery/markdown.ts';
import { flattenPages } from '../model/tree.ts';
import type { RoleRequirement, SiteModel } from '../model/types.ts';
import { isLoginOnly } from '../config/schemas/auth.ts';
import { describeApi } from '../openapi/describe.ts';
import { readOpenApi, versionApiSources } from '../openapi/openapi-fs.ts';
import { orderApis } from '../reference/api-order.ts';
import { referenceCatalog } from '../reference/catalog.ts';
import { SEARCH_GROUPS_FILE, type SearchGroup } from '../server/gated-search.ts';
import { channelOf, eventCatalog } from '../asyncapi/catalog.ts';
import type { LoadedEventApi } from '../asyncapi/load.ts';

/** One thing a gated index holds: a gated page, or a page of an API gated by roles. */
export interface GatedDocument {
  versionId: string;
  slug: string;
  title: string;
  requires: RoleRequirement;
  /** Its text as Markdown, the first block its `# Title`; read only when the index is written. */
  markdown: () => string;
}

/** The non-public pages of the site (not its locales' copies), their text read from their source when indexed. Pure until `markdown()` is called. */
export function gatedPageDocuments(model: SiteModel, docsRoot: string): GatedDocument[] {
  return model.versions.flatMap((site) =>
    flattenPages(site.nav)
      .filter((page) => !page.public)
      .map((page) => ({
        versionId: site.version.id,
        slug: page.slug,
        title: page.title,
        requires: page.requires,
        markdown: () => markdownOfPage(model.config, site.version.id, page, readFileSync(join(docsRoot, page.file), 'utf8')),
      })),
  );
}

/**
 * The overview and operations of every API no static page shows: those gated by roles (`apis:` in
 * site.yml), each needing one of the API's roles, and on a login-only site every API, for any
 * signed-in reader. Each is what a reader finds of the page, titled as it is, with the method and
 * path, summary and description of each operation (its parameters and schemas are on its page).
 */
export function gatedApiDocuments(model: SiteModel, docsRoot: string): GatedDocument[] {
  const { config } = model;
  const loginOnly = isLoginOnly(config.auth);
  return model.versions.map((site) => site.version.id).flatMap((versionId) =>
    orderApis(versionApiSources(docsRoot, versionId), config.apis)
      .filter((source) => loginOnly || source.roles.length > 0)
      .flatMap((source) => {
        const api = describeApi(readOpenApi(docsRoot, source.file), { source: source.file, overrides: config.api, origin: config.url });
        const catalog = referenceCatalog(api, { id: source.id, title: source.title });
        const requires = source.roles.length > 0 ? [[...source.roles]] : [];
        const overview: GatedDocument = { versionId, slug: catalog.base, title: catalog.title, requires, markdown: () => `# ${catalog.title}\n\n${catalog.description}` };
        return [
          overview,
          ...catalog.operations.map((entry): GatedDocument => ({
            versionId,
            slug: entry.slug,
            title: entry.title,
            requires,
            markdown: () => {
              const operation = api.resolve(entry.ref);
              const call = entry.ref.kind === 'webhook' ? `Webhook ${entry.ref.path} (${entry.ref.method.toUpperCase()})` : `${entry.ref.method.toUpperCase()} ${entry.ref.path}`;
              return [`# ${entry.title}`, call, operation.summary ?? '', operation.description ?? ''].filter((block) => block !== '').join('\n\n');
            },
          })),
        ];
      }),
  );
}

/**
 * The overview and operations of every event API (AsyncAPI) gated by roles among `events` (the
 * build's), each needing one of its roles, as gatedApiDocuments makes an OpenAPI API's: what a
 * reader finds of the page, titled as it is, with the action and channel, summary and
 * description of each operation. Pure until `markdown()` is called.
 */
export function gatedEventDocuments(events: readonly LoadedEventApi[]): GatedDocument[] {
  return events
    .filter((entry) => entry.roles.length > 0)
    .flatMap((entry) => {
      const catalog = eventCatalog(entry.id, entry.title, entry.api);
      const requires = [[...entry.roles]];
      const overview: GatedDocument = { versionId: entry.version, slug: catalog.base, title: catalog.title, requires, markdown: () => `# ${catalog.title}\n\n${entry.api.description ?? ''}` };
      return [
        overview,
        ...catalog.operations.map(({ slug, operation }): GatedDocument => ({
          versionId: entry.version,
          slug,
          title: operation.title,
          requires,
          markdown: () => {
            const action = `${operation.action === 'send' ? 'You send' : 'You receive'} on ${channelOf(entry.api, operation)?.address ?? operation.channel}`;
            return [`# ${operation.title}`, action, operation.summary ?? '', operation.description ?? ''].filter((block) => block !== '').join('\n\n');
          },
        })),
      ];
    });
}

/**
 * Gated documents grouped by the roles they need: one index per group, served to readers who
 * hold them. A group's id is keyed by the build, so no reader keeps using an index of a previous
 * build's role rules after a deploy. Pure.
 */
export function searchGroups(documents: readonly GatedDocument[], buildId = ''): { group: SearchGroup; documents: GatedDocument[] }[] {
  const groups = new Map<string, { group: SearchGroup; documents: GatedDocument[] }>();
  for (const document of documents) {
    const key = JSON.stringify(document.requires);
    let entry = groups.get(key);
    if (!entry) {
      entry = { group: { id: createHash('sha256').update(`${buildId}\n${key}`).digest('hex').slice(0, 16), requires: document.requires }, documents: [] };
      groups.set(key, entry);
    }
    entry.documents.push(document);
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
 * Server builds: writes one Pagefind index per group of gated pages and gated APIs' pages (event APIs' among `events` too) into `outDir/{id}/` (inside
 * dist/server, never dist/client) and the list of groups, so the server can hand each index only
 * to readers whose roles open it. Returns the groups.
 */
export async function writeGatedSearch(model: SiteModel, docsRoot: string, outDir: string, buildId: string, events: readonly LoadedEventApi[] = []): Promise<SearchGroup[]> {
  mkdirSync(outDir, { recursive: true });
  const written: SearchGroup[] = [];
  for (const { group, documents } of searchGroups([...gatedPageDocuments(model, docsRoot), ...gatedApiDocuments(model, docsRoot), ...gatedEventDocuments(events)], buildId)) {
    const { index, errors } = await createIndex({});
    if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
    for (const document of documents) {
      const added = await index.addHTMLFile({ url: `/${document.versionId}/${document.slug}/`, content: searchDocument(document.title, document.versionId, document.markdown()) });
      if (added.errors.length > 0) throw new Error(`Pagefind could not index ${document.versionId}/${document.slug}: ${added.errors.join('; ')}`);
    }
    const result = await index.writeFiles({ outputPath: join(outDir, group.id) });
    if (result.errors.length > 0) throw new Error(`Pagefind could not write a gated index: ${result.errors.join('; ')}`);
    await index.deleteIndex();
    written.push(group);
  }
  writeFileSync(join(outDir, SEARCH_GROUPS_FILE), JSON.stringify(written));
  return written;
}
