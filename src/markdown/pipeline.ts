/**
 * The Markdown pipeline of docs pages (`.md` and `.mdx`), for `markdown.processor` in
 * the integration's Astro settings: satteri (Astro's native Markdown compiler) with directives on, the
 * markup warnings (raw HTML a page cannot show, links without text; printed with `warn`), the directives
 * check, the components build and heading ids clear of the page frame's ids. A writer's mistake becomes
 * an AstroError naming the file and line, with the fix as its hint and no stack trace.
 */
import { satteri } from '@astrojs/markdown-satteri';
import { AstroError } from 'astro/errors';
import { isAbsolute, join } from 'node:path';
import type { HastPluginList, MdastPluginDefinition } from 'satteri';
import { DocsInputError } from '../config/errors.ts';
import { componentsPlugin } from './components.ts';
import { directivesPlugin } from './directives.ts';
import { headingIdsPlugin } from './heading-ids.ts';
import { markupReport } from './markup-report.ts';

export function docsMarkdown(docsRoot: string, hastPlugins: HastPluginList = [], warn: (message: string) => void = (message) => console.warn(message)) {
  const markup = markupReport(docsRoot, warn);
  // The markup check first: it sees the writer's Markdown, before any plugin adds HTML of its own.
  const mdastPlugins = [markup.plugin, withFriendlyErrors(directivesPlugin({ root: docsRoot }), docsRoot)];
  return markup.storing(satteri({ features: { directive: true }, mdastPlugins, hastPlugins: [componentsPlugin, ...hastPlugins, headingIdsPlugin] }));
}

/** A directive check whose writer mistakes become AstroErrors with the file and line (and no stack). */
export function withFriendlyErrors(plugin: MdastPluginDefinition, docsRoot: string): MdastPluginDefinition {
  const visit = plugin.containerDirective!;
  return {
    ...plugin,
    containerDirective(node, ctx) {
      try {
        return visit(node, ctx);
      } catch (error) {
        if (!(error instanceof DocsInputError)) throw error;
        const friendly = new AstroError(error.message, error.hint);
        const file = isAbsolute(error.file) ? error.file : join(docsRoot, error.file);
        Object.assign(friendly, { loc: { file, line: error.line ?? 1, column: 1 }, stack: '' });
        throw friendly;
      }
    },
  };
}
