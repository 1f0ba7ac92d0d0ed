import { expect, test, type Locator, type Page } from '@playwright/test';
import { appendFileSync, cpSync, existsSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { readyConsole } from './support/console.ts';
import { startOidcProvider, type OidcTestProvider } from './support/oidc-provider.ts';
import { serveStatic } from './support/static-server.ts';
import { astroBuild, OUTPUT, outDir, PROJECT_ROOT } from './support/sites.ts';

// OAuth 2 and OpenID Connect in the console's real-API mode, against a real provider (the
// oidc-provider the sign-in tests use) and a real API server that introspects the token at the
// provider: both on 127.0.0.1 at the ports the fixture's description names
// (tests/fixtures/oauth-console/content/v1/openapi.yaml).
test.describe.configure({ mode: 'serial' });

const PROVIDER_PORT = 4596;
const API_PORT = 4595;
const CONSOLE_CLIENT = 'stockroom-console';
const SERVICE_CLIENT = { id: 'stockroom-service', secret: 'service-secret-for-tests' };
const API_CLIENT = { id: 'stockroom-api', secret: 'api-secret-for-tests' };

const docsRoot = join(PROJECT_ROOT, 'tests/fixtures/oauth-console');
let site: Server | undefined;
/** The same site in German (site.yml `i18n.defaultLocale: de`). */
let germanSite: Server | undefined;
let germanOrigin = '';
let api: Server | undefined;
let provider: OidcTestProvider | undefined;
let origin = '';
/** The `Authorization` header of every call the API server answered. */
const seen: string[] = [];

/** The API: GET /v1/items and /v1/me answer the introspected token's owner, or 401. CORS for the docs site only. */
function startApi(siteOrigin: string): Promise<Server> {
  const server = createServer((request, response) => {
    const cors = { 'access-control-allow-origin': siteOrigin, vary: 'Origin' };
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { ...cors, 'access-control-allow-methods': 'GET', 'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '' });
      return response.end();
    }
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (request.method !== 'GET' || (path !== '/v1/items' && path !== '/v1/me')) {
      response.writeHead(404, cors);
      return response.end();
    }
    const authorization = request.headers.authorization ?? '';
    seen.push(authorization);
    const token = /^Bearer (\S+)$/.exec(authorization)?.[1];
    const refuse = () => {
      response.writeHead(401, { ...cors, 'www-authenticate': 'Bearer', 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'invalid_token' }));
    };
    if (!token) return refuse();
    fetch(`${provider!.issuer}/token/introspection`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${API_CLIENT.id}:${API_CLIENT.secret}`).toString('base64')}` },
      body: new URLSearchParams({ token }).toString(),
    })
      .then((answer) => answer.json() as Promise<{ active: boolean; client_id?: string; sub?: string; scope?: string }>)
      .then((claims) => {
        if (!claims.active) return refuse();
        response.writeHead(200, { ...cors, 'content-type': 'application/json' });
        response.end(JSON.stringify({ client_id: claims.client_id, sub: claims.sub ?? null, scope: claims.scope ?? '' }));
      })
      .catch(() => refuse());
  });
  return new Promise((resolve) => server.listen(API_PORT, '127.0.0.1', () => resolve(server)));
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const out = outDir('console-oauth');
  if (process.env.E2E_REUSE_BUILD !== '1' || !existsSync(join(out, 'index.html'))) {
    const { status, output } = astroBuild(docsRoot, out);
    if (status !== 0) throw new Error(`Building the OAuth console site failed:\n${output}`);
  }
  const served = await serveStatic(out, '/', docsRoot);
  site = served.server;
  origin = new URL(served.url).origin;
  const germanRoot = join(OUTPUT, 'console-oauth-de-src');
  const germanOut = outDir('console-oauth-de');
  if (process.env.E2E_REUSE_BUILD !== '1' || !existsSync(join(germanOut, 'index.html'))) {
    rmSync(germanRoot, { recursive: true, force: true });
    cpSync(docsRoot, germanRoot, { recursive: true });
    appendFileSync(join(germanRoot, 'config/site.yml'), '\ni18n:\n  defaultLocale: de\n');
    const { status, output } = astroBuild(germanRoot, germanOut);
    if (status !== 0) throw new Error(`Building the German OAuth console site failed:\n${output}`);
  }
  const servedGerman = await serveStatic(germanOut, '/', germanRoot);
  germanSite = servedGerman.server;
  germanOrigin = new URL(servedGerman.url).origin;
  provider = await startOidcProvider({
    port: PROVIDER_PORT,
    clientId: 'stockroom-docs',
    clientSecret: 'unused-confidential-client',
    redirectUris: [`${origin}/unused`],
    rolesClaim: 'roles',
    users: [{ id: 'olga', password: 'olga-pass', name: 'Olga', email: 'olga@example.test', roles: [] }],
    extraClients: [
      // The console: a public client (PKCE), redirecting to the site's static callback page.
      { client_id: CONSOLE_CLIENT, token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'urn:ietf:params:oauth:grant-type:device_code'], response_types: ['code'], redirect_uris: [`${origin}/oauth-callback.html`] },
      { client_id: SERVICE_CLIENT.id, client_secret: SERVICE_CLIENT.secret, grant_types: ['client_credentials'], response_types: [], redirect_uris: [], scope: 'items:read items:write' },
      { client_id: API_CLIENT.id, client_secret: API_CLIENT.secret, grant_types: [], response_types: [], redirect_uris: [] },
    ],
    corsOrigins: [origin, germanOrigin],
    scopes: ['items:read', 'items:write'],
    clientCredentials: true,
    deviceFlow: true,
    introspectors: [API_CLIENT.id],
  });
  api = await startApi(origin);
});

