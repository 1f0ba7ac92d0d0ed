import { expect, test } from '@playwright/test';
import { FIXTURE_USERS, signIn, signInRequest } from './support/auth.ts';
import { siteUrl } from './support/sites.ts';
import { searchFor } from './support/search.ts';

// Search on a site with sign-in: the static index holds public pages only; a signed-in reader's
// search also merges the gated pages' indexes their roles open, which the server hands out only to them.
const site = () => siteUrl('auth');
const url = (path: string) => new URL(path.replace(/^\//, ''), site()).href;

test('signed out, search finds no gated page', async ({ page }) => {
  await page.goto(url('/1.0/overview/'));
  const results = await searchFor(page, 'AUTHGATEDBODY');
  // Pagefind answers with whatever public pages match loosely; none of them is gated.
  await expect(page.locator('#search-status')).toHaveText(/result/);
  await expect(results.getByRole('link', { name: /AUTHGATED/ })).toHaveCount(0);
});

test('a signed-in partner finds the partner pages, not the admin page, and opens one', async ({ page }) => {
  await signIn(page, site(), FIXTURE_USERS.partner, '/1.0/overview/');
  await page.goto(url('/1.0/overview/'));
  const results = await searchFor(page, 'AUTHGATEDBODY');
  await expect(results.getByRole('link', { name: /AUTHGATED Partner home/ })).toBeVisible();
  await expect(results.getByRole('link', { name: /AUTHGATED Partner routes/ })).toBeVisible();
  await expect(results.getByRole('link', { name: /Operations desk/ })).toHaveCount(0);
  await results.getByRole('link', { name: /AUTHGATED Partner routes/ }).click();
  await expect(page).toHaveURL(url('/1.0/partners/routes/'));
});

test('the gated indexes are served only to readers whose roles open them', async ({ request }) => {
  const as = async (cookie: string) => (await (await request.get(url('/api/auth/reader'), { headers: { cookie } })).json()) as { searchIndexes: string[] };
  const reader = await signInRequest(request, site(), FIXTURE_USERS.reader);
  const partner = await signInRequest(request, site(), FIXTURE_USERS.partner);
  expect((await as(reader)).searchIndexes).toEqual([]);
  const [index] = (await as(partner)).searchIndexes;
  expect(index).toMatch(/^\/api\/search\/[0-9a-f]{16}\/$/);
  const entry = new URL(`${index}pagefind-entry.json`, site()).href;
  expect((await request.get(entry, { headers: { cookie: partner } })).status()).toBe(200);
  expect((await request.get(entry, { headers: { cookie: reader } })).status()).toBe(404);
  expect((await request.get(entry, { headers: { cookie: 'signed=out' } })).status()).toBe(404);
});
