import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { siteUrl } from './support/sites.ts';
import { readyConsole } from './support/console.ts';

// The console's choice among an operation's security alternatives, tried on Scalar's Galaxy as
// a new user would (tests/e2e/support/galaxy-site.ts): `getMe` accepts basic, OAuth 2, a bearer
// token or an API key in a header or the query; `deletePlanet` the top-level seven. The sandbox
// declares no credentials, so it takes any well-formed one; each alternative gets its answer.
const url = (path: string) => new URL(path.replace(/^\//, ''), siteUrl('galaxy')).href;

async function consoleOn(page: Page, name: string): Promise<Locator> {
  await page.goto(url('/1.0/me/'));
  return readyConsole(page, name);
}

const send = (console: Locator) => console.getByRole('button', { name: 'Send', exact: true }).click();
const status = (console: Locator) => console.getByRole('status');
const curl = (console: Locator) => console.locator('[data-sample="curl"]');

test('getMe offers its five alternatives, starts from basic with a username and a password, and each one gets its answer', async ({ page }) => {
  const console = await consoleOn(page, 'Get my account');
  const choice = console.getByLabel('Authenticate with');
  await expect(choice.locator('option')).toHaveText([
    'Username and password (basicAuth)',
    'OAuth 2 token (oAuth2)',
    'Bearer token (bearerAuth)',
    'API key in the header X-API-Key (apiKeyHeader)',
    'API key in the query api_key (apiKeyQuery)',
  ]);
  // Basic: the user name is labelled as one, not "Credentials".
  await expect(console.getByLabel('Credentials')).toHaveCount(0);
  await expect(console.getByLabel('Username')).toHaveValue('');
  await send(console);
  await expect(status(console)).toContainText(/^401\b/);
  await console.getByLabel('Username').fill('marc');
  await console.getByLabel('Password').fill('galaxy');
  await expect(curl(console)).toContainText(`Authorization: Basic ${Buffer.from('marc:galaxy').toString('base64')}`);
  await send(console);
  await expect(status(console)).toContainText(/^200\b/);

  // OAuth 2: a token field and, since the site allows the real API, the provider's sign-in.
  await choice.selectOption({ label: 'OAuth 2 token (oAuth2)' });
  await expect(console.getByLabel('Username')).toHaveCount(0);
  await expect(console.getByText('Get a token from the API’s sign-in (OAuth)')).toBeVisible();
  await console.getByLabel('Bearer token').fill('oauth-token');
  await expect(curl(console)).toContainText('Authorization: Bearer oauth-token');
  await send(console);
  await expect(status(console)).toContainText(/^200\b/);

  await choice.selectOption({ label: 'Bearer token (bearerAuth)' });
  await expect(console.getByText('Get a token from the API’s sign-in (OAuth)')).toHaveCount(0);
  await console.getByLabel('Bearer token').fill('jwt-token');
  await send(console);
  await expect(status(console)).toContainText(/^200\b/);

  await choice.selectOption({ label: 'API key in the header X-API-Key (apiKeyHeader)' });
  await console.getByLabel('API key (header X-API-Key)').fill('header-key');
  await expect(curl(console)).toContainText('X-API-Key: header-key');
  await send(console);
  await expect(status(console)).toContainText(/^200\b/);

  await choice.selectOption({ label: 'API key in the query api_key (apiKeyQuery)' });
  const key = console.getByLabel('API key (query api_key)');
  await key.fill('');
  await send(console);
  await expect(status(console)).toContainText(/^401\b/);
  await key.fill('query-key');
  await expect(curl(console)).toContainText('/me?api_key=query-key');
  await send(console);
  await expect(status(console)).toContainText(/^200\b/);
});

test('the alternative chosen and each credential typed survive a reload in the tab', async ({ page }) => {
  let console = await consoleOn(page, 'Get my account');
  await console.getByLabel('Username').fill('marc');
  await console.getByLabel('Authenticate with').selectOption({ label: 'API key in the header X-API-Key (apiKeyHeader)' });
  await console.getByLabel('API key (header X-API-Key)').fill('kept-key');
  await page.reload();
  console = await readyConsole(page, 'Get my account');
  await expect(console.getByLabel('Authenticate with')).toHaveValue('3');
  await expect(console.getByLabel('API key (header X-API-Key)')).toHaveValue('kept-key');
  await console.getByLabel('Authenticate with').selectOption({ label: 'Username and password (basicAuth)' });
  await expect(console.getByLabel('Username')).toHaveValue('marc');
});

test('deletePlanet takes the top-level seven; an API key in a cookie cannot leave the browser, and the console says so', async ({ page }) => {
  const console = await consoleOn(page, 'Delete a planet');
  const choice = console.getByLabel('Authenticate with');
  await expect(choice.locator('option')).toHaveCount(7);
  await expect(choice.locator('option').first()).toHaveText('Bearer token (bearerAuth)');
  await choice.selectOption({ label: 'OpenID Connect token (openIdConnect)' });
  await console.getByLabel('Bearer token').fill('oidc-token');
  await send(console);
  await expect(status(console)).toContainText(/^2\d\d\b/);
  // fetch() drops a Cookie header: the sandbox sees no key (the samples carry it).
  await choice.selectOption({ label: 'API key in the cookie api_key (apiKeyCookie)' });
  await console.getByLabel('API key (cookie api_key)').fill('cookie-key');
  await expect(console.getByLabel('API key (cookie api_key)')).toHaveAccessibleDescription(/does not let a page send a cookie/);
  await expect(curl(console)).toContainText('Cookie: api_key=cookie-key');
  await send(console);
  await expect(status(console)).toContainText(/^401\b/);
});

test('axe finds no violations with the choice of alternatives on the page', async ({ page }) => {
  const console = await consoleOn(page, 'Get my account');
  await console.getByLabel('Authenticate with').selectOption({ label: 'OAuth 2 token (oAuth2)' });
  await console.getByText('Get a token from the API’s sign-in (OAuth)').click();
  await expect(console.getByLabel('Client id')).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
