/**
 * Every page's scripts only enhance what its HTML already shows (the copy buttons, tabs, page
 * actions, the search button, the loader of the console), so they are fetched at low priority: the
 * page and its first paint keep the connection. Astro writes each processed `<script>` as
 * `<script type="module" src>` from one template in its runtime and takes no attribute for it, so
 * this plugin adds `fetchpriority="low"` to that template when the runtime is bundled: no cost
 * per page. Should Astro's template change, the build stops here rather than losing it silently.
 */
import type { Plugin } from 'vite';

const RUNTIME_MODULE = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]script\.js$/;
const SCRIPT_TAG = '`<script type="module" src="${';

export function lowPriorityScriptsPlugin(): Plugin {
  return {
    name: 'caravan-docs:low-priority-scripts',
    transform(code, id) {
      if (!RUNTIME_MODULE.test(id)) return undefined;
      return { code: withLowPriorityScriptTag(code, id), map: null };
    },
  };
}

/** Astro's script renderer with `fetchpriority="low"` in its `<script src>` template. Pure. */
export function withLowPriorityScriptTag(code: string, id: string): string {
  if (!code.includes(SCRIPT_TAG)) {
    throw new Error(`caravan-docs: Astro's script tag template was not found in ${id}; src/integration/script-priority.ts must follow its new form.`);
  }
  return code.replaceAll(SCRIPT_TAG, '`<script type="module" fetchpriority="low" src="${');
}
