import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { outDir, siteUrl } from './support/sites.ts';

const url = (path: string) => new URL(path.replace(/^\//, ''), siteUrl('default')).href;

test('the sidebar lists the API reference; an operation page shows method, path, tables, responses and samples', async ({ page }) => {
  await page.goto(url('/1.2/overview/'));
  const sidebar = page.getByRole('navigation', { name: 'Documentation' });
  await sidebar.getByText('API reference', { exact: true }).click();
  await sidebar.getByRole('link', { name: 'Add a cargo lot' }).click();
  await expect(page).toHaveURL(url('/1.2/reference/add-cargo-lot/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add a cargo lot');
  await expect(page.locator('.endpoint')).toHaveText(/POST\s+https:\/\/api\.caravan\.example\/v1\/caravans\/\{caravanId\}\/manifest\/lots/);
  const body = page.getByRole('table', { name: 'Request body fields' });
  await expect(body.getByRole('row', { name: /commodity string yes/ })).toBeVisible();
  await expect(body.getByRole('row', { name: /category/ })).toContainText('one of spice, textile, pottery, gemstone, artifact, provision, other');
  await expect(page.getByRole('heading', { name: /^201 / })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^409 / })).toBeVisible();
  const samples = page.getByRole('complementary', { name: 'Code samples and response example' });
  await expect(samples.getByRole('tab')).toHaveText(['curl', 'JavaScript', 'Node.js', 'Python', 'Go', 'Java', 'C#', 'PHP', 'Ruby', 'Swift']);
  await expect(samples.locator('pre').filter({ hasText: /curl '?https:\/\/api\.caravan\.example\/v1\/caravans\// })).toBeVisible();
  // One language at a time: choosing JavaScript hides curl.
  await samples.getByRole('tab', { name: 'JavaScript', exact: true }).click();
  await expect(samples.locator('pre').filter({ hasText: 'body: JSON.stringify({' })).toBeVisible();
  await expect(samples.locator('pre').filter({ hasText: /^curl / })).toBeHidden();
  await expect(page.locator('link[rel="alternate"][type="text/markdown"]')).toHaveAttribute('href', 'https://docs.caravan.example/1.2/reference/add-cargo-lot.md');
});

test('the reference overview covers servers, authentication, errors and paging, and links every operation', async ({ page }) => {
  await page.goto(url('/1.2/reference/'));
  for (const heading of ['Servers', 'Authentication', 'Errors', 'Paging', 'Endpoints']) await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
  await expect(page.locator('.operation-list a')).toHaveCount(7);
});

test('versions document their own API: the version switcher keeps the operation, and 1.1 orders have no paging', async ({ page }) => {
  await page.goto(url('/1.2/reference/list-market-orders/'));
  await expect(page.getByRole('table', { name: 'Parameters' })).toContainText('per_page');
  await page.getByText('v1.2').click();
  await page.getByRole('link', { name: '1.1', exact: true }).click();
  await expect(page).toHaveURL(url('/1.1/reference/list-market-orders/'));
  await expect(page.getByRole('table', { name: 'Parameters' })).not.toContainText('per_page');
});

test('reference pages are never in the sitemap, and llms.txt lists them under their own section', () => {
  const sitemap = readFileSync(join(outDir('default'), 'sitemap.xml'), 'utf8');
  expect(sitemap).not.toContain('/reference');
  const llms = readFileSync(join(outDir('default'), 'llms.txt'), 'utf8');
  const section = llms.slice(llms.indexOf('## API reference'), llms.indexOf('## Versions'));
  expect(section).toContain('- [Dispatch a caravan](https://docs.caravan.example/1.2/reference/dispatch-caravan.md): POST /caravans/{caravanId}/dispatch');
  expect(readFileSync(join(outDir('default'), '1.2/reference/dispatch-caravan.md'), 'utf8')).toMatch(/^# Dispatch a caravan\n/);
});

test('axe finds no violations on a reference page', async ({ page }) => {
  await page.goto(url('/1.2/reference/update-cargo-lot/'));
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test('every operation page has a console that calls the sandbox', async ({ page }) => {
  await page.goto(url('/1.2/reference/list-caravans/'));
  const consoleSection = page.getByRole('region', { name: 'Try it: List caravans' });
  const send = consoleSection.getByRole('button', { name: /^Send/ });
  await expect(send).toBeEnabled({ timeout: 15_000 });
  await send.click();
  await expect(consoleSection.getByText(/^200 OK/)).toBeVisible();
  await expect(consoleSection.locator('pre').filter({ hasText: '"items"' })).toBeVisible();
});

test('publishRoute from its reference page: the partner token by default, 201 with the great-circle distance', async ({ page }) => {
  await page.goto(url('/1.2/reference/publish-route/'));
  const consoleSection = page.getByRole('region', { name: 'Try it: Publish a route' });
  await expect(consoleSection.getByLabel('Bearer token')).toHaveValue('sandbox-partner', { timeout: 15_000 });
  const send = consoleSection.getByRole('button', { name: /^Send/ });
  await expect(send).toBeEnabled({ timeout: 15_000 });
  await send.click();
  await expect(consoleSection.getByText(/^201 Created/)).toBeVisible();
  await expect(consoleSection.locator('pre').filter({ hasText: '"distance_km"' })).toBeVisible();
});
