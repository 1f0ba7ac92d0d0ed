import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect, test } from '@playwright/test';
import { createHash, randomBytes } from 'node:crypto';
import { startOidcProvider, type OidcTestProvider } from './support/oidc-provider.ts';
import { OIDC_TEST, siteUrl } from './support/sites.ts';

// The full OpenID Connect flow against a real provider (oidc-provider) on 127.0.0.1: the auth
// fixture names it as its issuer, and roles come from its `caravan_roles` claim.
test.describe.configure({ mode: 'serial' });

const site = () => siteUrl('auth');
const url = (path: string) => new URL(path.replace(/^\//, ''), site()).href;
let provider: OidcTestProvider;

test.beforeAll(async () => {
  provider = await startOidcProvider({
    port: OIDC_TEST.port,
    clientId: OIDC_TEST.clientId,
    clientSecret: OIDC_TEST.clientSecret,
    redirectUris: [url('/api/auth/callback/oidc')],
    rolesClaim: OIDC_TEST.rolesClaim,
    users: [
      { id: 'olga', password: 'olga-pass', name: 'Olga Oidc', email: 'olga@example.test', roles: ['partner'] },
      { id: 'nora', password: 'nora-pass', name: 'Nora Noroles', email: 'nora@example.test', roles: [] },
    ],
  });
});

test.afterAll(async () => {
  await provider?.stop();
});

async function signInWithSso(page: import('@playwright/test').Page, next: string, login: string, password: string) {
  await page.goto(url(next));
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByRole('button', { name: 'Sign in with Fixture SSO' }).click();
  // The provider's own sign-in page.
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${OIDC_TEST.port}/interaction/`));
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('signing in through the provider opens the pages its roles claim allows', async ({ page }) => {
  await signInWithSso(page, '/1.0/partners/routes/', 'olga', 'olga-pass');
  await expect(page).toHaveURL(url('/1.0/partners/routes/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('AUTHGATED Partner routes');
  await expect(page.locator('[data-auth-reader]')).toHaveText('Olga Oidc');
  await expect(page.getByRole('navigation', { name: 'Documentation' }).getByRole('link', { name: 'Partner network' })).toBeVisible();
  // The claim names partner only: the admin page is refused.
  const response = await page.goto(url('/1.0/ops/'));
  expect(response?.status()).toBe(403);
});

test('a provider account without the role claim gets 403 on a gated page', async ({ page }) => {
  await signInWithSso(page, '/1.0/partners/', 'nora', 'nora-pass');
  await expect(page).toHaveURL(url('/1.0/partners/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You do not have access to this page');
  await expect(page.locator('body')).not.toContainText('AUTHGATED');
});

test('an access token of the issuer opens the MCP server to its roles (an opaque token: introspected, then read at userinfo)', async ({ page, request }) => {
  // The authorization code flow (with PKCE) of a client registered with the provider, as an MCP client would run it.
  const discovery = (await (await request.get(`${provider.issuer}/.well-known/openid-configuration`)).json()) as { authorization_endpoint: string; token_endpoint: string };
  const redirectUri = url('/api/auth/callback/oidc');
  const verifier = randomBytes(32).toString('base64url');
  let code: string | null = null;
  // Seen on its way to the site (redirects are not routable); the site then refuses the callback for
  // want of its own state cookie, before redeeming the code.
  page.on('request', (sent) => {
    if (sent.url().startsWith(`${redirectUri}?`)) code ??= new URL(sent.url()).searchParams.get('code');
  });
  const authorize = new URL(discovery.authorization_endpoint);
  authorize.search = new URLSearchParams({ client_id: OIDC_TEST.clientId, redirect_uri: redirectUri, response_type: 'code', scope: 'openid', state: 'mcp-state', nonce: 'mcp-nonce', code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256' }).toString();
  await page.goto(authorize.href);
  await page.getByLabel('Login').fill('olga');
  await page.getByLabel('Password').fill('olga-pass');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => code).not.toBeNull();
  const exchange = await request.post(discovery.token_endpoint, {
    form: { grant_type: 'authorization_code', code: code!, redirect_uri: redirectUri, code_verifier: verifier },
    headers: { authorization: `Basic ${Buffer.from(`${OIDC_TEST.clientId}:${OIDC_TEST.clientSecret}`).toString('base64')}` },
  });
  expect(exchange.status()).toBe(200);
  const { access_token: accessToken } = (await exchange.json()) as { access_token: string };

  const client = new Client({ name: 'caravan-docs-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url('/mcp')), { requestInit: { headers: { authorization: `Bearer ${accessToken}` } } }));
  expect(JSON.stringify(await client.callTool({ name: 'read_page', arguments: { page: 'partners/routes' } }))).toContain('AUTHGATED Partner routes');
  // The roles claim names partner only.
  expect((await client.callTool({ name: 'read_page', arguments: { page: 'ops' } })).isError).toBe(true);
  await client.close();
  const forged = await request.post(url('/mcp'), { headers: { authorization: `Bearer ${accessToken}x`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, data: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
  expect(forged.status()).toBe(401);
});
