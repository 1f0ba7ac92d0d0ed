import { DocsInputError } from '../config/errors.ts';
import type { SiteConfig } from '../config/schemas/site.ts';

/** Overrides `build.incremental` of site.yml: `false` renders every page (a CI job without a cache, a test). */
const INCREMENTAL_ENV = 'CARAVAN_DOCS_INCREMENTAL';

/** Whether this build reuses unchanged pages of the previous one: site.yml, unless the environment says otherwise. */
export function incrementalBuildEnabled(config: Pick<SiteConfig, 'build'>, env: Readonly<Record<string, string | undefined>>): boolean {
  const value = env[INCREMENTAL_ENV];
  if (value === undefined) return config.build.incremental;
  if (value !== 'true' && value !== 'false') {
    throw new DocsInputError({
      file: `environment variable ${INCREMENTAL_ENV}`,
      field: 'build.incremental',
      problem: `is ${JSON.stringify(value)}, which is not allowed.`,
      hint: `set ${INCREMENTAL_ENV}=true or ${INCREMENTAL_ENV}=false, or unset it to use config/site.yml.`,
    });
  }
  return value === 'true';
}

/**
 * Module metadata telling Astro's incremental build to leave a module out of every route's code
 * hash (the shape of astro/dist/core/build/incremental-metadata.js). Our data modules (the site
 * model, the content selection) change with any page edit; left in, one edit would re-render
 * every page. Page keys (src/lib/page-keys.ts) name the parts of that data each page shows.
 */
export const DATA_MODULE_META = { astroIncremental: { kind: 'content-data' } } as const;
