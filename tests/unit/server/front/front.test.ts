import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogFields, Logger } from '../../../../src/server/front/log.ts';
import { createFront, type Front } from '../../../../src/server/front/server.ts';
import { createShutdown } from '../../../../src/server/front/shutdown.ts';
import { siteSchema } from '../../../../src/config/schemas/site.ts';
import { bodyLimitFor } from '../../../../src/server/bounded-body.ts';
import { securityHeaders } from '../../../../src/server/front/security-headers.ts';
import type { ConnectionLimits } from '../../../../src/server/connection-limits.ts';
import { chunkedFlood, openSockets, trickle } from '../../../support/raw-socket.ts';

// The front around a stand-in for the adapter's handler, on a real socket: the stand-in answers
// like the adapter does (static files with setHeader and an implicit head, on-demand routes with
// writeHead(status, headers)), and records the URL and headers it was given.
const files = { pages: new Set(['1.0/start', '1.0/all-pages']), sources: new Set(['1.0/start']), llmsTxt: true };

interface Seen {
  url: string;
  headers: IncomingMessage['headers'];
}

function standIn(seen: Seen[]) {
  return (req: IncomingMessage, res: ServerResponse) => {
    seen.push({ url: req.url ?? '', headers: { ...req.headers } });
    const path = (req.url ?? '').split('?')[0]!;
    if (path === '/docs/slow') {
      // Answers when the client has sent its whole body.
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => res.end(`slow:${body}`));
      return;
    }
    if (path === '/docs/mcp') {
      // A route that refuses before reading the body it was sent (as /mcp does a bad credential).
      res.writeHead(401, { 'content-type': 'text/plain' });
      res.end('refused\n');
      return;
    }
    if (path.endsWith('.md') && files.sources.has(path.slice('/docs/'.length, -3))) {
      res.setHeader('Content-Type', 'text/markdown; charset=UTF-8');
      res.end('# Start\n');
      return;
    }
    if (path.startsWith('/docs/1.0/gated')) {
      // The on-demand route: Markdown for the reader with the role, else what the page gives.
      if (path.endsWith('.md') && req.headers.cookie === 'role') {
        res.writeHead(200, { 'content-type': 'text/markdown; charset=utf-8', vary: 'cookie', 'cache-control': 'private, no-store' });
        res.end('# Gated\n');
      } else {
        res.writeHead(302, { location: '/docs/login', vary: 'cookie' });
        res.end();
      }
      return;
    }
    res.setHeader('Content-Type', 'text/html; charset=UTF-8');
    res.end(path === '/docs/big/' ? `<p>${'word '.repeat(1000)}</p>` : '<h1>page</h1>');
  };
}

interface Running {
  front: Front;
  url: string;
  seen: Seen[];
  logs: { level: string; message: string; fields: LogFields }[];
}

const running: Running[] = [];

const siteConfig = siteSchema.parse({ title: 'Docs', url: 'https://docs.example' });

async function start(ready = () => true, options: { proxyHops?: number; connections?: ConnectionLimits } = {}): Promise<Running> {
  const seen: Seen[] = [];
  const logs: Running['logs'] = [];
  const log: Logger = (level, message, fields = {}) => logs.push({ level, message, fields });
  const front = createFront({
    handler: standIn(seen),
    base: '/docs/',
    files,
    readiness: [{ name: 'build', check: ready }],
    log,
    readinessTimeoutMs: 200,
    headers: securityHeaders(siteConfig),
    siteUrl: siteConfig.url,
    proxyHops: options.proxyHops ?? 0,
    // The stand-in's /docs/slow reads a body too.
    bodyLimit: (method, path) => (path === '/docs/slow' ? 8192 : bodyLimitFor(method, path, '/docs/', { signIn: 2048, requests: 8192 })),
    ...(options.connections ? { connections: options.connections } : {}),
  });
  await new Promise<void>((resolve) => front.server.listen(0, '127.0.0.1', resolve));
  const { port } = front.server.address() as AddressInfo;
  const entry = { front, url: `http://127.0.0.1:${port}`, seen, logs };
  running.push(entry);
  return entry;
}

afterEach(async () => {
  for (const { front } of running.splice(0)) {
    front.server.closeAllConnections();
    await new Promise((resolve) => front.server.close(resolve));
  }
});

