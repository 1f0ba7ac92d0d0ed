import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO, FIXTURE_USERS, signInRequest } from './support/auth.ts';
import { listening, startFront, type FrontProcess } from './support/front-process.ts';
import { startRedis } from './support/redis-server.ts';
import { astroBuild, OIDC_TEST, OUTPUT, outDir, PROJECT_ROOT } from './support/sites.ts';

// The front server (`npm run serve` on a server build) around the default site built with
// sign-in (the "authdefault" build of the global setup), and `npm run serve` on a static build.
const SERVER_ENV = { DOCS_ROOT: PROJECT_ROOT, CARAVAN_DOCS_AUTH_ENABLED: 'true' };

test.describe.configure({ mode: 'serial' });

let front: FrontProcess;
test.beforeAll(async () => {
  front = await startFront(outDir('authdefault'), SERVER_ENV);
});
test.afterAll(async () => {
  if (front.child.exitCode === null) front.child.kill('SIGTERM');
  await front.exited;
});

const logLines = () =>
  front
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

test('health, readiness and request ids; one JSON log line per request, without query string or cookie', async ({ request }) => {
  const health = await request.get(`${front.url}/healthz`);
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });
  const ready = await request.get(`${front.url}/readyz`);
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: 'ready', checks: { build: 'ok', store: 'ok' } });

  const given = await request.get(`${front.url}/1.2/overview/?code=query-secret`, { headers: { 'x-request-id': 'e2e-req-42', cookie: 'authjs.session-token=cookie-secret' } });
  expect(given.headers()['x-request-id']).toBe('e2e-req-42');
  const generated = await request.get(`${front.url}/1.2/overview/`, { headers: { 'x-request-id': 'bad id with spaces' } });
  expect(generated.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

  await expect.poll(() => logLines().find((line) => line.requestId === 'e2e-req-42')).toMatchObject({ level: 'info', msg: 'request', method: 'GET', path: '/1.2/overview/', status: 200 });
  expect(front.output()).not.toContain('query-secret');
  expect(front.output()).not.toContain('cookie-secret');
});

test('a public static page: Markdown for Accept: text/markdown, HTML for browsers, */*, ties and lower q', async ({ request }) => {
  const page = `${front.url}/1.2/overview/`;
  const markdown = await request.get(page, { headers: { accept: 'text/markdown' } });
  expect(markdown.status()).toBe(200);
  expect(markdown.headers()['content-type']).toBe('text/markdown; charset=utf-8');
  expect(markdown.headers()['vary']).toBe('Accept-Encoding, Accept');
  expect(markdown.headers()['link']).toBe('</1.2/overview.md>; rel="alternate"; type="text/markdown", </llms.txt>; rel="describedby"');
  expect(await markdown.text()).toBe(await (await request.get(`${front.url}/1.2/overview.md`)).text());

  for (const accept of ['text/html,application/xhtml+xml,*/*;q=0.8', '*/*', 'text/*', 'text/markdown;q=0.9, text/html', 'text/markdown, text/html', 'application/json', 'nonsense;;']) {
    const html = await request.get(page, { headers: { accept } });
    expect(html.headers()['content-type'], accept).toContain('text/html');
    expect(html.headers()['vary'], accept).toBe('Accept-Encoding, Accept');
    expect(html.headers()['link'], accept).toContain('</1.2/overview.md>; rel="alternate"; type="text/markdown"');
  }
  const preferred = await request.get(page, { headers: { accept: 'text/html;q=0.5, text/markdown;q=0.8' } });
  expect(preferred.headers()['content-type']).toContain('text/markdown');

  const source = await request.get(`${front.url}/1.2/overview.md`);
  expect(source.headers()['link']).toBe('</1.2/overview/>; rel="canonical"; type="text/html", </llms.txt>; rel="describedby"');
  // A page with no source (the all-pages index) is HTML whatever the client asks.
  const index = await request.get(`${front.url}/1.2/all-pages/`, { headers: { accept: 'text/markdown' } });
  expect(index.headers()['content-type']).toContain('text/html');
});

