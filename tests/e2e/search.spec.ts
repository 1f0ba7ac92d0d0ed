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

test.describe('on the default site', () => {
  const at = (path: string) => new URL(path.replace(/^\//, ''), siteUrl('default')).href;

  test('each result says what it is: a guide and an operation of the same title differ', async ({ page }) => {
    await page.goto(at('/1.2/overview/'));
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('searchbox', { name: 'Search documentation' }).fill('Dispatch a caravan');
    const results = page.getByRole('list', { name: 'Search results' });
    const operation = results.getByRole('link').filter({ has: page.locator('strong', { hasText: /^Dispatch a caravan$/ }) }).filter({ hasText: 'Operation' });
    await expect(operation.locator('.search-kind')).toHaveText('Operation · API reference › Caravans');
    await expect(operation).toHaveAttribute('href', /\/1\.2\/reference\/dispatch-caravan\/$/);
    const guide = results.getByRole('link').filter({ hasText: /^Guide · Guides/ }).first();
    await expect(guide).toBeVisible();
    for (const label of await results.locator('.search-kind').allInnerTexts()) expect(label).toMatch(/^(Guide|Operation|Schema|API reference)( · |$)/);
  });

  test('excerpts never run table headers together', async ({ page }) => {
    await page.goto(at('/1.2/overview/'));
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('searchbox', { name: 'Search documentation' }).fill('caravanId path');
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('link').first()).toBeVisible();
    const text = (await results.allInnerTexts()).join('\n');
    expect(text).not.toMatch(/NameIn|InType|TypeRequired|RequiredDescription|ParametersName/);
  });

  test('the dialog keeps its top edge as results come and go', async ({ page }) => {
    await page.goto(at('/1.2/overview/'));
    await page.getByRole('button', { name: 'Search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search the documentation' });
    const input = page.getByRole('searchbox', { name: 'Search documentation' });
    const top = async () => (await dialog.boundingBox())!.y;
    const empty = await top();
    await input.fill('caravan');
    await expect(page.getByRole('list', { name: 'Search results' }).getByRole('link').first()).toBeVisible();
    expect(await top()).toBe(empty);
    await input.fill('zzzqqq');
    await expect(page.locator('#search-status')).toHaveText(/No results/);
    expect(await top()).toBe(empty);
  });

  test('on a phone, long URLs in results wrap inside the dialog', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(at('/1.2/overview/'));
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('searchbox', { name: 'Search documentation' }).fill('https://api.caravan.example/v1/caravans');
    const dialog = page.getByRole('dialog', { name: 'Search the documentation' });
    await expect(dialog.getByRole('list', { name: 'Search results' }).getByRole('link').first()).toBeVisible();
    expect(await dialog.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    const box = (await dialog.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  });
});
