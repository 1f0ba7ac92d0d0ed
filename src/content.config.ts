import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { content } from 'virtual:caravan-docs/content';

/** Documentation pages of every built version; ids are `<version>/<slug>`, exactly as in nav.yml. */
export const collections = {
  docs: defineCollection({
    loader: glob({
      base: content.base,
      pattern: content.pattern,
      generateId: ({ entry }) => entry.replace(/\.mdx?$/, ''),
      // Routes use the rendered HTML only; Markdown sources are read from the page files.
      retainBody: false,
      // Rendered with the pages, so a Markdown error (an unknown directive) fails the build every
      // time; rendering while loading would log it and cache the page as empty.
      deferRender: true,
    }),
  }),
};
