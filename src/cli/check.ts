/**
 * `caravan-docs check`: the site's input checked without building it, in a second or two: every
 * config file, nav.yml, page front matter, the OpenAPI and AsyncAPI descriptions (what a build
 * refuses, and what it warns about). With `--built`, the link check and the leak guard also run over an
 * existing build (`--outDir`, default dist/), as the build itself runs them: a quick way to check
 * an output a later step changed. Links and leaks need the rendered pages, so without a build
 * they are not checked here; `caravan-docs build` always runs both.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { leftOutWarnings, loadEventApis, publishedEventApis, type LoadedEventApi } from '../asyncapi/load.ts';
import { DocsInputError } from '../config/errors.ts';
import { loadSite, type LoadedSite } from '../config/load.ts';
import { leakGuardSummary } from '../discovery/leak-guard.ts';
import { checkDescriptions } from '../integration/check-descriptions.ts';
import { guardBuildOutput, LeakGuardError } from '../integration/discovery-guard.ts';
import { terminalMessage } from '../integration/input-errors.ts';
import { checkBuiltLinks } from '../integration/link-check.ts';
import { flattenPages } from '../model/tree.ts';
import { commandArgs, siteFolder } from './args.ts';
import { CommandError } from './command-error.ts';

export async function checkCommand(args: string[]): Promise<void> {
  const { values } = commandArgs(args, { root: { type: 'string' }, built: { type: 'boolean' }, outDir: { type: 'string' } });
  const docsRoot = siteFolder(values.root);
  let site: LoadedSite;
  let events: LoadedEventApi[];
  try {
    site = loadSite(docsRoot);
    events = await loadEventApis(docsRoot, site.model);
  } catch (error) {
    if (!(error instanceof DocsInputError)) throw error;
    console.error(terminalMessage(error, docsRoot));
    process.exit(1);
  }
  const { model } = site;
  const published = publishedEventApis(events, model.config);
  const warnings = [...site.warnings, ...checkDescriptions(model, docsRoot), ...leftOutWarnings(events, published, model.config)];
  for (const warning of warnings) console.warn(`warning: ${warning.file} ${warning.message}`);
  const pages = model.versions.reduce((sum, version) => sum + flattenPages(version.nav).length, 0);
  console.log(`Input: ${model.versions.length} version${model.versions.length === 1 ? '' : 's'}, ${pages} page${pages === 1 ? '' : 's'}; no mistakes${warnings.length > 0 ? ` (${warnings.length} warning${warnings.length === 1 ? '' : 's'})` : ''}.`);
  if (!values.built) return;

  const outDir = resolve(values.root ?? process.cwd(), values.outDir ?? 'dist');
  // A sign-in build keeps its public files in client/; the server bundle may hold gated pages.
  const publicDir = existsSync(join(outDir, 'server', 'entry.mjs')) ? join(outDir, 'client') : outDir;
  if (!existsSync(join(publicDir, 'index.html'))) throw new CommandError(`${outDir} holds no build of this site. Run \`caravan-docs build\` first, or name the output with --outDir.`, 1);
  try {
    const guarded = await guardBuildOutput(publicDir, model, docsRoot, undefined, published);
    for (const warning of guarded.warnings) console.warn(`warning: ${warning}`);
    console.log(`Discovery leak guard: ${leakGuardSummary(guarded)}.`);
  } catch (error) {
    if (!(error instanceof LeakGuardError)) throw error;
    console.error(`${error.message}\n  Fix: ${error.hint}`);
    process.exit(1);
  }
  const logger = { info: (text: string) => console.log(text), warn: (text: string) => console.warn(`warning: ${text}`), error: (text: string) => console.error(text) };
  if (checkBuiltLinks(publicDir, model, docsRoot, logger) > 0) process.exit(1);
}
