import { z } from 'zod';

/** `build.searchBundleMegabytes` when site.yml does not set it. */
export const DEFAULT_SEARCH_BUNDLE_MEGABYTES = 40;

/** `build` in site.yml. */
export const buildSchema = z
  .strictObject({
    incremental: z
      .boolean()
      .default(true)
      .describe('Reuse pages of the previous build whose inputs are unchanged (kept under node_modules/.astro/); `false` renders every page on every build.'),
    searchBundleMegabytes: z
      .number()
      .positive()
      .finite()
      .default(DEFAULT_SEARCH_BUNDLE_MEGABYTES)
      .describe(
        "Indexed page HTML per part (\"bundle\") of the search index, in megabytes, on average; each language has its own bundles. Pagefind needs about 18 times a bundle's HTML in memory while it writes it; each bundle past the first adds a few small requests to a reader's search.",
      ),
  })
  .prefault({})
  .describe('How `astro build` works, not what it produces.');
