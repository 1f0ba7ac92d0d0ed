import { expect, test } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_USERS, signIn, signInRequest } from './support/auth.ts';
import { readAllFiles } from './support/scan.ts';
import { outDir, siteUrl } from './support/sites.ts';

// The auth fixture built with CARAVAN_DOCS_AUTH_REQUIRE_LOGIN=true: no documentation page is public.
const site = () => siteUrl('authprivate');
const url = (path: string) => new URL(path.replace(/^\//, ''), site()).href;

test('every documentation page and its Markdown source needs a signed-in reader', async ({ request }) => {
  for (const path of ['/1.0/overview/', '/1.0/guide/', '/1.0/overview.md', '/1.0/partners/']) {
    const response = await request.get(url(path), { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location, path).toBe(`/login?next=${path}`);
  }
});

test('the landing page, login and discovery files stay reachable signed out, and name no page', async ({ request }) => {
  for (const path of ['/', '/home/', '/login', '/robots.txt', '/sitemap.xml', '/llms.txt']) {
    const response = await request.get(url(path), { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    const text = await response.text();
    expect(text, path).not.toContain('Public text of the overview');
    expect(text, path).not.toContain('/1.0/guide');
  }
});

test('a reader with no roles reads the public-by-role pages once signed in, but not the gated ones', async ({ page }) => {
  await signIn(page, site(), FIXTURE_USERS.reader, '/1.0/overview/');
  await expect(page).toHaveURL(url('/1.0/overview/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
  const sidebar = page.getByRole('navigation', { name: 'Documentation' });
  await expect(sidebar.getByRole('link', { name: 'Guide' })).toBeVisible();
  await expect(sidebar).not.toContainText('AUTHGATED');
  expect((await page.goto(url('/1.0/partners/')))?.status()).toBe(403);
});

test('auth.publicPaths opens a gated page to anyone, without listing it anywhere', async ({ page, request }) => {
  const response = await request.get(url('/1.0/partners/open-door/'), { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain('AUTHOPENDOOR');
  // A prefix covers its own path only, never a sibling that merely shares its spelling.
  expect((await request.get(url('/1.0/partners/open-doorway/'), { maxRedirects: 0 })).status()).toBe(302);
  for (const path of ['/sitemap.xml', '/llms.txt', '/1.0/llms.txt', '/robots.txt']) {
    const text = await (await request.get(url(path))).text();
    expect(text, path).not.toContain('open-door');
  }
  // Its own sidebar lists it, alone: no other gated page, and not the gated section around it.
  await page.goto(url('/1.0/partners/open-door/'));
  const sidebar = page.getByRole('navigation', { name: 'Documentation' });
  await expect(sidebar.getByRole('link', { name: 'AUTHGATED Open door' })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('AUTHGATED Partner routes');
  await expect(page.locator('body')).not.toContainText('Partner network');
  await expect(sidebar).not.toContainText('Operations');
});

test('signing in from the landing page goes on to the first page the reader may read', async ({ page, request }) => {
  expect((await request.get(url('/1.0/'), { maxRedirects: 0 })).headers().location).toBe('/login?next=/1.0/');
  await page.goto(url('/'));
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await page.getByLabel('Username').fill(FIXTURE_USERS.reader.username);
  await page.getByLabel('Password').fill(FIXTURE_USERS.reader.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(url('/1.0/overview/'));
});

test('the API reference of a login-only site is rendered on demand, for signed-in readers only', async ({ page, request }) => {
  for (const path of ['/1.0/reference/', '/1.0/reference.md', '/1.0/reference/list-caravans/', '/1.0/reference/list-caravans.md']) {
    const response = await request.get(url(path), { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location, path).toBe(`/login?next=${path}`);
  }
  await signIn(page, site(), FIXTURE_USERS.reader, '/1.0/reference/list-caravans/');
  await expect(page).toHaveURL(url('/1.0/reference/list-caravans/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('List caravans');
  // The reader's own sidebar: their pages, then the API reference.
  const sidebar = page.getByRole('navigation', { name: 'Documentation' });
  await expect(sidebar.getByRole('link', { name: 'Guide' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Overview' }).first()).toBeVisible();
  expect((await page.request.get(url('/1.0/reference/no-such-operation/'), { maxRedirects: 0 })).status()).toBe(404);
  expect(await (await page.request.get(url('/1.0/reference/list-caravans.md'))).text()).toMatch(/^# List caravans/);
  // A schema page and its Markdown source, both on demand.
  expect((await page.request.get(url('/1.0/reference/schemas/caravan-status/'))).status()).toBe(200);
  const schemaSource = await page.request.get(url('/1.0/reference/schemas/caravan-status.md'));
  expect(schemaSource.status()).toBe(200);
  expect(await schemaSource.text()).toMatch(/^# CaravanStatus/);
});

// The API description of a login-only site is documentation too: the sandbox modules made from
// it (schemas as validators, routes, seed data) live in dist/server/sandbox/, not dist/client.
const DESCRIPTION_CANARIES = [
  'AUTHCANARY path summary of the caravans collection',
  'AUTHCANARY schema description, tamarisk ledger',
  'authcanary_enum_route',
  'AUTHCANARY example amber',
  'AUTHCANARY seed item of the salt road',
  'Spice and cloth for the southern salt towns.',
];
const privateModules = () => JSON.parse(readFileSync(join(outDir('authprivate'), 'server/sandbox/files.json'), 'utf8')) as Record<string, string[]>;

test('signed out, no public file holds the API description, and its sandbox modules answer 404', async ({ request }) => {
  const leaks = readAllFiles(join(outDir('authprivate'), 'client')).flatMap(({ file, text }) => DESCRIPTION_CANARIES.filter((canary) => text.includes(canary)).map((canary) => `${canary} in ${file}`));
  expect(leaks).toEqual([]);
  const modules = Object.keys(privateModules());
  expect(modules.length).toBeGreaterThan(1);
  // The control: the modules hold the description, in the server's folder.
  const serverText = modules.map((file) => readFileSync(join(outDir('authprivate'), 'server/sandbox', file), 'latin1')).join('\n');
  for (const canary of ['authcanary_enum_route', 'AUTHCANARY seed item of the salt road']) expect(serverText).toContain(canary);
  for (const file of modules) {
    expect(existsSync(join(outDir('authprivate'), 'client/_astro', file)), file).toBe(false);
    const response = await request.get(url(`/_astro/${file}`), { maxRedirects: 0 });
    expect(response.status(), file).toBe(404);
    expect(await response.text(), file).toBe('');
  }
});

test('signed in, a sandbox module is served to the reader alone: kept a year by their browser, never by a shared cache', async ({ request }) => {
  const cookie = await signInRequest(request, site(), FIXTURE_USERS.reader);
  const [file] = Object.keys(privateModules());
  const response = await request.get(url(`/_astro/${file}`), { headers: { cookie } });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/javascript; charset=utf-8');
  // Its name holds its content's hash: the browser may keep it, as a public asset; `private` keeps proxies and CDNs from storing it.
  expect(response.headers()['cache-control']).toBe('private, max-age=31536000, immutable');
  expect(response.headers()['vary']).toMatch(/\bcookie\b/i);
  // The same bytes again (from the server's memory after the first read).
  expect(await (await request.get(url(`/_astro/${file}`), { headers: { cookie } })).body()).toEqual(await response.body());
  // A public asset next to it keeps its long cache: only the private modules are answered on demand.
  const [publicAsset] = readdirSync(join(outDir('authprivate'), 'client/_astro'));
  expect((await request.get(url(`/_astro/${publicAsset}`))).headers()['cache-control']).toContain('immutable');
  expect((await request.get(url('/_astro/no-such-module.js'), { headers: { cookie } })).status()).toBe(404);
});

test('signed in, the console of a reference page loads its sandbox and Send gets the sandbox answer', async ({ page }) => {
  await signIn(page, site(), FIXTURE_USERS.reader, '/1.0/reference/list-caravans/');
  const console = page.getByRole('region', { name: /^Try it: / }).first();
  await expect(console).toHaveAttribute('data-ready', '', { timeout: 15_000 });
  // The description lists no sandbox credentials: the sandbox takes any token.
  await console.getByRole('textbox', { name: 'Bearer token' }).fill('any-reader-token');
  await console.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(console.getByRole('status')).toContainText(/^200\b/);
  await expect(console.getByLabel('Response body')).toContainText('AUTHCANARY seed item of the salt road');
});