test.afterAll(async () => {
  await provider?.stop();
  await Promise.all([site, germanSite, api].map((server) => new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))));
});

const url = (path: string) => `${origin}/${path.replace(/^\//, '')}`;
const send = (console: Locator) => console.getByRole('button', { name: 'Send', exact: true }).click();
const responseBody = async (console: Locator) => JSON.parse(await console.locator('.try-it-json-out').innerText()) as Record<string, unknown>;

async function openSignIn(page: Page, title: string): Promise<Locator> {
  await page.goto(url('/v1/try-it/'));
  const console = await readyConsole(page, title);
  await console.getByText('Get a token from the API’s sign-in (OAuth)').click();
  await expect(console.getByLabel('Client id')).toBeVisible();
  return console;
}

async function signInAtProvider(page: Page) {
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${PROVIDER_PORT}/interaction/`));
  await page.getByLabel('Login').fill('olga');
  await page.getByLabel('Password').fill('olga-pass');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('authorization code with PKCE in a popup: the token is sent as a bearer token to the real API, which accepts it', async ({ page }) => {
  const console = await openSignIn(page, 'List the items');
  // The operation's scope is ticked; the flow's other scopes are offered.
  await expect(console.getByRole('checkbox', { name: /items:read/ })).toBeChecked();
  await expect(console.getByRole('checkbox', { name: /items:write/ })).not.toBeChecked();
  await expect(console.getByText(`${origin}/oauth-callback.html`)).toBeVisible();
  await console.getByLabel('Client id').fill(CONSOLE_CLIENT);
  const popupOpened = page.waitForEvent('popup');
  await console.getByRole('button', { name: 'Sign in and get a token' }).click();
  const popup = await popupOpened;
  await signInAtProvider(popup);
  await popup.waitForEvent('close');
  await expect(console.getByRole('status').filter({ hasText: 'Got a token' })).toBeVisible();
  const token = await console.getByLabel('Bearer token', { exact: true }).inputValue();
  expect(token.length).toBeGreaterThan(20);
  // The token is kept for the tab (sessionStorage), never in localStorage.
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(token);
  expect(await page.evaluate(() => JSON.stringify(sessionStorage))).toContain(token);
  await expect(console.getByLabel('Send to')).toHaveValue('real');
  await send(console);
  await expect(console.locator('[data-answered-by]')).toHaveText('Answered by the real API at 127.0.0.1:4595.');
  expect(await responseBody(console)).toMatchObject({ client_id: CONSOLE_CLIENT, sub: 'olga' });
  expect(seen.at(-1)).toBe(`Bearer ${token}`);
  // The sandbox still takes any well-formed token.
  await console.getByLabel('Send to').selectOption('sandbox');
  await send(console);
  await expect(console.locator('[data-answered-by]')).toHaveText('Answered by the sandbox in your browser.');
  await expect(console.locator('.try-it-status')).toContainText(/^200\b/);
});

test('authorization code with PKCE in this tab: back to the page, which finishes the sign-in', async ({ page }) => {
  const console = await openSignIn(page, 'List the items');
  await console.getByLabel('Client id').fill(CONSOLE_CLIENT);
  await console.getByLabel('Sign in in').selectOption('redirect');
  await console.getByRole('button', { name: 'Sign in and get a token' }).click();
  await signInAtProvider(page);
  await expect(page).toHaveURL(url('/v1/try-it/'));
  const back = await readyConsole(page, 'List the items');
  await expect(back.getByText('Signed in: the token is in the token field')).toBeVisible();
  await send(back);
  expect(await responseBody(back)).toMatchObject({ client_id: CONSOLE_CLIENT, sub: 'olga' });
  // Nothing of the sign-in is left behind but the token itself.
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.includes('oauth-pending') || key.includes('oauth-result')))).toEqual([]);
});

test('client credentials: the secret stays in the page, the token works at the real API', async ({ page }) => {
  const console = await openSignIn(page, 'List the items');
  await console.getByLabel('Flow').selectOption('clientCredentials');
  await expect(console.getByText('The secret stays in this tab’s memory')).toBeVisible();
  await console.getByLabel('Client id').fill(SERVICE_CLIENT.id);
  await console.getByLabel('Client secret').fill(SERVICE_CLIENT.secret);
  await console.getByRole('button', { name: 'Get a token' }).click();
  await expect(console.getByRole('status').filter({ hasText: 'Got a token' })).toContainText('scopes: items:read');
  const storage = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
  expect(storage).not.toContain(SERVICE_CLIENT.secret);
  await send(console);
  expect(await responseBody(console)).toMatchObject({ client_id: SERVICE_CLIENT.id, scope: 'items:read' });
});

test('OpenID Connect: the flows come from the discovery document; the device code signs in on another page', async ({ page, context }) => {
  test.setTimeout(60_000);
  const console = await openSignIn(page, 'Who am I');
  const flow = console.getByLabel('Flow');
  await expect(flow.locator('option')).toHaveText([/Authorization code/, /Client credentials/, /Device code/]);
  await flow.selectOption('deviceAuthorization');
  await expect(console.getByRole('checkbox', { name: /^openid/ })).toBeChecked();
  await console.getByLabel('Client id').fill(CONSOLE_CLIENT);
  await console.getByRole('button', { name: 'Get a code' }).click();
  const userCode = await console.locator('[data-user-code]').innerText();
  expect(userCode).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
  // The reader confirms on "another device": a second page, at the provider's own pages.
  const device = await context.newPage();
  await device.goto(`http://127.0.0.1:${PROVIDER_PORT}/device`);
  await device.locator('input[name="user_code"]').fill(userCode);
  await device.getByRole('button', { name: 'Continue' }).click();
  await expect(device.getByRole('heading', { name: 'Confirm the device' })).toBeVisible();
  await expect(device.getByText(userCode)).toBeVisible();
  await device.getByRole('button', { name: 'Continue' }).click();
  await signInAtProvider(device);
  await expect(device.getByRole('heading', { name: 'Signed in' })).toBeVisible();
  await expect(console.getByRole('status').filter({ hasText: 'Got a token' })).toBeVisible({ timeout: 30_000 });
  // The scheme has sandbox credentials: the picker moved to "Other…", whose entry holds the token.
  await expect(console.getByLabel('Bearer token', { exact: true })).toHaveValue('');
  const token = await console.getByLabel('Your token').inputValue();
  await send(console);
  expect(await responseBody(console)).toMatchObject({ client_id: CONSOLE_CLIENT, sub: 'olga' });
  expect(seen.at(-1)).toBe(`Bearer ${token}`);
  // The sandbox still takes its own credentials (x-sandbox-credentials) as before.
  await console.getByLabel('Bearer token', { exact: true }).selectOption('sandbox-staff');
  await console.getByLabel('Send to').selectOption('sandbox');
  await send(console);
  await expect(console.locator('[data-answered-by]')).toHaveText('Answered by the sandbox in your browser.');
  await expect(console.locator('.try-it-status')).toContainText(/^200\b/);
});