test('a gated page asked for as Markdown: the Markdown only to a reader with the role; others get what the page gives them', async ({ playwright }) => {
  const gated = '/1.2/partners/publishing-routes/';
  const title = 'Publishing trade routes';
  const anonymous = await playwright.request.newContext();
  const signedOut = await anonymous.get(`${front.url}${gated}`, { headers: { accept: 'text/markdown' }, maxRedirects: 0 });
  expect(signedOut.status()).toBe(302);
  expect(signedOut.headers()['location']).toBe(`/login?next=${gated}`);
  expect(await signedOut.text()).not.toContain(title);

  const admin = await playwright.request.newContext();
  const adminCookie = await signInRequest(admin, `${front.url}/`, DEMO.admin);
  const partner = await playwright.request.newContext();
  const partnerCookie = await signInRequest(partner, `${front.url}/`, DEMO.partner);

  // Signed in without the role (partner on the admin-only runbook): the page's 403, never Markdown.
  const forbidden = await partner.get(`${front.url}/1.2/operations/runbook/`, { headers: { accept: 'text/markdown', cookie: partnerCookie } });
  expect(forbidden.status()).toBe(403);
  expect(forbidden.headers()['content-type']).toContain('text/html');
  const forbiddenBody = await forbidden.text();
  expect(forbiddenBody).not.toContain('Operations runbook');
  expect(forbiddenBody).not.toMatch(/^# /m);

  // With the role: the page's source, private, varying by cookie and Accept, naming its alternates.
  for (const [context, cookie] of [[partner, partnerCookie], [admin, adminCookie]] as const) {
    const markdown = await context.get(`${front.url}${gated}`, { headers: { accept: 'text/markdown', cookie } });
    expect(markdown.status()).toBe(200);
    expect(markdown.headers()['content-type']).toBe('text/markdown; charset=utf-8');
    expect(markdown.headers()['cache-control']).toBe('private, no-store');
    expect(markdown.headers()['vary']).toBe('cookie, Accept-Encoding, Accept');
    expect(markdown.headers()['content-location']).toBe('/1.2/partners/publishing-routes.md');
    expect(markdown.headers()['link']).toContain('</1.2/partners/publishing-routes.md>; rel="alternate"; type="text/markdown"');
    expect(await markdown.text()).toMatch(new RegExp(`^# ${title}`));
    const html = await context.get(`${front.url}${gated}`, { headers: { cookie } });
    expect(html.headers()['content-type']).toContain('text/html');
    expect(html.headers()['link']).toContain('</1.2/partners/publishing-routes.md>; rel="alternate"');
    const source = await context.get(`${front.url}/1.2/partners/publishing-routes.md`, { headers: { cookie } });
    expect(source.headers()['link']).toContain('</1.2/partners/publishing-routes/>; rel="canonical"');
  }
  // After the partner's Markdown was cached, a signed-out reader still gets the sign-in redirect.
  const again = await anonymous.get(`${front.url}${gated}`, { headers: { accept: 'text/markdown' }, maxRedirects: 0 });
  expect(again.status()).toBe(302);
  for (const context of [anonymous, admin, partner]) await context.dispose();
});

test('the marker fixture: no gated marker reaches a signed-out client that asks for Markdown, whatever the spelling', async () => {
  const markers = ['GATEDTITLE', 'GATEDDESC', 'GATEDHEADING', 'GATEDBODY', 'Partner network', 'ops/runbook'];
  const server = await startFront(outDir('authbasic'), { DOCS_ROOT: join(PROJECT_ROOT, 'tests/fixtures/basic'), CARAVAN_DOCS_AUTH_ENABLED: 'true' });
  try {
    const paths = ['/1.0/partners/', '/1.0/partners/secret-routes/', '/1.0/ops/runbook/', '/1.0/partners/secret%2Droutes/', '/1.0/Partners/secret-routes/', '/1.0//partners/secret-routes/', '/1.0/partners/secret-routes', '/1.0/partners/secret-routes/index.html', '/1.0/partners/secret-routes.md', '/1.0/ops/runbook.md/', '/1.0/nope/'];
    const accepts = ['text/markdown', 'text/x-markdown', 'text/markdown, text/html;q=0.1', 'text/markdown;q=1, */*;q=0'];
    for (const path of paths) {
      for (const accept of accepts) {
        const response = await fetch(`${server.url}${path}`, { headers: { accept }, redirect: 'manual' });
        const where = `${path} (${accept})`;
        expect([302, 404], where).toContain(response.status);
        const headers = [...response.headers].filter(([name]) => name !== 'location').map(([name, value]) => `${name}: ${value}`).join('\n');
        const text = `${headers}\n${await response.text()}`;
        for (const marker of markers) expect(text, `${marker} in the answer to ${where}`).not.toContain(marker);
        expect(response.headers.get('content-type') ?? '', where).not.toContain('markdown');
      }
    }
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
});

/** A sign-in post whose body is sent in two parts; the server cannot answer before the second. */
function slowPost(url: string): { sendRest: () => void; done: Promise<number> } {
  const body = 'username=nobody&password=wrong-password';
  const request = httpRequest(`${url}/api/auth/callback/credentials`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(body.length) } });
  const done = new Promise<number>((resolve, reject) => {
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 10));
  return { sendRest: () => request.end(body.slice(10)), done };
}

