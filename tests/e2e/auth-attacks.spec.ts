import { encode } from '@auth/core/jwt';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, signInRequest } from './support/auth.ts';
import { startNodeServer, TEST_AUTH_SECRET } from './support/node-server.ts';
import { outDir, siteUrl } from './support/sites.ts';

// Attacks on the sign-in server of the default site (built with auth enabled). Each must fail.
const site = () => siteUrl('authdefault');
const url = (path: string) => new URL(path.replace(/^\//, ''), site()).href;
const GATED = '/1.2/operations/runbook/';
const GATED_TEXT = 'Operations runbook';
const COOKIE = 'authjs.session-token';
const now = () => Math.floor(Date.now() / 1000);
/** A session cookie sealed like the server's own: only possible with its secret. */
const seal = (claims: Record<string, unknown>, maxAge: number, secret = TEST_AUTH_SECRET) =>
  encode({ token: { sub: 'admin', name: 'Ada Admin', roles: ['admin'], signedInAt: now(), ...claims }, secret, salt: COOKIE, maxAge });

async function get(request: APIRequestContext, path: string, cookie?: string) {
  return request.get(url(path), { maxRedirects: 0, headers: cookie ? { cookie } : {} });
}

async function expectSignedOut(request: APIRequestContext, cookie: string) {
  const response = await get(request, GATED, cookie);
  expect(response.status()).toBe(302);
  expect(response.headers().location).toContain('/login?next=');
  const reader = await (await request.get(url('/api/auth/reader'), { headers: { cookie } })).json();
  expect(reader).toBeNull();
}

test.describe('session cookies', () => {
  test('a valid admin cookie opens the gated page (the control for the tests below)', async ({ request }) => {
    const cookie = await signInRequest(request, site(), DEMO.admin);
    const response = await get(request, GATED, cookie);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain(GATED_TEXT);
  });

  test('a tampered cookie acts as signed out', async ({ request }) => {
    const cookie = await signInRequest(request, site(), DEMO.admin);
    const value = cookie.slice(COOKIE.length + 1);
    const middle = Math.floor(value.length / 2);
    const flipped = `${value.slice(0, middle)}${value[middle] === 'A' ? 'B' : 'A'}${value.slice(middle + 1)}`;
    await expectSignedOut(request, `${COOKIE}=${flipped}`);
  });

  test('a truncated cookie acts as signed out', async ({ request }) => {
    const cookie = await signInRequest(request, site(), DEMO.admin);
    await expectSignedOut(request, cookie.slice(0, -12));
  });

  test('an expired cookie acts as signed out', async ({ request }) => {
    await expectSignedOut(request, `${COOKIE}=${await seal({}, -60)}`);
  });

  test('a cookie sealed with another secret acts as signed out', async ({ request }) => {
    await expectSignedOut(request, `${COOKIE}=${await seal({}, 3600, 'another-secret-another-secret-another-secret')}`);
  });

  test('a renewed cookie from a sign-in more than twelve hours ago acts as signed out', async ({ request }) => {
    await expectSignedOut(request, `${COOKIE}=${await seal({ signedInAt: now() - 12 * 3600 - 60 }, 3600)}`);
  });

  test('a well-sealed cookie with roles forged in is only possible with the secret (control: it works)', async ({ request }) => {
    // Proves the tests above fail for the right reason: the server does read cookies sealed with its secret.
    expect((await get(request, GATED, `${COOKIE}=${await seal({}, 3600)}`)).status()).toBe(200);
  });
});

test.describe('next is only ever a path on this site', () => {
  for (const next of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '/%2F%2Fevil.example', '\\\\evil.example']) {
    test(`the sign-in form refuses next=${next}`, async ({ request }) => {
      const html = await (await request.get(url(`/login?next=${encodeURIComponent(next)}`))).text();
      const callbacks = [...html.matchAll(/name="callbackUrl" value="([^"]*)"/g)].map((match) => match[1]);
      expect(callbacks.length).toBeGreaterThan(0);
      for (const value of callbacks) expect(value === '/' || (value!.startsWith('/') && !value!.startsWith('//') && !value!.includes('\\'))).toBe(true);
      expect(html).not.toContain('evil.example');
    });

    test(`signing in with callbackUrl=${next} lands on this site`, async ({ request }) => {
      const { csrfToken } = (await (await request.get(url('/api/auth/csrf'))).json()) as { csrfToken: string };
      const response = await request.post(url('/api/auth/callback/credentials'), {
        form: { csrfToken, username: DEMO.partner.username, password: DEMO.partner.password, callbackUrl: next },
        headers: { origin: new URL(site()).origin },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(302);
      const location = new URL(response.headers().location!, site());
      expect(location.origin).toBe(new URL(site()).origin);
      expect(location.href).not.toContain('evil.example');
    });
  }
});

test.describe('path tricks never bypass the role check', () => {
  const tricks = [
    '/1.2/operations/runbook/',
    '/1.2/operations/runbook',
    '/1.2/operations/runbook/index.html',
    '/1.2/operations/runbook.md',
    '/1.2/operations/Runbook/',
    '/1.2/OPERATIONS/runbook/',
    '/1.2//operations/runbook/',
    '//1.2/operations/runbook/',
    '/1.2/operations%2Frunbook/',
    '/1.2/operations%2frunbook.md',
    '/1.2/overview/%2e%2e/operations/runbook/',
    '/1.2/overview/..%2Foperations/runbook/',
    '/1.2/operations/runbook%2F',
    '/1.2/operations/runbook/.',
    '/1.2/operations/./runbook/',
    '/1.2/operations/runbook.MD',
    '/1.2/operations/runbook%2Emd',
    '/1.2/operations/runbook/index.html/',
  ];
  for (const path of tricks) {
    test(`${path}: signed out and signed in without the role get no gated content`, async ({ request }) => {
      const partner = await signInRequest(request, site(), DEMO.partner);
      for (const cookie of [undefined, partner]) {
        const response = await get(request, path, cookie);
        expect([301, 302, 403, 404], `${path} (${cookie ? 'partner' : 'signed out'})`).toContain(response.status());
        expect(await response.text()).not.toContain(GATED_TEXT);
        if (response.status() === 301) {
          // A redirect to the canonical URL is only for readers who pass the check: follow it and check again.
          const followed = await get(request, new URL(response.headers().location!, site()).pathname, cookie);
          expect(followed.status()).not.toBe(200);
        }
      }
    });
  }
});

test.describe('CSRF protection', () => {
  test('signing in without the CSRF token does not sign in', async ({ request }) => {
    const response = await request.post(url('/api/auth/callback/credentials'), {
      form: { username: DEMO.partner.username, password: DEMO.partner.password, callbackUrl: '/' },
      headers: { origin: new URL(site()).origin },
      maxRedirects: 0,
    });
    expect(response.headersArray().some(({ name, value }) => name === 'set-cookie' && value.startsWith(`${COOKIE}=`) && !value.startsWith(`${COOKIE}=;`))).toBe(false);
  });

  test('signing in with a token that does not match the CSRF cookie does not sign in', async ({ request }) => {
    await request.get(url('/api/auth/csrf'));
    const response = await request.post(url('/api/auth/callback/credentials'), {
      form: { csrfToken: 'f'.repeat(64), username: DEMO.partner.username, password: DEMO.partner.password, callbackUrl: '/' },
      headers: { origin: new URL(site()).origin },
      maxRedirects: 0,
    });
    expect(response.headersArray().some(({ name, value }) => name === 'set-cookie' && value.startsWith(`${COOKIE}=ey`))).toBe(false);
  });

  test('a cross-site sign-in form post is refused', async ({ request }) => {
    const { csrfToken } = (await (await request.get(url('/api/auth/csrf'))).json()) as { csrfToken: string };
    const response = await request.post(url('/api/auth/callback/credentials'), {
      form: { csrfToken, username: DEMO.partner.username, password: DEMO.partner.password, callbackUrl: '/' },
      headers: { origin: 'https://evil.example' },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });

  test('signing out without the CSRF token leaves the session signed in', async ({ request }) => {
    const cookie = await signInRequest(request, site(), DEMO.admin);
    await request.post(url('/api/auth/signout'), { form: { callbackUrl: '/' }, headers: { cookie, origin: new URL(site()).origin }, maxRedirects: 0 });
    expect((await get(request, GATED, cookie)).status()).toBe(200);
  });

  test('signing out with the CSRF token ends the session in the browser', async ({ request }) => {
    await signInRequest(request, site(), DEMO.admin);
    const { csrfToken } = (await (await request.get(url('/api/auth/csrf'))).json()) as { csrfToken: string };
    await request.post(url('/api/auth/signout'), { form: { csrfToken, callbackUrl: '/' }, headers: { origin: new URL(site()).origin }, maxRedirects: 0 });
    expect((await request.get(url(GATED), { maxRedirects: 0 })).status()).toBe(302);
  });
});

test.describe('failed sign-ins are rate limited', () => {
  async function attempt(request: APIRequestContext, base: string, username: string, password: string) {
    const { csrfToken } = (await (await request.get(new URL('api/auth/csrf', base).href)).json()) as { csrfToken: string };
    return request.post(new URL('api/auth/callback/credentials', base).href, {
      form: { csrfToken, username, password, callbackUrl: '/' },
      headers: { origin: new URL(base).origin },
      maxRedirects: 0,
    });
  }

  test('per user: the sixth failure in a row gets 429 with Retry-After, even with the right password', async ({ request }) => {
    // A username of its own, so other tests on this server are not locked out.
    for (let index = 0; index < 5; index += 1) expect((await attempt(request, site(), 'locked-out-user', 'wrong')).status()).toBe(302);
    const blocked = await attempt(request, site(), 'Locked-Out-User', 'wrong');
    expect(blocked.status()).toBe(429);
    expect(Number(blocked.headers()['retry-after'])).toBeGreaterThan(0);
  });

  test('per address: twenty failures across usernames block the address (own server, so others are not locked out)', async ({ request }) => {
    const server = await startNodeServer(outDir('authdefault'), '/');
    try {
      for (let index = 0; index < 20; index += 1) expect((await attempt(request, server.url, `nobody-${index}`, 'wrong')).status()).toBe(302);
      expect((await attempt(request, server.url, DEMO.partner.username, DEMO.partner.password)).status()).toBe(429);
    } finally {
      await server.stop();
    }
  });
});
