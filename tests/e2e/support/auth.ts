import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The default site's documented demo users (config/users.yml; passwords in the README). */
export const DEMO = {
  partner: { username: 'partner', password: 'caravan-partner-demo', name: 'Pat Partner' },
  admin: { username: 'admin', password: 'caravan-admin-demo', name: 'Ada Admin' },
} as const;

/** The auth fixture's readers (tests/fixtures/auth/config/users.yml). */
export const FIXTURE_USERS = {
  reader: { username: 'reader', password: 'fixture-reader-pass', name: 'Rita Reader' },
  partner: { username: 'fixpartner', password: 'fixture-partner-pass', name: 'Fay Partner' },
} as const;

/** Signs in through the /login form, as a reader would. */
export async function signIn(page: Page, siteUrl: string, user: { username: string; password: string }, next?: string): Promise<void> {
  await page.goto(new URL(next ? `login?next=${encodeURIComponent(next)}` : 'login', siteUrl).href);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0);
}

/** Signs in without a browser: CSRF token, then the credentials callback. Returns the session cookie header. */
export async function signInRequest(request: APIRequestContext, siteUrl: string, user: { username: string; password: string }): Promise<string> {
  const { csrfToken } = (await (await request.get(new URL('api/auth/csrf', siteUrl).href)).json()) as { csrfToken: string };
  const response = await request.post(new URL('api/auth/callback/credentials', siteUrl).href, {
    form: { csrfToken, username: user.username, password: user.password, callbackUrl: new URL(siteUrl).pathname },
    headers: { origin: new URL(siteUrl).origin },
    maxRedirects: 0,
  });
  const cookie = response.headersArray().find(({ name, value }) => name.toLowerCase() === 'set-cookie' && value.startsWith('authjs.session-token='));
  expect(cookie, `sign-in as ${user.username} set no session cookie (status ${response.status()})`).toBeTruthy();
  return cookie!.value.split(';')[0]!;
}
