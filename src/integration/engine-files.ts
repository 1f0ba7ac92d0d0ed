/**
 * The files every site serves at its root that come from the engine, not from the site's
 * `public/`: the sandbox's service workers (MSW's own, taken from the installed `msw` so it always
 * matches the library, and ours around it), the console's OAuth redirect page, and a default
 * favicon. A site's `public/favicon.svg` replaces the favicon; the others are the engine's, and a
 * site file at their path is replaced (with a warning), since the sandbox and sign-in depend on them.
 */
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const STATIC_DIR = fileURLToPath(new URL('../static/', import.meta.url));

interface EngineFile {
  /** Path under the site's base. */
  name: string;
  /** Absolute path of the file the engine serves. */
  source: string;
  /** A file of the site's `public/` at this path is served instead. */
  siteMayReplace: boolean;
  type: string;
}

function engineFiles(): EngineFile[] {
  const own = (name: string, type: string, siteMayReplace = false): EngineFile => ({ name, source: join(STATIC_DIR, name), siteMayReplace, type });
  return [
    { name: 'mockServiceWorker.js', source: createRequire(import.meta.url).resolve('msw/mockServiceWorker.js'), siteMayReplace: false, type: 'text/javascript' },
    own('sandbox-worker.js', 'text/javascript'),
    own('oauth-callback.html', 'text/html'),
    own('oauth-callback.js', 'text/javascript'),
    own('favicon.svg', 'image/svg+xml', true),
  ];
}

/** Copies the engine's files into a build's public output; returns a warning per site file it replaced. */
export function writeEngineFiles(outDir: string, publicDir: string): string[] {
  const warnings: string[] = [];
  for (const file of engineFiles()) {
    const own = existsSync(join(publicDir, file.name));
    if (own && file.siteMayReplace) continue;
    if (own) warnings.push(`public/${file.name} is replaced by the engine's file of that name (the sandbox and the console need it); rename yours.`);
    copyFileSync(file.source, join(outDir, file.name));
  }
  return warnings;
}

/** Dev only: answers the engine's files under the base, where a build writes them (the site's replaceable ones win). */
export function engineFilesPlugin(base: string, publicDir: string): Plugin {
  const byPath = new Map(engineFiles().filter((file) => !(file.siteMayReplace && existsSync(join(publicDir, file.name)))).map((file) => [`${base}${file.name}`, file]));
  return {
    name: 'caravan-docs:engine-files',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const file = byPath.get((request.url ?? '').split('?')[0]!);
        if (!file || (request.method !== 'GET' && request.method !== 'HEAD')) return next();
        response.setHeader('Content-Type', `${file.type}; charset=utf-8`);
        response.end(request.method === 'HEAD' ? undefined : readFileSync(file.source));
      });
    },
  };
}
