import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support/auth.ts';
import { siteUrl } from './support/sites.ts';

// The default site built with CARAVAN_DOCS_AUTH_ENABLED=true and served by its Node server.
const site = () => siteUrl('authdefault');
const url = (path: string) => new URL(path.replace(/^\//, ''), site()).href;
const sidebar = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Documentation' });

test('signed out, a gated page redirects to /login with the page as next, and its sidebar entry is absent', async ({ page }) => {
  await page.goto(url('/1.2/overview/'));
  await expect(sidebar(page)).not.toContainText('Partner network');
  await page.goto(url('/1.2/partners/publishing-routes/'));
  await expect(page).toHaveURL(url('/login?next=/1.2/partners/publishing-routes/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await expect(page.locator('body')).not.toContainText('Publishing trade routes');
});

test('a demo partner signs in, reads the gated page and sees its sidebar entry; after signing out, neither', async ({ page }) => {
  await page.goto(url('/1.2/partners/publishing-routes/'));
  await page.getByLabel('Username').fill(DEMO.partner.username);
  await page.getByLabel('Password').fill(DEMO.partner.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  // Back on the page they asked for.
  await expect(page).toHaveURL(url('/1.2/partners/publishing-routes/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Publishing trade routes');
  await expect(sidebar(page).getByRole('link', { name: 'Publishing trade routes' })).toBeVisible();
  await expect(page.locator('[data-auth-reader]')).toHaveText(DEMO.partner.name);
  // Only the partner's gated pages: the admin-only section stays hidden.
  await expect(sidebar(page)).not.toContainText('Operations');

  // A static public page shows who is signed in too, and swaps in the reader's own sidebar.
  await page.goto(url('/1.2/overview/'));
  await expect(page.locator('[data-auth-reader]')).toHaveText(DEMO.partner.name);
  await expect(sidebar(page)).toHaveAttribute('data-reader-sidebar');
  await expect(sidebar(page)).toContainText('Partner network');
  await expect(sidebar(page)).not.toContainText('Operations');
  await expect(sidebar(page).locator('[aria-current="page"]')).toHaveText('Overview');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  await page.goto(url('/1.2/partners/publishing-routes/'));
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.goto(url('/1.2/overview/'));
  await expect(sidebar(page)).not.toContainText('Partner network');
});

test('signed in without the role: 403 that does not reveal the page title', async ({ page }) => {
  await signIn(page, site(), DEMO.partner);
  const response = await page.goto(url('/1.2/operations/runbook/'));
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You do not have access to this page');
  const html = await response!.text();
  expect(html).not.toContain('Operations runbook');
  expect(html).not.toContain('runbook');
});

test('with the role: the gated page\'s Markdown source', async ({ page }) => {
  await signIn(page, site(), DEMO.admin);
  const response = await page.request.get(url('/1.2/operations/runbook.md'));
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/markdown');
  expect(await response.text()).toMatch(/^# Operations runbook/);
});

test('the console works on a gated page', async ({ page }) => {
  await signIn(page, site(), DEMO.partner, '/1.2/partners/publishing-routes/');
  await expect(page).toHaveURL(url('/1.2/partners/publishing-routes/'));
  const console = page.getByRole('region', { name: 'Try it: Publish a route', exact: true });
  await expect(console).toHaveAttribute('data-ready', '', { timeout: 15_000 });
  await console.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(console.getByRole('status')).toContainText(/^201\b/);
});

test('a wrong password keeps the reader on /login with an error, and next survives', async ({ page }) => {
  await page.goto(url('/login?next=%2F1.2%2Fpartners%2F'));
  await page.getByLabel('Username').fill(DEMO.partner.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('The username or password is wrong.');
  await page.getByLabel('Username').fill(DEMO.partner.username);
  await page.getByLabel('Password').fill(DEMO.partner.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(url('/1.2/partners/'));
});

test('the session cookie is HttpOnly and SameSite=Lax', async ({ page, context }) => {
  await signIn(page, site(), DEMO.partner);
  const session = (await context.cookies()).find((cookie) => cookie.name === 'authjs.session-token');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false });
});

test('the reader sidebar endpoint gives signed-out requests nothing', async ({ request }) => {
  const response = await request.get(url('/api/sidebar/1.2/overview/'));
  expect(response.status()).toBe(204);
  expect(await response.text()).toBe('');
});

test('always reachable signed out: landing, login, robots.txt, sitemap.xml, llms.txt', async ({ request }) => {
  for (const path of ['/', '/home/', '/login', '/robots.txt', '/sitemap.xml', '/llms.txt', '/1.2/overview.md']) {
    const response = await request.get(url(path), { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
  }
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe finds no violations on /login, a 403 page and a gated page (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    const violations = async () => (await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    await page.goto(url('/login?error=CredentialsSignin'));
    expect(await violations()).toEqual([]);
    await signIn(page, site(), DEMO.partner);
    await page.goto(url('/1.2/operations/runbook/'));
    expect(await violations()).toEqual([]);
    await page.goto(url('/1.2/partners/'));
    expect(await violations()).toEqual([]);
  });
}

test('a gated translation is served on demand under its locale, after the role check of its original', async ({ page, request }) => {
  // content/de/1.2/partners.md translates the gated partners page (roles from content/1.2/nav.yml).
  const signedOut = await request.get(url('/de/1.2/partners/'), { maxRedirects: 0 });
  expect(signedOut.status()).toBe(302);
  expect(signedOut.headers().location).toBe('/login?next=/de/1.2/partners/');
  expect((await request.get(url('/de/1.2/partners.md'), { maxRedirects: 0 })).status()).toBe(302);
  await signIn(page, site(), DEMO.partner, '/de/1.2/partners/');
  await expect(page).toHaveURL(url('/de/1.2/partners/'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Partnernetz');
  // The reader's German sidebar: the translated overview and the page itself, linked within the locale.
  const germanSidebar = page.getByRole('navigation', { name: 'Dokumentation' });
  await expect(germanSidebar.getByRole('link', { name: 'Überblick' })).toHaveAttribute('href', '/de/1.2/overview/');
  await expect(germanSidebar.locator('[aria-current="page"]')).toHaveText('Partnernetz');
  const source = await page.request.get(url('/de/1.2/partners.md'));
  expect(source.status()).toBe(200);
  expect(await source.text()).toMatch(/^# Partnernetz\n/);
  expect((await page.request.get(url('/de/1.2/no-such-page/'), { maxRedirects: 0 })).status()).toBe(404);
});
