import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { PROJECT_ROOT, siteUrl } from './support/sites.ts';
import { readyConsole } from './support/console.ts';

// The API console against the built default site: the sandbox runs in a service worker, so
// every test starts from the seed data (each test has its own browser context).
const url = (path: string) => new URL(path.replace(/^\//, ''), siteUrl('default')).href;

const ready = readyConsole;

async function consoleOn(page: Page, path: string, name: string): Promise<Locator> {
  await page.goto(url(path));
  return ready(page, name);
}

const send = (console: Locator) => console.getByRole('button', { name: 'Send', exact: true }).click();

async function expectStatus(console: Locator, status: number): Promise<void> {
  await expect(console.getByRole('status')).toContainText(new RegExp(`^${status}\\b`));
}

const responseBody = async (console: Locator) => JSON.parse(await console.getByLabel('Response body').innerText()) as Record<string, unknown>;

test.describe('each of the seven operations', () => {
  test('listCaravans', async ({ page }) => {
    const console = await consoleOn(page, '/1.2/guides/walkthrough/', 'Step 1: list forming caravans');
    await expect(console.getByLabel('status')).toHaveValue('forming');
    await console.getByLabel('per_page').fill('2');
    await send(console);
    await expectStatus(console, 200);
    expect(await responseBody(console)).toMatchObject({ total: 5, per_page: 2, has_more: true, next_page: 2, items: [{ id: 'car_001' }, { id: 'car_002' }] });
  });

  test('updateCaravan', async ({ page }) => {
    const console = await consoleOn(page, '/1.2/guides/walkthrough/', 'Step 2: assign a route and camels');
    await console.getByLabel('caravanId (required)').fill('car_002');
    await console.getByLabel('route').selectOption('nile_delta');
    await send(console);
    await expectStatus(console, 200);
    expect(await responseBody(console)).toMatchObject({ id: 'car_002', route: 'nile_delta', camel_count: 12 });
    await expect(console.locator('.try-it-changes')).toContainText('Changed caravans car_002');
  });

  test('addCargoLot', async ({ page }) => {
    const console = await consoleOn(page, '/1.2/guides/cargo/cargo-lots/', 'Add a cargo lot');
    await send(console);
    await expectStatus(console, 201);
    expect(await responseBody(console)).toMatchObject({ id: 'lot_0018', commodity: 'Garnets', unit: 'chest', status: 'pending', inspection_status: 'pending' });
    await expect(console.locator('.try-it-changes')).toContainText('Added lots lot_0018');
  });

  test('updateCargoLot', async ({ page }) => {
    const console = await consoleOn(page, '/1.2/guides/walkthrough/', 'Step 5a: weigh the lot');
    await console.getByLabel('caravanId (required)').fill('car_001');
    await console.getByLabel('lotId (required)').fill('lot_0001');
    await console.getByLabel('JSON body').fill('{"status": "weighed", "weight_kg": 60}');
    await send(console);
    await expectStatus(console, 200);
    expect(await responseBody(console)).toMatchObject({ id: 'lot_0001', status: 'weighed', weight_kg: 60 });
  });

  test('dispatchCaravan', async ({ page }) => {
    const console = await consoleOn(page, '/1.2/guides/dispatch/', 'Dispatch a caravan');
    await expect(console.getByLabel('caravanId (required)')).toHaveValue('car_005');
    await send(console);
    await expectStatus(console, 200);
    expect(await responseBody(console)).toMatchObject({ id: 'man_005', status: 'dispatched', next_checkpoint: 'Rosetta' });
    await expect(console.locator('.try-it-changes')).toContainText('Changed caravans car_005');
  });

  test('listMarketOrders', async ({ page }) => {
    const console = await consoleOn(page, '/1.2/guides/bazaar-orders/', 'List bazaar orders');
    await send(console);
    await expectStatus(console, 200);
    expect(await responseBody(console)).toMatchObject({ total: 2, items: [{ id: 'ord_0001' }, { id: 'ord_0025' }] });
    await expect(console.locator('.try-it-changes')).toContainText('changed nothing');
  });

  // publishRoute (the partner interface) has no console on the public pages of this site,
  // whose partner guide is gated: tests/e2e/console-base.spec.ts covers it on a test page.
});

test('the walkthrough carries ids from step to step; dispatch succeeds only once every lot is loaded', async ({ page }) => {
  await page.goto(url('/1.2/guides/walkthrough/'));
  const step = (name: string) => ready(page, name);
  const run = async (name: string, status: number) => {
    const console = await step(name);
    await send(console);
    await expectStatus(console, status);
    return console;
  };
  await expect((await step('Step 2: assign a route and camels')).getByLabel('caravanId (required)')).toHaveValue('');
  await run('Step 1: list forming caravans', 200);
  await expect((await step('Step 2: assign a route and camels')).getByLabel('caravanId (required)')).toHaveValue('car_002');
  await run('Step 2: assign a route and camels', 200);
  const added = await run('Step 3: add a lot of dates', 201);
  const lotId = (await responseBody(added))['id'];
  expect(lotId).toBe('lot_0018');
  await expect((await step('Step 5a: weigh the lot')).getByLabel('lotId (required)')).toHaveValue('lot_0018');
  const early = await run('Step 4: dispatch before the lot is loaded', 409);
  expect(await responseBody(early)).toMatchObject({ code: 'dispatch_precondition_failed', errors: [{ pointer: '/manifest/lots/lot_0018/status' }] });
  await run('Step 5a: weigh the lot', 200);
  await run('Step 5b: seal the lot', 200);
  const loaded = await run('Step 5c: load the lot', 200);
  expect(await responseBody(loaded)).toMatchObject({ id: 'lot_0018', status: 'loaded' });
  const dispatched = await run('Step 6: dispatch the caravan', 200);
  expect(await responseBody(dispatched)).toMatchObject({ caravan_id: 'car_002', status: 'dispatched', next_checkpoint: 'Bahariya Oasis' });
  await expect(dispatched.locator('.try-it-changes')).toContainText('in_transit');
});

test('validation shows each problem at its field; "Send anyway" shows the sandbox 422 linked to the fields', async ({ page }) => {
  const console = await consoleOn(page, '/1.2/guides/cargo/cargo-lots/', 'Add a lot the service refuses');
  await send(console);
  const category = console.getByLabel('category');
  await expect(category).toHaveAttribute('aria-invalid', 'true');
  await expect(category).toHaveAccessibleDescription(/must be one of: spice, textile/);
  await expect(console.getByLabel('commodity (required)')).toHaveAccessibleDescription(/is required/);
  await expect(console.getByLabel('JSON body')).toHaveAccessibleDescription(/\/quantity: is not a known field/);
  await expect(console.getByLabel('commodity (required)')).toBeFocused();
  await expect(console.getByRole('status')).toHaveText('');
  await console.getByRole('button', { name: 'Send anyway' }).click();
  await expectStatus(console, 422);
  expect(await responseBody(console)).toMatchObject({ code: 'validation_failed' });
  await console.getByRole('link', { name: 'Go to category' }).click();
  await expect(category).toBeFocused();
});

test('an empty token gets the 401', async ({ page }) => {
  const console = await consoleOn(page, '/1.2/guides/dispatch/', 'Dispatch a caravan');
  // One control: the picker of sandbox tokens; its "Other…" opens a free entry, here left empty.
  await expect(console.getByLabel('Your token')).toBeHidden();
  await console.getByLabel('Bearer token').selectOption({ label: 'Other…' });
  await expect(console.getByLabel('Your token')).toBeFocused();
  await expect(console.getByLabel('Your token')).toHaveValue('');
  await expect(console.locator('[data-sample="curl"]')).not.toContainText('Authorization');
  await send(console);
  await expectStatus(console, 401);
  expect(await responseBody(console)).toMatchObject({ code: 'missing_token' });
  await console.getByText('Headers', { exact: true }).click();
  await expect(console.locator('.try-it-headers')).toContainText('www-authenticate');
});

test('the viewer token from the picker gets a 403 on writes', async ({ page }) => {
  const console = await consoleOn(page, '/1.2/guides/dispatch/', 'Dispatch a caravan');
  await console.getByLabel('Bearer token').selectOption('sandbox-viewer');
  await expect(console.locator('[data-sample="curl"]')).toContainText('Bearer sandbox-viewer');
  await send(console);
  await expectStatus(console, 403);
});

test('the walkthrough has one credential control, in its first console, used by all eight', async ({ page }) => {
  const first = await consoleOn(page, '/1.2/guides/walkthrough/', 'Step 1: list forming caravans');
  await expect(page.getByLabel('Bearer token')).toHaveCount(1);
  await expect(page.getByLabel('Sandbox token')).toHaveCount(0);
  await expect(page.locator('.try-it-auth')).toHaveCount(1);
  await expect(first.getByLabel('Bearer token')).toHaveValue('sandbox-trader');
  await expect(first.locator('.try-it-auth')).toContainText('The later consoles on this page use it too.');
  const later = await ready(page, 'Step 2: assign a route and camels');
  await expect(later.locator('.try-it-auth-shared')).toContainText('trader: read and write v1, as chosen in the first console on this page.');
  await expect(page.locator('.try-it-auth-shared')).toHaveCount(7);
  // Choosing the viewer once changes every console's request.
  await first.getByLabel('Bearer token').selectOption('sandbox-viewer');
  await expect(later.locator('.try-it-auth-shared')).toContainText('viewer');
  await expect((await ready(page, 'Step 6: dispatch the caravan')).locator('[data-sample="curl"]')).toContainText('Bearer sandbox-viewer');
  await later.getByLabel('caravanId (required)').fill('car_002');
  await send(later);
  await expectStatus(later, 403);
  // "Change" leads to the one control.
  await later.getByRole('button', { name: 'Change' }).click();
  await expect(first.getByLabel('Bearer token')).toBeFocused();
});

test('"Reset sandbox" restores the seed data', async ({ page }) => {
  const console = await consoleOn(page, '/1.2/guides/dispatch/', 'Dispatch a caravan');
  await send(console);
  await expectStatus(console, 200);
  await send(console);
  await expectStatus(console, 409);
  await console.getByRole('button', { name: 'Reset sandbox' }).click();
  await expect(console.getByRole('status')).toHaveText('Sandbox reset to the seed data.');
  await send(console);
  await expectStatus(console, 200);
});

test('the sandbox state, the token and the inputs survive a reload and navigation in the tab', async ({ page }) => {
  let console = await consoleOn(page, '/1.2/guides/dispatch/', 'Dispatch a caravan');
  await console.getByLabel('Bearer token').selectOption('sandbox-viewer');
  await console.getByLabel('Bearer token').selectOption('sandbox-trader');
  await send(console);
  await expectStatus(console, 200);
  await page.reload();
  console = await ready(page, 'Dispatch a caravan');
  await send(console);
  await expectStatus(console, 409);
  expect(await responseBody(console)).toMatchObject({ code: 'already_dispatched' });
  // Another page of the tab sees the same sandbox: car_005 is in transit.
  const list = await consoleOn(page, '/1.2/guides/walkthrough/', 'Step 1: list forming caravans');
  await list.getByLabel('status').selectOption('in_transit');
  await send(list);
  await expectStatus(list, 200);
  expect(JSON.stringify(await responseBody(list))).toContain('car_005');
  await page.goto(url('/1.2/guides/walkthrough/'));
  await expect((await ready(page, 'Step 1: list forming caravans')).getByLabel('status')).toHaveValue('in_transit');
});

test('a page the service worker does not control (reloaded bypassing it) is claimed, not reloaded under the reader', async ({ page, context }) => {
  // A second tab keeps the worker registered (MSW's worker unregisters itself when its last page closes).
  await consoleOn(await context.newPage(), '/1.2/guides/walkthrough/', 'Step 1: list forming caravans');
  let console = await consoleOn(page, '/1.2/guides/dispatch/', 'Dispatch a caravan');
  await send(console);
  await expectStatus(console, 200);
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  // Shift+Reload: the page loads past the registered worker, as one opened while it activated does.
  await page.addInitScript(() => Object.assign(window, { controlledAtStart: navigator.serviceWorker.controller !== null }));
  const cdp = await context.newCDPSession(page);
  const loaded = page.waitForEvent('load');
  await cdp.send('Page.reload', { ignoreCache: true });
  await loaded;
  expect(await page.evaluate(() => Reflect.get(window, 'controlledAtStart'))).toBe(false);
  console = await ready(page, 'Dispatch a caravan');
  await send(console);
  await expectStatus(console, 409);
  expect(await responseBody(console)).toMatchObject({ code: 'already_dispatched' });
  expect(navigations).toBe(1);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sandbox-worker\.js$/);
});

test('a permalink restores the request, never the token', async ({ page, context }) => {
  const console = await consoleOn(page, '/1.2/guides/bazaar-orders/', 'List bazaar orders');
  // Alone on its page, the control does not speak of other consoles.
  await expect(console.locator('.try-it-auth')).not.toContainText('later consoles');
  await console.getByLabel('Bearer token').selectOption({ label: 'Other…' });
  await console.getByLabel('Your token').fill('sandbox-viewer');
  await console.getByLabel('marketId (required)').fill('cairo');
  await console.getByLabel('priority').selectOption('urgent');
  await console.getByLabel('per_page').fill('3');
  const href = await console.getByRole('link', { name: 'Permalink to this request' }).getAttribute('href');
  expect(href).toMatch(/^#try=listMarketOrders\./);
  const link = new URL(href!, page.url()).href;
  expect(decodeURIComponent(link)).not.toContain('sandbox-viewer');
  const other = await context.browser()!.newContext();
  const fresh = await other.newPage();
  await fresh.goto(link);
  const restored = await ready(fresh, 'List bazaar orders');
  await expect(restored.getByLabel('marketId (required)')).toHaveValue('cairo');
  await expect(restored.getByLabel('priority')).toHaveValue('urgent');
  await expect(restored.getByLabel('per_page')).toHaveValue('3');
  await expect(restored.getByLabel('status')).toHaveValue('open');
  await expect(restored.getByLabel('Bearer token')).toHaveValue('sandbox-trader');
  await other.close();
});

test.describe('code samples', () => {
  let sandbox: ChildProcess | undefined;
  let origin = '';

  test.beforeAll(async () => {
    sandbox = spawn('npm', ['run', 'sandbox', '--', '--port', '0'], { cwd: PROJECT_ROOT, detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
    origin = await new Promise<string>((resolve, reject) => {
      let output = '';
      sandbox!.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      sandbox!.once('exit', (code) => reject(new Error(`npm run sandbox exited (${code}):\n${output}`)));
    });
  });

  test.afterAll(() => {
    if (sandbox?.pid) process.kill(-sandbox.pid, 'SIGTERM');
  });

  test('the curl sample sends what the console sent: same answer from `npm run sandbox`', async ({ page }) => {
    const console = await consoleOn(page, '/1.2/guides/cargo/cargo-lots/', 'Add a cargo lot');
    await console.getByLabel('commodity (required)').fill("Rose water, 'finest'");
    await console.getByLabel('declared_value').fill('12000');
    await send(console);
    await expectStatus(console, 201);
    const sent = await responseBody(console);
    await console.getByText('Code samples', { exact: true }).click();
    const curl = await console.locator('[data-sample="curl"]').innerText();
    expect(curl).toContain(`--data-raw '`);
    const local = curl.replaceAll('https://api.caravan.example', origin);
    const result = spawnSync('sh', ['-c', `${local} -s -w '\\n%{http_code}'`], { encoding: 'utf8' });
    const lines = result.stdout.trimEnd().split('\n');
    const status = Number(lines.pop());
    expect(status).toBe(201);
    const answered = JSON.parse(lines.join('\n')) as Record<string, unknown>;
    expect(answered).toEqual(sent);
    expect(answered).toMatchObject({ commodity: "Rose water, 'finest'", declared_value: 12000, inspection_status: 'pending' });
    // The other languages (loaded when the samples open) carry the same URL, headers and body.
    const body = await console.getByLabel('JSON body').inputValue();
    expect(body).toBe(JSON.stringify(JSON.parse(body), null, 2));
    await expect(console.locator('[data-sample="fetch"]')).toContainText("fetch('https://api.caravan.example/v1/caravans/car_010/manifest/lots'");
    await expect(console.locator('[data-sample="fetch"]')).toContainText("Authorization: 'Bearer sandbox-trader'");
    await expect(console.locator('[data-sample="python"]')).toContainText('"commodity": "Rose water, \'finest\'",');
    await expect(console.locator('[data-sample="python"]')).toContainText('"https://api.caravan.example/v1/caravans/car_010/manifest/lots"');
    await expect(console.locator('[data-sample="go"]')).toContainText('req.Header.Add("Authorization", "Bearer sandbox-trader")');
  });
});

test('keyboard only: fill, choose, send with Ctrl+Enter and read the result', async ({ page }) => {
  const console = await consoleOn(page, '/1.2/guides/bazaar-orders/', 'List bazaar orders');
  await console.getByLabel('Bearer token').focus();
  const order: string[] = [];
  for (let i = 0; i < 9; i++) {
    order.push(await page.evaluate(() => document.activeElement?.getAttribute('id')?.replace(/^try-\d+-/, '') ?? document.activeElement?.textContent ?? ''));
    await page.keyboard.press('Tab');
  }
  expect(order).toEqual(['token-picker', 'path-marketId', 'query-page', 'query-per_page', 'query-priority', 'query-status', 'Send', 'Permalink to this request', 'Code samples']);
  await console.getByLabel('marketId (required)').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('timbuktu');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1');
  await page.keyboard.press('Tab');
  await page.keyboard.type('2');
  await page.keyboard.press('Control+Enter');
  await expectStatus(console, 200);
  expect(await responseBody(console)).toMatchObject({ market_id: 'timbuktu', per_page: 2 });
  await console.getByRole('button', { name: 'Send', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expectStatus(console, 200);
});

for (const [path, name] of [
  ['/1.2/guides/cargo/cargo-lots/', 'Add a lot the service refuses'],
  ['/1.2/guides/walkthrough/', 'Step 6: dispatch the caravan'],
] as const) {
  test(`axe finds no violations on ${path} with consoles answered`, async ({ page }) => {
    const console = await consoleOn(page, path, name);
    await send(console);
    await console.getByRole('button', { name: 'Send anyway' }).click();
    await expect(console.getByRole('status')).toContainText(/^\d{3}/);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

test('the 2.0 beta guides embed the same consoles (the sandbox implements 1.2, which 2.0 beta matches)', async ({ page }) => {
  const console = await consoleOn(page, '/2.0-beta/guides/dispatch/', 'Dispatch a caravan');
  await send(console);
  await expectStatus(console, 200);
  expect(await responseBody(console)).toMatchObject({ id: 'man_005', status: 'dispatched' });
});
