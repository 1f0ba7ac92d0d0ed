import { DocsInputError } from './errors.ts';
import type { SiteConfig } from './schemas/site.ts';

/** Overrides `build.incremental` of site.yml: `false` renders every page (a CI job without a cache, a test). */
const INCREMENTAL_ENV = 'CARAVAN_DOCS_INCREMENTAL';

/** Applies CARAVAN_DOCS_INCREMENTAL; only `true` and `false` are accepted. */
export function applyBuildEnv(config: SiteConfig, env: Readonly<Record<string, string | undefined>>): SiteConfig {
  const value = env[INCREMENTAL_ENV];
  if (value === undefined) return config;
  if (value !== 'true' && value !== 'false') {
    throw new DocsInputError({
      file: `environment variable ${INCREMENTAL_ENV}`,
      field: 'build.incremental',
      problem: `is ${JSON.stringify(value)}, which is not allowed.`,
      hint: `set ${INCREMENTAL_ENV}=true or ${INCREMENTAL_ENV}=false, or unset it to use config/site.yml.`,
    });
  }
  return { ...config, build: { ...config.build, incremental: value === 'true' } };
}
