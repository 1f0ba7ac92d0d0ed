import { expect, test } from '@playwright/test';
import { FIXTURE_USERS, signIn, signInRequest } from './support/auth.ts';
import { readyConsole } from './support/console.ts';
import { GATED_ENTRY, writeGatedApiSite } from './support/gated-api-site.ts';
import { startNodeServer, type RunningServer } from './support/node-server.ts';
import { astroBuild, outDir } from './support/sites.ts';

// The gated-API site of several-apis-gated-server.spec.ts, login-only (CARAVAN_DOCS_AUTH_REQUIRE_LOGIN):
// every reference is rendered on demand for signed-in readers, and the admin API's routes still
// answer first, with its own role check on top.
test.describe.configure({ mode: 'serial' });

let server: RunningServer | undefined;
const out = outDir('several-apis-gated-login-only');
const url = (path: string) => new URL(path.replace(/^\//, ''), server!.url).href;
const env = { CARAVAN_DOCS_AUTH_REQUIRE_LOGIN: 'true' };

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const root = writeGatedApiSite('several-apis-gated-login-only-src');
  const { status, output } = astroBuild(root, out, env);
  if (status !== 0) throw new Error(`Building the login-only gated two-API site failed:\n${output}`);
  server = await startNodeServer(out, '/', env, { docsRoot: root });
});

test.afterAll(async () => {
  await server?.stop();
});

test('signed out, both APIs send to sign-in; a reader without the role reads the public API only', async ({ request }) => {
  for (const path of ['/v1/reference/public/', '/v1/reference/admin/', '/v1/reference/admin/schemas/user/', '/v1/reference/admin.md']) {
    const response = await request.get(url(path), { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location, path).toBe(`/login?next=${path}`);
  }
  const cookie = await signInRequest(request, server!.url, FIXTURE_USERS.reader);
  expect((await request.get(url('/v1/reference/public/list-notes/'), { headers: { cookie } })).status()).toBe(200);
  for (const path of ['/v1/reference/admin/', '/v1/reference/admin/list-users/', '/v1/reference/admin/schemas/user/', '/v1/reference/admin/list-users.md']) {
    expect((await request.get(url(path), { headers: { cookie }, maxRedirects: 0 })).status(), path).toBe(403);
  }
  expect((await request.get(url(GATED_ENTRY), { headers: { cookie } })).status()).toBe(404);
});

test('a partner reads the admin API and its console sends', async ({ page }) => {
  await signIn(page, server!.url, FIXTURE_USERS.partner, '/v1/reference/admin/get-status/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin API status');
  await expect(page.getByRole('navigation', { name: 'Documentation' })).toContainText('Admin API (staff)');
  const admin = await readyConsole(page, 'Admin API status');
  await admin.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(admin.getByRole('status')).toContainText(/^200\b/);
  expect(JSON.parse(await admin.getByLabel('Response body').innerText())).toEqual({ status: 'admin-ok' });
});
