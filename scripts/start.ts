// `npm run serve` (and `npm start` after building): serves what `astro build` wrote to dist/.
// A site with sign-in has a Node server (dist/server/entry.mjs); it refuses to start without its
// secrets. A static site is served by `astro preview`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadSite } from '../src/config/load.ts';
import { serverSecretsFrom } from '../src/config/env.ts';
import { DocsInputError } from '../src/config/errors.ts';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const docsRoot = resolve(process.env.DOCS_ROOT || projectRoot);
const entry = join(projectRoot, 'dist/server/entry.mjs');

if (existsSync(entry)) {
  try {
    serverSecretsFrom(process.env, loadSite(docsRoot).model.config);
  } catch (error) {
    if (!(error instanceof DocsInputError)) throw error;
    console.error(`Cannot start the sign-in server.\n${error.format()}`);
    process.exit(1);
  }
  process.env.HOST ??= '127.0.0.1';
  process.env.PORT ??= '4321';
  await import(pathToFileURL(entry).href);
} else {
  const preview = spawn('npx', ['astro', 'preview', '--host', process.env.HOST ?? '127.0.0.1'], { cwd: projectRoot, stdio: 'inherit' });
  preview.on('exit', (code) => process.exit(code ?? 0));
}
