import { createReadStream, existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import send from 'send';
import { decodeSegments } from '../../model/urls.ts';
import type { NodeHandler } from './server.ts';

/**
 * The handler of a static build (sign-in off), as a static host serves it: `{base}` mapped to the
 * output folder, `/x/` to `/x/index.html`, `/x` redirected to `/x/` when `x` is a folder, unknown
 * paths to the site's 404 page with status 404, conditional and range requests, and hashed assets
 * cached for a year. The front server around it adds everything else (negotiation, headers, logs).
 * The same front serves server builds, whose adapter does this for their static files.
 */
export function staticSiteHandler(root: string, base: string): NodeHandler {
  const notFoundPage = join(root, '404.html');
  const notFound = (req: IncomingMessage, res: ServerResponse) => {
    res.statusCode = 404;
    res.setHeader('Cache-Control', 'no-cache');
    if (!existsSync(notFoundPage)) {
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end('Not found\n');
      return;
    }
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    if (req.method === 'HEAD') res.end();
    else createReadStream(notFoundPage).on('error', () => res.destroy()).pipe(res);
  };

  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('A static site answers GET and HEAD only.\n');
      return;
    }
    const pathname = (req.url ?? '/').split('?', 1)[0]!;
    if (pathname === base.slice(0, -1) && base !== '/') {
      res.writeHead(301, { Location: base });
      res.end();
      return;
    }
    if (!pathname.startsWith(base)) return notFound(req, res);
    const relative = pathname.slice(base.length);
    // Each segment decoded once; an encoded separator, a dot segment or bad encoding finds no file.
    if (decodeSegments(relative.split('/')) === undefined) return notFound(req, res);
    const immutable = relative.startsWith('_astro/');
    send(req, `/${relative}`, { root, index: ['index.html'], dotfiles: 'ignore', immutable, maxAge: immutable ? '1y' : 0 })
      .on('error', (error: { status?: number }) => {
        if (error.status === 404 || error.status === 403) notFound(req, res);
        else {
          res.statusCode = error.status ?? 500;
          res.end();
        }
      })
      .on('directory', () => {
        // `x` is a folder: its page is `x/`, as the build links it.
        res.writeHead(301, { Location: `${pathname}/` });
        res.end();
      })
      .pipe(res);
  };
}
