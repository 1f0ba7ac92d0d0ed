import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import AxeBuilder from '@axe-core/playwright';
import { request as httpRequest } from 'node:http';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { FIXTURE_USERS, signIn, signInRequest } from './support/auth.ts';
import { siteUrl } from './support/sites.ts';

// The MCP server of the marker fixture's sign-in build (`auth`), over Streamable HTTP at /mcp,
// with the SDK's own client: anonymous callers see what anonymous readers see, an agent token
// created on the account page sees its reader's pages, and a revoked one gets 401 at once.

const site = () => siteUrl('auth');
const url = (path: string) => new URL(path.replace(/^\//, ''), site()).href;
const MARKERS = ['AUTHGATED', 'AUTHOPENDOOR', 'Partner network', 'partners/routes', 'partners/open-door', 'Operations desk'];

async function mcpClient(endpoint: string, token?: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(endpoint), token ? { requestInit: { headers: { authorization: `Bearer ${token}` } } } : {});
  const client = new Client({ name: 'caravan-docs-e2e', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

const text = (answer: unknown) => JSON.stringify(answer);
/** The answer without the caller's own words, which error messages repeat. */
const withoutEcho = (answer: unknown, input: string) => text(answer).split(JSON.stringify(input).slice(1, -1)).join('');

async function rawCall(request: APIRequestContext, method: string, token?: string) {
  return request.post(url('/mcp'), {
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    data: { jsonrpc: '2.0', id: 1, method, params: method === 'tools/call' ? { name: 'list_pages', arguments: {} } : {} },
  });
}

test('anonymous: every tool works on public content, answers match the published files, and no answer names a gated page', async ({ request }) => {
  const client = await mcpClient(url('/mcp'));
  expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['search_docs', 'read_page', 'list_pages', 'read_operation', 'call_sandbox']);

  const search = (await client.callTool({ name: 'search_docs', arguments: { query: 'public guide' } })) as unknown as { structuredContent: { results: Array<{ url: string; version: string; snippet: string }> } };
  expect(search.structuredContent.results[0]).toMatchObject({ url: 'https://docs.auth-fixture.example/1.0/guide/', version: '1.0' });

  // The same Markdown the site publishes at the page's .md URL, the operation's and the llms.txt.
  const guide = (await client.callTool({ name: 'read_page', arguments: { page: 'https://docs.auth-fixture.example/1.0/guide/' } })) as { content: Array<{ text: string }> };
  expect(guide.content[0]!.text).toBe(await (await request.get(url('/1.0/guide.md'))).text());
  const operation = (await client.callTool({ name: 'read_operation', arguments: { operation: 'listCaravans' } })) as { content: Array<{ text: string }> };
  expect(operation.content[0]!.text).toBe(await (await request.get(url('/1.0/reference/list-caravans.md'))).text());
  const llms = await client.readResource({ uri: 'https://docs.auth-fixture.example/llms.txt' });
  expect((llms.contents[0] as { text: string }).text).toBe(await (await request.get(url('/llms.txt'))).text());

  const list = text(await client.callTool({ name: 'list_pages', arguments: {} }));
  expect(list).toContain('slug `guide`');
  const sandbox = (await client.callTool({ name: 'call_sandbox', arguments: { method: 'GET', path: '/caravans', query: { per_page: '1' }, token: 'sandbox-viewer' } })) as unknown as { structuredContent: { status: number; body: string; headers: Record<string, string> } };
  expect(sandbox.structuredContent.status).toBe(200);
  expect(sandbox.structuredContent.headers['x-request-id']).toBeTruthy();
  expect(JSON.parse(sandbox.structuredContent.body).per_page).toBe(1);

  // The leak scan: every kind of answer, with the path tricks of the site's attack tests.
  const answers: string[] = [text(await client.listTools()), text(await client.listResources()), list];
  for (const resource of (await client.listResources()).resources) answers.push(text(await client.readResource({ uri: resource.uri })));
  for (const query of ['AUTHGATEDBODY', 'partner', 'Partner network', 'routes', 'open door', 'ops', 'admin', 'AUTHOPENDOOR']) answers.push(withoutEcho(await client.callTool({ name: 'search_docs', arguments: { query, allVersions: true, limit: 50 } }), query));
  for (const page of ['partners', 'partners/routes', '/1.0/partners/routes/', '/1.0/partners/routes.md', '/1.0/partners%2Froutes/', '/1.0/%70artners/routes/', '/1.0/Partners/Routes/', '/1.0/partners/routes', '/1.0/partners/open-door/', '/1.0/guide/../ops/', 'https://docs.auth-fixture.example/1.0/./ops/', '/1.0//ops/', 'ops.md']) {
    answers.push(withoutEcho(await client.callTool({ name: 'read_page', arguments: { page } }), page));
  }
  for (const operation of ['partners', 'ops']) answers.push(withoutEcho(await client.callTool({ name: 'read_operation', arguments: { operation } }), operation));
  const all = answers.join('\n');
  for (const marker of MARKERS) expect(all, marker).not.toContain(marker);
  await client.close();
});

test('DNS rebinding through a real server: another Host is refused even with a matching Origin; the server’s own host answers', async () => {
  // Raw HTTP: the Host header exactly as a rebound browser sends it.
  const post = (host: string, origin?: string) =>
    new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
      const call = httpRequest(url('/mcp'), { method: 'POST', headers: { host, ...(origin ? { origin } : {}), 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'content-length': Buffer.byteLength(body) } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      call.on('error', reject);
      call.end(body);
    });
  expect(await post('evil.example', 'http://evil.example')).toBe(403);
  expect(await post('evil.example:80')).toBe(403);
  expect(await post(new URL(site()).host, new URL(site()).origin)).toBe(200);
});

test('a wrong credential gets 401 with a Bearer challenge, never the anonymous answer', async ({ request }) => {
  for (const token of ['cdat_forged', 'some-opaque-token']) {
    const response = await rawCall(request, 'tools/list', token);
    expect(response.status()).toBe(401);
    expect(response.headers()['www-authenticate']).toContain('error="invalid_token"');
  }
});

test('the account page: a partner creates a token (shown once), the agent reads partner pages with it, and revoking it gives 401 at once', async ({ page, request }) => {
  const anonymous = await request.get(url('/account'), { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers()['location']).toContain('/login?next=');

  await signIn(page, site(), FIXTURE_USERS.partner, '/1.0/guide/');
  // The reader's name in the header leads to the account page.
  await page.getByRole('link', { name: FIXTURE_USERS.partner.name }).click();
  await expect(page).toHaveURL(url('/account'));
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await page.getByLabel('Token name').fill('E2E agent');
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByRole('heading', { name: 'New token "E2E agent"' })).toBeVisible();
  const token = (await page.locator('[data-agent-token]').textContent())!.trim();
  expect(token).toMatch(/^cdat_[A-Za-z0-9_-]{43}$/);

  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);

  // Shown once: the next visit lists it by name only.
  await page.goto(url('/account'));
  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  await expect(page.getByRole('row', { name: /E2E agent/ })).toBeVisible();
  expect(await page.content()).not.toContain(token);

  const agent = await mcpClient(url('/mcp'), token);
  expect(text(await agent.callTool({ name: 'read_page', arguments: { page: 'partners/routes' } }))).toContain('AUTHGATED Partner routes');
  expect(text(await agent.callTool({ name: 'search_docs', arguments: { query: 'AUTHGATEDBODY' } }))).toContain('partners');
  expect((await agent.callTool({ name: 'read_page', arguments: { page: 'ops' } })).isError).toBe(true);
  await page.reload();
  await expect(page.getByRole('row', { name: /E2E agent/ }).getByRole('cell').nth(1)).toContainText('UTC');

  await page.getByRole('button', { name: 'Revoke E2E agent' }).click();
  await expect(page.getByRole('status')).toHaveText('The token was revoked.');
  await expect(page.getByRole('row', { name: /E2E agent/ })).toHaveCount(0);
  expect((await rawCall(request, 'tools/list', token)).status()).toBe(401);
  await expect(agent.callTool({ name: 'list_pages', arguments: {} })).rejects.toThrow();
});

test('account forms need the session-bound form token: a forged post changes nothing', async ({ request }) => {
  const cookie = await signInRequest(request, site(), FIXTURE_USERS.reader);
  const forged = await request.post(url('/account'), { headers: { cookie }, form: { action: 'create', name: 'forged', csrf: 'not-the-token' } });
  expect(forged.status()).toBe(403);
  expect(await forged.text()).not.toMatch(/cdat_/);
  const page = await request.get(url('/account'), { headers: { cookie } });
  expect(await page.text()).not.toContain('forged');
});

test.describe('a login-only site (authprivate)', () => {
  const privateSite = () => siteUrl('authprivate');
  const privateUrl = (path: string) => new URL(path.replace(/^\//, ''), privateSite()).href;

  test('anonymous callers get the tool list, and 401 with a Bearer challenge for everything else', async ({ request }) => {
    const client = await mcpClient(privateUrl('/mcp'));
    expect((await client.listTools()).tools).toHaveLength(5);
    await expect(client.callTool({ name: 'search_docs', arguments: { query: 'guide' } })).rejects.toThrow();
    await expect(client.listResources()).rejects.toThrow();
    for (const method of ['tools/call', 'resources/list', 'resources/read']) {
      const response = await request.post(privateUrl('/mcp'), { headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, data: { jsonrpc: '2.0', id: 1, method, params: { name: 'read_page', arguments: { page: 'guide' }, uri: 'https://docs.auth-fixture.example/llms.txt' } } });
      expect(response.status(), method).toBe(401);
      expect(response.headers()['www-authenticate'], method).toBe('Bearer realm="Auth Fixture Docs"');
      expect(await response.text(), method).not.toContain('Public guide text');
    }
  });

  test('a signed-in reader without roles reads the pages that need no role and the reference through a token, not the gated ones', async ({ page }) => {
    await signIn(page, privateSite(), FIXTURE_USERS.reader, '/account');
    await page.goto(privateUrl('/account'));
    await page.getByLabel('Token name').fill('Reader agent');
    await page.getByRole('button', { name: 'Create token' }).click();
    const token = (await page.locator('[data-agent-token]').textContent())!.trim();
    const agent = await mcpClient(privateUrl('/mcp'), token);
    expect(text(await agent.callTool({ name: 'read_page', arguments: { page: 'guide' } }))).toContain('Public guide text.');
    expect(text(await agent.callTool({ name: 'read_operation', arguments: { operation: 'listCaravans' } }))).toContain('List caravans');
    const refused = [await agent.callTool({ name: 'read_page', arguments: { page: 'partners/routes' } }), await agent.callTool({ name: 'search_docs', arguments: { query: 'AUTHGATEDBODY partner' } })];
    expect(withoutEcho(refused, 'partners/routes').replace('AUTHGATEDBODY partner', '')).not.toContain('AUTHGATED');
  });
});
