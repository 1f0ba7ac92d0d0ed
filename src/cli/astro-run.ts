/**
 * `caravan-docs dev` and `caravan-docs build`: Astro, run on the site's folder with the engine's
 * integration, so a site needs no Astro configuration. A site's own `astro.config.*` (to add
 * other integrations) is loaded too; if it lists `caravanDocs()` itself, that instance is used.
 */
import { build, dev } from 'astro';
import { resolve } from 'node:path';
import { caravanDocs } from '../integration/index.ts';
import { commandArgs, siteFolder } from './args.ts';
import { CommandError } from './command-error.ts';

const ROOT_OPTION = { root: { type: 'string' } } as const;

/** Astro's root is the site's folder (its public/, dist/ and node_modules/.astro/ cache); the docs root is that folder, or DOCS_ROOT. */
function astroSettings(root: string | undefined) {
  const astroRoot = resolve(root ?? process.cwd());
  const docsRoot = siteFolder(root);
  return { root: astroRoot, integrations: [caravanDocs({ docsRoot })] };
}

export async function buildCommand(args: string[]): Promise<void> {
  const { values } = commandArgs(args, { ...ROOT_OPTION, outDir: { type: 'string' }, force: { type: 'boolean' } });
  process.env.ASTRO_TELEMETRY_DISABLED ??= '1';
  await build({ ...astroSettings(values.root), ...(values.outDir ? { outDir: resolve(values.outDir) } : {}), ...(values.force ? { force: true } : {}) });
}

export async function devCommand(args: string[]): Promise<void> {
  const { values } = commandArgs(args, { ...ROOT_OPTION, host: { type: 'string' }, port: { type: 'string' } });
  process.env.ASTRO_TELEMETRY_DISABLED ??= '1';
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && !(/^\d+$/.test(values.port!) && port <= 65535)) throw new CommandError(`--port must be an integer from 0 to 65535, not "${values.port}".`);
  const server = await dev({ ...astroSettings(values.root), server: { ...(values.host ? { host: values.host } : {}), ...(port === undefined ? {} : { port }) } });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void server.stop().finally(() => process.exit(0));
    });
  }
}
