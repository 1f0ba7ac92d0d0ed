import { encode } from '@auth/core/jwt';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, signInRequest } from './support/auth.ts';
import { startNodeServer, TEST_AUTH_SECRET, type RunningServer } from './support/node-server.ts';
import { outDir, PROJECT_ROOT, siteUrl } from './support/sites.ts';

// Attacks on the sign-in server of the default site (built with auth enabled). Each must fail.
const site = () => siteUrl('authdefault');
const url = (path: string) => new URL(path.replace(/^\//, ''), site()).href;
const GATED = '/1.2/operations/runbook/';
const GATED_TEXT = 'Operations runbook';
const COOKIE = 'authjs.session-token';
const now = () => Math.floor(Date.now() / 1000);
/** A session cookie sealed like the server's own: only possible with its secret. */
const seal = (claims: Record<string, unknown>, maxAge: number, secret = TEST_AUTH_SECRET) =>
  encode({ token: { sub: 'admin', name: 'Ada Admin', roles: ['admin'], signedInAt: now(), sid: crypto.randomUUID(), ...claims }, secret, salt: COOKIE, maxAge });

/** A GET with exactly this cookie header: without one, the context's own sign-in cookie would be sent. */
async function get(request: APIRequestContext, path: string, cookie = 'signed=out') {
  return request.get(url(path), { maxRedirects: 0, headers: { cookie } });
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

test.describe('the page cache', () => {
  test('a page rendered for one role set is never replayed to another, or to a signed-out reader', async ({ request }) => {
    const admin = await signInRequest(request, site(), DEMO.admin);
    const partner = await signInRequest(request, site(), DEMO.partner);
    for (let round = 0; round < 2; round += 1) {
      expect((await get(request, GATED, admin)).status()).toBe(200);
      const refused = await get(request, GATED, partner);
      expect(refused.status()).toBe(403);
      expect(await refused.text()).not.toContain(GATED_TEXT);
      expect((await get(request, GATED)).status()).toBe(302);
      expect((await get(request, GATED, `${COOKIE}=${(await seal({}, 3600)).slice(0, -4)}`)).status()).toBe(302);
    }
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
        expect([301, 302, 403, 404], `${path} (${cookie === partner ? 'partner' : 'signed out'})`).toContain(response.status());
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

  test('a cross-site form post cannot borrow another browser\'s CSRF token', async ({ playwright }) => {
    // The attacker has a token of its own; the victim's browser has a different CSRF cookie (or none).
    const attacker = await playwright.request.newContext();
    const victim = await playwright.request.newContext();
    try {
      const { csrfToken } = (await (await attacker.get(url('/api/auth/csrf'))).json()) as { csrfToken: string };
      await victim.get(url('/api/auth/csrf'));
      const response = await victim.post(url('/api/auth/callback/credentials'), {
        form: { csrfToken, username: DEMO.partner.username, password: DEMO.partner.password, callbackUrl: '/' },
        headers: { origin: 'https://evil.example' },
        maxRedirects: 0,
      });
      expect(response.headers().location).toContain('error=MissingCSRF');
      expect((await victim.get(url(GATED), { maxRedirects: 0 })).status()).toBe(302);
    } finally {
      await attacker.dispose();
      await victim.dispose();
    }
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

test.describe('a signed-out session', () => {
  /** The CSRF token and its cookie, fetched with exactly this session cookie. */
  async function csrfWith(request: APIRequestContext, cookie: string) {
    const response = await request.get(url('/api/auth/csrf'), { headers: { cookie } });
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    const csrfCookie = response.headersArray().find(({ name, value }) => name.toLowerCase() === 'set-cookie' && value.startsWith('authjs.csrf-token='));
    return { csrfToken, cookie: `${cookie}; ${csrfCookie!.value.split(';')[0]}` };
  }

  test('gets null from POST /api/auth/session, as from GET (a signed-in one gets its session)', async ({ request }) => {
    const session = await signInRequest(request, site(), DEMO.admin);
    const before = await csrfWith(request, session);
    const live = await request.post(url('/api/auth/session'), { form: { csrfToken: before.csrfToken }, headers: { cookie: before.cookie, origin: new URL(site()).origin }, maxRedirects: 0 });
    expect(live.status()).toBe(200);
    expect(await live.json()).toMatchObject({ user: { name: DEMO.admin.name } });

    const signOut = await request.post(url('/api/auth/signout'), { form: { csrfToken: before.csrfToken, callbackUrl: '/' }, headers: { cookie: before.cookie, origin: new URL(site()).origin }, maxRedirects: 0 });
    expect(signOut.status()).toBe(302);
    // The same cookie, kept by someone who copied it before the sign-out.
    expect(await (await get(request, '/api/auth/session', session)).json()).toBeNull();
    const after = await csrfWith(request, session);
    const posted = await request.post(url('/api/auth/session'), { form: { csrfToken: after.csrfToken }, headers: { cookie: after.cookie, origin: new URL(site()).origin }, maxRedirects: 0 });
    expect(await posted.json()).toBeNull();
    expect(posted.headers()['set-cookie'] ?? '').not.toContain(`${COOKIE}=ey`);
  });
});

// Every rate-limit test runs against a server of its own: failures from 127.0.0.1 add up per address.
test.describe('failed sign-ins are rate limited', () => {
  let own: RunningServer;
  test.beforeEach(async () => {
    own = await startNodeServer(outDir('authdefault'), '/', {}, { docsRoot: PROJECT_ROOT });
  });
  test.afterEach(async () => {
    await own.stop();
  });

  const attempt = (request: APIRequestContext, base: string, username: string, password: string) => attemptAt(request, base, 'api/auth/callback/credentials', username, password);

  async function attemptAt(request: APIRequestContext, base: string, path: string, username: string, password: string) {
    const { csrfToken } = (await (await request.get(new URL('api/auth/csrf', base).href)).json()) as { csrfToken: string };
    return request.post(new URL(path, base).href, {
      form: { csrfToken, username, password, callbackUrl: '/' },
      headers: { origin: new URL(base).origin },
      maxRedirects: 0,
    });
  }

  test('per user and address: the sixth failure within a minute gets 429 with a Retry-After of at most a minute, even with the right password', async ({ request }) => {
    // A username of its own, so other tests on this server are not locked out.
    for (let index = 0; index < 5; index += 1) expect((await attempt(request, own.url, 'locked-out-user', 'wrong')).status()).toBe(302);
    const blocked = await attempt(request, own.url, 'Locked-Out-User', DEMO.partner.password);
    expect(blocked.status()).toBe(429);
    expect(Number(blocked.headers()['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers()['retry-after'])).toBeLessThanOrEqual(60);
  });

  test('parallel guesses for one user cannot outrun the limit', async ({ request }) => {
    const { csrfToken } = (await (await request.get(`${own.url}api/auth/csrf`)).json()) as { csrfToken: string };
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () =>
        request
          .post(`${own.url}api/auth/callback/credentials`, { form: { csrfToken, username: 'parallel-victim', password: 'wrong', callbackUrl: '/' }, maxRedirects: 0 })
          .then((response) => response.status()),
      ),
    );
    expect(statuses.filter((status) => status === 302)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });

  test('other spellings of the sign-in path are limited too, and ambiguous forms are refused', async ({ request }) => {
    for (const [index, path] of ['api/auth/callback/credentials/', 'api/auth//callback/credentials'].entries()) {
      const user = `spelling-${index}`;
      for (let attempt = 0; attempt < 5; attempt += 1) expect((await attemptAt(request, own.url, path, user, 'wrong')).status()).toBe(302);
      expect((await attemptAt(request, own.url, path, user, 'wrong')).status(), path).toBe(429);
    }
    const { csrfToken } = (await (await request.get(`${own.url}api/auth/csrf`)).json()) as { csrfToken: string };
    const twice = await request.post(`${own.url}api/auth/callback/credentials`, {
      data: `csrfToken=${csrfToken}&username=nobody&username=${DEMO.admin.username}&password=x`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      maxRedirects: 0,
    });
    expect(twice.status()).toBe(400);
    const json = await request.post(`${own.url}api/auth/callback/credentials`, { data: { csrfToken, username: DEMO.admin.username, password: 'x' }, maxRedirects: 0 });
    expect(json.status()).toBe(415);
  });

  test('per address: twenty failures across usernames block the address', async ({ request }) => {
    for (let index = 0; index < 20; index += 1) expect((await attempt(request, own.url, `nobody-${index}`, 'wrong')).status()).toBe(302);
    expect((await attempt(request, own.url, DEMO.partner.username, DEMO.partner.password)).status()).toBe(429);
  });

  test('X-Auth-Return-Redirect (JSON answers instead of redirects) does not turn the throttle off: the sixth wrong password gets 429', async ({ request }) => {
    const withHeader = async (password: string) => {
      const { csrfToken } = (await (await request.get(`${own.url}api/auth/csrf`)).json()) as { csrfToken: string };
      return request.post(`${own.url}api/auth/callback/credentials`, {
        form: { csrfToken, username: 'json-guesser', password, callbackUrl: '/' },
        headers: { origin: new URL(own.url).origin, 'x-auth-return-redirect': '1' },
        maxRedirects: 0,
      });
    };
    for (let index = 0; index < 5; index += 1) {
      const answer = await withHeader('wrong');
      expect(answer.status()).toBe(200);
      expect(((await answer.json()) as { url: string }).url).toContain('error=CredentialsSignin');
    }
    expect((await withHeader('wrong')).status()).toBe(429);
  });

  test('the address is the connection\'s: X-Forwarded-For, X-Real-IP and Forwarded from an untrusted client change nothing, and the server warns once', async ({ request }) => {
    const spoofed = (index: number) => ({ 'x-forwarded-for': `198.51.100.${index}`, 'x-real-ip': `198.51.100.${index}`, forwarded: `for=198.51.100.${index}` });
    const attemptSpoofed = async (index: number, username: string, password: string) => {
      const { csrfToken } = (await (await request.get(`${own.url}api/auth/csrf`)).json()) as { csrfToken: string };
      return request.post(`${own.url}api/auth/callback/credentials`, {
        form: { csrfToken, username, password, callbackUrl: '/' },
        headers: { origin: new URL(own.url).origin, ...spoofed(index) },
        maxRedirects: 0,
      });
    };
    for (let index = 0; index < 20; index += 1) expect((await attemptSpoofed(index, `spray-${index}`, 'wrong')).status()).toBe(302);
    expect((await attemptSpoofed(99, DEMO.partner.username, DEMO.partner.password)).status()).toBe(429);
    expect(own.output().match(/CARAVAN_DOCS_TRUSTED_PROXY_HOPS is 0/g)).toHaveLength(1);
  });

  test('a post without a valid CSRF token does not count against the user (redirect or JSON answer)', async ({ request }) => {
    for (let index = 0; index < 8; index += 1) {
      const headers: Record<string, string> = index % 2 === 0 ? {} : { 'x-auth-return-redirect': '1' };
      await request.post(`${own.url}api/auth/callback/credentials`, { form: { csrfToken: 'forged', username: DEMO.admin.username, password: 'wrong' }, headers, maxRedirects: 0 });
    }
    expect((await attempt(request, own.url, DEMO.admin.username, DEMO.admin.password)).status()).toBe(302);
  });
});

// OWASP: throttle per (user, address) and per address, never lock a reader out from everywhere.
test.describe('strangers cannot lock a reader out', () => {
  let own: RunningServer;
  test.beforeEach(async () => {
    // Behind one trusted proxy, X-Forwarded-For names the client: each test plays several addresses.
    own = await startNodeServer(outDir('authdefault'), '/', { CARAVAN_DOCS_TRUSTED_PROXY_HOPS: '1' }, { docsRoot: PROJECT_ROOT });
  });
  test.afterEach(async () => {
    await own.stop();
  });

  async function attemptFrom(request: APIRequestContext, address: string, username: string, password: string) {
    const { csrfToken } = (await (await request.get(`${own.url}api/auth/csrf`)).json()) as { csrfToken: string };
    return request.post(`${own.url}api/auth/callback/credentials`, {
      form: { csrfToken, username, password, callbackUrl: '/' },
      headers: { origin: new URL(own.url).origin, 'x-forwarded-for': address },
      maxRedirects: 0,
    });
  }
  const signsIn = (response: Awaited<ReturnType<typeof attemptFrom>>) => response.headersArray().some(({ name, value }) => name.toLowerCase() === 'set-cookie' && /^authjs\.session-token=[^;]/.test(value));

  test('the right password from a clean address signs in after 5 failures by another address', async ({ request }) => {
    for (let index = 0; index < 5; index += 1) expect((await attemptFrom(request, '203.0.113.66', DEMO.admin.username, 'wrong')).status()).toBe(302);
    const attacker = await attemptFrom(request, '203.0.113.66', DEMO.admin.username, 'wrong');
    expect(attacker.status()).toBe(429);
    expect(Number(attacker.headers()['retry-after'])).toBeGreaterThan(0);
    const reader = await attemptFrom(request, '198.51.100.7', DEMO.admin.username, DEMO.admin.password);
    expect(reader.status()).toBe(302);
    expect(signsIn(reader)).toBe(true);
  });

  test('many addresses guessing one password: the reader from a clean address still signs in', async ({ request }) => {
    // 6 addresses x 4 failures = 24 failures for the user, more than any per-user lockout of old allowed.
    for (let address = 0; address < 6; address += 1) {
      for (let index = 0; index < 4; index += 1) expect((await attemptFrom(request, `203.0.113.${address + 1}`, DEMO.admin.username, 'wrong')).status()).toBe(302);
    }
    const reader = await attemptFrom(request, '198.51.100.8', DEMO.admin.username, DEMO.admin.password);
    expect(reader.status()).toBe(302);
    expect(signsIn(reader)).toBe(true);
  });
});

test('a server started without its secret answers 503 and logs the variable to set, not a stack trace', async ({ request }) => {
  const server = await startNodeServer(outDir('authdefault'), '/', { CARAVAN_DOCS_AUTH_SECRET: '' });
  try {
    const response = await request.get(`${server.url}1.2/partners/`, { maxRedirects: 0 });
    expect(response.status()).toBe(503);
    expect(await response.text()).not.toContain('CARAVAN_DOCS_AUTH_SECRET');
    expect(server.output()).toContain('environment variable CARAVAN_DOCS_AUTH_SECRET: `session secret` is not set');
    expect(server.output()).not.toMatch(/\n\s+at /);
    // Static files are still served.
    expect((await request.get(`${server.url}1.2/overview/`)).status()).toBe(200);
  } finally {
    await server.stop();
  }
});
