import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSite } from '../../../src/config/load.ts';
import { discoveryFiles } from '../../../src/discovery/all-files.ts';
import { pageMarkdown } from '../../../src/discovery/markdown.ts';
import { anonymousView } from '../../../src/integration/build-model.ts';
import { buildCorpus, type AgentCorpus, type ReferenceDocInput } from '../../../src/mcp/corpus.ts';

export const AUTH_FIXTURE = join(import.meta.dirname, '../../fixtures/auth');

/** Every marker the auth fixture's gated pages carry (titles, descriptions, headings, bodies, slugs). */
export const GATED_MARKERS = ['AUTHGATED', 'AUTHOPENDOOR', 'Partner network', 'partners/routes', 'partners/open-door', 'Operations desk'];

/**
 * The auth fixture's corpus as a server build would make it, from the files (no Vite): pages'
 * Markdown from discovery/markdown.ts, one stand-in reference page, llms files from discoveryFiles.
 */
export function fixtureCorpus(env: Record<string, string> = {}, extraReference: ReferenceDocInput[] = []): AgentCorpus {
  const { model } = loadSite(AUTH_FIXTURE, env);
  const readSource = (file: string) => readFileSync(join(AUTH_FIXTURE, file), 'utf8');
  const published = discoveryFiles(anonymousView(model), { readSource });
  return buildCorpus({
    model,
    llmsFiles: new Map([...published].filter(([path]) => path.endsWith('llms.txt') || path.endsWith('llms-full.txt'))),
    pageMarkdown: (versionId, page) => pageMarkdown({ config: model.config, versionId, slug: page.slug, title: page.title, description: page.description, source: readSource(page.file), mdx: false }),
    reference: () => [
      { kind: 'reference', slug: 'reference', title: 'API reference', description: 'The API.', markdown: '# API reference\n\nREFERENCETEXT servers and security.\n' },
      { kind: 'operation', slug: 'reference/list-caravans', title: 'List caravans', description: 'GET /caravans', markdown: '# List caravans\n\n`GET /caravans`\n', operation: { id: 'listCaravans', method: 'get', path: '/caravans' } },
      ...extraReference,
    ],
  });
}

/** An MCP client whose HTTP requests go straight to a handler (no network). */
export async function handlerClient(handle: (request: Request) => Promise<Response>, token?: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL('http://127.0.0.1/mcp'), {
    fetch: (url, init) => handle(new Request(url, init)),
    ...(token ? { requestInit: { headers: { authorization: `Bearer ${token}` } } } : {}),
  });
  const client = new Client({ name: 'caravan-docs-tests', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** Every text an MCP answer carries, as one string (for leak scans). */
export function answerText(answer: unknown): string {
  return JSON.stringify(answer);
}
