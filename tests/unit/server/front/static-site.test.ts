import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticSiteHandler } from '../../../../src/server/front/static-site.ts';

// A static build as `astro build` writes one, served under /docs/.
const root = mkdtempSync(join(tmpdir(), 'static-site-'));
mkdirSync(join(root, '1.0/guide'), { recursive: true });
mkdirSync(join(root, '_astro'), { recursive: true });
mkdirSync(join(root, '.caravan-docs'), { recursive: true });
writeFileSync(join(root, 'index.html'), '<h1>home</h1>');
writeFileSync(join(root, '404.html'), '<h1>not found</h1>');
writeFileSync(join(root, '1.0/guide/index.html'), '<h1>guide</h1>');
writeFileSync(join(root, '1.0/guide.md'), '# Guide\n');
writeFileSync(join(root, '_astro/site.abc123.js'), 'console.log(1)');
writeFileSync(join(root, '.caravan-docs/private.json'), '{}');

let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer(staticSiteHandler(root, '/docs/'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A request sent as written (fetch() would normalise `%2e%2e` and drop conditional headers). */
function raw(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: IncomingMessage['headers'] }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    httpRequest({ hostname, port, path, headers }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
    })
      .on('error', reject)
      .end();
  });
}

describe('a static build served by the front', () => {
  it('maps the base to the folder, folders to their index.html, and sends Markdown sources as Markdown', async () => {
    expect(await (await fetch(`${url}/docs/`)).text()).toBe('<h1>home</h1>');
    const guide = await fetch(`${url}/docs/1.0/guide/`);
    expect(guide.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await guide.text()).toBe('<h1>guide</h1>');
    expect((await fetch(`${url}/docs/1.0/guide.md`)).headers.get('content-type')).toMatch(/^text\/markdown/);
  });

  it('redirects a folder without its slash, and the base without its slash', async () => {
    const folder = await fetch(`${url}/docs/1.0/guide`, { redirect: 'manual' });
    expect(folder.status).toBe(301);
    expect(folder.headers.get('location')).toBe('/docs/1.0/guide/');
    expect((await fetch(`${url}/docs`, { redirect: 'manual' })).headers.get('location')).toBe('/docs/');
  });

  it('answers unknown paths, paths outside the base, dotfiles and encoded separators with the 404 page', async () => {
    for (const path of ['/docs/nope/', '/elsewhere/', '/docs/.caravan-docs/private.json', '/docs/1.0%2Fguide/', '/docs/1.0/%2e%2e/index.html', '/docs/%E0%A4%A/']) {
      const response = await raw(path);
      expect(response.status, path).toBe(404);
      expect(response.body, path).toBe('<h1>not found</h1>');
    }
  });

  it('decodes a path once: a doubly encoded name is not the file', async () => {
    expect((await fetch(`${url}/docs/1.0/%67uide/`)).status).toBe(200);
    expect((await fetch(`${url}/docs/1.0/%2567uide/`)).status).toBe(404);
  });

  it('caches hashed assets for a year, answers conditional requests, and refuses other methods', async () => {
    const asset = await fetch(`${url}/docs/_astro/site.abc123.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = asset.headers.get('etag')!;
    expect((await raw('/docs/_astro/site.abc123.js', { 'if-none-match': etag })).status).toBe(304);
    const post = await fetch(`${url}/docs/`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});
