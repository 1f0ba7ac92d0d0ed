import { expect, test } from '@playwright/test';
import { FIXTURE_USERS, signIn } from './support/auth.ts';
import { siteUrl } from './support/sites.ts';

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
});
