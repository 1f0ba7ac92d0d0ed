import { encode } from '@auth/core/jwt';
import { expect, test } from '@playwright/test';
import { DEMO, signInRequest } from './support/auth.ts';
import { startFront, type FrontProcess } from './support/front-process.ts';
import { startNodeServer, TEST_AUTH_SECRET, type RunningServer } from './support/node-server.ts';
import { outDir, PROJECT_ROOT, siteUrl } from './support/sites.ts';
import { chunkedFlood, openSockets, trickle } from '../support/raw-socket.ts';

// Issue 39: requests an HTTP client would never send, written byte for byte on a raw socket, to
// the sign-in build of the default site behind its front server (`caravan-docs serve`).

/** Writes `text` and resolves with what came back once the server closes the connection (or `timeoutMs` passes). */
const rawExchange = (text: string, options: { url?: string; timeoutMs?: number } = {}) => trickle(options.url ?? siteUrl('authdefault'), { head: text, forMs: options.timeoutMs ?? 10_000 });

test.describe('a Host with userinfo (item 3)', () => {
  for (const [label, text] of [
    ['the sign-in page', 'GET /login HTTP/1.1\r\nHost: a@localhost\r\nConnection: close\r\n\r\n'],
    ['a gated page', 'GET /1.2/operations/runbook/ HTTP/1.1\r\nHost: a@localhost\r\nConnection: close\r\n\r\n'],
    ['the MCP endpoint', 'POST /mcp HTTP/1.1\r\nHost: a@localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}'],
    ['sign-in', 'GET /api/auth/providers HTTP/1.1\r\nHost: user:pass@localhost\r\nConnection: close\r\n\r\n'],
  ] as const) {
    test(`on ${label} is 400, never a 5xx`, async () => {
      const answer = await rawExchange(text);
      expect(answer.status).toBe(400);
      expect(answer.body).toContain('Host header');
    });
  }
});


