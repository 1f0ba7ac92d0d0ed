import { expect, test, type Locator } from '@playwright/test';
import { readyConsole } from './support/console.ts';
import { siteUrl } from './support/sites.ts';

// Two APIs in one version (tests/fixtures/several-apis: content/v1/apis/public and apis/admin):
// /v1/reference/ lists them, each has its own section, pages, Markdown, llms.txt entries and sandbox.
const url = (path: string) => new URL(path.replace(/^\//, ''), siteUrl('severalapis')).href;
const send = (console: Locator) => console.getByRole('button', { name: 'Send', exact: true }).click();
const body = async (console: Locator) => JSON.parse(await console.getByLabel('Response body').innerText()) as unknown;

test('/{version}/reference/ lists the APIs in the order and with the titles site.yml gives', async ({ page }) => {
  await page.goto(url('/v1/reference/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API reference');
  const links = page.locator('main .api-list > li > a');
  await expect(links).toHaveText(['Notes API', 'Admin API (staff)']);
  await links.nth(1).click();
  await expect(page).toHaveURL(url('/v1/reference/admin/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin API (staff)');
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('API reference');
});

test('each API has its own sidebar section, and its pages live under /{version}/reference/{id}/', async ({ page }) => {
  await page.goto(url('/v1/reference/admin/list-users/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('List users');
  const sidebar = page.getByRole('navigation', { name: /Documentation|Sidebar|Site/ }).first();
  await expect(sidebar).toContainText('Notes API');
  await expect(sidebar).toContainText('Admin API (staff)');
  await expect(sidebar.locator('a[aria-current="page"]')).toHaveAttribute('href', '/v1/reference/admin/list-users/');
  // The same operationId in both APIs: two pages, one per API.
  for (const [path, summary] of [['/v1/reference/public/get-status/', 'Public API status'], ['/v1/reference/admin/get-status/', 'Admin API status']] as const) {
    const response = await page.goto(url(path));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(summary);
    // Its sandbox started: a page that loaded while the new service worker was still installing
    // is reloaded once by MSW, and leaving before that reload is interrupted by it.
    await readyConsole(page, summary);
  }
  // A schema page sits below its API.
  expect((await page.goto(url('/v1/reference/admin/schemas/user/')))?.status()).toBe(200);
  // The single-description URLs do not exist on a version of several APIs.
  expect((await page.request.get(url('/v1/reference/list-users/'))).status()).toBe(404);
});

test("consoles on an API's pages talk to that API's sandbox", async ({ page }) => {
  await page.goto(url('/v1/reference/admin/get-status/'));
  const admin = await readyConsole(page, 'Admin API status');
  await send(admin);
  await expect(admin.getByRole('status')).toContainText(/^200\b/);
  expect(await body(admin)).toEqual({ status: 'admin-ok' });

  await page.goto(url('/v1/reference/public/list-notes/'));
  const notes = await readyConsole(page, 'List notes');
  await send(notes);
  await expect(notes.getByRole('status')).toContainText(/^200\b/);
  expect(await body(notes)).toMatchObject({ items: [{ id: 'note_001', text: 'Buy camels' }] });
  await expect(notes.locator('.try-it-hint').filter({ hasText: 'caravan-docs sandbox' })).toContainText('npx caravan-docs sandbox --version v1 --api public');
});

test('a guide names the API of its consoles', async ({ page }) => {
  await page.goto(url('/v1/try/'));
  const users = await readyConsole(page, 'List users');
  // The admin API's own credential (an API key in X-Admin-Key) starts the console.
  await send(users);
  await expect(users.getByRole('status')).toContainText(/^200\b/);
  expect(await body(users)).toEqual([{ id: 1, email: 'amira@notes.example' }]);
});

test("a page runs one sandbox: a console of another API says so instead of calling the wrong one", async ({ page }) => {
  await page.goto(url('/v1/mixed/'));
  const notes = await readyConsole(page, 'Notes status');
  await send(notes);
  expect(await body(notes)).toEqual({ status: 'notes-ok' });
  const admin = page.getByRole('region', { name: 'Try it: Admin status', exact: true });
  await expect(admin).toContainText("this page's sandbox is the one of v1~public; put the consoles of v1~admin on a page of their own");
  await expect(admin).not.toHaveAttribute('data-ready', '');
});

test('Markdown sources and llms.txt name every API', async ({ request }) => {
  const list = await (await request.get(url('/v1/reference.md'))).text();
  expect(list).toContain('- [Notes API](https://docs.notes.example/v1/reference/public/)');
  expect(list).toContain('- [Admin API (staff)](https://docs.notes.example/v1/reference/admin/)');
  const overview = await request.get(url('/v1/reference/admin.md'));
  expect(overview.status()).toBe(200);
  expect(await overview.text()).toMatch(/^# Admin API \(staff\)\n/);
  const operation = await (await request.get(url('/v1/reference/admin/get-status.md'))).text();
  expect(operation).toContain('https://admin.notes.example/v1/status');
  expect((await request.get(url('/v1/reference/public/schemas/note.md'))).status()).toBe(200);

  const llms = await (await request.get(url('/v1/llms.txt'))).text();
  expect(llms).toContain('## API reference: Notes API');
  expect(llms).toContain('## API reference: Admin API (staff)');
  expect(llms).toContain('- [Admin API status](https://docs.notes.example/v1/reference/admin/get-status.md): GET /status');
  expect(llms).toContain('- [Public API status](https://docs.notes.example/v1/reference/public/get-status.md): GET /status');
});
