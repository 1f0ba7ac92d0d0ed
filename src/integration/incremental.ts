/**
 * Module metadata telling Astro's incremental build to leave a module out of every route's code
 * hash (the shape of astro/dist/core/build/incremental-metadata.js). Our data modules (the site
 * model, the content selection) change with any page edit; left in, one edit would re-render
 * every page. Page keys (src/lib/page-keys.ts) name the parts of that data each page shows.
 */
export const DATA_MODULE_META = { astroIncremental: { kind: 'content-data' } } as const;
