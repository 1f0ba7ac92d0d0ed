/**
 * The corpus of the site being built or served, from the same modules the site's routes use: the
 * model and page sources of the build (virtual modules), `discoveryFiles` for the public pages'
 * `.md` and the llms.txt indexes, and src/lib/reference.ts for the API reference's Markdown. The
 * Astro server bundles it; src/cli/mcp.ts loads it with the virtual modules registered in Node
 * (src/mcp/node-modules.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { docsRoot } from 'virtual:caravan-docs/docs-root';
import { model } from 'virtual:caravan-docs/model';
import { sources } from 'virtual:caravan-docs/sources';
import { discoveryFiles } from '../discovery/all-files.ts';
import { markdownOfPage } from '../discovery/markdown.ts';
import { REFERENCE_SLUG, REFERENCE_TITLE, type ReferenceCatalog } from '../reference/catalog.ts';
import { allApisOf, hasApiList, referenceFor, referenceListSource, referenceLlmsSections, referenceOperationSource, referenceOverviewSource, referenceSchemaPages, referenceSchemaSource } from '../lib/reference.ts';
import { site } from '../lib/site.ts';
import { changelogFor, changelogSource } from '../lib/changelog.ts';
import { eventCatalogsOf, eventMarkdownUrl, gatedEventCatalogsOf } from '../lib/events.ts';
import { eventMarkdownFiles } from '../asyncapi/markdown.ts';
import type { EventCatalog } from '../asyncapi/catalog.ts';
import { changelogLead } from '../reference/changelog.ts';
import { loadVersionSandbox } from '../sandbox/node/load.ts';
import { parseApiKey } from '../openapi/api-key.ts';
import { buildCorpus, type AgentCorpus, type ReferenceDocInput } from './corpus.ts';
import type { SandboxParts } from './sandbox-calls.ts';

/** A page file's text: bundled into a server build, else read from the docs root. */
const readSource = (file: string) => sources[file] ?? readFileSync(join(docsRoot, file), 'utf8');

export function siteCorpus(): AgentCorpus {
  // The public files exactly as the site publishes them (the anonymous view: lib/site.ts).
  const published = discoveryFiles(site.model, { readSource, llmsSections: referenceLlmsSections });
  const llmsFiles = new Map([...published].filter(([path]) => /(^|\/)llms(-full)?\.txt$/.test(path)));
  return buildCorpus({
    model,
    llmsFiles,
    pageMarkdown: (versionId, page) =>
      published.get(`${versionId}/${page.slug}.md`) ?? markdownOfPage(model.config, versionId, page, readSource(page.file)),
    reference: referenceDocs,
    // Published translations as served; gated ones (server builds) made the same way, under their locale.
    localePageMarkdown: (locale, versionId, page) =>
      published.get(`${locale}/${versionId}/${page.slug}.md`) ??
      markdownOfPage({ ...model.config, base: `${model.config.base}${locale}/` }, versionId, page, readSource(page.file)),
  });
}

/** Every API's reference of a version: with several, the list of them, then each one's overview, operations and schemas. */
function referenceDocs(versionId: string): ReferenceDocInput[] {
  const list: ReferenceDocInput[] = hasApiList(versionId) ? [{ kind: 'reference', slug: REFERENCE_SLUG, title: REFERENCE_TITLE, description: 'The APIs of this version.', markdown: referenceListSource(versionId) }] : [];
  // APIs gated by roles too, each page marked with its roles: the corpus opens them to their readers only.
  return [...list, ...allApisOf(versionId).flatMap((api) => apiDocs(versionId, referenceFor(versionId, api.id)!).map((doc) => (api.roles.length > 0 ? { ...doc, roles: api.roles } : doc))), ...eventDocs(versionId)];
}

/**
 * Every page of a version's event APIs (AsyncAPI), as their Markdown sources say it; read like
 * reference pages (no sandbox calls). Those gated by roles too, each page marked with its roles,
 * as an OpenAPI API's: the corpus opens them to their readers only.
 */
function eventDocs(versionId: string): ReferenceDocInput[] {
  const gated = gatedEventCatalogsOf(versionId);
  return [...eventCatalogsOf(versionId).map((catalog) => ({ catalog, roles: [] as readonly string[] })), ...gated].flatMap(({ catalog, roles }) =>
    catalogDocs(versionId, catalog).map((doc) => (roles.length > 0 ? { ...doc, roles: [...roles] } : doc)),
  );
}

function catalogDocs(versionId: string, catalog: EventCatalog): ReferenceDocInput[] {
  const files = eventMarkdownFiles(versionId, [catalog], eventMarkdownUrl);
  const doc = (api: string, slug: string, title: string, description: string): ReferenceDocInput => ({ kind: 'reference', api, slug, title, description, markdown: files.get(`${versionId}/${slug}.md`)! });
  return [
    doc(catalog.id, catalog.base, catalog.title, catalog.api.description?.split('\n')[0] ?? `${catalog.title}: an event API.`),
    ...(catalog.changes ? [doc(catalog.id, catalog.changes.slug, catalog.changes.title, `What changed in ${catalog.title} since ${catalog.changes.changes.previous.label}.`)] : []),
    ...catalog.operations.map(({ slug, operation }) => doc(catalog.id, slug, operation.title, `${operation.action === 'send' ? 'You send' : 'You receive'}${operation.reply ? ', with a reply' : ''}: ${operation.summary ?? operation.channel}`)),
  ];
}

function apiDocs(versionId: string, catalog: ReferenceCatalog): ReferenceDocInput[] {
  return [
    { kind: 'reference', api: catalog.id, slug: catalog.base, title: catalog.nav.title, description: catalog.description.split('\n')[0] ?? '', markdown: referenceOverviewSource(versionId, catalog.id) },
    ...catalog.operations.map((entry): ReferenceDocInput => ({
      kind: 'operation',
      api: catalog.id,
      slug: entry.slug,
      title: entry.title,
      description: `${entry.ref.method.toUpperCase()} ${entry.ref.path}`,
      markdown: referenceOperationSource(versionId, entry.slug),
      operation: { id: entry.ref.operationId, method: entry.ref.method, path: entry.ref.path },
    })),
    ...referenceSchemaPages(versionId, catalog.id).map((page): ReferenceDocInput => ({ kind: 'schema', api: catalog.id, slug: page.slug, title: page.title, description: page.summary, markdown: referenceSchemaSource(versionId, page.slug) })),
    ...changelogDocs(versionId, catalog.id),
  ];
}

/** An API's "Changes since" page, when it has one (a page of the reference: its readers are the reference's). */
function changelogDocs(versionId: string, apiId: string): ReferenceDocInput[] {
  const changelog = changelogFor(versionId, apiId);
  return changelog ? [{ kind: 'reference', api: apiId, slug: changelog.slug, title: changelog.title, description: changelogLead(changelog), markdown: changelogSource(changelog) }] : [];
}

/** The sandbox of one API (by its key: the version, or `<version>~<id>`), from the description and extension in the docs root. */
export async function siteSandboxParts(key: string): Promise<SandboxParts | undefined> {
  const { version, api } = parseApiKey(key);
  if (!referenceFor(version, api)) return undefined;
  const loaded = await loadVersionSandbox(docsRoot, version, { overrides: model.config.api, origin: model.config.url }, api);
  return { api: loaded.api, validators: loaded.validators, extension: loaded.extension };
}
