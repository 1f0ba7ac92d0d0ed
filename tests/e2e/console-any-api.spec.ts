import { expect, test, type Locator } from '@playwright/test';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { serveStatic } from './support/static-server.ts';
import { astroBuild, OUTPUT, outDir, PROJECT_ROOT } from './support/sites.ts';
import { readyConsole } from './support/console.ts';

// The API console on a site whose API this repository knows nothing about (the Lending Library
// fixture): the sandbox is built from its description alone. A test-only page adds consoles
// for creating a catalogue item and listing the catalogue.
test.describe.configure({ mode: 'serial' });

let server: Server | undefined;
let origin = '';
const url = (path: string) => `${origin}/${path.replace(/^\//, '')}`;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const root = join(OUTPUT, 'console-any-api-src');
  const out = outDir('console-any-api');
  if (process.env.E2E_REUSE_BUILD !== '1' || !existsSync(join(out, 'index.html'))) {
    rmSync(root, { recursive: true, force: true });
    cpSync(join(PROJECT_ROOT, 'tests/fixtures/any-api'), root, { recursive: true });
    const nav = `${readFileSync(join(root, 'content/v1/nav.yml'), 'utf8').trimEnd()}\n- slug: try-the-catalogue\n`;
    // This site lets readers send to the real API as well.
    const description = readFileSync(join(root, 'content/v1/openapi.yaml'), 'utf8').replace(/^openapi: 3\.1\.0$/m, 'openapi: 3.1.0\nx-console-real-api: true');
    expect(description).toContain('x-console-real-api: true');
    writeFileSync(join(root, 'content/v1/openapi.yaml'), description);
    writeFileSync(join(root, 'content/v1/nav.yml'), nav);
    writeFileSync(
      join(root, 'content/v1/try-the-catalogue.mdx'),
      [
        '---',
        'title: Try the catalogue',
        '---',
        '',
        '<TryIt operation="POST /items" title="Add a book" capture={{ itemId: \'/id\' }} />',
        '',
        '<TryIt operation="GET /items" title="List the catalogue" params={{ per_page: 50 }} />',
        '',
        '<TryIt operation="getItem" title="Get the new item" params={{ itemId: \'$itemId\' }} />',
        '',
      ].join('\n'),
    );
    const { status, output } = astroBuild(root, out);
    if (status !== 0) throw new Error(`Building the any-API console site failed:\n${output}`);
  }
  const served = await serveStatic(out, '/');
  server = served.server;
  origin = new URL(served.url).origin;
});

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

const ready = readyConsole;

const send = (console: Locator) => console.getByRole('button', { name: 'Send', exact: true }).click();
const body = async (console: Locator) => JSON.parse(await console.getByLabel('Response body').innerText()) as unknown;

test('a console on a non-Caravan site creates a resource and then finds it in the list', async ({ page }) => {
  await page.goto(url('/v1/try-the-catalogue/'));
  const add = await ready(page, 'Add a book');
  // The description declares no sandbox credential: the bearer field starts empty, and a missing token is a 401.
  await expect(add.getByLabel('Bearer token')).toHaveValue('');
  await expect(add.getByLabel('Sandbox token')).toHaveCount(0);
  await send(add);
  await expect(add.getByRole('status')).toContainText(/^401\b/);
  await add.getByLabel('Bearer token').fill('my-staff-token');
  await send(add);
  await expect(add.getByRole('status')).toContainText(/^201\b/);
  const created = (await body(add)) as { id: string; title: string };
  expect(created.title).toBe('The Left Hand of Darkness');
  await expect(add.locator('.try-it-changes')).toContainText(`Added items ${created.id}`);

  const list = await ready(page, 'List the catalogue');
  await send(list);
  await expect(list.getByRole('status')).toContainText(/^200\b/);
  expect(((await body(list)) as Array<{ id: string }>).map((item) => item.id)).toContain(created.id);

  const get = await ready(page, 'Get the new item');
  await expect(get.getByLabel('itemId (required)')).toHaveValue(created.id);
  await send(get);
  await expect(get.getByRole('status')).toContainText(/^200\b/);
  expect(await body(get)).toMatchObject({ id: created.id, title: 'The Left Hand of Darkness' });
});

test('the sandbox explains a refused body at its field, in RFC 9457 problem+json', async ({ page }) => {
  await page.goto(url('/v1/try-the-catalogue/'));
  const add = await ready(page, 'Add a book');
  await add.getByLabel('Bearer token').fill('my-staff-token');
  await add.getByLabel('JSON body').fill('{"kind": "spaceship", "title": "X"}');
  await send(add);
  await add.getByRole('button', { name: 'Send anyway' }).click();
  await expect(add.getByRole('status')).toContainText(/^422\b/);
  expect(await body(add)).toMatchObject({ status: 422, title: 'Unprocessable Content' });
  await expect(add.locator('.try-it-headers')).toContainText('application/problem+json');
});

test('code samples can call the local sandbox instead of the API host, for every console of the tab', async ({ page }) => {
  await page.goto(url('/v1/try-the-catalogue/'));
  const add = await ready(page, 'Add a book');
  const curl = add.locator('[data-sample="curl"]');
  await expect(curl).toContainText('curl https://central.library.example.org/api/v1/items ');
  await add.getByText('Code samples', { exact: true }).click();
  await add.getByLabel('Samples call').selectOption('local');
  await expect(curl).toContainText('curl http://127.0.0.1:4010/api/v1/items ');
  const list = await ready(page, 'List the catalogue');
  await expect(list.locator('[data-sample="curl"]')).toContainText("'http://127.0.0.1:4010/api/v1/items?per_page=50'");
  await page.reload();
  await expect((await ready(page, 'Add a book')).getByLabel('Samples call')).toHaveValue('local');
});

test('where the site allows it, Send can go to the real API with the reader\'s credential, and says which one answered', async ({ page, context }) => {
  const seen: Array<string | null> = [];
  await context.route('https://central.library.example.org/api/v1/items?per_page=50', async (route) => {
    seen.push(route.request().headers()['authorization'] ?? null);
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify([{ id: 'I12345678', kind: 'book', title: 'From the real API' }]) });
  });
  await page.goto(url('/v1/try-the-catalogue/'));
  const list = await ready(page, 'List the catalogue');
  await send(list);
  await expect(list.getByRole('status')).toContainText(/^200\b/);
  await expect(list.locator('[data-answered-by]')).toHaveText('Answered by the sandbox in your browser.');
  await list.getByLabel('Send to').selectOption('real');
  await send(list);
  await expect(list.locator('[data-answered-by]')).toHaveText('Answered by the real API at central.library.example.org.');
  expect(await body(list)).toEqual([{ id: 'I12345678', kind: 'book', title: 'From the real API' }]);
  expect(seen).toHaveLength(1);
  await expect(list.locator('.try-it-changes')).toContainText('the sandbox did not change');
});
