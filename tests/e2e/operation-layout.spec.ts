import { expect, test, type Page } from '@playwright/test';
import { siteUrl } from './support/sites.ts';

// Operation pages as a reader sees them: two columns on wide screens, one on phones.
const url = (path: string) => new URL(path.replace(/^\//, ''), siteUrl('default')).href;
const OPERATION = '/1.2/reference/add-cargo-lot/';

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

test('at 1440 px the samples and the response example sit in a sticky right-hand column beside the parameters', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(url(OPERATION));
  const aside = page.getByRole('complementary', { name: 'Code samples and response example' });
  await expect(aside.getByRole('heading', { name: 'Code samples', level: 2 })).toBeVisible();
  await expect(aside.getByRole('heading', { name: 'Response example', level: 2 })).toBeVisible();
  await expect(aside.locator('.example-label')).toHaveText('201 · application/json');
  const left = await box(page, '.operation-details');
  const right = await box(page, '.operation-aside');
  expect(right.x).toBeGreaterThanOrEqual(left.x + left.width);
  // Beside the parameters, not below them.
  const parameters = await box(page, '#parameters');
  expect(right.y).toBeLessThan(parameters.y);
  // The console follows the request body, before the responses; the responses point to the example.
  const console = await box(page, '.try-it');
  expect(console.y).toBeGreaterThan((await box(page, '#request-body')).y);
  expect(console.y).toBeLessThan((await box(page, '#responses')).y);
  await expect(page.locator('#response-201 ~ p').filter({ hasText: 'Example: see Response example.' })).toBeVisible();
  // Sticky: scrolled to the responses, the column is still in view under the header.
  await page.locator('#responses').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 200));
  const stuck = await aside.boundingBox();
  expect(stuck!.y).toBeGreaterThanOrEqual(0);
  expect(stuck!.y).toBeLessThan(120);
  // The table of contents gives the columns its room.
  await expect(page.locator('.toc-column')).toBeHidden();
});

test('at 390 px the page is one column, the samples right after the description', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(url(OPERATION));
  const intro = await box(page, '.operation-intro');
  const aside = await box(page, '.operation-aside');
  const details = await box(page, '.operation-details');
  expect(Math.abs(aside.x - intro.x)).toBeLessThan(2);
  expect(aside.y).toBeGreaterThanOrEqual(intro.y + intro.height - 1);
  expect(details.y).toBeGreaterThanOrEqual(aside.y + aside.height - 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the fetch sample writes the body as an object over several lines', async ({ page }) => {
  await page.goto(url(OPERATION));
  const aside = page.getByRole('complementary', { name: 'Code samples and response example' });
  await aside.getByRole('tab', { name: 'JavaScript', exact: true }).click();
  const fetchCode = aside.locator('#sample-fetch pre');
  await expect(fetchCode).toContainText('body: JSON.stringify({');
  const code = await fetchCode.innerText();
  expect(code).toContain("body: JSON.stringify({\n    commodity: 'Saffron',\n    category: 'spice',");
  expect(code).not.toContain('\\"commodity\\"');
  await aside.getByRole('tab', { name: 'Python', exact: true }).click();
  await expect(aside.locator('#sample-python pre')).toContainText('json={');
  expect(await aside.locator('#sample-python pre').innerText()).toContain('json={\n      "commodity": "Saffron",');
});

test('the copy button never covers the first line of a sample (the URL)', async ({ page }) => {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(url(OPERATION));
    const frame = page.locator('#sample-curl .code-frame');
    const button = await frame.getByRole('button', { name: 'Copy code to clipboard' }).boundingBox();
    // The box of the text of the first line, up to the end of the URL.
    const first = await frame.locator('pre').evaluate((pre) => {
      const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      let first: Text | undefined;
      let last: Text | undefined;
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        if (node.parentElement?.closest('button')) continue;
        first ??= node;
        last = node;
        if (node.data.includes('\n') || node.data.includes('lots')) break;
      }
      range.setStart(first!, 0);
      range.setEnd(last!, last!.data.length);
      const rect = range.getBoundingClientRect();
      return { x: rect.x, y: rect.y, width: rect.width, height: rect.height, text: range.toString() };
    });
    expect(first.text).toContain('https://api.caravan.example/v1/caravans/');
    const overlaps = button!.x < first.x + first.width && first.x < button!.x + button!.width && button!.y < first.y + first.height && first.y < button!.y + button!.height;
    expect(overlaps, `Copy button ${JSON.stringify(button)} over the URL ${JSON.stringify(first)} at ${width} px`).toBe(false);
  }
});

test('response headings render their Markdown: code, not backticks', async ({ page }) => {
  await page.goto(url(OPERATION));
  const heading = page.getByRole('heading', { name: /^409 / });
  await expect(heading.locator('code').first()).toBeVisible();
  for (const text of await page.locator('section[aria-labelledby^="response-"] h3').allInnerTexts()) expect(text).not.toContain('`');
});

test('the other responses keep their examples one click away', async ({ page }) => {
  await page.goto(url(OPERATION));
  const conflict = page.locator('section[aria-labelledby="response-409"]');
  const example = conflict.locator('details.response-example');
  await expect(example.locator('pre')).toBeHidden();
  await example.getByText('Example', { exact: true }).click();
  await expect(example.locator('pre')).toContainText('"status": 409');
});
