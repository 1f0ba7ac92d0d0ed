import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { outDir, siteUrl } from './support/sites.ts';

// tests/fixtures/any-api documents the Lending Library API (tests/fixtures/openapi/lending-library.yaml):
// nothing of it is known to the generator, so every word of its reference comes from the description.
const url = (path: string) => new URL(path.replace(/^\//, ''), siteUrl('anyapi')).href;

test('the overview says what the description says: servers with variables, every security scheme, the tag groups', async ({ page }) => {
  await page.goto(url('/v1/reference/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API reference');
  const main = page.locator('main');
  await expect(main).toContainText('https://central.library.example.org/api/v1');
  await expect(main).toContainText('https://sandbox.library.example.org/api/v1');
  await expect(main.locator('li li').filter({ hasText: '{branch}' })).toHaveText('{branch}: default central, one of central, riverside, hilltop (The library branch.)');
  for (const scheme of ['staffToken', 'kioskKey', 'staffOAuth']) await expect(page.getByRole('heading', { name: scheme, level: 3 })).toBeVisible();
  await expect(main).toContainText('An API key in the header X-Kiosk-Key.');
  await expect(main).toContainText('token URL https://id.library.example.org/token');
  for (const group of ['Collection', 'Circulation', 'Integration']) await expect(page.getByRole('heading', { name: group, level: 3 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Loans', level: 4 })).toBeVisible();
});

test('operations without an operationId get a page; the sidebar groups the reference by x-tagGroups and tags', async ({ page }) => {
  await page.goto(url('/v1/reference/'));
  const sidebar = page.getByRole('navigation', { name: 'Documentation' });
  await expect(sidebar.locator('a[aria-current="page"]')).toHaveText('Overview');
  await expect(sidebar.locator('a[aria-current="page"]')).toHaveAttribute('href', '/v1/reference/');
  await sidebar.getByText('Collection', { exact: true }).click();
  await sidebar.getByText('Catalogue', { exact: true }).click();
  await sidebar.getByRole('link', { name: 'Search the catalogue' }).click();
  await expect(page).toHaveURL(url('/v1/reference/get-items/'));
  await expect(page.locator('.endpoint')).toHaveText(/GET\s+https:\/\/central\.library\.example\.org\/api\/v1\/items/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('Catalogue');
});

test('webhooks and deprecated operations are documented and marked', async ({ page }) => {
  await page.goto(url('/v1/reference/loan-overdue/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A loan is overdue');
  await expect(page.locator('.endpoint')).toContainText('Webhook loan.overdue');
  await expect(page.getByRole('heading', { name: 'Code samples' })).toHaveCount(0);
  await page.goto(url('/v1/reference/renew-loan/'));
  await expect(page.getByRole('note').filter({ hasText: 'Deprecated.' })).toBeVisible();
});

test('nothing of the sample API reaches a site that does not document it', () => {
  const root = outDir('anyapi');
  const offending: string[] = [];
  for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (!['.html', '.md', '.txt', '.xml', '.js', '.json'].includes(extname(file))) continue;
    const text = readFileSync(join(root, file), 'utf8');
    // The product's own name (Caravan Docs, caravan-docs) is fine; so is ".caravan" in a bundled list of top-level domains.
    const words = [/Caravan Trading/, /caravan\.example/, /sandbox-(trader|viewer|partner)/, ...(file.endsWith('.js') ? [] : [/\bcaravans?\b/i])];
    for (const word of words) {
      const match = text.replace(/caravan[- ]docs/gi, '').match(word);
      if (match) offending.push(`${file}: ${match[0]}`);
    }
  }
  expect(offending).toEqual([]);
});

test('axe finds no violations on the overview and an operation page', async ({ page }) => {
  for (const path of ['/v1/reference/', '/v1/reference/create-loan/']) {
    await page.goto(url(path));
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${path}: ${v.id}`)).toEqual([]);
  }
});