describe('probes', () => {
  it('/healthz and /readyz answer at the origin root and under the base, never reaching the site', async () => {
    const { url, seen } = await start();
    for (const path of ['/healthz', '/docs/healthz', '/readyz', '/docs/readyz?verbose']) {
      const response = await fetch(`${url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    expect(await (await fetch(`${url}/readyz`)).json()).toEqual({ status: 'ready', checks: { build: 'ok' } });
    expect(seen).toEqual([]);
  });

  it('/readyz is 503 naming the failing check while /healthz stays 200', async () => {
    const { url } = await start(() => false);
    const response = await fetch(`${url}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'not ready', checks: { build: 'failing' } });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });
});

describe('request ids and logs', () => {
  it('echoes a well-formed X-Request-Id, passes it on, and logs one JSON-ready line without the query string', async () => {
    const { url, seen, logs } = await start();
    const response = await fetch(`${url}/docs/1.0/start/?token=secret`, { headers: { 'x-request-id': 'edge-123', cookie: 'session=secret' } });
    expect(response.headers.get('x-request-id')).toBe('edge-123');
    expect(seen[0]!.headers['x-request-id']).toBe('edge-123');
    await expect.poll(() => logs.length).toBe(1);
    expect(logs[0]).toMatchObject({ level: 'info', message: 'request', fields: { requestId: 'edge-123', method: 'GET', path: '/docs/1.0/start/', status: 200 } });
    expect(typeof logs[0]!.fields.durationMs).toBe('number');
    expect(JSON.stringify(logs)).not.toContain('secret');
  });

  it('generates an id when the incoming one is malformed', async () => {
    const { url } = await start();
    const response = await fetch(`${url}/docs/`, { headers: { 'x-request-id': 'not ok!' } });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('content negotiation', () => {
  it('a prerendered page with a source: Markdown when preferred, with Vary, Link and Content-Location', async () => {
    const { url, seen } = await start();
    const markdown = await fetch(`${url}/docs/1.0/start/?x=1`, { headers: { accept: 'text/markdown' } });
    expect(seen.at(-1)!.url).toBe('/docs/1.0/start.md?x=1');
    expect(markdown.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(markdown.headers.get('vary')).toBe('Accept-Encoding, Accept');
    expect(markdown.headers.get('content-location')).toBe('/docs/1.0/start.md');
    expect(markdown.headers.get('link')).toBe('</docs/1.0/start.md>; rel="alternate"; type="text/markdown", </docs/llms.txt>; rel="describedby"');
    expect(await markdown.text()).toBe('# Start\n');

    const html = await fetch(`${url}/docs/1.0/start/`, { headers: { accept: 'text/markdown;q=0.9, text/html' } });
    expect(seen.at(-1)!.url).toBe('/docs/1.0/start/');
    expect(html.headers.get('content-type')).toContain('text/html');
    expect(html.headers.get('vary')).toBe('Accept-Encoding, Accept');
    expect(html.headers.get('link')).toContain('</docs/1.0/start.md>; rel="alternate"');
  });

  it('a source names its page as canonical; a page without a source is never rewritten', async () => {
    const { url, seen } = await start();
    const source = await fetch(`${url}/docs/1.0/start.md`);
    expect(source.headers.get('link')).toBe('</docs/1.0/start/>; rel="canonical"; type="text/html", </docs/llms.txt>; rel="describedby"');
    expect(source.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const index = await fetch(`${url}/docs/1.0/all-pages/`, { headers: { accept: 'text/markdown' } });
    expect(seen.at(-1)!.url).toBe('/docs/1.0/all-pages/');
    expect(index.headers.get('vary')).toBe('Accept-Encoding');
    expect(index.headers.get('link')).toBeNull();
  });

  it('an on-demand page: rewritten with the negotiated mark; Vary keeps Cookie; a redirect is passed through untouched', async () => {
    const { url, seen } = await start();
    const allowed = await fetch(`${url}/docs/1.0/gated/`, { headers: { accept: 'text/markdown', cookie: 'role' } });
    expect(seen.at(-1)).toMatchObject({ url: '/docs/1.0/gated.md', headers: { 'x-caravan-docs-negotiated': '1' } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('vary')).toBe('cookie, Accept-Encoding, Accept');
    expect(allowed.headers.get('content-location')).toBe('/docs/1.0/gated.md');
    expect(await allowed.text()).toBe('# Gated\n');

    const refused = await fetch(`${url}/docs/1.0/gated/`, { headers: { accept: 'text/markdown' }, redirect: 'manual' });
    expect(refused.status).toBe(302);
    expect(refused.headers.get('content-location')).toBeNull();
    expect(refused.headers.get('link')).toBeNull();
  });

  it('a client cannot send the negotiated mark itself, and only GET and HEAD are negotiated', async () => {
    const { url, seen } = await start();
    await fetch(`${url}/docs/1.0/gated.md`, { headers: { 'x-caravan-docs-negotiated': '1' }, redirect: 'manual' });
    expect(seen.at(-1)!.headers['x-caravan-docs-negotiated']).toBeUndefined();
    await fetch(`${url}/docs/1.0/start/`, { method: 'POST', headers: { accept: 'text/markdown' } });
    expect(seen.at(-1)!.url).toBe('/docs/1.0/start/');
  });
});

describe('security headers', () => {
  it('every answer, static file, on-demand page, redirect or probe, carries the policy and hardening headers', async () => {
    const { url } = await start();
    for (const [path, init] of [['/docs/1.0/start/', {}], ['/docs/1.0/gated/', { redirect: 'manual' }], ['/healthz', {}], ['/docs/1.0/start.md', {}]] as const) {
      const response = await fetch(`${url}${path}`, init);
      expect(response.headers.get('content-security-policy'), path).toMatch(/^script-src 'self' 'wasm-unsafe-eval' 'sha256-[A-Za-z0-9+/]+=*'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'$/);
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      // Plain http from a client: no HSTS (a browser ignores it there, and a local server must stay reachable).
      expect(response.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('HSTS goes with https: the site\'s own host (its url is https), or a trusted proxy\'s X-Forwarded-Proto', async () => {
    const { url } = await start(() => true, { proxyHops: 1 });
    // fetch() may not set Host: a plain request names the site's host.
    const viaSiteHost = await new Promise<IncomingMessage>((resolve) => httpRequest(`${url}/docs/1.0/start/`, { headers: { host: 'docs.example' } }, resolve).end());
    viaSiteHost.resume();
    expect(viaSiteHost.headers['strict-transport-security']).toBe('max-age=31536000');
    const viaProxy = await fetch(`${url}/docs/1.0/start/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(viaProxy.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });
});

describe('forwarded headers', () => {
  it('without trusted proxies, a client\'s X-Forwarded-Proto and X-Forwarded-Host never reach the site', async () => {
    const { url, seen } = await start();
    const response = await fetch(`${url}/docs/1.0/start/`, { headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' } });
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(seen.at(-1)!.headers['x-forwarded-proto']).toBeUndefined();
    expect(seen.at(-1)!.headers['x-forwarded-host']).toBeUndefined();
  });

  it('behind one trusted proxy, the scheme it appended is passed on alone; a forwarded host never is', async () => {
    const { url, seen } = await start(() => true, { proxyHops: 1 });
    await fetch(`${url}/docs/1.0/start/`, { headers: { 'x-forwarded-proto': 'http, https', 'x-forwarded-host': 'evil.example' } });
    expect(seen.at(-1)!.headers['x-forwarded-proto']).toBe('https');
    expect(seen.at(-1)!.headers['x-forwarded-host']).toBeUndefined();
  });
});

describe('request body limits', () => {
  it('a declared body over the path\'s limit is refused with 413 and the connection closed, before the site sees it', async () => {
    const { url, seen } = await start();
    const signIn = await fetch(`${url}/docs/api/auth/callback/credentials`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'x'.repeat(4000) });
    expect(signIn.status).toBe(413);
    expect(signIn.headers.get('connection')).toBe('close');
    expect(await signIn.text()).toContain('2048 bytes');
    const mcp = await fetch(`${url}/docs/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(9000) });
    expect(mcp.status).toBe(413);
    expect(seen).toEqual([]);
    // Within the limit, the request goes through.
    expect((await fetch(`${url}/docs/slow`, { method: 'POST', body: 'x'.repeat(4000) })).status).toBe(200);
  });
});

/** Writes `text` on a raw socket (no HTTP client to normalise it) and resolves with what came back when the server closed. */
const rawExchange = (url: string, text: string, timeoutMs = 5000) => trickle(url, { head: text, forMs: timeoutMs });

describe('malformed requests (issue 39, item 3)', () => {
  it('a Host that is not one host, or a target that is not a path, is 400 before anything builds a URL from it', async () => {
    const { url, seen } = await start();
    for (const [label, text] of [
      ['userinfo', 'GET /docs/login HTTP/1.1\r\nHost: a@localhost\r\n\r\n'],
      ['userinfo on a post', 'POST /docs/mcp HTTP/1.1\r\nHost: a@localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}'],
      ['a path in the Host', 'GET /docs/ HTTP/1.1\r\nHost: localhost/evil\r\n\r\n'],
      ['two Host headers', 'GET /docs/ HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n'],
      ['an absolute target', 'GET http://evil.example/docs/ HTTP/1.1\r\nHost: localhost\r\n\r\n'],
      ['an asterisk target', 'OPTIONS * HTTP/1.1\r\nHost: localhost\r\n\r\n'],
    ] as const) {
      const answer = await rawExchange(url, text);
      expect(answer.status, label).toBe(400);
      expect(answer.head, label).toMatch(/\r\nConnection: close/i);
      expect(answer.closedByServer, label).toBe(true);
    }
    expect(seen).toEqual([]);
    // A plain host, and HTTP/1.0 without any, still reach the site.
    expect((await rawExchange(url, 'GET /docs/ HTTP/1.1\r\nHost: LocalHost:80\r\nConnection: close\r\n\r\n')).status).toBe(200);
    expect((await rawExchange(url, 'GET /docs/ HTTP/1.0\r\n\r\n')).status).toBe(200);
  });
});


describe('bodies where none is taken, and bodies left unread (issue 39, item 4)', () => {
  it('a route that takes no body refuses one with 413 before reading it, declared or streamed', async () => {
    const { url, seen } = await start();
    const declared = await rawExchange(url, 'GET /docs/login HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n\r\nhello');
    expect(declared.status).toBe(413);
    expect(declared.body).toContain('GET /docs/login takes no request body');
    expect(declared.closedByServer).toBe(true);
    // A chunked post to the sign-in page: answered at once, not read to its end.
    const streamed = await chunkedFlood(url, 'POST /docs/login HTTP/1.1\r\nHost: localhost', 6000);
    expect(streamed.status).toBe(413);
    expect(streamed.closedByServer).toBe(true);
    expect(streamed.ms).toBeLessThan(4000);
    expect(seen).toEqual([]);
    // An empty declared body is no body.
    expect((await rawExchange(url, 'GET /docs/ HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n')).status).toBe(200);
  });

  it('a route that answers before reading the body it takes closes the connection instead of reading the rest', async () => {
    const { url } = await start();
    const flood = await chunkedFlood(url, 'POST /docs/mcp HTTP/1.1\r\nHost: localhost', 6000);
    expect(flood.status).toBe(401);
    // The answer is out at once; what still arrives is discarded for at most the linger time (2 s), then the socket is cut.
    expect(flood.closedByServer).toBe(true);
    expect(flood.ms).toBeLessThan(4000);
  });
});

describe('dot segments (issue 39, item 7)', () => {
  it('GET and HEAD with `.` or `..` segments, encoded or not, are redirected to the normalised path; never served', async () => {
    const { url, seen } = await start();
    for (const [path, location] of [
      ['/docs/1.0/%2e%2e/', '/docs/'],
      ['/docs/1.0/%2E%2e/1.0/start/?x=1', '/docs/1.0/start/?x=1'],
      ['/docs/1.0/./start/', '/docs/1.0/start/'],
      ['/docs/1.0/.%2e/gated/', '/docs/gated/'],
      ['/docs/1.0/start/%2e', '/docs/1.0/start/'],
      ['/docs/1.0/x/..\\gated/', '/docs/1.0/gated/'],
    ] as const) {
      const answer = await rawExchange(url, `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expect(answer.status, path).toBe(301);
      expect(answer.head, path).toContain(`\r\nLocation: ${location}\r\n`);
    }
    // A path that would name another host once normalised, and other methods: not found.
    expect((await rawExchange(url, 'GET //evil.example/x/%2e%2e/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')).status).toBe(404);
    expect((await rawExchange(url, 'POST /docs/1.0/%2e%2e/slow HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\n\r\nab')).status).toBe(404);
    expect(seen).toEqual([]);
    // Dots inside a segment are a name like any other.
    expect((await rawExchange(url, 'GET /docs/1.0/..x/%2e%2ey/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')).status).toBe(200);
  });
});

describe('slow clients and many connections (issue 39, item 5)', () => {
  const quick: ConnectionLimits = { headersTimeoutMs: 400, requestTimeoutMs: 1000, maxPerAddress: 0 };

  it('a body trickled a byte at a time is cut at the request timeout (408), not held for minutes', async () => {
    const { url } = await start(() => true, { connections: quick });
    const slow = await trickle(url, { head: 'POST /docs/slow HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n', trickle: 'x'.repeat(100), everyMs: 100, forMs: 5000 });
    expect(slow.closedByServer).toBe(true);
    expect(slow.ms).toBeGreaterThanOrEqual(900);
    expect(slow.ms).toBeLessThan(2500);
    expect(slow.status).toBe(408);
  });

  it('headers trickled a byte at a time are cut at the headers timeout', async () => {
    const { url, seen } = await start(() => true, { connections: quick });
    const slow = await trickle(url, { head: 'GET /docs/ HTTP/1.1\r\n', trickle: `X-Slow: ${'y'.repeat(100)}\r\n`, everyMs: 50, forMs: 5000 });
    expect(slow.closedByServer).toBe(true);
    expect(slow.ms).toBeLessThan(1500);
    expect(seen).toEqual([]);
  });

  it('one address holds at most maxPerAddress connections: one more is 503 at once; other addresses and freed slots are served', async () => {
    const { url } = await start(() => true, { connections: { headersTimeoutMs: 10_000, requestTimeoutMs: 10_000, maxPerAddress: 3 } });
    const held = await openSockets(url, 3);
    try {
      const refused = await rawExchange(url, 'GET /docs/ HTTP/1.1\r\nHost: localhost\r\n\r\n', 3000);
      expect(refused.status).toBe(503);
      expect(refused.head).toContain('Retry-After: 5');
      expect(refused.closedByServer).toBe(true);
      // Another address (127.0.0.2 reaches 127.0.0.1 over loopback) is not held back.
      const other = await trickle(url, { head: 'GET /docs/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n', trickle: '', everyMs: 1000, forMs: 3000, localAddress: '127.0.0.2' });
      expect(other.status).toBe(200);
      held[0]!.destroy();
      await expect.poll(async () => (await rawExchange(url, 'GET /docs/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n', 3000)).status).toBe(200);
    } finally {
      for (const socket of held) socket.destroy();
    }
  });
});

describe('compression', () => {
  it('text answers are gzip-compressed when the client accepts it, and sent as they are otherwise', async () => {
    const { url } = await start();
    const get = (encoding: string) => new Promise<{ headers: IncomingMessage['headers']; body: Buffer }>((resolve) =>
      httpRequest(`${url}/docs/big/`, { headers: { 'accept-encoding': encoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      }).end(),
    );
    const compressed = await get('gzip');
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers.vary).toContain('Accept-Encoding');
    expect(gunzipSync(compressed.body).toString()).toBe(`<p>${'word '.repeat(1000)}</p>`);
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(`<p>${'word '.repeat(1000)}</p>`);
  });
});

/** A POST to the slow route whose body is sent in two parts; resolves with the status and body. */
function slowPost(url: string): { sendRest: () => void; done: Promise<{ status: number; body: string }> } {
  const request = httpRequest(`${url}/docs/slow`, { method: 'POST', headers: { 'content-length': '8' } });
  const done = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
  request.write('part');
  return { sendRest: () => request.end('-two'), done };
}

describe('graceful shutdown', () => {
  it('stops accepting, lets the in-flight request finish, then exits 0', async () => {
    const { front, url, logs } = await start();
    const slow = slowPost(url);
    await expect.poll(() => front.inFlight()).toBe(1);
    let code: number | undefined;
    const stopped = createShutdown({ ...front, timeoutMs: 5000, log: (level, message, fields = {}) => logs.push({ level, message, fields }), exit: (exitCode) => (code = exitCode) })('SIGTERM');
    await expect.poll(() => logs.some(({ message }) => message.startsWith('shutdown: no longer accepting'))).toBe(true);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    expect(code).toBeUndefined();
    slow.sendRest();
    expect(await slow.done).toEqual({ status: 200, body: 'slow:part-two' });
    await stopped;
    expect(code).toBe(0);
    expect(logs.map(({ message }) => message)).toEqual(expect.arrayContaining(['shutdown: every in-flight request finished', 'shutdown: exiting']));
  });

  it('past the bound, closes what is left and exits 1; a repeat at once is ignored, a later second signal exits at once', async () => {
    const { front, url, logs } = await start();
    const slow = slowPost(url);
    await expect.poll(() => front.inFlight()).toBe(1);
    const codes: number[] = [];
    const stop = createShutdown({ ...front, timeoutMs: 300, repeatWindowMs: 100, log: (level, message, fields = {}) => logs.push({ level, message, fields }), exit: (code) => codes.push(code) });
    const first = stop('SIGTERM');
    // The same signal relayed by npm a moment later is not a second request.
    await stop('SIGTERM');
    expect(codes).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 150));
    await stop('SIGINT');
    expect(codes).toEqual([130]);
    await first;
    expect(codes).toEqual([130, 1]);
    await expect(slow.done).rejects.toThrow();
    expect(logs.map(({ message }) => message)).toContain('shutdown: requests still in flight after the bound; closing their connections');
  });
});
