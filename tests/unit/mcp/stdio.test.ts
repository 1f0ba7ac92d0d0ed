import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AUTH_FIXTURE, GATED_MARKERS } from './support.ts';

// `npm run mcp` as a local assistant starts it (the README's snippet: `npx --prefix <project> node
// <project>/src/cli/caravan-docs.js mcp` with DOCS_ROOT), spoken to over stdio by the SDK's own client.
const PROJECT_ROOT = join(import.meta.dirname, '../../..');

async function stdioClient(docsRoot: string): Promise<Client> {
  const env = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
  // Exactly the README's snippet: from any folder, with the project as npx's prefix.
  const transport = new StdioClientTransport({ command: 'npx', args: ['--prefix', PROJECT_ROOT, 'node', join(PROJECT_ROOT, 'src/cli/caravan-docs.js'), 'mcp'], cwd: tmpdir(), env: { ...env, DOCS_ROOT: docsRoot }, stderr: 'ignore' });
  const client = new Client({ name: 'caravan-docs-tests', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

type TextAnswer = { content: Array<{ text: string }>; structuredContent?: Record<string, unknown>; isError?: boolean };

describe('the stdio server over the default site', () => {
  let client: Client;
  beforeAll(async () => {
    client = await stdioClient(PROJECT_ROOT);
  }, 120_000);
  afterAll(async () => {
    await client?.close();
  });

  test('lists the tools and the llms.txt resources', async () => {
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['search_docs', 'read_page', 'list_pages', 'read_operation', 'call_sandbox']);
    const uris = (await client.listResources()).resources.map((resource) => resource.uri);
    expect(uris).toEqual(expect.arrayContaining(['https://docs.caravan.example/llms.txt', 'https://docs.caravan.example/llms-full.txt', 'https://docs.caravan.example/1.2/llms.txt']));
  });

  test('searches the default version, ranked, with URL and snippet', async () => {
    const answer = (await client.callTool({ name: 'search_docs', arguments: { query: 'dispatch a caravan' } })) as TextAnswer;
    const results = answer.structuredContent!.results as Array<{ version: string; url: string; title: string; snippet: string }>;
    expect(results.length).toBeGreaterThan(2);
    expect(results.every((result) => result.version === '1.2')).toBe(true);
    expect(results.slice(0, 3).map((result) => result.url)).toContain('https://docs.caravan.example/1.2/guides/dispatch/');
    expect(results[0]!.snippet.toLowerCase()).toContain('dispatch');
    const other = (await client.callTool({ name: 'search_docs', arguments: { query: 'caravan', version: '1.1' } })) as TextAnswer;
    expect((other.structuredContent!.results as Array<{ version: string }>).every((result) => result.version === '1.1')).toBe(true);
  });

  test('reads a page as the Markdown the site publishes, lists pages, reads an operation', async () => {
    const page = (await client.callTool({ name: 'read_page', arguments: { page: 'guides/dispatch' } })) as TextAnswer;
    expect(page.content[0]!.text).toMatch(/^# Dispatch a caravan\n/);
    const byUrl = (await client.callTool({ name: 'read_page', arguments: { page: 'https://docs.caravan.example/1.2/guides/dispatch.md' } })) as TextAnswer;
    expect(byUrl.content[0]!.text).toBe(page.content[0]!.text);
    const list = (await client.callTool({ name: 'list_pages', arguments: {} })) as TextAnswer;
    expect(list.content[0]!.text).toContain('[Dispatch a caravan](https://docs.caravan.example/1.2/guides/dispatch/)');
    expect(list.content[0]!.text).toContain('Versions: 1.2 (default), 1.1, 2.0-beta (pre-release)');
    const operation = (await client.callTool({ name: 'read_operation', arguments: { operation: 'POST /caravans/{caravanId}/dispatch' } })) as TextAnswer;
    expect(operation.content[0]!.text).toContain('`POST https://api.caravan.example/v1/caravans/{caravanId}/dispatch`');
  });

  test('reads a version\'s API changelog, which its llms.txt lists', async () => {
    const changelog = (await client.callTool({ name: 'read_page', arguments: { page: 'https://docs.caravan.example/2.0-beta/reference/changes/1.2.md' } })) as TextAnswer;
    expect(changelog.isError).toBeFalsy();
    expect(changelog.content[0]!.text).toMatch(/^# Changes since 1\.2\n/);
    expect(changelog.content[0]!.text).toContain('- New optional header parameter `Idempotency-Key`.');
  });

  test('reads and finds the pages of an event API (AsyncAPI) like the reference\'s', async () => {
    const page = (await client.callTool({ name: 'read_page', arguments: { page: 'https://docs.caravan.example/1.2/reference/tracking/subscribe.md' } })) as TextAnswer;
    expect(page.isError).toBeFalsy();
    expect(page.content[0]!.text).toMatch(/^# Follow caravans\n/);
    expect(page.content[0]!.text).toContain('Correlation id: `$message.payload#/request_id`');
    const found = (await client.callTool({ name: 'search_docs', arguments: { query: 'caravan position heading speed' } })) as TextAnswer;
    expect((found.structuredContent!.results as Array<{ url: string }>).map((result) => result.url)).toContain('https://docs.caravan.example/1.2/reference/tracking/position/');
  });

  test('the default site keeps its gated pages out (stdio serves public pages only)', async () => {
    const { model } = (await import('../../../src/config/load.ts')).loadSite(PROJECT_ROOT, { CARAVAN_DOCS_AUTH_ENABLED: 'true' });
    const gated = model.versions.flatMap((version) => (function walk(nodes: typeof version.nav): string[] {
      return nodes.flatMap((node) => (node.kind === 'page' ? (node.public ? [] : [node.slug]) : [...(node.page && !node.page.public ? [node.page.slug] : []), ...walk(node.children)]));
    })(version.nav));
    expect(gated.length).toBeGreaterThan(0);
    for (const slug of gated) expect(((await client.callTool({ name: 'read_page', arguments: { page: slug, version: '1.2' } })) as TextAnswer).isError, slug).toBe(true);
  });

  test('calls the sandbox: the state changes, errors are the API own', async () => {
    const created = (await client.callTool({ name: 'call_sandbox', arguments: { method: 'PATCH', path: '/caravans/car_001', token: 'sandbox-trader', body: { name: 'Renamed by an agent' } } })) as TextAnswer;
    expect(created.structuredContent).toMatchObject({ status: 200 });
    const read = (await client.callTool({ name: 'call_sandbox', arguments: { method: 'GET', path: '/caravans', query: { per_page: '100' }, token: 'sandbox-viewer' } })) as TextAnswer;
    const items = JSON.parse((read.structuredContent as { body: string }).body).items as Array<{ id: string; name: string }>;
    expect(items.find((item) => item.id === 'car_001')?.name).toBe('Renamed by an agent');
    const refused = (await client.callTool({ name: 'call_sandbox', arguments: { method: 'PATCH', path: '/caravans/car_001', token: 'sandbox-viewer', body: { name: 'x' } } })) as TextAnswer;
    expect(refused.structuredContent).toMatchObject({ status: 403 });
    const outside = (await client.callTool({ name: 'call_sandbox', arguments: { method: 'GET', path: 'https://elsewhere.example/x' } })) as TextAnswer;
    expect(outside.isError).toBe(true);
    expect(outside.content[0]!.text).toContain('under none of the API');
  });

  test('the llms.txt resource is the generator output', async () => {
    const resource = await client.readResource({ uri: 'https://docs.caravan.example/1.2/llms.txt' });
    const body = (resource.contents[0] as { text: string }).text;
    expect(body).toMatch(/^# Caravan Trading Service\n/);
    expect(body).toContain('https://docs.caravan.example/1.2/reference/dispatch-caravan.md');
  });
});

test('the stdio server of a site with sign-in serves its public pages only', async () => {
  const client = await stdioClient(AUTH_FIXTURE);
  const list = (await client.callTool({ name: 'list_pages', arguments: {} })) as TextAnswer;
  expect(list.content[0]!.text).toContain('slug `guide`');
  const answers = [list, await client.callTool({ name: 'search_docs', arguments: { query: 'partner routes operations', allVersions: true } }), await client.callTool({ name: 'read_page', arguments: { page: '/1.0/partners/routes.md' } })];
  for (const resource of (await client.listResources()).resources) answers.push(await client.readResource({ uri: resource.uri }) as never);
  const text = JSON.stringify(answers).replace('/1.0/partners/routes.md', '');
  for (const marker of GATED_MARKERS) expect(text, marker).not.toContain(marker);
  expect(readFileSync(join(AUTH_FIXTURE, 'content/1.0/partners/routes.md'), 'utf8')).toContain('AUTHGATED');
  await client.close();
});
