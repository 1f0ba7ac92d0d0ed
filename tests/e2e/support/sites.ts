import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
export const OUTPUT = join(PROJECT_ROOT, 'tests/.output');

/** A site the e2e suite builds once: its docs root, output folder and base path. */
export interface SiteUnderTest {
  name: string;
  docsRoot: string;
  base: string;
  env?: Record<string, string>;
  /** A build with sign-in: served by its own Node server (with `serverEnv`) instead of a static server. */
  server?: boolean;
  serverEnv?: Record<string, string>;
}

/** The OpenID Connect test provider of the auth fixture (tests/fixtures/auth/config/site.yml names this issuer). */
export const OIDC_TEST = { port: 4598, clientId: 'caravan-docs-test', clientSecret: 'oidc-client-secret-for-tests', rolesClaim: 'caravan_roles' } as const;

export const SITES: SiteUnderTest[] = [
  { name: 'default', docsRoot: PROJECT_ROOT, base: '/' },
  { name: 'basic', docsRoot: join(PROJECT_ROOT, 'tests/fixtures/basic'), base: '/' },
  // An API this repository knows nothing about: the reference and consoles come from its description alone.
  { name: 'anyapi', docsRoot: join(PROJECT_ROOT, 'tests/fixtures/any-api'), base: '/' },
  { name: 'large', docsRoot: join(OUTPUT, 'large-src'), base: '/' },
  { name: 'based', docsRoot: join(OUTPUT, 'based-src'), base: '/docs/' },
  // Discovery endpoints: a login-only site (from the config, and from environment variables),
  // every discovery file disabled, and several versions with `includeVersions: all` under /docs.
  // Login-only sites have sign-in on, so they are server builds.
  { name: 'private', docsRoot: join(PROJECT_ROOT, 'tests/fixtures/discovery-private'), base: '/', server: true },
  { name: 'privateenv', docsRoot: join(PROJECT_ROOT, 'tests/fixtures/basic'), base: '/', env: { CARAVAN_DOCS_AUTH_ENABLED: 'true', CARAVAN_DOCS_AUTH_REQUIRE_LOGIN: 'true' }, server: true },
  { name: 'disabled', docsRoot: join(PROJECT_ROOT, 'tests/fixtures/discovery-disabled'), base: '/' },
  { name: 'versions', docsRoot: join(PROJECT_ROOT, 'tests/fixtures/discovery-versions'), base: '/docs/' },
  // Sign-in: the default site with its demo users, the marker fixture, a fixture with users and
  // OpenID Connect, and that fixture login-only through the environment variables.
  { name: 'authdefault', docsRoot: PROJECT_ROOT, base: '/', env: { CARAVAN_DOCS_AUTH_ENABLED: 'true' }, server: true },
  { name: 'authbasic', docsRoot: join(PROJECT_ROOT, 'tests/fixtures/basic'), base: '/', env: { CARAVAN_DOCS_AUTH_ENABLED: 'true' }, server: true },
  { name: 'auth', docsRoot: join(PROJECT_ROOT, 'tests/fixtures/auth'), base: '/', server: true, serverEnv: { CARAVAN_DOCS_OIDC_CLIENT_SECRET: OIDC_TEST.clientSecret } },
  { name: 'authprivate', docsRoot: join(PROJECT_ROOT, 'tests/fixtures/auth'), base: '/', env: { CARAVAN_DOCS_AUTH_REQUIRE_LOGIN: 'true' }, server: true, serverEnv: { CARAVAN_DOCS_OIDC_CLIENT_SECRET: OIDC_TEST.clientSecret } },
];

export const outDir = (name: string) => join(OUTPUT, 'dist', name);

/** Runs `astro build` for a docs root, as a writer would, and returns its exit code and output. */
export function astroBuild(docsRoot: string, out: string, env: Record<string, string> = {}): { status: number; output: string } {
  const result = spawnSync('npx', ['astro', 'build', '--outDir', out], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', DOCS_ROOT: docsRoot, ...env },
    encoding: 'utf8',
  });
  return { status: result.status ?? 1, output: `${result.stdout}\n${result.stderr}` };
}

/** The URL of a site's static server, published by the global setup. */
export function siteUrl(name: string): string {
  const url = process.env[`SITE_URL_${name.toUpperCase()}`];
  if (!url) throw new Error(`No server for site "${name}"; is the global setup running?`);
  return url;
}
