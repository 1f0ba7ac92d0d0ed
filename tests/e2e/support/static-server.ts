import type { Server } from 'node:http';
import { loadSite } from '../../../src/config/load.ts';
import { siteSchema } from '../../../src/config/schemas/site.ts';
import { securityHeaders } from '../../../src/server/front/security-headers.ts';
import { createFront } from '../../../src/server/front/server.ts';
import { readStaticFiles } from '../../../src/server/front/static-files.ts';
import { staticSiteHandler } from '../../../src/server/front/static-site.ts';

/**
 * Serves a static build the way `npm run serve` does: the front server (negotiation, security
 * headers, compression) around the static site's handler, in this process, on 127.0.0.1. The
 * site's config (security headers) is read from `docsRoot` when given, else the defaults apply.
 */
export function serveStatic(dir: string, base = '/', docsRoot?: string): Promise<{ server: Server; url: string }> {
  const config = docsRoot ? loadSite(docsRoot, {}).model.config : siteSchema.parse({ title: 'Site', url: 'https://docs.example', base });
  const front = createFront({
    handler: staticSiteHandler(dir, base),
    base,
    files: readStaticFiles(dir),
    readiness: [],
    log: () => undefined,
    headers: securityHeaders(config),
    siteUrl: config.url,
    proxyHops: 0,
    // A static build has no route that reads a body.
    bodyLimit: () => 0,
  });
  const { server } = front;
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, url: `http://127.0.0.1:${port}${base}` });
    });
  });
}
