/**
 * Why a Markdown page has no rendered HTML. Pages render while content loads (src/content.config.ts),
 * where Astro's glob loader only logs a render error (with lines counted after the front matter)
 * and keeps the entry empty, also in its cache, so a second build would not see the error at all.
 * For such an entry, this checks the page's directives again, on the whole file so lines count
 * from its top, and gives the writer's error with file and line; another failure names the file.
 */
import type { Loader } from 'astro/loaders';
import { AstroError } from 'astro/errors';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { markdownToHtml } from 'satteri';
import { directivesPlugin } from './directives.ts';
import { withFriendlyErrors } from './pipeline.ts';

const FRONT_MATTER = /^---\r?\n[\s\S]*?\r?\n---(?=\r?\n|$)/;

/** The page's text with its front matter blanked line for line, so Markdown lines are file lines. Pure. */
export function withoutFrontMatter(source: string): string {
  return source.replace(FRONT_MATTER, (block) => block.replace(/[^\n]/g, ''));
}

/** The error to stop the build with for `file` (absolute), a page whose rendering failed. */
export async function markdownMistake(file: string, docsRoot: string): Promise<AstroError> {
  const source = withoutFrontMatter(readFileSync(file, 'utf8'));
  try {
    const check = withFriendlyErrors(directivesPlugin({ root: docsRoot }), docsRoot);
    await markdownToHtml(source, { features: { directive: true }, mdastPlugins: [check], fileURL: pathToFileURL(file) });
  } catch (error) {
    if (error instanceof AstroError) return error;
    return plainError(file, docsRoot, error instanceof Error ? error.message : String(error));
  }
  return plainError(file, docsRoot, 'the Markdown renderer failed; its message is printed above ("Error rendering …").');
}

function plainError(file: string, docsRoot: string, detail: string): AstroError {
  const error = new AstroError(`${relative(docsRoot, file)}: this page could not be rendered: ${detail}`, 'correct the page, then build again.');
  return Object.assign(error, { loc: { file, line: 1, column: 1 }, stack: '' });
}

/**
 * The loader, failing the content sync (before anything is written) when a Markdown page loaded
 * without HTML, now or in an earlier build whose cache holds it. The loader's own "Error rendering"
 * line is left out: its line number is off by the front matter, and this error replaces it.
 * With `failSync` off (the dev server, which a failed sync would stop), the page's route reports
 * the error instead, in the browser's error overlay.
 */
export function failingOnRenderErrors(loader: Loader, docsRoot: string, failSync = true): Loader {
  return {
    ...loader,
    async load(context) {
      const logger = Object.create(context.logger, {
        error: { value: (message: string) => (message.startsWith('Error rendering ') ? undefined : context.logger.error(message)) },
      }) as typeof context.logger;
      await loader.load({ ...context, logger });
      if (!failSync) return;
      for (const entry of context.store.values()) {
        if (entry.filePath?.endsWith('.md') && !entry.rendered) throw await markdownMistake(fileURLToPath(new URL(entry.filePath, context.config.root)), docsRoot);
      }
    },
  };
}