test('the callback page alone hands nothing over', async ({ page }) => {
  await page.goto(url('/oauth-callback.html?code=stolen&state=forged'));
  await expect(page.getByRole('status')).toContainText('none is waiting for this answer');
  await expect(page).toHaveURL(url('/oauth-callback.html'));
});

test('in German: the panel, its flows and its messages speak the page language', async ({ page }) => {
  await page.goto(`${germanOrigin}/v1/try-it/`);
  const console = page.getByRole('region', { name: 'Ausprobieren: List the items', exact: true });
  await expect(console).toHaveAttribute('data-ready', '', { timeout: 15_000 });
  // The OAuth panel's texts are inline only on consoles that offer it, and only where they differ from English.
  const inline = Object.assign({}, ...(await page.locator('script[data-ui-strings]').allTextContents()).map((text) => JSON.parse(text) as Record<string, string>)) as Record<string, string>;
  expect(inline['oauth.getToken']).toBe('Token holen');
  await console.getByText('Token über die Anmeldung der API holen (OAuth)').click();
  const flow = console.getByLabel('Ablauf');
  await expect(flow.locator('option')).toHaveText([/^Autorisierungscode mit PKCE/, /^Client Credentials/, /^Gerätecode/]);
  await flow.selectOption('clientCredentials');
  await expect(console.getByText('Das Secret bleibt im Speicher dieses Tabs')).toBeVisible();
  await console.getByRole('button', { name: 'Token holen' }).click();
  await expect(console.getByRole('status').filter({ hasText: 'Geben Sie die Client-ID ein' })).toBeVisible();
  await console.getByLabel('Client-ID').fill(SERVICE_CLIENT.id);
  await console.getByLabel('Client-Secret').fill(SERVICE_CLIENT.secret);
  await console.getByRole('button', { name: 'Token holen' }).click();
  await expect(console.getByRole('status').filter({ hasText: 'Token erhalten' })).toContainText('(Scopes: items:read)');
});
