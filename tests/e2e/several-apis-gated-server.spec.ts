import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { FIXTURE_USERS, signIn, signInRequest } from './support/auth.ts';
import { readyConsole } from './support/console.ts';
import { searchFor } from './support/search.ts';
import { startNodeServer, type RunningServer } from './support/node-server.ts';
import { astroBuild, outDir } from './support/sites.ts';
import { GATED_ENTRY, GATED_EVENTS, STAFFER, writeGatedApiSite } from './support/gated-api-site.ts';

// The two-API fixture with sign-in on and its admin API gated by roles (`apis: [{ id: admin, roles:
// [partner] }]`; tests/e2e/support/gated-api-site.ts), readers from the auth fixture: the server renders the admin API for partners
// only, serves its sandbox module to them only, and no public file holds anything of it.
test.describe.configure({ mode: 'serial' });

let server: RunningServer | undefined;
let buildLog = '';
const out = outDir('several-apis-gated-server');
const url = (path: string) => new URL(path.replace(/^\//, ''), server!.url).href;
const send = (console: Locator) => console.getByRole('button', { name: 'Send', exact: true }).click();
const ENTRY = GATED_ENTRY;
const KRAKEN_PAGES = ['/v1/reference/kraken/', '/v1/reference/kraken.md', '/v1/reference/kraken/receive-ping/', '/v1/reference/kraken/receive-ping.md', '/v1/reference/kraken/changes/v0/', '/v1/reference/kraken/changes/v0.md'];
const ADMIN_PAGES = ['/v1/reference/admin/', '/v1/reference/admin.md', '/v1/reference/admin/changes/v0/', '/v1/reference/admin/changes/v0.md', '/v1/reference/admin/list-users/', '/v1/reference/admin/list-users.md', '/v1/reference/admin/schemas/user/', '/v1/reference/admin/schemas/user.md'];

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const root = writeGatedApiSite('several-apis-gated-server-src');
  const { status, output } = astroBuild(root, out);
  if (status !== 0) throw new Error(`Building the gated two-API site with sign-in failed:\n${output}`);
  buildLog = output;
  server = await startNodeServer(out, '/', {}, { docsRoot: root });
});

test.afterAll(async () => {
  await server?.stop();
});

function outputFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

test('no public file holds the gated API: no page, source, sandbox module, index entry or text of its description', () => {
  const client = join(out, 'client');
  expect(existsSync(join(client, 'v1/reference/public/index.html'))).toBe(true);
  const leaks = outputFiles(client).flatMap((file) => {
    const text = readFileSync(file, 'latin1');
    const found = ['admin.notes.example', 'Notes Admin', 'Admin API', 'X-Admin-Key', 'admin-secret', 'reference/admin', 'v1~admin', 'amira@notes.example', 'Manage the platform'].filter((needle) => text.includes(needle) || relative(client, file).includes(needle));
    return found.length > 0 ? [`${relative(client, file)}: ${found.join(', ')}`] : [];
  });
  expect(leaks).toEqual([]);
  // Its sandbox modules are in the server, listed for the admin API's key only.
  const listed = JSON.parse(readFileSync(join(out, 'server/sandbox/files.json'), 'utf8')) as Record<string, string[]>;
  expect(Object.keys(listed)).toContain(ENTRY.slice('/_astro/'.length));
  expect(new Set(Object.values(listed).flat())).toEqual(new Set(['v0~admin', 'v1~admin']));
  // The leak guard looked for the gated description's text in every public file of this server build.
  expect(buildLog).toMatch(/Discovery leak guard: .*\b[1-9]\d* canar/);
});