test.describe('request bodies (item 4)', () => {
  test('a chunked body to /login is refused at once (413), not read to its end', async () => {
    const flood = await chunkedFlood(siteUrl('authdefault'), 'POST /login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded', 8000);
    expect(flood.status).toBe(413);
    expect(flood.closedByServer).toBe(true);
    expect(flood.ms).toBeLessThan(4000);
  });

  test('a route that takes no body refuses a declared one with 413', async () => {
    for (const path of ['/login', '/1.2/operations/runbook/', '/api/auth/providers', '/robots.txt']) {
      const answer = await rawExchange(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n\r\nhello`);
      expect(answer.status, path).toBe(413);
      expect(answer.body, path).toContain('takes no request body');
    }
  });

  test('every route that takes a body stops reading at its limit, or as soon as it has answered', async ({ request }) => {
    const admin = await signInRequest(request, siteUrl('authdefault'), DEMO.admin);
    const cases: [string, string, number][] = [
      ['signed-in /account', `POST /account HTTP/1.1\r\nHost: localhost\r\nCookie: ${admin}\r\nContent-Type: application/x-www-form-urlencoded`, 413],
      ['signed-out /account', 'POST /account HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded', 302],
      ['sign out everywhere', `POST /api/admin/sign-out-everywhere HTTP/1.1\r\nHost: localhost\r\nCookie: ${admin}\r\nContent-Type: application/json`, 413],
      ['sign-in', 'POST /api/auth/callback/credentials HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded', 413],
      ['sign-in, not a form', 'POST /api/auth/callback/credentials HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain', 415],
      ['/mcp', 'POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json', 413],
      ['/mcp with a bad token', 'POST /mcp HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer nonsense\r\nContent-Type: application/json', 401],
    ];
    for (const [label, head, status] of cases) {
      const flood = await chunkedFlood(siteUrl('authdefault'), head, 8000);
      expect(flood.status, label).toBe(status);
      expect(flood.closedByServer, label).toBe(true);
      expect(flood.ms, label).toBeLessThan(5000);
    }
  });
});

test('encoded dot segments are redirected to the normalised path, never served (item 7)', async () => {
  for (const [path, location] of [
    ['/1.2/%2e%2e/', '/'],
    ['/1.2/overview/%2E%2E/operations/runbook/', '/1.2/operations/runbook/'],
    ['/1.2/./overview/', '/1.2/overview/'],
  ] as const) {
    const answer = await rawExchange(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect(answer.status, path).toBe(301);
    expect(answer.head, path).toContain(`\r\nLocation: ${location}\r\n`);
    expect(answer.body, path).not.toContain('<html');
  }
});

test.describe('slow clients and held connections (item 5)', () => {
  // Short limits through the environment, so the test takes seconds (the defaults are 10 s, 30 s and 100).
  let front: FrontProcess;
  test.beforeAll(async () => {
    front = await startFront(outDir('authdefault'), {
      DOCS_ROOT: PROJECT_ROOT,
      CARAVAN_DOCS_AUTH_ENABLED: 'true',
      CARAVAN_DOCS_HEADERS_TIMEOUT_MS: '1000',
      CARAVAN_DOCS_REQUEST_TIMEOUT_MS: '2000',
      CARAVAN_DOCS_MAX_CONNECTIONS_PER_ADDRESS: '20',
    });
  });
  test.afterAll(async () => {
    if (front.child.exitCode === null) front.child.kill('SIGTERM');
    await front.exited;
  });

  /** A POST whose body arrives a byte every `everyMs`: resolves when the server closes the connection, or after `forMs`. */
  const tricklePost = (path: string, everyMs: number, forMs: number) =>
    trickle(front.url, { head: `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`, trickle: '{'.repeat(1000), everyMs, forMs });

  test('a POST to /mcp trickling its body is cut at the request timeout (408), not held for minutes', async () => {
    const slow = await tricklePost('/mcp', 300, 8000);
    expect(slow.closedByServer).toBe(true);
    expect(slow.status).toBe(408);
    expect(slow.ms).toBeGreaterThanOrEqual(1900);
    expect(slow.ms).toBeLessThan(4000);
    console.log(`slow body to /mcp held for ${slow.ms} ms (CARAVAN_DOCS_REQUEST_TIMEOUT_MS=2000)`);
  });

  test('headers that never end are cut at the headers timeout', async () => {
    const answer = await rawExchange('GET /login HTTP/1.1\r\nHost: localhost\r\nX-Partial: y', { url: front.url, timeoutMs: 6000 });
    expect(answer.closedByServer).toBe(true);
    expect(answer.ms).toBeLessThan(3000);
  });

  test('one address holds at most the cap: one more connection is 503 at once, others are still served', async () => {
    const held = await openSockets(front.url, 20);
    try {
      const refused = await rawExchange('GET /1.2/overview/ HTTP/1.1\r\nHost: localhost\r\n\r\n', { url: front.url, timeoutMs: 4000 });
      expect(refused.status).toBe(503);
      expect(refused.head).toContain('Retry-After: 5');
      const other = await trickle(front.url, { head: 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n', forMs: 10_000, localAddress: '127.0.0.2' });
      expect(other.head).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      for (const socket of held) socket.destroy();
    }
    await expect.poll(async () => (await rawExchange('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n', { url: front.url })).status).toBe(200);
  });
});

test.describe('sessions follow users.yml (item 2)', () => {
  const COOKIE = 'authjs.session-token';
  /** A session cookie as the server seals it (the demo server's secret), as a reader removed or changed since would still hold. */
  const sealed = async (claims: Record<string, unknown>) =>
    `${COOKIE}=${await encode({ token: { name: 'Someone', signedInAt: Math.floor(Date.now() / 1000), sid: crypto.randomUUID(), source: 'users', ...claims }, secret: TEST_AUTH_SECRET, salt: COOKIE, maxAge: 3600 })}`;
  const get = (path: string, cookie: string) => rawExchange(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`);

  test('a session of a reader no longer in users.yml is signed out at once: gated pages, /account, the reader endpoint', async () => {
    const removed = await sealed({ sub: 'removed-reader', roles: ['admin', 'partner'] });
    const page = await get('/1.2/operations/runbook/', removed);
    expect(page.status).toBe(302);
    expect(page.head).toContain('/login?next=');
    expect((await get('/account', removed)).status).toBe(302);
    expect((await get('/api/auth/reader', removed)).body).toContain('null');
    // Control: the same cookie for a reader who is there opens the page.
    expect((await get('/1.2/operations/runbook/', await sealed({ sub: 'admin', roles: ['admin', 'partner'] }))).status).toBe(200);
  });

  test('a session keeps only the roles its reader still has, and the reader\'s current name', async () => {
    // partner has [partner] in users.yml; a cookie claiming admin too (a role since taken away) gets partner's pages only.
    const widened = await sealed({ sub: 'partner', name: 'Old Name', roles: ['admin', 'partner'] });
    expect((await get('/1.2/operations/runbook/', widened)).status).toBe(403);
    expect((await get('/1.2/partners/', widened)).status).toBe(200);
    expect((await get('/api/auth/reader', widened)).body).toContain('Pat Partner');
  });

  test('a single-sign-on session on a site without single sign-on is signed out', async () => {
    expect((await get('/1.2/operations/runbook/', await sealed({ sub: 'admin', source: 'oidc', roles: ['admin'] }))).status).toBe(302);
  });
});

test.describe('sign-in answers (item 6)', () => {
  test('never name the Host a client sent: providers, the sign-in redirect and the credentials redirect use the site\'s url', async () => {
    const providers = await rawExchange('GET /api/auth/providers HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n');
    expect(providers.status).toBe(200);
    expect(providers.body).toContain('https://docs.caravan.example/api/auth/callback/credentials');
    expect(providers.body).not.toContain('evil.example');
    const signIn = await rawExchange('GET /api/auth/signin HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n');
    expect(signIn.status).toBe(302);
    expect(`${signIn.head}\n${signIn.body}`).not.toContain('evil.example');

    // A sign-in posted with a foreign Host lands on the site's own origin (and gets its https cookies).
    const csrf = await rawExchange('GET /api/auth/csrf HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n');
    const csrfToken = /"csrfToken":"([0-9a-f]+)"/.exec(csrf.body)![1]!;
    const csrfCookie = /\r\nset-cookie: (__Host-authjs\.csrf-token=[^;]+)/i.exec(csrf.head)![1]!;
    const form = new URLSearchParams({ csrfToken, username: DEMO.partner.username, password: DEMO.partner.password, callbackUrl: '/1.2/partners/' }).toString();
    const posted = await rawExchange(`POST /api/auth/callback/credentials HTTP/1.1\r\nHost: evil.example\r\nCookie: ${csrfCookie}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${form.length}\r\nConnection: close\r\n\r\n${form}`);
    expect(posted.status).toBe(302);
    expect(posted.head).toMatch(/\r\nlocation: https:\/\/docs\.caravan\.example\/1\.2\/partners\/\r\n/i);
    expect(posted.head).not.toContain('evil.example');
  });

  test('every /api/auth/* answer carries Cache-Control: private, no-store', async () => {
    for (const [method, path] of [['GET', '/api/auth/providers'], ['GET', '/api/auth/csrf'], ['GET', '/api/auth/session'], ['GET', '/api/auth/reader'], ['GET', '/api/auth/signin'], ['GET', '/api/auth/error'], ['POST', '/api/auth/callback/credentials'], ['GET', '/api/auth/nothing-here']] as const) {
      const body = method === 'POST' ? 'username=x&password=y' : '';
      const answer = await rawExchange(`${method} ${path} HTTP/1.1\r\nHost: localhost\r\n${method === 'POST' ? `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n` : ''}Connection: close\r\n\r\n${body}`);
      expect(answer.status, path).toBeGreaterThan(0);
      expect(answer.head, `${method} ${path}`).toMatch(/\r\ncache-control: private, no-store\r\n/i);
    }
  });
});

test('sign out everywhere refuses a call from another origin (item 7)', async ({ request }) => {
  const admin = await signInRequest(request, siteUrl('authdefault'), DEMO.admin);
  const call = (origin: string | undefined) => {
    const body = JSON.stringify({ reader: 'nobody-at-all' });
    return rawExchange(`POST /api/admin/sign-out-everywhere HTTP/1.1\r\nHost: localhost\r\nCookie: ${admin}\r\n${origin === undefined ? '' : `Origin: ${origin}\r\n`}Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
  };
  for (const origin of ['https://evil.example', 'null', 'http://localhost:1']) {
    const refused = await call(origin);
    expect(refused.status, origin).toBe(403);
    expect(refused.body).toContain('other origins');
  }
  for (const origin of [undefined, 'https://docs.caravan.example', `http://localhost`]) expect((await call(origin)).status, String(origin)).toBe(200);
});

test.describe('a crowd of addresses cannot hold a reader back (the throttle trade-off)', () => {
  // Behind one trusted proxy, X-Forwarded-For names the client: the test plays 22 addresses.
  let own: RunningServer;
  test.beforeAll(async () => {
    own = await startNodeServer(outDir('authdefault'), '/', { CARAVAN_DOCS_TRUSTED_PROXY_HOPS: '1' }, { docsRoot: PROJECT_ROOT });
  });
  test.afterAll(async () => {
    await own.stop();
  });

  async function attemptFrom(request: import('@playwright/test').APIRequestContext, address: string, password: string) {
    const { csrfToken } = (await (await request.get(`${own.url}api/auth/csrf`)).json()) as { csrfToken: string };
    return request.post(`${own.url}api/auth/callback/credentials`, {
      form: { csrfToken, username: DEMO.admin.username, password, callbackUrl: '/' },
      headers: { origin: new URL(own.url).origin, 'x-forwarded-for': address },
      maxRedirects: 0,
    });
  }
  const signsIn = (response: Awaited<ReturnType<typeof attemptFrom>>) => response.headersArray().some(({ name, value }) => name.toLowerCase() === 'set-cookie' && /^authjs\.session-token=[^;]/.test(value));

  test('21 addresses keep the reader\'s failures over the ceiling; the reader, from an address they signed in from, still gets in after a typo', async ({ request }) => {
    test.setTimeout(90_000);
    expect(signsIn(await attemptFrom(request, '198.51.100.7', DEMO.admin.password))).toBe(true);
    let counted = 0;
    for (let address = 0; address < 21; address += 1) {
      for (let index = 0; index < 5; index += 1) if ((await attemptFrom(request, `203.0.113.${address}`, 'wrong')).status() === 302) counted += 1;
    }
    expect(counted).toBe(101);
    expect((await attemptFrom(request, '203.0.113.3', 'wrong')).status()).toBe(429);
    // The reader's typo, then the right password.
    expect((await attemptFrom(request, '198.51.100.7', 'wrong')).status()).toBe(302);
    const reader = await attemptFrom(request, '198.51.100.7', DEMO.admin.password);
    expect(reader.status()).toBe(302);
    expect(signsIn(reader)).toBe(true);
  });
});
