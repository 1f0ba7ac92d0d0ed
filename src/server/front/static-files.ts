import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** What the build wrote to its client folder, as far as content negotiation needs it; read once at start. */
export interface StaticFiles {
  /** Folders holding an `index.html` (`1.2/guides/x`): prerendered pages. */
  pages: ReadonlySet<string>;
  /** `.md` files without the extension (`1.2/guides/x`): public Markdown sources. */
  sources: ReadonlySet<string>;
  /** Whether the site has `llms.txt` at its base (off with `ai.llmsTxt.enabled: false`). */
  llmsTxt: boolean;
}

/** Folders of assets and the search index: no page lives there, and they hold most files. */
const SKIPPED = new Set(['_astro', 'pagefind']);

export function readStaticFiles(clientDir: string): StaticFiles {
  const pages = new Set<string>();
  const sources = new Set<string>();
  const walk = (folder: string, relative: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (relative === '' && SKIPPED.has(entry.name)) continue;
        walk(join(folder, entry.name), path);
      } else if (entry.name === 'index.html' && relative !== '') pages.add(relative);
      else if (entry.name.endsWith('.md')) sources.add(path.slice(0, -'.md'.length));
    }
  };
  walk(clientDir, '');
  return { pages, sources, llmsTxt: existsSync(join(clientDir, 'llms.txt')) };
}
