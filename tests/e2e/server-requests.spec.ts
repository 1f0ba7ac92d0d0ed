import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { expect, test } from '@playwright/test';
import { DEMO, signInRequest } from './support/auth.ts';
import { siteUrl } from './support/sites.ts';

// How the sign-in server (behind its front server, as `npm run serve` runs it) reads a request:
// the path decoded once, the scheme and host from the site's url or trusted proxies only.

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A request sent exactly as written: the path unnormalised, any Host header. */
function raw(path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(siteUrl('authdefault'));
  return new Promise((resolve, reject) => {
    const request = httpRequest({ hostname, port, path, method: options.method ?? 'GET', headers: options.headers ?? {} }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

const cookiePairs = (headers: IncomingHttpHeaders) => (headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0]!);

/** Signs in as the partner with every request naming `host` (and `extra` headers); returns the credentials post's answer. */
async function signInAs(host: string, extra: Record<string, string> = {}): Promise<RawAnswer> {
  const csrf = await raw('/api/auth/csrf', { headers: { host, ...extra } });
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const body = new URLSearchParams({ csrfToken, username: DEMO.partner.username, password: DEMO.partner.password, callbackUrl: '/1.2/partners/' }).toString();
  return raw('/api/auth/callback/credentials', {
    method: 'POST',
    headers: { host, ...extra, cookie: cookiePairs(csrf.headers).join('; '), 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)) },
    body,
  });
}

test('a path is decoded once: a twice or thrice encoded name is not the page it spells', async ({ request }) => {
  const cookie = await signInRequest(request, siteUrl('authdefault'), DEMO.partner);
  expect((await raw('/1.2/partners/publishing-routes/', { headers: { cookie } })).status).toBe(200);
  // Once-encoded characters are the same path.
  expect((await raw('/1.2/partners/%70ublishing-routes/', { headers: { cookie } })).status).toBe(200);
  for (const path of ['/1.2/partners/%2570ublishing-routes/', '/1.2/partners/%252570ublishing-routes/', '/1.2/%2570artners/publishing-routes.md']) {
    const answer = await raw(path, { headers: { cookie } });
    expect(answer.status, path).toBe(404);
    expect(answer.body, path).not.toContain('Publishing routes');
  }
});

test('behind TLS: for the site\'s own host, sign-in redirects to https and the cookie is __Secure-, without trusting any forwarded header', async () => {
  const answer = await signInAs('docs.caravan.example');
  expect(answer.status).toBe(302);
  expect(answer.headers.location).toBe('https://docs.caravan.example/1.2/partners/');
  const session = (answer.headers['set-cookie'] ?? []).find((cookie) => cookie.startsWith('__Secure-authjs.session-token='));
  expect(session).toMatch(/; Secure/i);
});

test('a client cannot claim https or another host with X-Forwarded-* when no proxy is trusted', async () => {
  const answer = await signInAs('127.0.0.1', { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' });
  expect(answer.status).toBe(302);
  expect(answer.headers.location).toBe('http://127.0.0.1/1.2/partners/');
  const cookies = answer.headers['set-cookie'] ?? [];
  expect(cookies.some((cookie) => cookie.startsWith('authjs.session-token=') && !/; Secure/i.test(cookie))).toBe(true);
  expect(cookies.some((cookie) => cookie.startsWith('__Secure-'))).toBe(false);
});

/** Starts a POST and resolves with the status the server answers, while the client still has body to send (it may cut the upload). */
function upload(path: string, headers: Record<string, string>, chunks: number, chunkSize: number): Promise<{ status: number; sent: number }> {
  const { hostname, port } = new URL(siteUrl('authdefault'));
  return new Promise((resolve, reject) => {
    let sent = 0;
    const request = httpRequest({ hostname, port, path, method: 'POST', headers }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, sent });
    });
    // The server closing the connection mid-upload is the expected outcome, not a failure.
    request.on('error', (error: NodeJS.ErrnoException) => (['EPIPE', 'ECONNRESET'].includes(error.code ?? '') ? undefined : reject(error)));
    const chunk = Buffer.alloc(chunkSize, 'x');
    const pump = () => {
      while (sent < chunks) {
        sent += 1;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      request.end();
    };
    pump();
  });
}

test('oversized bodies are refused with 413 before they are read: declared or streamed, to /mcp and to sign-in', async () => {
  // 200 MB declared: refused by the front server before the body is read.
  const declared = await upload('/mcp', { 'content-type': 'application/json', 'content-length': String(200 * 1024 * 1024) }, 4, 64 * 1024);
  expect(declared.status).toBe(413);
  // Chunked (no length): the route stops counting past 1 MiB.
  const streamed = await upload('/mcp', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, 64, 64 * 1024);
  expect(streamed.status).toBe(413);
  const signIn = await upload('/api/auth/callback/credentials', { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' }, 4, 64 * 1024);
  expect(signIn.status).toBe(413);
  // The server is still there for everyone else.
  expect((await raw('/healthz')).status).toBe(200);
});
