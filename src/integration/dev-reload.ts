import { isAbsolute, join } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { loadSite } from '../config/load.ts';
import { DocsInputError } from '../config/errors.ts';
import { buildableModel } from './build-model.ts';
import { MODEL_MODULE, type VirtualModuleData } from './virtual-modules.ts';

/**
 * Dev only. Config and nav files restart the server (see the integration's watch list); page
 * files do not, so when one changes the model is resolved again: a changed title or description
 * reloads the browser, and a mistake (a removed title, broken front matter) shows in the error
 * overlay with its file, line and fix.
 */
export function devReloadPlugin(docsRoot: string, data: VirtualModuleData): Plugin {
  const contentDir = join(docsRoot, 'content');
  return {
    name: 'caravan-docs:dev-reload',
    apply: 'serve',
    configureServer(server) {
      const onChange = (file: string) => {
        if (!file.startsWith(contentDir) || !/\.mdx?$/.test(file)) return;
        try {
          const loaded = loadSite(docsRoot).model;
          const model = buildableModel(loaded, loaded.config.auth.enabled);
          if (JSON.stringify(model) === JSON.stringify(data.model)) return;
          data.model = model;
          invalidate(server, `\0${MODEL_MODULE}`);
          server.ws.send({ type: 'full-reload' });
        } catch (error) {
          if (!(error instanceof DocsInputError)) throw error;
          const path = isAbsolute(error.file) ? error.file : join(docsRoot, error.file);
          server.config.logger.error(`[caravan-docs] ${error.format()}`);
          server.ws.send({
            type: 'error',
            err: { message: `${error.message}\nFix: ${error.hint}`, stack: '', plugin: 'caravan-docs', id: path, loc: { file: path, line: error.line ?? 1, column: 1 } },
          });
        }
      };
      for (const event of ['add', 'change', 'unlink'] as const) server.watcher.on(event, onChange);
    },
  };
}

function invalidate(server: ViteDevServer, id: string): void {
  for (const environment of Object.values(server.environments)) {
    const module = environment.moduleGraph.getModuleById(id);
    if (module) environment.moduleGraph.invalidateModule(module);
  }
}
