// `npm run serve` (and `npm start` after building): serves what `astro build` wrote to dist/
// (or to `--outDir <dir>`, as `astro build --outDir` and `astro preview --outDir` take it).
// A site with sign-in has a Node server (dist/server/entry.mjs): it refuses to start without its
// secrets and runs behind the front server (src/server/front/). A static site is served by
// `astro preview`, which stops with this process.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadSite } from '../src/config/load.ts';
import { serverSecretsFrom } from '../src/config/env.ts';
import { DocsInputError } from '../src/config/errors.ts';
import { createLogger } from '../src/server/front/log.ts';
import { createFront, type NodeHandler } from '../src/server/front/server.ts';
import { frontSettingsFrom, type FrontSettings } from '../src/server/front/settings.ts';
import { handleSignals } from '../src/server/front/shutdown.ts';
import { readStaticFiles } from '../src/server/front/static-files.ts';
import { closeStore, storeReady } from '../src/server/store/index.ts';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const docsRoot = resolve(process.env.DOCS_ROOT || projectRoot);
const { values: args } = parseArgs({ options: { outDir: { type: 'string' } } });
const outDir = resolve(projectRoot, args.outDir ?? 'dist');
const entry = join(outDir, 'server/entry.mjs');

const settings = checked('Cannot start the server.', () => frontSettingsFrom(process.env));
if (existsSync(entry)) {
  const { config } = checked('Cannot start the sign-in server.', () => {
    const site = loadSite(docsRoot).model;
    serverSecretsFrom(process.env, site.config);
    return site;
  });
  await serveBuild(config.base, settings);
} else {
  servePreview(settings);
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

async function serveBuild(base: string, { host, port, shutdownTimeoutMs }: FrontSettings): Promise<void> {
  const log = createLogger();
  const clientDir = join(outDir, 'client');
  // The adapter's standalone entry exports its handler and listens only when told to.
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: NodeHandler };
  const front = createFront({
    handler,
    base,
    files: readStaticFiles(clientDir),
    readiness: [
      { name: 'build', check: () => typeof handler === 'function' && existsSync(join(clientDir, 'index.html')) },
      // The same store the server bundle uses (one per process): Redis reachable within its timeout.
      { name: 'store', check: storeReady },
    ],
    log,
  });
  front.server.on('error', (error: NodeJS.ErrnoException) => {
    log('error', 'cannot listen', { host, port, error: error.code ?? error.message });
    process.exit(1);
  });
  front.server.listen(port, host, () => {
    const address = front.server.address();
    const actual = typeof address === 'object' && address ? address.port : port;
    log('info', 'listening', { url: `http://${host.includes(':') ? `[${host}]` : host}:${actual}${base}`, shutdownTimeoutMs });
  });
  handleSignals({ ...front, timeoutMs: shutdownTimeoutMs, closers: [{ name: 'store', close: closeStore }], log, exit: (code) => process.exit(code) });
}

/** `astro preview` on HOST and PORT; SIGTERM and SIGINT reach it, and this process exits when it does, so the port is freed. */
function servePreview({ host, port }: FrontSettings): void {
  const astro = join(projectRoot, 'node_modules/astro/bin/astro.mjs');
  const preview = spawn(process.execPath, [astro, 'preview', '--host', host, '--port', String(port), '--outDir', outDir], { cwd: projectRoot, stdio: 'inherit' });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => preview.kill(signal));
  preview.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : signal ? 143 : 0)));
}
