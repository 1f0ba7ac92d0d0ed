import { readFileSync } from 'node:fs';
import { versionApiSources } from '../openapi/openapi-fs.ts';
import { join } from 'node:path';
import type { UserRecord } from '../config/schemas/users.ts';
import { readerView } from '../model/access.ts';
import { flattenPages } from '../model/tree.ts';
import type { SiteModel } from '../model/types.ts';
import type { ContentSelection, ServerData } from './virtual-modules.ts';

/**
 * The part of the model a build may contain. A static build holds public pages only: gated pages
 * are removed here, before any route, bundle, content collection or index can see them. A server
 * build keeps them for the on-demand routes; prerendered routes still read `anonymousView`.
 */
export function buildableModel(model: SiteModel, serverMode: boolean): SiteModel {
  return serverMode ? model : anonymousView(model);
}

/**
 * What only the server bundle gets: the readers of users.yml, the source of every page (gated
 * ones for their `.md` URLs, all of them for the MCP server) and the OpenAPI descriptions (for
 * their consoles), so a deployed server needs no docs folder.
 */
export function serverData(model: SiteModel, users: readonly UserRecord[], docsRoot: string): ServerData {
  const sources: Record<string, string> = {};
  // Translations too: gated ones for their `.md` URLs (an untranslated page's file is its original's).
  for (const locale of model.locales ?? []) for (const site of locale.versions) for (const page of flattenPages(site.nav)) sources[page.file] ??= readFileSync(join(docsRoot, page.file), 'utf8');
  for (const site of model.versions) {
    // Every page: gated ones for their `.md` URLs, all of them for the MCP server (src/mcp/site-source.ts).
    for (const page of flattenPages(site.nav)) sources[page.file] = readFileSync(join(docsRoot, page.file), 'utf8');
    // Consoles and references on on-demand pages need the version's OpenAPI descriptions.
    for (const { file } of versionApiSources(docsRoot, site.version.id)) sources[file] = readFileSync(join(docsRoot, file), 'utf8');
  }
  return { users: [...users], sources };
}

/** Every page file, minus those the buildable model leaves out (gated pages and orphans). */
export function contentSelection(full: SiteModel, buildable: SiteModel, orphans: readonly string[], contentDir: string): ContentSelection {
  const files = (model: SiteModel) => [...model.versions, ...(model.locales ?? []).flatMap((locale) => locale.versions)].flatMap((site) => flattenPages(site.nav).map((page) => page.file));
  const built = new Set(files(buildable));
  const excluded = [...new Set(files(full))].filter((file) => !built.has(file)).concat(orphans);
  const folders = [...buildable.versions.map((site) => site.version.id), ...(buildable.locales ?? []).flatMap((locale) => locale.versions.map((site) => `${locale.locale.id}/${site.version.id}`))];
  return {
    base: contentDir,
    // Listing included versions (and their translations) keeps unlisted folders out; negations drop gated pages and orphans.
    pattern: [
      ...folders.map((folder) => `${folder.split('/').map(globEscape).join('/')}/**/*.{md,mdx}`),
      ...excluded.map((file) => `!${globEscape(file.replace(/^content\//, ''))}`),
    ],
  };
}

function globEscape(path: string): string {
  return path.replace(/[*?[\]{}()!]/g, (char) => `\\${char}`);
}

/**
 * What an anonymous reader may see: public pages only, sections left empty dropped. Every
 * prerendered route (pages, landing, 404, all-pages, discovery files) is built from this view,
 * so gated titles and slugs reach no static file, whether or not the build has a server.
 */
export function anonymousView(model: SiteModel): SiteModel {
  return readerView(model, undefined);
}
