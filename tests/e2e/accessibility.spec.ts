import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { siteUrl } from './support/sites.ts';

const PAGES = ['1.2/guides/cargo/lot-lifecycle/', '1.2/quickstart/', '2.0-beta/overview/', '', 'home/', 'no-such-page/', '1.2/all-pages/'];

for (const path of PAGES) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`axe finds no violations on /${path} (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto(new URL(path, siteUrl('default')).href);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
}

test('axe finds no violations in the open search dialog and version menu', async ({ page }) => {
  await page.goto(new URL('1.2/overview/', siteUrl('default')).href);
  await page.locator('.version-switcher summary').click();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('searchbox', { name: 'Search documentation' }).fill('dispatch');
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('link').first()).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
});
