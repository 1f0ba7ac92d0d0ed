import { expect, test } from '@playwright/test';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { serveStatic } from './support/static-server.ts';
import { astroBuild, OUTPUT, outDir, PROJECT_ROOT } from './support/sites.ts';
import { readyConsole } from './support/console.ts';

// The API console on this repository's docs built with `base: /docs`: the service worker,
// the console chunk and permalinks all live under /docs/. The site is built here, once
// (E2E_REUSE_BUILD=1 reuses it), because the shared fixtures have no OpenAPI description. A
// test-only page adds a console for publishRoute, the one operation of the partner interface.
test.describe.configure({ mode: 'serial' });

let server: Server | undefined;
let origin = '';
const url = (path: string) => `${origin}/docs/${path.replace(/^\//, '')}`;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const root = join(OUTPUT, 'console-based-src');
  const out = outDir('console-based');
  if (process.env.E2E_REUSE_BUILD !== '1' || !existsSync(join(out, 'index.html'))) {
    rmSync(root, { recursive: true, force: true });
    cpSync(join(PROJECT_ROOT, 'content'), join(root, 'content'), { recursive: true });
    cpSync(join(PROJECT_ROOT, 'config'), join(root, 'config'), { recursive: true });
    const site = readFileSync(join(PROJECT_ROOT, 'config/site.yml'), 'utf8').replace(/^base: \/(?=\s)/m, 'base: /docs');
    expect(site).toMatch(/^base: \/docs/m);
    writeFileSync(join(root, 'config/site.yml'), site);
    // A test-only public page with a console for the partner interface (its guide is gated on the real site).
    const nav = readFileSync(join(root, 'content/1.2/nav.yml'), 'utf8').replace('    - slug: guides/walkthrough\n', '    - slug: guides/walkthrough\n    - slug: guides/partner-console\n');
    expect(nav).toContain('guides/partner-console');
    writeFileSync(join(root, 'content/1.2/nav.yml'), nav);
    writeFileSync(join(root, 'content/1.2/guides/partner-console.mdx'), '---\ntitle: Partner console\n---\n\n<TryIt operation="publishRoute" title="Publish a partner route" />\n');
    const { status, output } = astroBuild(root, out);
    if (status !== 0) throw new Error(`Building the /docs console site failed:\n${output}`);
  }
  const served = await serveStatic(out, '/docs/');
  server = served.server;
  origin = new URL(served.url).origin;
});

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

const ready = readyConsole;

test('under /docs the console registers its service worker and loads its code under the base path', async ({ page }) => {
  const outside: string[] = [];
  page.on('request', (request) => {
    const { pathname, origin: requestOrigin } = new URL(request.url());
    if (requestOrigin === origin && !pathname.startsWith('/docs/')) outside.push(pathname);
  });
  await page.goto(url('/1.2/guides/dispatch/'));
  const console = await ready(page, 'Dispatch a caravan');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
  expect(scope).toBe(`${origin}/docs/`);
  await console.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(console.getByRole('status')).toContainText(/^200\b/);
  await expect(console.getByLabel('Response body')).toContainText('"status": "dispatched"');
  expect(outside).toEqual([]);
});

test('under /docs the walkthrough carries ids and a permalink restores the request', async ({ page, context }) => {
  await page.goto(url('/1.2/guides/walkthrough/'));
  const first = await ready(page, 'Step 1: list forming caravans');
  await first.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(first.getByRole('status')).toContainText(/^200\b/);
  const second = await ready(page, 'Step 2: assign a route and camels');
  await expect(second.getByLabel('caravanId (required)')).toHaveValue('car_002');
  await second.getByLabel('camel_count').fill('7');
  const href = await second.getByRole('link', { name: 'Permalink to this request' }).getAttribute('href');
  const fresh = await context.browser()!.newContext();
  const other = await fresh.newPage();
  await other.goto(new URL(href!, page.url()).href);
  expect(other.url()).toContain('/docs/1.2/guides/walkthrough/#try=updateCaravan.');
  const restored = await ready(other, 'Step 2: assign a route and camels');
  await expect(restored.getByLabel('caravanId (required)')).toHaveValue('car_002');
  await expect(restored.getByLabel('camel_count')).toHaveValue('7');
  await fresh.close();
});

test('under /docs publishRoute takes the partner token and goes to the partner interface', async ({ page }) => {
  await page.goto(url('/1.2/guides/partner-console/'));
  const console = await ready(page, 'Publish a partner route');
  await expect(console.getByLabel('Bearer token')).toHaveValue('sandbox-partner');
  await expect(console.locator('[data-sample="curl"]')).toContainText('curl https://partners.caravan.example/v2/routes ');
  await console.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(console.getByRole('status')).toContainText(/^201\b/);
  expect(JSON.parse(await console.getByLabel('Response body').innerText())).toMatchObject({
    name: 'Nile Incense Road',
    waypoints: ['Alexandria', 'Cairo', 'Luxor', 'Aswan'],
    distance_km: expect.any(Number),
    published_by: 'Oasis Partners Guild',
  });
  await console.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(console.getByRole('status')).toContainText(/^409\b/);
  await console.getByLabel('Bearer token').selectOption('sandbox-trader');
  await console.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(console.getByRole('status')).toContainText(/^403\b/);
});