test('signed out: its pages and sources send to sign-in like gated pages, its sandbox module is 404', async ({ request }) => {
  for (const path of [...ADMIN_PAGES, '/v1/reference/admin/no-such-page/']) {
    const response = await request.get(url(path), { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location, path).toBe(`/login?next=${path}`);
  }
  const entry = await request.get(url(ENTRY));
  expect(entry.status()).toBe(404);
  expect(await entry.text()).toBe('');
});

test('a reader without the role gets 403 for its pages, 404 for its sandbox, and no section in the sidebar', async ({ page, request }) => {
  const cookie = await signInRequest(request, server!.url, FIXTURE_USERS.reader);
  for (const path of ADMIN_PAGES) {
    const response = await request.get(url(path), { headers: { cookie }, maxRedirects: 0 });
    expect(response.status(), path).toBe(403);
    expect(await response.text(), path).not.toContain('Admin API');
  }
  expect((await request.get(url(ENTRY), { headers: { cookie } })).status()).toBe(404);
  expect(await (await request.get(url('/api/sidebar/v1/overview/'), { headers: { cookie } })).text()).not.toContain('Admin API');
  await signIn(page, server!.url, FIXTURE_USERS.reader, '/v1/reference/public/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notes API');
  await expect(page.getByRole('navigation', { name: 'Documentation' })).not.toContainText('Admin API');
});

test('a partner reads its pages and sources, sees its section, and its console sends to its own sandbox', async ({ page, request }) => {
  const cookie = await signInRequest(request, server!.url, FIXTURE_USERS.partner);
  const source = await request.get(url('/v1/reference/admin/list-users.md'), { headers: { cookie } });
  expect(source.status()).toBe(200);
  expect(source.headers()['content-type']).toContain('text/markdown');
  expect(source.headers()['cache-control']).toBe('private, no-store');
  expect(await source.text()).toContain('List users');
  expect(await (await request.get(url('/api/sidebar/v1/overview/'), { headers: { cookie } })).text()).toContain('Admin API (staff)');

  await signIn(page, server!.url, FIXTURE_USERS.partner, '/v1/reference/admin/');
  await expect(page).toHaveURL(url('/v1/reference/admin/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin API (staff)');
  await expect(page.getByRole('navigation', { name: 'Documentation' })).toContainText('Admin API (staff)');
  expect((await page.goto(url('/v1/reference/admin/schemas/user/')))?.status()).toBe(200);
  // Its "Changes since v0" page, in its section: getUser was added.
  await page.goto(url('/v1/reference/admin/changes/v0/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Changes since v0');
  await expect(page.getByRole('main')).toContainText('GET /users/{userId}');
  await expect(page.getByRole('navigation', { name: 'Documentation' }).locator('a[aria-current="page"]')).toHaveAttribute('href', '/v1/reference/admin/changes/v0/');
  expect(await (await request.get(url('/v1/reference/admin/changes/v0.md'), { headers: { cookie } })).text()).toContain('/users/{userId}');

  const response = await page.goto(url('/v1/reference/admin/get-status/'));
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  const admin = await readyConsole(page, 'Admin API status');
  await send(admin);
  await expect(admin.getByRole('status')).toContainText(/^200\b/);
  expect(JSON.parse(await admin.getByLabel('Response body').innerText())).toEqual({ status: 'admin-ok' });
  // With the credential its description declares (an API key in X-Admin-Key), a call that needs it.
  await page.goto(url('/v1/reference/admin/list-users/'));
  const users = await readyConsole(page, 'List users');
  await send(users);
  await expect(users.getByRole('status')).toContainText(/^200\b/);
  const entry = await request.get(url(ENTRY), { headers: { cookie } });
  expect(entry.status()).toBe(200);
  expect(entry.headers()['cache-control']).toBe('private, no-cache');
});

test("search: a partner finds the gated API's operations and opens one; a reader without its role does not find them", async ({ page, browser }) => {
  await signIn(page, server!.url, FIXTURE_USERS.partner, '/v1/overview/');
  const results = await searchFor(page, 'Admin API status');
  await expect(results.getByRole('link', { name: /Admin API status/ })).toBeVisible();
  await results.getByRole('link', { name: /Admin API status/ }).click();
  await expect(page).toHaveURL(url('/v1/reference/admin/get-status/'));

  const staffer = await browser.newPage();
  await signIn(staffer, server!.url, STAFFER, '/v1/overview/');
  const theirs = await searchFor(staffer, 'Admin API status');
  // Pagefind answers with whatever pages match loosely (the staff guide, the public API's status); none is the admin API's.
  await expect(staffer.locator('#search-status')).toHaveText(/result/);
  await expect(theirs.locator('a[href*="/reference/admin/"]')).toHaveCount(0);
  await staffer.close();
});

/** An agent token the signed-in reader of `page` creates on the account page. */
async function agentToken(page: Page, user: { username: string; password: string }): Promise<string> {
  await signIn(page, server!.url, user, '/account');
  await page.getByLabel('Token name').fill('E2E agent');
  await page.getByRole('button', { name: 'Create token' }).click();
  return (await page.locator('[data-agent-token]').textContent())!.trim();
}

async function mcpCall(token: string | undefined, name: string, args: Record<string, unknown>): Promise<{ text: string; isError: boolean }> {
  const transport = new StreamableHTTPClientTransport(new URL(url('/mcp')), token ? { requestInit: { headers: { authorization: `Bearer ${token}` } } } : {});
  const client = new Client({ name: 'caravan-docs-e2e', version: '1.0.0' });
  await client.connect(transport);
  const answer = (await client.callTool({ name, arguments: args })) as { content: Array<{ text: string }>; isError?: boolean };
  await client.close();
  return { text: answer.content[0]!.text, isError: answer.isError === true };
}

test('MCP over HTTP: the gated API is absent for anonymous callers and readers without the role, open to a partner token', async ({ browser }) => {
  const partnerPage = await (await browser.newContext()).newPage();
  const readerPage = await (await browser.newContext()).newPage();
  const partner = await agentToken(partnerPage, FIXTURE_USERS.partner);
  const reader = await agentToken(readerPage, FIXTURE_USERS.reader);
  for (const token of [undefined, reader]) {
    const operation = await mcpCall(token, 'read_operation', { operation: 'listUsers', api: 'admin' });
    expect(operation.isError).toBe(true);
    expect(operation.text).toBe('Version v1 has no API "admin". Its APIs: public.');
    expect((await mcpCall(token, 'call_sandbox', { method: 'GET', path: '/status', api: 'admin' })).isError).toBe(true);
    expect((await mcpCall(token, 'list_pages', {})).text).not.toContain('Admin API');
    expect((await mcpCall(token, 'search_docs', { query: 'users' })).text).not.toContain('reference/admin');
  }
  expect((await mcpCall(partner, 'read_operation', { operation: 'listUsers', api: 'admin' })).text).toContain('`GET https://admin.notes.example/v1/users`');
  const status = await mcpCall(partner, 'call_sandbox', { method: 'GET', path: '/status', api: 'admin' });
  expect(status.isError).toBe(false);
  expect(status.text).toContain('admin-ok');
});

test("a gated guide's console of the gated API: shown to a partner, left out for a reader of the guide without the API's role", async ({ request }) => {
  const partner = await signInRequest(request, server!.url, FIXTURE_USERS.partner);
  const forPartner = await request.get(url('/v1/desk/'), { headers: { cookie: partner } });
  expect(forPartner.status()).toBe(200);
  expect(await forPartner.text()).toContain('aria-label="Try it: Admin API status"');
  const staffer = await signInRequest(request, server!.url, STAFFER);
  const forStaffer = await request.get(url('/v1/desk/'), { headers: { cookie: staffer } });
  expect(forStaffer.status()).toBe(200);
  const html = await forStaffer.text();
  expect(html).toContain('DESKGUIDETEXT');
  for (const needle of ['Try it: Admin API status', 'admin.notes.example', 'X-Admin-Key', 'admin-secret', 'Admin API']) expect(html, needle).not.toContain(needle);
  expect((await request.get(url('/v1/reference/admin/'), { headers: { cookie: staffer }, maxRedirects: 0 })).status()).toBe(403);
});

test('no public file holds the gated event API, the leak guard looked for it, and the build left nothing out', () => {
  const client = join(out, 'client');
  const leaks = outputFiles(client).flatMap((file) => {
    const text = readFileSync(file, 'latin1');
    const found = GATED_EVENTS.needles.filter((needle) => text.includes(needle) || relative(client, file).includes(needle));
    return found.length > 0 ? [`${relative(client, file)}: ${found.join(', ')}`] : [];
  });
  expect(leaks).toEqual([]);
  expect(buildLog).not.toContain('left out of the build');
  // Both versions' Kraken descriptions are private: the guard names v0 and v1 (the admin API's are too).
  expect(buildLog).toMatch(/Discovery leak guard: .*private API descriptions of versions v1, v0, v1, v0\b/);
});

test('the gated event API: signed out, sign-in; without its role, 403 and no section; a partner reads its pages, sources and section', async ({ page, request }) => {
  for (const path of KRAKEN_PAGES) {
    const response = await request.get(url(path), { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location, path).toBe(`/login?next=${path}`);
  }
  const readerCookie = await signInRequest(request, server!.url, FIXTURE_USERS.reader);
  for (const path of KRAKEN_PAGES) {
    const response = await request.get(url(path), { headers: { cookie: readerCookie }, maxRedirects: 0 });
    expect(response.status(), path).toBe(403);
    expect(await response.text(), path).not.toContain('Kraken');
  }
  expect(await (await request.get(url('/api/sidebar/v1/overview/'), { headers: { cookie: readerCookie } })).text()).not.toContain(GATED_EVENTS.title);

  const cookie = await signInRequest(request, server!.url, FIXTURE_USERS.partner);
  const source = await request.get(url('/v1/reference/kraken/receive-ping.md'), { headers: { cookie } });
  expect(source.status()).toBe(200);
  expect(source.headers()['content-type']).toContain('text/markdown');
  expect(source.headers()['cache-control']).toBe('private, no-store');
  expect(await source.text()).toContain('# receivePing');
  expect(await (await request.get(url('/v1/reference/kraken.md'), { headers: { cookie } })).text()).toContain(`# ${GATED_EVENTS.title}`);
  expect(await (await request.get(url('/v1/reference/kraken/changes/v0.md'), { headers: { cookie } })).text()).toContain('unsubscribe');

  await signIn(page, server!.url, FIXTURE_USERS.partner, '/v1/reference/kraken/');
  await expect(page).toHaveURL(url('/v1/reference/kraken/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(GATED_EVENTS.title);
  const sidebar = page.getByRole('navigation', { name: 'Documentation' });
  await expect(sidebar).toContainText(GATED_EVENTS.title);
  await expect(sidebar).toContainText('Admin API (staff)');
  const response = await page.goto(url('/v1/reference/kraken/receive-ping/'));
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('receivePing');
  await expect(sidebar.locator('a[aria-current="page"]')).toHaveAttribute('href', '/v1/reference/kraken/receive-ping/');
  await page.goto(url('/v1/reference/kraken/changes/v0/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Changes since v0');
  await expect(page.getByRole('main')).toContainText('unsubscribe');
});

test('the gated event API in search and MCP: found by a partner, not by a reader without its role', async ({ page, browser }) => {
  await signIn(page, server!.url, FIXTURE_USERS.partner, '/v1/overview/');
  const results = await searchFor(page, 'receivePing');
  await expect(results.locator('a[href="/v1/reference/kraken/receive-ping/"]')).toBeVisible();
  const staffer = await browser.newPage();
  await signIn(staffer, server!.url, STAFFER, '/v1/overview/');
  const theirs = await searchFor(staffer, 'receivePing');
  await expect(staffer.locator('#search-status')).toHaveText(/result/);
  await expect(theirs.locator('a[href*="/reference/kraken"]')).toHaveCount(0);
  await staffer.close();

  const partner = await agentToken(await (await browser.newContext()).newPage(), FIXTURE_USERS.partner);
  const reader = await agentToken(await (await browser.newContext()).newPage(), FIXTURE_USERS.reader);
  expect((await mcpCall(partner, 'list_pages', {})).text).toContain(GATED_EVENTS.title);
  for (const token of [undefined, reader]) expect((await mcpCall(token, 'list_pages', {})).text).not.toContain('Kraken');
});
