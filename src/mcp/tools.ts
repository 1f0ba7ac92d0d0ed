/**
 * The MCP server of one reader's view: tools to search, list and read the documentation and to
 * call the sandbox, and the llms.txt indexes as resources. Every answer comes from the view, so a
 * reader is told only what the site would show them. Transport-free: stdio (src/cli/mcp.ts) and
 * Streamable HTTP (src/mcp/http.ts) connect it.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { z } from 'zod';
import { absoluteUrl } from '../discovery/site-urls.ts';
import { apiKey } from '../openapi/api-key.ts';
import type { Sandbox } from '../sandbox/core/pipeline.ts';
import type { AgentDoc } from './corpus.ts';
import { locateDoc } from './locate.ts';
import { tableOfContents } from './table-of-contents.ts';
import { callSandbox } from './sandbox-calls.ts';
import type { AgentVersion, AgentView } from './view.ts';

export interface DocsServerOptions {
  view: AgentView;
  /**
   * The sandbox of an API for a caller (`authInfo.clientId` of the request, which the HTTP
   * transport passes on; 'local' over stdio); undefined when there is no such API. The API is
   * named by its key (src/openapi/api-key.ts): the version, or `<version>~<id>` for one of several.
   */
  sandbox: (apiKey: string, caller: string) => Promise<Sandbox | undefined>;
}

// One validator for every server: the SDK would compile a new Ajv instance per server, that is per HTTP request.
const jsonSchemaValidator = new AjvJsonSchemaValidator();

const versionArgument = z.string().optional().describe('Version id (see list_pages); the default version when left out.');
const localeArgument = z.string().max(50).optional().describe("A locale id other than the default (the site's i18n locales): its translated pages. Left out: the default locale's pages.");
const apiArgument = z.string().max(200).optional().describe("For a version with several APIs, the API's id (list_pages names them); not needed when the version has one.");

