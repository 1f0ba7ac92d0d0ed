import type { Plugin } from 'vite';
import { rememberPreloadHelper } from '../lib/preload-helper.ts';

/** Vite's module id of its preload helper (`vite/preload-helper.js`, a virtual module). */
const HELPER_ID = '\0vite/preload-helper.js';

/** Records where the production browser build put Vite's preload helper (src/lib/preload-helper.ts). */
export function preloadHelperPlugin(): Plugin {
  let base = '/';
  let building = false;
  return {
    name: 'caravan-docs:preload-helper',
    configResolved(config) {
      base = config.base;
      building = config.command === 'build';
    },
    generateBundle(_options, bundle) {
      if (!building || this.environment?.name !== 'client') return;
      const chunk = Object.values(bundle).find((item) => item.type === 'chunk' && item.moduleIds.includes(HELPER_ID));
      // Inside an entry script the helper costs no request of its own.
      rememberPreloadHelper(chunk?.type === 'chunk' && !chunk.isEntry ? `${base}${chunk.fileName}` : undefined);
    },
  };
}
