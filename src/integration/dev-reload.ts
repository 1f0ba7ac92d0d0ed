import { join } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { loadSite } from '../config/load.ts';
import { DocsInputError } from '../config/errors.ts';
import { buildableModel } from './build-model.ts';
import { overlayError, terminalMessage } from './input-errors.ts';
import { devSession } from './site-input.ts';
import { MODEL_MODULE, type VirtualModuleData } from './virtual-modules.ts';

/**
 * Dev only. Config and nav files restart the server (see the integration's watch list), and a
 * mistake in them is kept in the dev session; page files do not restart it, so when one changes
 * the model is resolved again: a changed title or description reloads the browser. Either kind of
 * mistake shows in the browser's error overlay, with its file, line and fix, in every tab that
 * connects until it is fixed; the terminal prints it once, where it was found.
 */
export function devReloadPlugin(docsRoot: string, data: VirtualModuleData): Plugin {
  const contentDir = join(docsRoot, 'content');
  const session = devSession(docsRoot);
  return {
    name: 'caravan-docs:dev-reload',
    apply: 'serve',
    configureServer(server) {
      // A docs root outside the project is not watched by Vite itself, and Astro restarts only on changes it hears of.
      server.watcher.add([join(docsRoot, 'config'), contentDir]);
      server.ws.on('vite:client:connect', (_data, client) => {
        if (session.error) client.send({ type: 'error', err: overlayError(session.error, docsRoot) });
      });
      const onChange = (file: string) => {
        if (!file.startsWith(contentDir) || !/\.mdx?$/.test(file)) return;
        const hadError = session.error !== undefined;
        try {
          const loaded = loadSite(docsRoot).model;
          session.error = undefined;
          const model = buildableModel(loaded, loaded.config.auth.enabled);
          if (!hadError && JSON.stringify(model) === JSON.stringify(data.model)) return;
          data.model = model;
          invalidate(server, `\0${MODEL_MODULE}`);
          server.ws.send({ type: 'full-reload' });
        } catch (error) {
          if (!(error instanceof DocsInputError)) throw error;
          session.error = error;
          server.config.logger.error(`[caravan-docs] ${terminalMessage(error, docsRoot)}`, { timestamp: true });
          server.ws.send({ type: 'error', err: overlayError(error, docsRoot) });
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
