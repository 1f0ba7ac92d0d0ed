import { expect, test } from '@playwright/test';
import { siteUrl } from './support/sites.ts';

// The basic fixture built with `base: /docs`: every link, asset and search result stays under /docs/.
const url = (path: string) => new URL(path.replace(/^\//, ''), siteUrl('based')).href;

test('pages, links and assets live under the base path', async ({ page }) => {
  const outside: string[] = [];
  page.on('request', (request) => {
    const { pathname, origin } = new URL(request.url());
    if (origin === new URL(siteUrl('based')).origin && !pathname.startsWith('/docs/')) outside.push(pathname);
  });
  await page.goto(url('/'));
  await page.getByRole('link', { name: 'Read the documentation' }).click();
  await expect(page).toHaveURL(url('/1.0/overview/'));
  await page.getByRole('navigation', { name: 'Documentation' }).getByText('Guides', { exact: true }).click();
  await page.getByRole('navigation', { name: 'Documentation' }).getByRole('link', { name: 'First guide' }).click();
  await expect(page).toHaveURL(url('/1.0/guides/first/'));
  await page.getByText('v1.0').click();
  await page.getByRole('link', { name: /2\.0 beta/ }).click();
  await expect(page).toHaveURL(url('/2.0/guides/first/'));
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/docs/favicon.svg');
  expect(outside).toEqual([]);
});

test('search results link under the base path', async ({ page }) => {
  await page.goto(url('/1.0/overview/'));
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('searchbox', { name: 'Search documentation' }).fill('second');
  const result = page.getByRole('list', { name: 'Search results' }).getByRole('link', { name: /Second guide/ });
  await expect(result).toHaveAttribute('href', '/docs/1.0/guides/second/');
  await result.click();
  await expect(page).toHaveURL(url('/1.0/guides/second/'));
});

test('root-relative links written in page content get the base path', async ({ page }) => {
  await page.goto(url('/1.0/overview/'));
  const link = page.locator('.content').getByRole('link', { name: 'the first guide' });
  await expect(link).toHaveAttribute('href', '/docs/1.0/guides/first/');
  await link.click();
  await expect(page).toHaveURL(url('/1.0/guides/first/'));
});
