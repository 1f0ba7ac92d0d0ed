import type { Locator, Page } from '@playwright/test';

/** Opens the search dialog, types `query` and returns the list of results. */
export async function searchFor(page: Page, query: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('searchbox', { name: 'Search documentation' }).fill(query);
  return page.getByRole('list', { name: 'Search results' });
}
