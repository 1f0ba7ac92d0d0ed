import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { content } from 'virtual:caravan-docs/content';
import { docsRoot } from 'virtual:caravan-docs/docs-root';
import { printingStoredWarnings } from './markdown/markup-report.ts';
import { failingOnRenderErrors } from './markdown/page-mistake.ts';

const pages = glob({
  base: content.base,
  pattern: content.pattern,
  generateId: ({ entry }) => entry.replace(/\.mdx?$/, ''),
  // Routes use the rendered HTML only; Markdown sources are read from the page files.
  retainBody: false,
  // Rendered while loading, as bare Astro does: deferring made every page a Vite module, which
  // doubled the build's time. A page whose rendering failed is loaded empty (and cached so):
  // the sync then stops the build with the writer's error (src/markdown/page-mistake.ts).
});

/** Documentation pages of every built version; ids are `<version>/<slug>`, exactly as in nav.yml. */
export const collections = {
  docs: defineCollection({
    loader: failingOnRenderErrors(
      // A page rendered in an earlier build, and kept, prints its markup warnings again (src/markdown/markup-report.ts).
      printingStoredWarnings(pages, docsRoot),
      docsRoot,
      // The dev server shows a page's mistake when the page is opened (RenderedPage.astro).
      !import.meta.env.DEV,
    ),
  }),
};
