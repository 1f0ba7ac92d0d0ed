import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './support/auth.ts';
import { siteUrl } from './support/sites.ts';

// The front server's headers on every kind of answer, and the pages working under the
// Content-Security-Policy in real Chromium: a violation (an inline script without its hash, a
// WebAssembly compile, a worker) is recorded by the page and fails the test.

/** Records every CSP violation of the page, from before its first script runs. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`));
  });
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  return async () => [...(await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? [])), ...console];
}

const HARDENING = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

test('a static site: every answer carries the policy, and search, tabs and a console work under it', async ({ page, request }) => {
  const at = (path: string) => new URL(path, siteUrl('default')).href;
  for (const path of ['', '1.2/guides/dispatch/', '1.2/guides/dispatch.md', 'robots.txt', 'no-such-page/', 'mockServiceWorker.js', 'pagefind/pagefind.js']) {
    const response = await request.get(at(path));
    expect(response.headers()['content-security-policy'], path).toMatch(/^script-src 'self' 'wasm-unsafe-eval' 'sha256-[^']+'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'$/);
    expect(response.headers(), path).toMatchObject(HARDENING);
  }

  const violations = await watchViolations(page);
  await page.goto(at('1.2/guides/client-code/'));
  // The theme script (inline, by its hash) ran before paint.
  expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(true);
  // Tabs (a module script).
  const tab = page.getByRole('tab').nth(1);
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  // Search: Pagefind's worker and WebAssembly.
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('searchbox', { name: 'Search documentation' }).fill('dispatch');
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('link').first()).toBeVisible();
  await page.keyboard.press('Escape');
  // A console: the sandbox's service worker answers a request.
  await page.goto(at('1.2/guides/walkthrough/'));
  const console = page.getByRole('region', { name: 'Try it: Step 1: list forming caravans', exact: true });
  await expect(console).toHaveAttribute('data-ready', '', { timeout: 15_000 });
  await console.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(console.getByRole('status')).toContainText(/^200\b/);
  expect(await violations()).toEqual([]);
});

test('a server build: sign-in, the account page, a gated page and a 403 work under the policy; nothing can frame them', async ({ page, request }) => {
  const site = siteUrl('authdefault');
  const at = (path: string) => new URL(path, site).href;
  for (const path of ['login', 'account', '1.2/partners/', 'api/auth/csrf', '1.2/overview/']) {
    const response = await request.get(at(path), { maxRedirects: 0 });
    expect(response.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(response.headers(), path).toMatchObject(HARDENING);
  }

  const violations = await watchViolations(page);
  await signIn(page, site, DEMO.partner);
  await page.goto(at('account'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto(at('1.2/partners/'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // An admin-only page: the 403 page.
  const forbidden = await page.goto(at('1.2/operations/runbook/'));
  expect(forbidden?.status()).toBe(403);
  expect(await violations()).toEqual([]);
});
