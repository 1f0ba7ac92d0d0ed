import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { outDir, siteUrl } from './support/sites.ts';
import { searchFor } from './support/search.ts';

const url = (path: string) => new URL(path.replace(/^\//, ''), siteUrl('large')).href;

test('large sites write a bounded sidebar into each page', () => {
  const html = readFileSync(join(outDir('large'), '1.0/s2/p30/index.html'), 'utf8');
  const sidebar = html.slice(html.indexOf('id="sidebar"'), html.indexOf('</nav>', html.indexOf('id="sidebar"')));
  const links = sidebar.match(/<a /g) ?? [];
  expect(links.length).toBeLessThan(40);
  expect(sidebar).toContain('aria-current="page"');
  expect(sidebar).toContain('data-full-nav="/1.0/all-pages/"');
});

test('the full tree replaces the bounded sidebar once the page is idle', async ({ page }) => {
  await page.goto(url('/1.0/s2/p30/'));
  const sidebar = page.getByRole('navigation', { name: 'Documentation' });
  await expect(sidebar.locator('a')).toHaveCount(240);
  await expect(sidebar.getByRole('link', { name: 'Page 2.30', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar.locator('details[open] > summary')).toHaveText(['Section 2']);
  await sidebar.getByText('Section 0').click();
  await sidebar.getByRole('link', { name: 'Page 0.59', exact: true }).click();
  await expect(page).toHaveURL(url('/1.0/s0/p59/'));
});

test('without JavaScript the all-pages index lists every page', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(url('/1.0/s1/p5/'));
  await page.getByRole('link', { name: 'All pages' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All pages of version 1.0');
  await expect(page.getByRole('navigation', { name: 'Documentation' }).getByRole('link')).toHaveCount(240);
  await context.close();
});

test('a search finds the pages of every bundle of a split index, and opens them', async ({ page }) => {
  const { bundles } = JSON.parse(readFileSync(join(outDir('large'), 'pagefind/bundles.json'), 'utf8')) as { bundles: { path: string; language: string }[] };
  expect(bundles.length).toBeGreaterThan(1);
  const entries: string[] = [];
  page.on('request', (request) => {
    const entry = /\/pagefind\/((?:bundle-\d+\/)?)pagefind-entry\.json/.exec(request.url());
    if (entry) entries.push(entry[1]!);
  });
  await page.goto(url('/1.0/s0/p0/'));
  // Every page says "Text of page …"; no bundle alone holds them all.
  const results = await searchFor(page, 'text');
  await expect(page.getByRole('status')).toHaveText('240 results.');
  expect(entries.sort()).toEqual(bundles.map((bundle) => bundle.path).sort());
  const first = results.getByRole('link').first();
  const title = await first.locator('strong').textContent();
  await first.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!);
});
