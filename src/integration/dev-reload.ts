import { join } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { loadSite } from '../config/load.ts';
import { DocsInputError } from '../config/errors.ts';
import { buildableModel } from './build-model.ts';
import { datedModel } from '../model/page-dates.ts';
import { fileDates } from './page-dates-fs.ts';
import { overlayError, terminalMessage } from './input-errors.ts';
import { devSession } from './site-input.ts';
import { MODEL_MODULE, type VirtualModuleData } from './virtual-modules.ts';

/**
 * Dev only. Config and nav files restart the server (see the integration's watch list), and a
 * mistake in them is kept in the dev session; page files do not restart it, so when one changes
 * the model is resolved again: a changed title or description reloads the browser. Either kind of
 * mistake shows in the browser's error overlay, with its file, line and fix, in every tab that
 * connects until it is fixed; the terminal prints it once, where it was found.
 *
 * The model is read again a moment after the last event, not at the event: an editor that saves
 * by truncating and then writing fires one "change" at the truncation, and the watcher drops a
 * second "change" within 50 ms of the first, so reading at once could see an empty page and
 * keep showing "no front matter" after the save completed.
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
      let pending: ReturnType<typeof setTimeout> | undefined;
      const onChange = (file: string) => {
        if (!file.startsWith(contentDir) || !/\.mdx?$/.test(file)) return;
        clearTimeout(pending);
        pending = setTimeout(reload, SETTLE_MS);
      };
      const reload = () => {
        const hadError = session.error !== undefined;
        try {
          const loaded = datedModel(loadSite(docsRoot).model, fileDates(docsRoot));
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

/** How long after a page file's last change the model is read again (longer than the watcher's 50 ms change throttle). */
const SETTLE_MS = 150;

function invalidate(server: ViteDevServer, id: string): void {
  for (const environment of Object.values(server.environments)) {
    const module = environment.moduleGraph.getModuleById(id);
    if (module) environment.moduleGraph.invalidateModule(module);
  }
}
