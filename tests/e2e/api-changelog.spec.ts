import { expect, test } from '@playwright/test';
import { siteUrl } from './support/sites.ts';

const url = (path: string) => new URL(path.replace(/^\//, ''), siteUrl('default')).href;

// content/2.0-beta/openapi.yaml differs from content/1.2/openapi.yaml by one optional header on the dispatch.
test('2.0 beta has a "Changes since 1.2" page in its reference naming the real difference, linking both versions\' operation pages', async ({ page }) => {
  await page.goto(url('/2.0-beta/reference/'));
  const sidebar = page.getByRole('navigation', { name: 'Documentation' });
  await sidebar.getByRole('link', { name: 'Changes since 1.2' }).click();
  await expect(page).toHaveURL(url('/2.0-beta/reference/changes/1.2/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Changes since 1.2');
  await expect(page.locator('.lead')).toHaveText('From 1.2 to 2.0 beta: 0 added, 0 removed and 1 changed operation, with no breaking change.');
  const changes = page.locator('.api-change');
  await expect(changes).toHaveCount(1);
  await expect(changes.getByRole('heading', { level: 3 })).toHaveText('POST /caravans/{caravanId}/dispatch');
  await expect(changes.getByRole('listitem')).toHaveText(['New optional header parameter Idempotency-Key.']);
  await expect(changes).toHaveAttribute('data-breaking', 'false');
  await expect(changes.getByText('Breaking')).toHaveCount(0);
  // The version switcher goes to each version's own changelog, else to its reference.
  const switcher = page.locator('.version-switcher a');
  expect(await switcher.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))).toEqual(['/1.2/reference/changes/1.1/', '/1.1/reference/', '/2.0-beta/reference/changes/1.2/']);
  // Both versions' pages of the operation, and they exist.
  const links = changes.getByRole('link', { name: 'Dispatch a caravan' });
  await expect(links).toHaveCount(2);
  expect(await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))).toEqual(['/2.0-beta/reference/dispatch-caravan/', '/1.2/reference/dispatch-caravan/']);
  await links.nth(1).click();
  await expect(page).toHaveURL(url('/1.2/reference/dispatch-caravan/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dispatch a caravan');
});

test('the changelog has a Markdown source listed in llms.txt; 1.2 compares with 1.1 and 1.1, the lowest, has none', async ({ request }) => {
  const markdown = await (await request.get(url('/2.0-beta/reference/changes/1.2.md'))).text();
  expect(markdown).toMatch(/^# Changes since 1\.2\n/);
  expect(markdown).toContain('- New optional header parameter `Idempotency-Key`.');
  expect(markdown).toContain('(https://docs.caravan.example/1.2/reference/dispatch-caravan/)');
  expect(await (await request.get(url('/2.0-beta/llms.txt'))).text()).toContain('- [Changes since 1.2](https://docs.caravan.example/2.0-beta/reference/changes/1.2.md): ');
  const older = await (await request.get(url('/1.2/reference/changes/1.1.md'))).text();
  expect(older).toContain('- New optional query parameter `page`.');
  expect(older).toContain('- The type of the field `description` of the request body changed from `string` to `string` or `null`.');
  expect((await request.get(url('/1.1/reference/changes/1.0/'))).status()).toBe(404);
  expect((await request.get(url('/2.0-beta/reference/changes/1.1/'))).status()).toBe(404);
});
