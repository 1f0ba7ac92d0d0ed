/**
 * Node only: the build's virtual modules (`virtual:caravan-docs/*`) for a process that runs the
 * site's modules without Vite (the stdio MCP server, the benchmark), made from a docs root the
 * way a static build makes them: the anonymous view of the model (public pages only), no bundled
 * sources (pages are read from the docs root), no readers.
 */
import { registerHooks } from 'node:module';
import { loadEventApis, publishedEventApis } from '../asyncapi/load.ts';
import { loadSite } from '../config/load.ts';
import { anonymousView } from '../integration/build-model.ts';
import { fileDates } from '../integration/page-dates-fs.ts';
import { datedModel } from '../model/page-dates.ts';
import type { SiteModel } from '../model/types.ts';

const PREFIX = 'virtual:caravan-docs/';
const SCHEME = 'caravan-docs-virtual:';

/** Loads the site under `docsRoot` and serves its virtual modules to every later import; returns the model served. */
export async function registerSiteModules(docsRoot: string): Promise<SiteModel> {
  const loaded = loadSite(docsRoot).model;
  const model = anonymousView(datedModel(loaded, fileDates(docsRoot)));
  const events = publishedEventApis(await loadEventApis(docsRoot, loaded), loaded.config);
  const modules: Record<string, string> = {
    model: `export const model = ${JSON.stringify(model)};`,
    'docs-root': `export const docsRoot = ${JSON.stringify(docsRoot)};`,
    sources: 'export const sources = {};',
    users: 'export const users = [];',
    'event-apis': `export const eventApis = ${JSON.stringify(events)};`,
  };
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier.startsWith(PREFIX) && specifier.slice(PREFIX.length) in modules) return { url: `${SCHEME}${specifier.slice(PREFIX.length)}`, shortCircuit: true };
      return nextResolve(specifier, context);
    },
    load(url, context, nextLoad) {
      if (url.startsWith(SCHEME)) return { format: 'module', source: modules[url.slice(SCHEME.length)]!, shortCircuit: true };
      return nextLoad(url, context);
    },
  });
  return model;
}
