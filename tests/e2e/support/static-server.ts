import { createReadStream, existsSync, statSync } from 'node:fs';
import { createGzip } from 'node:zlib';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.md', '.txt', '.xml', '.svg']);

/**
 * Serves a built site the way a static host does: `{base}` mapped to the output folder,
 * `/x/` to `/x/index.html`, unknown paths to 404.html with status 404, gzip for text,
 * long-lived caching for hashed assets. Loopback only.
 */
export function serveStatic(dir: string, base = '/'): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const send = (file: string, status = 200) => {
      const gzip = COMPRESSIBLE.has(extname(file)) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      response.writeHead(status, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': path.includes('/_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
      });
      const stream = createReadStream(file);
      (gzip ? stream.pipe(createGzip()) : stream).pipe(response);
    };
    const notFound = () => (existsSync(join(dir, '404.html')) ? send(join(dir, '404.html'), 404) : (response.writeHead(404), response.end('Not found')));
    if (!path.startsWith(base)) return notFound();
    const relative = normalize(path.slice(base.length));
    if (relative.startsWith('..')) return notFound();
    let file = join(dir, relative);
    if (existsSync(file) && statSync(file).isDirectory()) {
      if (!path.endsWith('/')) {
        response.writeHead(301, { location: `${path}/` });
        return response.end();
      }
      file = join(file, 'index.html');
    }
    return existsSync(file) && statSync(file).isFile() ? send(file) : notFound();
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, url: `http://127.0.0.1:${port}${base}` });
    });
  });
}