test('with a shared store: /readyz follows redis-server (503 while it is down), and SIGTERM closes the store', async () => {
  test.setTimeout(60_000);
  const redis = await startRedis();
  const server = await startFront(outDir('authdefault'), { ...SERVER_ENV, CARAVAN_DOCS_REDIS_URL: redis.url });
  try {
    const readiness = async () => {
      const answer = await fetch(`${server.url}/readyz`);
      return { status: answer.status, checks: ((await answer.json()) as { checks: Record<string, string> }).checks };
    };
    await expect.poll(readiness).toEqual({ status: 200, checks: { build: 'ok', store: 'ok' } });
    await redis.stop();
    await expect.poll(async () => (await readiness()).status, { timeout: 10_000 }).toBe(503);
    expect((await readiness()).checks.build).toBe('ok');
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await redis.start();
    await expect.poll(async () => (await readiness()).status, { timeout: 10_000 }).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutdown: closed store');
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await redis.stop();
  }
});

test('SIGTERM with a request in flight: no new connections, the request completes, exit 0 within the bound', async () => {
  test.setTimeout(60_000);
  const server = await startFront(outDir('authdefault'), { ...SERVER_ENV, CARAVAN_DOCS_SHUTDOWN_TIMEOUT_MS: '8000' });
  try {
    const slow = slowPost(server.url);
    // Time for the headers and the first part of the body to reach the server.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await expect.poll(() => server.output()).toContain('shutdown: no longer accepting connections');
    expect(await listening(server.port)).toBe(false);
    expect(server.child.exitCode).toBeNull();
    slow.sendRest();
    expect(await slow.done).toBeGreaterThanOrEqual(200);
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(8000);
    expect(server.output()).toContain('shutdown: every in-flight request finished');
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  }
});

test('past the bound, the hanging request is cut and the server still exits (code 1)', async () => {
  test.setTimeout(60_000);
  const server = await startFront(outDir('authdefault'), { ...SERVER_ENV, CARAVAN_DOCS_SHUTDOWN_TIMEOUT_MS: '1000' });
  try {
    const slow = slowPost(server.url);
    const cut = slow.done.then(() => 'answered', () => 'cut');
    // Time for the headers and the first part of the body to reach the server.
    await new Promise((resolve) => setTimeout(resolve, 500));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(await cut).toBe('cut');
    expect(server.output()).toContain('requests still in flight after the bound');
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  }
});

test('npm run serve, signalled as systemd does (the whole process group): the request in flight completes and the server exits 0', async () => {
  test.setTimeout(60_000);
  const server = await startFront(outDir('authdefault'), SERVER_ENV, { viaNpm: true, ownGroup: true });
  try {
    const slow = slowPost(server.url);
    await new Promise((resolve) => setTimeout(resolve, 500));
    process.kill(-server.child.pid!, 'SIGTERM');
    await expect.poll(() => server.output()).toContain('shutdown: no longer accepting connections');
    slow.sendRest();
    expect(await slow.done).toBeGreaterThanOrEqual(200);
    await server.exited;
    await expect.poll(() => server.output()).toContain('"msg":"shutdown: exiting","code":0');
    expect(server.output()).not.toContain('second signal');
    expect(await listening(server.port)).toBe(false);
  } finally {
    if (server.child.exitCode === null) process.kill(-server.child.pid!, 'SIGKILL');
  }
});

