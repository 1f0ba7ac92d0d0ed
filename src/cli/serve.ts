// `caravan-docs serve` (this repository's `npm run serve`, and `npm start` after building): serves
// what the build wrote to dist/ (or to `--outDir <dir>`, as the build takes it) through the front
// server (src/server/front/). A site with sign-in has a Node server (dist/server/entry.mjs), which
// refuses to start without its secrets; a static site's files are served by the front itself.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadSite } from '../config/load.ts';
import { serverSecretsFrom } from '../config/env.ts';
import { DocsInputError } from '../config/errors.ts';
import { createLogger } from '../server/front/log.ts';
import type { SiteConfig } from '../config/schemas/site.ts';
import { bodyLimitFor } from '../server/bounded-body.ts';
import { securityHeaders } from '../server/front/security-headers.ts';
import { createFront, type NodeHandler } from '../server/front/server.ts';
import { staticSiteHandler } from '../server/front/static-site.ts';
import { frontSettingsFrom, type FrontSettings } from '../server/front/settings.ts';
import { handleSignals } from '../server/front/shutdown.ts';
import { readStaticFiles } from '../server/front/static-files.ts';
import { closeStore, storeReady } from '../server/store/index.ts';
import { checkPrivateModulesStayPrivate } from '../server/private-sandbox.ts';
import { commandArgs, siteFolder } from './args.ts';

export async function serveCommand(argv: string[]): Promise<void> {
  const { values: args } = commandArgs(argv, { root: { type: 'string' }, outDir: { type: 'string' } });
  // The site whose config the server reads (security headers, limits, sign-in's checks).
  const docsRoot = siteFolder(args.root);
  const outDir = resolve(args.root ?? process.cwd(), args.outDir ?? 'dist');
  const entry = join(outDir, 'server/entry.mjs');

  const settings = checked('Cannot start the server.', () => frontSettingsFrom(process.env));
  const serverBuild = existsSync(entry);
  const { config } = checked(serverBuild ? 'Cannot start the sign-in server.' : 'Cannot start the server.', () => {
    const site = loadSite(docsRoot).model;
    if (serverBuild) serverSecretsFrom(process.env, site.config);
    if (serverBuild) checkPrivateModulesStayPrivate(outDir);
    return site;
  });
  await serve(config, settings, { outDir, entry, serverBuild });
}

/** A problem the operator fixes (a variable, a config file): printed with the fix, exit code 1, no stack trace. */
function checked<T>(heading: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof DocsInputError)) throw error;
    console.error(`${heading}\n${error.format()}`);
    process.exit(1);
  }
}

/**
 * One serving path for every build: the front server, around the adapter's handler for a server
 * build (its static files in `client/`) or the static site's handler for a static build.
 */
async function serve(config: SiteConfig, { host, port, shutdownTimeoutMs, proxyHops, connections }: FrontSettings, { outDir, entry, serverBuild }: { outDir: string; entry: string; serverBuild: boolean }): Promise<void> {
  const log = createLogger();
  const { base } = config;
  const staticDir = serverBuild ? join(outDir, 'client') : outDir;
  let handler: NodeHandler;
  if (serverBuild) {
    // The adapter's standalone entry exports its handler and listens only when told to.
    process.env.ASTRO_NODE_AUTOSTART = 'disabled';
    ({ handler } = (await import(pathToFileURL(entry).href)) as { handler: NodeHandler });
  } else {
    handler = staticSiteHandler(staticDir, base);
  }
  const front = createFront({
    handler,
    base,
    files: readStaticFiles(staticDir),
    readiness: [
      { name: 'build', check: () => typeof handler === 'function' && existsSync(join(staticDir, 'index.html')) },
      // The same store the server bundle uses (one per process): Redis reachable within its timeout.
      ...(serverBuild ? [{ name: 'store', check: storeReady }] : []),
    ],
    log,
    headers: securityHeaders(config),
    siteUrl: config.url,
    proxyHops,
    // A static build has no route that reads a body.
    bodyLimit: serverBuild ? (method, path) => bodyLimitFor(method, path, base, config.security.bodyLimits) : () => 0,
    connections,
  });
  front.server.on('error', (error: NodeJS.ErrnoException) => {
    log('error', 'cannot listen', { host, port, error: error.code ?? error.message });
    process.exit(1);
  });
  front.server.listen(port, host, () => {
    const address = front.server.address();
    const actual = typeof address === 'object' && address ? address.port : port;
    log('info', 'listening', { url: `http://${host.includes(':') ? `[${host}]` : host}:${actual}${base}`, build: serverBuild ? 'server' : 'static', shutdownTimeoutMs, ...connections });
  });
  const closers = serverBuild ? [{ name: 'store', close: closeStore }] : [];
  handleSignals({ ...front, timeoutMs: shutdownTimeoutMs, closers, log, exit: (code) => process.exit(code) });
}
