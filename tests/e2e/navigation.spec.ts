import { expect, test } from '@playwright/test';
import { siteUrl } from './support/sites.ts';

const url = (path: string) => new URL(path.replace(/^\//, ''), siteUrl('basic')).href;

test.describe('sidebar, breadcrumbs and previous/next', () => {
  test('a reader navigates through the sidebar; the current page is marked and its section opens', async ({ page }) => {
    await page.goto(url('/1.0/overview/'));
    const sidebar = page.getByRole('navigation', { name: 'Documentation' });
    await expect(sidebar.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    await expect(sidebar.getByRole('link', { name: 'First guide' })).toBeHidden();

    await sidebar.getByText('Guides', { exact: true }).click();
    await sidebar.getByRole('link', { name: 'First guide' }).click();
    await expect(page).toHaveURL(url('/1.0/guides/first/'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('First guide');
    await expect(sidebar.getByRole('link', { name: 'First guide' })).toHaveAttribute('aria-current', 'page');
    await expect(sidebar.locator('details', { hasText: 'Guides' }).first()).toHaveAttribute('open', '');
  });

  test('no-dropdown groups stay open and link their own page', async ({ page }) => {
    await page.goto(url('/1.0/overview/'));
    const sidebar = page.getByRole('navigation', { name: 'Documentation' });
    await expect(sidebar.getByRole('link', { name: 'FAQ' })).toBeVisible();
    await sidebar.getByRole('link', { name: 'Resources' }).click();
    await expect(page).toHaveURL(url('/1.0/resources/'));
  });

  test('breadcrumbs show the nesting; previous and next follow the nav order', async ({ page }) => {
    await page.goto(url('/1.0/guides/deep/'));
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toHaveText(/Guides\s*›?\s*Deeper\s*›?\s*Deep guide/);
    const pager = page.getByRole('navigation', { name: 'Previous and next pages' });
    await expect(pager.getByRole('link', { name: /Previous Second guide/ })).toBeVisible();
    await pager.getByRole('link', { name: /Next Resources/ }).click();
    await expect(page).toHaveURL(url('/1.0/resources/'));
  });

  test('the table of contents lists the headings and jumps to them', async ({ page }) => {
    await page.goto(url('/1.0/guides/first/'));
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await expect(toc.getByRole('link')).toHaveText(['Step one', 'Detail']);
    await toc.getByRole('link', { name: 'Detail' }).click();
    await expect(page).toHaveURL(/#detail$/);
  });

  test('/{version}/ leads to the version’s first page', async ({ page }) => {
    await page.goto(url('/2.0/'));
    await expect(page).toHaveURL(url('/2.0/overview/'));
  });

  test('landing pages at / and /home lead into the docs', async ({ page }) => {
    for (const path of ['/', '/home/']) {
      await page.goto(url(path));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fixture Docs');
    }
    await page.getByRole('link', { name: 'Read the documentation' }).click();
    await expect(page).toHaveURL(url('/1.0/overview/'));
  });

  test('an unknown URL gets a helpful 404 page with status 404', async ({ page }) => {
    const response = await page.goto(url('/1.0/no-such-page/'));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByRole('link', { name: 'Documentation 1.0' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
  });
});

test.describe('version switcher', () => {
  test('switching keeps the page when it exists in the other version', async ({ page }) => {
    await page.goto(url('/1.0/guides/first/'));
    await page.getByText('v1.0').click();
    await page.getByRole('link', { name: '2.0 beta unstable' }).click();
    await expect(page).toHaveURL(url('/2.0/guides/first/'));
    await expect(page.getByText('an unstable version')).toBeVisible();
  });

  test('switching to a version without the page opens that version’s first page', async ({ page }) => {
    await page.goto(url('/1.0/guides/second/'));
    await page.getByText('v1.0').click();
    await page.getByRole('link', { name: /2\.0 beta/ }).click();
    await expect(page).toHaveURL(url('/2.0/overview/'));
  });

  test('unstable versions are labelled', async ({ page }) => {
    await page.goto(url('/2.0/overview/'));
    await expect(page.locator('.version-switcher summary')).toHaveText(/v2\.0 beta\s*unstable/);
  });
});

test('root-relative links in page content work at the site root', async ({ page }) => {
  await page.goto(url('/1.0/overview/'));
  await expect(page.locator('.content').getByRole('link', { name: 'the first guide' })).toHaveAttribute('href', '/1.0/guides/first/');
});