test('a static site: npm run serve is the same front server: agents get Markdown or the page (never a 404), and SIGTERM frees the port', async () => {
  test.setTimeout(60_000);
  const site = await startFront(outDir('basic'), { DOCS_ROOT: join(PROJECT_ROOT, 'tests/fixtures/basic') }, { viaNpm: true });
  try {
    expect(await (await fetch(`${site.url}/readyz`)).json()).toEqual({ status: 'ready', checks: { build: 'ok' } });
    expect((await fetch(`${site.url}/robots.txt`)).status).toBe(200);
    // What an agent asks for: Markdown gets the source, any other type gets the page.
    const markdown = await fetch(`${site.url}/1.0/overview/`, { headers: { accept: 'text/markdown' } });
    expect(markdown.status).toBe(200);
    expect(markdown.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(markdown.headers.get('content-location')).toBe('/1.0/overview.md');
    for (const accept of ['application/json', 'text/plain', '*/*', 'image/png']) {
      const page = await fetch(`${site.url}/1.0/overview/`, { headers: { accept } });
      expect(page.status, accept).toBe(200);
      expect(page.headers.get('content-type'), accept).toContain('text/html');
      expect(page.headers.get('content-security-policy'), accept).toContain("script-src 'self'");
    }
    await expect.poll(() => site.output()).toContain('"msg":"request"');
    site.child.kill('SIGTERM');
    await site.exited;
    await expect.poll(() => listening(site.port), { timeout: 10_000 }).toBe(false);
  } finally {
    if (site.child.exitCode === null) site.child.kill('SIGKILL');
  }
});

// A login-only site under a base path (the auth fixture with `base: /docs` and `requireLogin`):
// every page, the API reference included, is rendered on demand after the sign-in check.
test.describe('a login-only site under /docs', () => {
  const root = join(OUTPUT, 'front-based-src');
  const out = outDir('front-based');
  let based: FrontProcess;
  const at = (path: string) => `${based.url}/docs${path}`;

  test.beforeAll(async () => {
    test.setTimeout(600_000);
    if (process.env.E2E_REUSE_BUILD !== '1' || !existsSync(join(out, 'server/entry.mjs'))) {
      rmSync(root, { recursive: true, force: true });
      cpSync(join(PROJECT_ROOT, 'tests/fixtures/auth'), root, { recursive: true });
      const site = readFileSync(join(root, 'config/site.yml'), 'utf8').replace('auth:\n  enabled: true\n', 'base: /docs\nauth:\n  enabled: true\n  requireLogin: true\n');
      if (!site.includes('requireLogin: true')) throw new Error('tests/fixtures/auth/config/site.yml no longer starts its auth block with "enabled: true"; update this test.');
      writeFileSync(join(root, 'config/site.yml'), site);
      const { status, output } = astroBuild(root, out);
      if (status !== 0) throw new Error(`Building the login-only site under /docs failed:\n${output}`);
    }
    based = await startFront(out, { DOCS_ROOT: root, CARAVAN_DOCS_OIDC_CLIENT_SECRET: OIDC_TEST.clientSecret });
  });
  test.afterAll(async () => {
    if (!based) return;
    if (based.child.exitCode === null) based.child.kill('SIGTERM');
    await based.exited;
  });

  test('probes answer at the root and under the base; Link headers carry the base', async ({ playwright }) => {
    for (const path of ['/healthz', '/docs/healthz', '/readyz', '/docs/readyz']) expect((await fetch(`${based.url}${path}`)).status, path).toBe(200);

    const anonymous = await playwright.request.newContext();
    for (const path of ['/1.0/overview/', '/1.0/reference/']) {
      const signedOut = await anonymous.get(at(path), { headers: { accept: 'text/markdown' }, maxRedirects: 0 });
      expect(signedOut.status(), path).toBe(302);
      expect(signedOut.headers()['location'], path).toBe(`/docs/login?next=/docs${path}`);
    }

    const reader = await playwright.request.newContext();
    const cookie = await signInRequest(reader, at('/'), FIXTURE_USERS.reader);
    const markdown = await reader.get(at('/1.0/overview/'), { headers: { accept: 'text/markdown', cookie } });
    expect(markdown.status()).toBe(200);
    expect(markdown.headers()['content-type']).toBe('text/markdown; charset=utf-8');
    expect(markdown.headers()['link']).toBe('</docs/1.0/overview.md>; rel="alternate"; type="text/markdown", </docs/llms.txt>; rel="describedby"');
    expect(markdown.headers()['vary']).toBe('cookie, Accept-Encoding, Accept');
    const html = await reader.get(at('/1.0/overview/'), { headers: { cookie } });
    expect(html.headers()['content-type']).toContain('text/html');
    expect(html.headers()['link']).toBe('</docs/1.0/overview.md>; rel="alternate"; type="text/markdown", </docs/llms.txt>; rel="describedby"');
    const source = await reader.get(at('/1.0/overview.md'), { headers: { cookie } });
    expect(source.headers()['link']).toBe('</docs/1.0/overview/>; rel="canonical"; type="text/html", </docs/llms.txt>; rel="describedby"');
    const reference = await reader.get(at('/1.0/reference/'), { headers: { accept: 'text/markdown', cookie } });
    expect(reference.headers()['content-type']).toContain('text/markdown');

    // The reader has no partner role: the gated page's 403, as for the HTML page.
    const forbidden = await reader.get(at('/1.0/partners/routes/'), { headers: { accept: 'text/markdown', cookie } });
    expect(forbidden.status()).toBe(403);
    expect(forbidden.headers()['content-type']).toContain('text/html');
    for (const context of [anonymous, reader]) await context.dispose();
  });
});