export function createDocsServer({ view, sandbox }: DocsServerOptions): McpServer {
  const { config } = view.corpus;
  const server = new McpServer(
    { name: 'caravan-docs', title: `${config.title} documentation`, version: '1.0.0' },
    {
      jsonSchemaValidator,
      instructions: `Documentation of ${config.title}. Use search_docs to find pages, read_page to read one as Markdown, list_pages for a version's table of contents, read_operation for an API operation's reference, and call_sandbox to try the API against its sandbox (fake data, no real effects).`,
    },
  );

  server.registerTool(
    'search_docs',
    {
      title: 'Search the documentation',
      description: 'Full-text search over the documentation pages and API reference. Returns ranked results with the version, title, URL and a snippet. Searches the default version unless `version` or `allVersions` says otherwise.',
      inputSchema: {
        query: z.string().min(1).max(500).describe('Words to look for.'),
        version: versionArgument,
        allVersions: z.boolean().optional().describe('Search every version.'),
        locale: localeArgument,
        limit: z.number().int().min(1).max(50).optional().describe('Most results to return (default 10).'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ query, version, allVersions, locale, limit }) => {
      const target = allVersions ? undefined : pickVersion(view, version);
      if (target && 'error' in target) return failure(target.error);
      if (locale !== undefined && !view.locales.has(locale)) return failure(unknownLocale(view, locale));
      const hits = view.search.search(query, { versionId: target?.version.id, locale, limit: limit ?? 10 });
      const scope = `${target ? `version ${target.version.id}` : 'all versions'}${locale === undefined ? '' : ` (${locale})`}`;
      const text =
        hits.length === 0
          ? `No results for "${query}" in ${scope}.`
          : [`${hits.length} result${hits.length === 1 ? '' : 's'} for "${query}" in ${scope}:`, ...hits.map((hit, index) => `${index + 1}. ${hit.title} (version ${hit.version})\n   ${hit.url}\n   Markdown: ${hit.markdownUrl}\n   ${hit.snippet}`)].join('\n\n');
      return { content: [{ type: 'text', text }], structuredContent: { results: hits } };
    },
  );

  server.registerTool(
    'read_page',
    {
      title: 'Read a page as Markdown',
      description: 'The Markdown source of a documentation or API reference page, by its URL (HTML or .md), its path, or its slug (e.g. "guides/quickstart").',
      inputSchema: {
        page: z.string().min(1).max(2000).describe('URL, path or slug of the page.'),
        version: versionArgument.describe('Version id for a slug; a URL or path names its version itself.'),
        locale: localeArgument.describe('Locale id for a slug: its translation (a URL or path names its locale itself).'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ page, version, locale }) => {
      if (version !== undefined && !view.byId.has(version)) return failure(unknownVersion(view, version));
      if (locale !== undefined && !view.locales.has(locale)) return failure(unknownLocale(view, locale));
      const doc = locateDoc(view, page, version, locale);
      if (!doc) return failure(`No page matches "${page}". Find pages with search_docs or list_pages.`);
      return document(doc);
    },
  );

  server.registerTool(
    'list_pages',
    {
      title: 'List the pages of a version',
      description: "A version's table of contents (the navigation tree, then the API reference), with each page's title, slug and URL; with `locale`, the tree of that language with its translated pages. Also lists the versions.",
      inputSchema: { version: versionArgument, locale: localeArgument },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ version, locale }) => {
      const target = pickVersion(view, version);
      if ('error' in target) return failure(target.error);
      if (locale !== undefined && !view.locales.has(locale)) return failure(unknownLocale(view, locale));
      return { content: [{ type: 'text', text: tableOfContents(view, target, locale) }] };
    },
  );

  server.registerTool(
    'read_operation',
    {
      title: 'Read an API operation',
      description: 'The reference of one API operation as Markdown: endpoint, parameters, request body and response schemas, examples. Name it by operationId ("listItems"), by "METHOD /path" ("GET /items/{id}") or by its reference slug; in a version with several APIs, `api` names the API when the name is in more than one.',
      inputSchema: {
        operation: z.string().min(1).max(500).describe('operationId, "METHOD /path", or reference slug.'),
        version: versionArgument,
        api: apiArgument,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ operation, version, api }) => {
      const target = pickVersion(view, version);
      if ('error' in target) return failure(target.error);
      const apis = apisIn(target);
      if (api !== undefined && !apis.includes(api)) return failure(unknownApi(target, api, apis));
      const operations = target.docs.filter((doc) => doc.kind === 'operation' && (api === undefined || apiOf(doc) === api));
      const found = apis.filter((id) => findOperation(operations.filter((doc) => apiOf(doc) === id), operation, id) !== undefined);
      if (found.length > 1) return failure(`"${operation}" is an operation of ${found.length} APIs of version ${target.version.id} (${found.join(', ')}): name one with \`api\`.`);
      const doc = found.length === 1 ? findOperation(operations.filter((entry) => apiOf(entry) === found[0]), operation, found[0]!) : undefined;
      if (!doc) {
        const known = operations.slice(0, 40).map((entry) => `${entry.api ? `${entry.api}: ` : ''}${entry.operation!.id ?? `${entry.operation!.method.toUpperCase()} ${entry.operation!.path}`}`);
        const scope = api === undefined ? `Version ${target.version.id}` : `API ${api} of version ${target.version.id}`;
        return failure(operations.length === 0 ? `${scope} has no API reference.` : `${scope} has no operation "${operation}". Known operations: ${known.join(', ')}${operations.length > known.length ? ', …' : ''}.`);
      }
      return document(doc);
    },
  );

  server.registerTool(
    'call_sandbox',
    {
      title: 'Call the API sandbox',
      description: "Sends one request to the version's API sandbox (a stateful simulation with fake data: the same one the docs' consoles use) and returns its status, headers and body. In a version with several APIs, `api` names the one to call. Credentials the sandbox accepts are named in the API reference overview (read_page \"reference\").",
      inputSchema: {
        method: z.string().regex(/^[A-Za-z]+$/).describe('HTTP method, e.g. GET.'),
        path: z.string().min(1).max(2000).describe('Path under the API server ("/items?page=2"), or an absolute URL of one of its servers.'),
        version: versionArgument,
        api: apiArgument,
        server: z.string().optional().describe("Base URL of the server `path` is under; the description's first server when left out."),
        query: z.record(z.string(), z.string()).optional().describe('Query parameters to add.'),
        headers: z.record(z.string(), z.string()).optional().describe('Request headers.'),
        token: z.string().optional().describe('A sandbox token, sent as "Authorization: Bearer <token>".'),
        body: z.unknown().optional().describe('Request body: a JSON value (sent as application/json) or a string.'),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async ({ version, api, ...call }, extra) => {
      const target = pickVersion(view, version);
      if ('error' in target) return failure(target.error);
      // The sandbox is part of the API reference: a reader who cannot read it cannot call it.
      const apis = apisIn(target);
      if (apis.length === 0) return failure(`Version ${target.version.id} has no API sandbox.`);
      if (api !== undefined && !apis.includes(api)) return failure(unknownApi(target, api, apis));
      const chosen = api ?? (apis.length === 1 ? apis[0]! : undefined);
      if (chosen === undefined) return failure(`Version ${target.version.id} has several APIs (${apis.join(', ')}): name the one to call with \`api\`.`);
      const found = await sandbox(apiKey(target.version.id, chosen), extra.authInfo?.clientId ?? 'local');
      if (!found) return failure(`Version ${target.version.id} has no API sandbox.`);
      const answer = await callSandbox(found, call);
      if ('error' in answer) return failure(answer.error);
      const headers = Object.entries(answer.headers).map(([name, value]) => `${name}: ${value}`).join('\n');
      return { content: [{ type: 'text', text: `HTTP ${answer.status}\n${headers}\n\n${answer.body}` }], structuredContent: answer };
    },
  );

  for (const [path, text] of view.corpus.llmsFiles) {
    const uri = absoluteUrl(config, path);
    server.registerResource(path, uri, { title: path, description: llmsDescription(path, config.i18n.locales.map((locale) => locale.id)), mimeType: 'text/plain' }, () => ({ contents: [{ uri, mimeType: 'text/plain', text }] }));
  }
  return server;
}

function document(doc: AgentDoc): CallToolResult {
  return { content: [{ type: 'text', text: doc.markdown }], structuredContent: { version: doc.versionId, ...(doc.locale ? { locale: doc.locale } : {}), ...(doc.api ? { api: doc.api } : {}), slug: doc.slug, title: doc.title, url: doc.url, markdownUrl: doc.markdownUrl } };
}

function failure(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

function unknownLocale(view: AgentView, locale: string): string {
  return view.locales.size === 0 ? `This documentation has one language: leave \`locale\` out.` : `There is no locale "${locale}". Locales with translations: ${[...view.locales.keys()].join(', ')}.`;
}

function unknownVersion(view: AgentView, version: string): string {
  return `There is no version "${version}". Versions: ${view.versions.map((entry) => entry.version.id).join(', ')}.`;
}

function pickVersion(view: AgentView, version: string | undefined): AgentVersion | { error: string } {
  const id = version ?? view.defaultVersionId;
  const found = id === undefined ? undefined : view.byId.get(id);
  return found ?? { error: unknownVersion(view, version ?? '') };
}

/** The operation of one API (`apiId`, `''` for a version's single description) a name means: operationId, `METHOD /path`, or slug (with or without the API's `reference/<id>/` prefix). */
function findOperation(operations: readonly AgentDoc[], name: string, apiId: string): AgentDoc | undefined {
  const wanted = name.trim();
  const spaced = /^([A-Za-z]+)\s+(\S+)$/.exec(wanted);
  const base = apiId === '' ? 'reference' : `reference/${apiId}`;
  return (
    operations.find((doc) => doc.operation?.id === wanted) ??
    (spaced ? operations.find((doc) => doc.operation!.method.toLowerCase() === spaced[1]!.toLowerCase() && doc.operation!.path === spaced[2]) : undefined) ??
    operations.find((doc) => doc.slug === wanted || doc.slug === `${base}/${wanted}`)
  );
}

/** The API of a reference page: its id, `''` for a version's single description (also when the corpus does not say). */
const apiOf = (doc: AgentDoc): string => doc.api ?? '';

/** The APIs of a version this reader may read (those with operations), by id, in the site's order. */
function apisIn(target: AgentVersion): string[] {
  return [...new Set(target.docs.filter((doc) => doc.kind === 'operation').map(apiOf))];
}

function unknownApi(target: AgentVersion, api: string, apis: readonly string[]): string {
  const named = apis.filter((id) => id !== '');
  return named.length === 0 ? `Version ${target.version.id} has ${apis.length === 0 ? 'no API' : 'one API'}: leave \`api\` out.` : `Version ${target.version.id} has no API "${api}". Its APIs: ${named.join(', ')}.`;
}

function llmsDescription(path: string, localeIds: readonly string[]): string {
  const full = path.endsWith('llms-full.txt');
  const segments = path.split('/').slice(0, -1);
  // `{locale}/…`: a locale's translations (`de/llms.txt`, `de/1.2/llms.txt`).
  const locale = localeIds.includes(segments[0] ?? '') ? segments.shift() : undefined;
  const version = `${segments.length > 0 ? `version ${segments[0]}` : 'the default version'}${locale ? ` translated into ${locale}` : ''}`;
  return full ? `Every public page of ${version} in one Markdown file.` : `Index of the public pages of ${version}, with links to their Markdown sources.`;
}
