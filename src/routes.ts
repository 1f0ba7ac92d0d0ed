/**
 * The one table of the paths the generator owns, read by the integration (which routes it
 * injects), the config schemas (which version ids and nav slugs are taken) and the server.
 * Pure data: no Astro, no Node.
 */

/**
 * The build's assets folder (Astro's `build.assets`, which is Vite's `build.assetsDir`). The
 * private sandbox route below answers there; the sandbox modules plugin fails a build with
 * private sandboxes whose assets folder differs (src/integration/sandbox-modules.ts).
 */
export const ASSETS_FOLDER = '_astro';

/**
 * Where a build's route writes each version's API reference Markdown sources as one file; the
 * integration unpacks them into `{version}/reference/….md` and removes the folder (BUILD_ROUTES).
 */
export const REFERENCE_SOURCES_FOLDER = '_reference-sources';

/** Top-level path segments the site itself uses: no version may take one as its id. */
export const ROOT_SEGMENTS: readonly string[] = [
  'home',
  'login',
  'api',
  'mcp',
  'account',
  'pagefind',
  ASSETS_FOLDER,
  REFERENCE_SOURCES_FOLDER,
  '_server-islands',
  'llms.txt',
  'llms-full.txt',
  'robots.txt',
  'sitemap.xml',
  // The Atom feeds: /feeds/changelog.xml, /feeds/release-notes.xml (src/discovery/feeds.ts).
  'feeds',
  'favicon.svg',
  'mockServiceWorker.js',
  'sandbox-worker.js',
  // The console's OAuth 2 redirect URI (public/): a static page, so it works on static hosts.
  'oauth-callback.html',
  'oauth-callback.js',
  '404.html',
  // The front server's probes (src/server/front/), at the origin root and under the base.
  'healthz',
  'readyz',
];

/** Slugs of the pages the generator makes under `/{version}/`: no nav.yml page may use one. */
export const VERSION_SEGMENTS = ['reference', 'all-pages'] as const;

/** Where the on-demand routes of the sign-in server live (entry points relative to src/). */
export const SERVER_ROUTES: ReadonlyArray<{ pattern: string; entrypoint: string }> = [
  { pattern: '/api/auth/[...auth]', entrypoint: 'server/routes/auth.ts' },
  { pattern: '/login', entrypoint: 'server/routes/login.astro' },
  { pattern: '/api/sidebar/[...path]', entrypoint: 'server/routes/sidebar.astro' },
  { pattern: '/api/search/[...file]', entrypoint: 'server/routes/search.ts' },
  { pattern: '/mcp', entrypoint: 'server/routes/mcp.ts' },
  { pattern: '/account', entrypoint: 'server/routes/account.astro' },
  { pattern: '/api/admin/sign-out-everywhere', entrypoint: 'server/routes/sign-out-everywhere.ts' },
  // Private sandbox modules, at the URL the bundle gives them (no static file has their names).
  { pattern: `/${ASSETS_FOLDER}/[file]`, entrypoint: 'server/routes/sandbox-module.ts' },
  // Last: every other path not served by a file (gated pages, their sources, 404s).
  { pattern: '/[...path]', entrypoint: 'server/routes/page.astro' },
];

/**
 * The on-demand routes of each API gated by roles (`apis:` in site.yml) when sign-in is on: its
 * pages and sources (`/{version}/reference/{id}/…`) and its overview's source. A fixed segment
 * outranks the prerendered reference routes' parameters, so these paths reach the role check.
 */
export function gatedApiRoutes(apiIds: readonly string[]): Array<{ pattern: string; entrypoint: string }> {
  const entrypoint = 'server/routes/gated-api.astro';
  return [...new Set(apiIds)].flatMap((id) => [
    { pattern: `/[version]/reference/${id}/[...path]`, entrypoint },
    { pattern: `/[version]/reference/${id}.md`, entrypoint },
  ]);
}

/**
 * Routes only `astro dev` has (entry points relative to src/): a build, static or with sign-in,
 * writes these files into its public output itself (src/integration/page-markdown-files.ts), so
 * each path is served one way per mode.
 */
export const DEV_ROUTES: ReadonlyArray<{ pattern: string; entrypoint: string }> = [{ pattern: '/[version]/[...slug].md', entrypoint: 'dev-routes/page-markdown.ts' }];

/**
 * Routes only `astro build` has, when the API reference is public: their files are unpacked by the
 * integration and removed before the build ends (src/integration/page-markdown-files.ts). `astro
 * dev` and the sign-in server answer the same sources one by one from the reference's `.md` routes.
 */
export const BUILD_ROUTES: ReadonlyArray<{ pattern: string; entrypoint: string }> = [{ pattern: `/${REFERENCE_SOURCES_FOLDER}/[version].json`, entrypoint: 'build-routes/reference-sources.ts' }];
