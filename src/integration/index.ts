import type { AstroIntegration } from 'astro';
import { AstroError } from 'astro/errors';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSite } from '../config/load.ts';
import { DocsInputError } from '../config/errors.ts';
import { buildableModel, contentSelection } from './build-model.ts';
import { guardBuildOutput } from './discovery-guard.ts';
import type { SiteModel } from '../model/types.ts';
import { baseLinkPlugins } from './base-links.ts';
import { devReloadPlugin } from './dev-reload.ts';
import { virtualModulesPlugin } from './virtual-modules.ts';
import { startSearchIndex, type SearchIndexer } from './search-index.ts';

export interface CaravanDocsOptions {
  /** Folder holding config/ and content/. */
  docsRoot: string;
}

/** The generator: loads the site model once, hands it to routes, and indexes the built pages. */
export function caravanDocs({ docsRoot }: CaravanDocsOptions): AstroIntegration {
  let search: SearchIndexer | undefined;
  /** The full model, gated pages included: what the leak guard checks the output against. */
  let fullModel: SiteModel | undefined;
  return {
    name: 'caravan-docs',
    hooks: {
      'astro:config:setup': ({ config, updateConfig, addWatchFile, addMiddleware, logger }) => {
        const resolved = withFriendlyErrors(docsRoot, () => loadSite(docsRoot));
        for (const warning of resolved.warnings) logger.warn(`${warning.file} ${warning.message}`);
        fullModel = resolved.model;
        const model = buildableModel(resolved.model);
        const content = contentSelection(resolved.model, model, resolved.orphans, join(docsRoot, 'content'));
        const moduleData = { model, content, docsRoot };

        for (const file of ['config/site.yml', 'config/versions.yml', ...model.versions.map((v) => `content/${v.version.id}/nav.yml`)]) {
          addWatchFile(join(docsRoot, file));
        }
        // The Markdown processor's plugin list is meant to be extended by integrations (MDX shares it).
        const processor = config.markdown.processor as { options?: { hastPlugins?: unknown[] } } | undefined;
        processor?.options?.hastPlugins?.push(...baseLinkPlugins(model.config.base));
        addMiddleware({ entrypoint: new URL('./search-middleware.ts', import.meta.url), order: 'post' });
        updateConfig({
          site: model.config.url,
          base: model.config.base,
          vite: { plugins: [virtualModulesPlugin(moduleData), devReloadPlugin(docsRoot, moduleData)] },
        });
      },
      'astro:build:start': async () => {
        search = await startSearchIndex();
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (search) {
          const pages = await search.finish(fileURLToPath(dir));
          search = undefined;
          logger.info(`Search index: ${pages} pages.`);
        }
        // After every output is written (search index included): fail the build on any leak.
        if (fullModel) {
          for (const warning of guardBuildOutput(fileURLToPath(dir), fullModel, docsRoot)) logger.warn(warning);
          logger.info('Discovery leak guard: every discovery URL resolves; no gated page is named in the output.');
        }
      },
    },
  };
}

/** Docs writers get the file, line, field and fix; never a stack trace into the generator. */
function withFriendlyErrors<T>(docsRoot: string, load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (!(error instanceof DocsInputError)) throw error;
    const friendly = new AstroError(error.message, error.hint);
    // Astro prints `loc` as the error's location and omits the stack trace when there is none.
    const file = isAbsolute(error.file) || error.file.startsWith('environment') ? error.file : join(docsRoot, error.file);
    Object.assign(friendly, { loc: { file, line: error.line ?? 1, column: 1 }, stack: '' });
    throw friendly;
  }
}
