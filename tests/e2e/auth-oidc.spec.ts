import { expect, test } from '@playwright/test';
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
