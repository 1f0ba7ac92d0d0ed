/**
 * The markup warnings (markup-warnings.ts) as the writer reads them: the page file, the line in that
 * file, the problem and the fix, printed when the page renders. A `.md` page renders while content
 * loads, and Astro keeps the result between builds, so a page nobody edited is not rendered again:
 * its warnings are stored with the rendered page and printed again by the content loader
 * (`printingStoredWarnings`), so a warning never goes quiet on the next build.
 */
import type { satteri } from '@astrojs/markdown-satteri';
import type { Loader } from 'astro/loaders';
import { readFileSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PluginFactoryContext } from 'satteri';
import { writerPath } from '../integration/input-errors.ts';
import { markupWarningsPlugin, type MarkupWarning } from './markup-warnings.ts';

/** A markup warning in a page file: the file relative to the docs root (absolute outside it), the line and column in it. */
export interface PageWarning extends MarkupWarning {
  file: string;
}

/** Where a rendered `.md` page keeps its warnings (`entry.rendered.metadata`). */
const STORED = 'markupWarnings';

/** The warning as printed: `file:line:column: problem`, then the fix. */
function formatPageWarning(warning: PageWarning, docsRoot: string): string {
  return `${writerPath(docsRoot, warning.file)}:${warning.line}:${warning.column}: ${warning.problem}\n  Fix: ${warning.hint}`;
}

/**
 * Lines and columns of the text a plugin was given, as the page file's: Astro gives a `.md` page's
 * body without its front matter and trimmed (so its first line is some line of the file), an `.mdx`
 * page's whole text with the front matter blanked (so its lines are the file's). Pure.
 */
export function locateInFile(warnings: readonly MarkupWarning[], source: string, fileText: string): MarkupWarning[] {
  const text = fileText.replace(/^\uFEFF/, '');
  const start = source === '' || text.length === source.length ? -1 : text.lastIndexOf(source);
  if (start <= 0) return [...warnings];
  const before = text.slice(0, start);
  const lines = before.split('\n').length - 1;
  const indent = start - (before.lastIndexOf('\n') + 1);
  return warnings.map((warning) => ({ ...warning, line: warning.line + lines, column: warning.line === 1 ? warning.column + indent : warning.column }));
}

/**
 * The markup warnings plugin for the docs pipeline, printing each page's warnings with `warn`, and
 * `storing`, which has a processor's `.md` renderer keep them with the rendered page.
 */
export function markupReport(docsRoot: string, warn: (message: string) => void) {
  /** A `.md` page's warnings, from its plugin run until its render returns. */
  const pending = new Map<string, PageWarning[]>();
  const plugin = markupWarningsPlugin((warnings, page) => {
    const located = locate(warnings, page, docsRoot);
    for (const warning of located) warn(formatPageWarning(warning, docsRoot));
    if (page.fileURL && page.sourceFormat === 'markdown') pending.set(page.fileURL.href, located);
  });
  return {
    plugin,
    storing(processor: ReturnType<typeof satteri>): ReturnType<typeof satteri> {
      const createRenderer = processor.createRenderer.bind(processor);
      processor.createRenderer = async (shared) => {
        const renderer = await createRenderer(shared);
        return {
          async render(content, options) {
            const key = options?.fileURL?.href;
            // A render that failed before returning leaves nothing behind for the next one.
            if (key) pending.delete(key);
            const result = await renderer.render(content, options);
            const warnings = key ? pending.get(key) : undefined;
            if (!key || !warnings) return result;
            pending.delete(key);
            const metadata: typeof result.metadata & { [STORED]?: PageWarning[] } = { ...result.metadata, [STORED]: warnings };
            return { ...result, metadata };
          },
        };
      };
      return processor;
    },
  };
}

function locate(warnings: readonly MarkupWarning[], page: PluginFactoryContext, docsRoot: string): PageWarning[] {
  if (!page.fileURL) return warnings.map((warning) => ({ ...warning, file: 'a Markdown text' }));
  const path = fileURLToPath(page.fileURL);
  const inRoot = relative(docsRoot, path);
  const file = inRoot.startsWith('..') || isAbsolute(inRoot) ? path : inRoot;
  if (page.sourceFormat !== 'markdown') return warnings.map((warning) => ({ ...warning, file }));
  let fileText: string;
  try {
    fileText = readFileSync(path, 'utf8');
  } catch {
    // Rendered from a text no file holds (a loader's own): lines as given.
    return warnings.map((warning) => ({ ...warning, file }));
  }
  return locateInFile(warnings, page.source, fileText).map((warning) => ({ ...warning, file }));
}

/**
 * The content loader, also printing the stored warnings of each `.md` page it did not render again
 * (its text unchanged since the build that rendered it): the pages it rendered printed theirs then.
 */
export function printingStoredWarnings(loader: Loader, docsRoot: string): Loader {
  return {
    ...loader,
    async load(context) {
      const before = new Map(context.store.entries().map(([id, entry]) => [id, entry.digest]));
      await loader.load(context);
      const logger = context.logger.fork('caravan-docs');
      for (const entry of context.store.values()) {
        const stored = entry.rendered?.metadata?.[STORED];
        if (!Array.isArray(stored) || entry.digest === undefined || before.get(entry.id) !== entry.digest) continue;
        for (const warning of stored as PageWarning[]) logger.warn(formatPageWarning(warning, docsRoot));
      }
    },
  };
}
