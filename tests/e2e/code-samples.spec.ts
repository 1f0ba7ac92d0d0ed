import { expect, test } from '@playwright/test';
import { siteUrl } from './support/sites.ts';

// Code samples on operation pages: tabs in ten languages, the reader's choice remembered across
// pages (and by the consoles), languages other than curl written in the browser when shown.
const url = (path: string) => new URL(path.replace(/^\//, ''), siteUrl('default')).href;

test('the language a reader chooses is remembered on the next operation page and in its console', async ({ page }) => {
  await page.goto(url('/1.2/reference/add-cargo-lot/'));
  const aside = page.getByRole('complementary', { name: 'Code samples and response example' });
  await expect(aside.getByRole('tab', { name: 'curl', exact: true })).toHaveAttribute('aria-selected', 'true');
  await aside.getByRole('tab', { name: 'Go', exact: true }).click();
  await expect(aside.locator('#sample-go pre')).toContainText('package main');
  await expect(aside.locator('#sample-go pre')).toContainText('req.Header.Add("Authorization", "Bearer sandbox-trader")');
  await expect(aside.locator('#sample-curl')).toBeHidden();

  await page.goto(url('/1.2/reference/list-caravans/'));
  const next = page.getByRole('complementary', { name: 'Code samples and response example' });
  await expect(next.getByRole('tab', { name: 'Go', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(next.locator('#sample-go pre')).toContainText('requestUrl := "https://api.caravan.example/v1/caravans"');
  await expect(next.locator('#sample-curl')).toBeHidden();
  // The console's samples open on the same language.
  const console = page.locator('.try-it').first();
  await console.getByText('Code samples', { exact: true }).click();
  await expect(console.locator('details[open] > summary', { hasText: 'Go' })).toBeVisible();
  await expect(console.locator('[data-sample="go"]')).toContainText('http.NewRequest("GET"');
});

test("a description's x-codeSamples come first, highlighted, before the generated languages", async ({ page }) => {
  await page.goto(new URL('v1/reference/create-loan/', siteUrl('anyapi')).href);
  const aside = page.getByRole('complementary', { name: 'Code samples and response example' });
  await expect(aside.getByRole('tab')).toHaveText(['Library SDK', 'curl', 'JavaScript', 'Node.js', 'Python', 'Go', 'Java', 'C#', 'PHP', 'Ruby', 'Swift']);
  const described = aside.getByRole('tabpanel', { name: 'Library SDK' });
  await expect(described).toContainText('Client().loans.create(item_id="it_1", member_id="m_1")');
  await expect(described.locator('pre span').first()).toBeVisible();
  // Highlighted as guides are (HighlightedCode.astro): token classes whose colours the page sets.
  await expect(described.locator('pre .sh-e', { hasText: '"it_1"' })).toHaveCSS('color', 'rgb(17, 99, 41)');
  await expect(aside.locator('[style*="--astro-code-token"]')).toHaveCount(0);
  // The generated ones still put the API key where the scheme says.
  await aside.getByRole('tab', { name: 'PHP', exact: true }).click();
  await expect(aside.getByRole('tabpanel', { name: 'PHP' })).toContainText("curl_init(\"https://central.library.example.org/api/v1/loans\")");
});
