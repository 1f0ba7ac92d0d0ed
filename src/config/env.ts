import { DocsInputError } from './errors.ts';
import type { SiteConfig } from './schemas/site.ts';

/** Environment variables that override `auth.enabled` and `auth.requireLogin`. */
export const AUTH_ENV = {
  enabled: 'CARAVAN_DOCS_AUTH_ENABLED',
  requireLogin: 'CARAVAN_DOCS_AUTH_REQUIRE_LOGIN',
} as const;

/** Applies the CARAVAN_DOCS_AUTH_* overrides; only `true` and `false` are accepted. */
export function applyAuthEnv(config: SiteConfig, env: Readonly<Record<string, string | undefined>>): SiteConfig {
  const auth = { ...config.auth };
  for (const [key, name] of Object.entries(AUTH_ENV) as [keyof typeof AUTH_ENV, string][]) {
    const value = env[name];
    if (value === undefined) continue;
    if (value !== 'true' && value !== 'false') {
      throw new DocsInputError({
        file: `environment variable ${name}`,
        field: `auth.${key}`,
        problem: `is ${JSON.stringify(value)}, which is not allowed.`,
        hint: `set ${name}=true or ${name}=false, or unset it to use config/site.yml.`,
      });
    }
    auth[key] = value === 'true';
  }
  return { ...config, auth };
}
