import { expect, test } from '@playwright/test';
import { siteUrl } from './support/sites.ts';

const url = (path: string) => new URL(path.replace(/^\//, ''), siteUrl('basic')).href;

test('search code loads only when the reader opens search', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(url('/1.0/overview/'));
  await page.waitForLoadState('networkidle');
  expect(requests.filter((r) => r.includes('pagefind') || r.includes('search'))).toEqual([]);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('searchbox', { name: 'Search documentation' }).fill('second');
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('link').first()).toBeVisible();
  expect(requests.some((r) => r.includes('/pagefind/pagefind.js'))).toBe(true);
});

test('search finds pages of the current version and opens them', async ({ page }) => {
  await page.goto(url('/1.0/overview/'));
  await page.keyboard.press('Control+k');
  const input = page.getByRole('searchbox', { name: 'Search documentation' });
  await expect(input).toBeFocused();
  await input.fill('second thing');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('link', { name: /Second guide/ })).toBeVisible();
  await results.getByRole('link', { name: /Second guide/ }).click();
  await expect(page).toHaveURL(url('/1.0/guides/second/'));
});

test('search is scoped to the current version unless "All versions" is ticked', async ({ page }) => {
  await page.goto(url('/1.0/overview/'));
  await page.getByRole('button', { name: 'Search' }).click();
  const input = page.getByRole('searchbox', { name: 'Search documentation' });
  await input.fill('beta');
  await expect(page.getByRole('status')).toHaveText(/No results/);
  await page.getByLabel(/All versions/).check();
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('link', { name: /Overview/ })).toHaveAttribute('href', /\/2\.0\/overview\/$/);
});

test('gated pages are not searchable', async ({ page }) => {
  await page.goto(url('/1.0/overview/'));
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByLabel(/All versions/).check();
  await page.getByRole('searchbox', { name: 'Search documentation' }).fill('GATEDBODY');
  await expect(page.getByRole('status')).toHaveText(/No results/);
});
