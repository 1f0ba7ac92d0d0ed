import node from '@astrojs/node';
import type { AstroIntegration } from 'astro';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isLoginOnly } from '../config/schemas/auth.ts';
import { anonymousView, buildableModel, contentSelection, serverData } from './build-model.ts';
import { guardBuildOutput } from './discovery-guard.ts';
import { leakGuardSummary } from '../discovery/leak-guard.ts';
import { writeHostRules } from './host-rules-files.ts';
import { readSiteInput } from './site-input.ts';
import { unpackReferenceSources, writePageMarkdown } from './page-markdown-files.ts';
import { calloutTitlesPlugin } from '../markdown/callout-titles.ts';
import { calloutTitlesOfFile } from './callout-locale.ts';
import { checkBuiltLinks } from './link-check.ts';
import { flattenPages } from '../model/tree.ts';
import type { SiteModel } from '../model/types.ts';
import { baseLinkPlugins } from './base-links.ts';
import { devReloadPlugin } from './dev-reload.ts';
import { virtualModulesPlugin } from './virtual-modules.ts';
import { browserStubsPlugin } from './browser-stubs.ts';
import { preloadHelperPlugin } from './preload-helper-plugin.ts';
import { sandboxModulesPlugin, type PrivateSandboxFiles } from './sandbox-modules.ts';
import { sandboxPartsSummary } from './sandbox-store.ts';
import { writePrivateSandbox } from './private-sandbox-files.ts';
import { referenceAccess } from '../model/access.ts';
import { indexBuiltPages, searchIndexSummary } from './search-index.ts';
import { writeGatedSearch } from './gated-search.ts';
import { SEARCH_FOLDER } from '../server/gated-search.ts';
import { SANDBOX_FOLDER } from '../server/private-sandbox.ts';
import { BUILD_ROUTES, DEV_ROUTES, gatedApiRoutes, SERVER_ROUTES } from '../routes.ts';
import { newBuildId } from './build-id.ts';
import { timedStep } from './timed-step.ts';

export interface CaravanDocsOptions {
  /** Folder holding config/ and content/. */
  docsRoot: string;
}

/** The generator: loads the site model once, hands it to routes, and indexes the built pages. */
export function caravanDocs({ docsRoot }: CaravanDocsOptions): AstroIntegration {
  /** The full model, gated pages included: what the leak guard checks the output against. */
  let fullModel: SiteModel | undefined;
  /** What anonymous readers see of the built model: the pages whose Markdown sources are public files. */
  let publicModel: SiteModel | undefined;
  let serverMode = false;
  let clientDir: string | undefined;
  let serverDir: string | undefined;
  /** Where the search index and the pages' links are kept for the next build: Astro's cache folder, when builds reuse their previous output. */
  let buildCacheDir: string | undefined;
  const buildId = newBuildId();
  /** Sandbox modules of versions whose reference is not public: written to the server, never to the client folder. */
  const privateSandbox: PrivateSandboxFiles = new Map();
  /** Per API of this build: whether its sandbox modules came from the previous build. */
  const sandboxParts = new Map<string, boolean>();
  // `--force` renders every page and makes everything again (Astro does not tell integrations about the flag).
  const force = process.argv.includes('--force');
  return {
    name: 'caravan-docs',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig, addWatchFile, addMiddleware, injectRoute, logger }) => {
        const { resolved, warnings } = readSiteInput(docsRoot, command, logger);
        for (const warning of warnings) logger.warn(`${warning.file} ${warning.message}`);
        fullModel = resolved.model;
        // With sign-in, gated pages are built too, but only into the server, which renders them after the role check.
        serverMode = resolved.model.config.auth.enabled;
        const model = buildableModel(resolved.model, serverMode);
        publicModel = anonymousView(model);
        const leftOut = countPages(resolved.model) - countPages(model);
        if (leftOut > 0) logger.info(`${leftOut} gated page${leftOut === 1 ? ' is' : 's are'} left out of this static build: sign-in is off (\`auth.enabled\` in config/site.yml). Turn it on to serve them to signed-in readers.`);
        const content = contentSelection(resolved.model, model, resolved.orphans, join(docsRoot, 'content'));
        const moduleData = { model, content, docsRoot, buildId, server: serverMode ? serverData(model, resolved.users, docsRoot) : undefined };

        for (const file of ['config/site.yml', 'config/versions.yml', ...model.versions.map((v) => `content/${v.version.id}/nav.yml`)]) {
          addWatchFile(join(docsRoot, file));
        }
        // The Markdown processor's plugin list is meant to be extended by integrations (MDX shares it).
        const processor = config.markdown.processor as { options?: { hastPlugins?: unknown[] } } | undefined;
        processor?.options?.hastPlugins?.push(...baseLinkPlugins(model.config.base), calloutTitlesPlugin(calloutTitlesOfFile(model.config.i18n, join(docsRoot, 'content'))));
        if (serverMode) {
          addMiddleware({ entrypoint: new URL('../server/page-cache.ts', import.meta.url), order: 'pre' });
          // Public pages and discovery files stay prerendered (public Markdown sources are written as files); these routes run on demand.
          for (const route of SERVER_ROUTES) injectRoute({ pattern: route.pattern, entrypoint: new URL(`../${route.entrypoint}`, import.meta.url), prerender: false });
          // APIs gated by roles: rendered for their readers only, never prerendered.
          for (const route of gatedApiRoutes(model.config.apis.filter((entry) => entry.roles.length > 0).map((entry) => entry.id))) {
            injectRoute({ pattern: route.pattern, entrypoint: new URL(`../${route.entrypoint}`, import.meta.url), prerender: false });
          }
        }
        // A build writes these files itself (first thing in astro:build:done); only the dev server needs the routes.
        if (command === 'dev') for (const route of DEV_ROUTES) injectRoute({ pattern: route.pattern, entrypoint: new URL(`../${route.entrypoint}`, import.meta.url) });
        // A public API reference's Markdown sources, rendered in one file per version and written out in astro:build:done.
        if (command === 'build' && !isLoginOnly(model.config.auth)) for (const route of BUILD_ROUTES) injectRoute({ pattern: route.pattern, entrypoint: new URL(`../${route.entrypoint}`, import.meta.url), prerender: true });
        updateConfig({
          site: model.config.url,
          base: model.config.base,
          // Unchanged pages are copied from the previous build (keys: src/lib/page-keys.ts); `astro build --force` renders all.
          experimental: { incrementalBuild: model.config.build.incremental },
          vite: {
            plugins: [
              virtualModulesPlugin(moduleData),
              devReloadPlugin(docsRoot, moduleData),
              browserStubsPlugin(),
              preloadHelperPlugin(),
              sandboxModulesPlugin({
                docsRoot,
                versions: model.versions.map((entry) => entry.version.id),
                api: model.config.api,
                url: model.config.url,
                apis: model.config.apis,
                // A server build serves a gated API's sandbox to its readers; a static build has none.
                gatedApis: serverMode ? 'private' : 'omit',
                // Only a server build can hold a module back for some readers (sign-in is on for every private reference).
                privateVersions: serverMode ? model.versions.map((entry) => entry.version.id).filter(() => !referenceAccess(model.config.auth).public) : [],
                privateFiles: privateSandbox,
                store: command === 'build' && model.config.build.incremental ? { cacheDir: fileURLToPath(config.cacheDir), force, projectRoot: fileURLToPath(config.root) } : undefined,
                onParts: (key, reused) => sandboxParts.set(key, reused),
                // Compiling a large description on a thread of its own overlaps the content sync and the server bundle.
                early: command === 'build',
              }),
            ],
            // Astro marks MDX modules with a directive bundling cannot keep; it is harmless, and one warning per page drowns real ones.
            build: { rolldownOptions: { onLog: quietAstroDirectives } },
          },
          // The adapter must be both the config's adapter and a running integration (Astro adds it to the list only before setup).
          ...(serverMode ? withAdapter(node({ mode: 'standalone' })) : {}),
          // The only form posts go to Auth.js, whose CSRF token guards each one. Astro's origin check
          // would refuse every sign-in behind a TLS-terminating proxy (it sees http), and trusting
          // forwarded hosts for it would also let any client choose its address for the rate limit.
          ...(serverMode ? { security: { checkOrigin: false } } : {}),
        });
      },
      'astro:route:setup': ({ route }) => {
        // A login-only site has no public API reference: its routes run on demand, behind sign-in.
        if (fullModel && isLoginOnly(fullModel.config.auth) && REFERENCE_ROUTE.test(route.component)) route.prerender = false;
      },
      'astro:config:done': ({ config }) => {
        clientDir = fileURLToPath(config.build.client);
        serverDir = fileURLToPath(config.build.server);
        buildCacheDir = fullModel?.config.build.incremental ? fileURLToPath(config.cacheDir) : undefined;
      },
      'astro:build:done': async ({ dir, logger }) => {
        // A server build writes browser-readable files to build.client; the server bundle may hold gated pages.
        const publicDir = serverMode && clientDir ? clientDir : fileURLToPath(dir);
        // First: the search index skips them, but the leak guard and the link check below read them.
        if (publicModel) {
          const model = publicModel;
          await timedStep(logger, 'Markdown sources', () => writePageMarkdown(publicDir, model, docsRoot) + unpackReferenceSources(publicDir), (files) => `${files} files`);
        }
        if (sandboxParts.size > 0) logger.info(`Sandbox modules: ${sandboxPartsSummary(sandboxParts)}.`);
        if (serverDir && privateSandbox.size > 0) {
          const written = writePrivateSandbox(join(serverDir, SANDBOX_FOLDER), privateSandbox);
          logger.info(`Sandbox modules for signed-in readers: ${written} file${written === 1 ? '' : 's'} in the server, none in the public client folder.`);
        }
        if (serverMode && serverDir && fullModel) {
          // Before the public index closes Pagefind: one private index per role requirement, in dist/server.
          const model = fullModel;
          const folder = join(serverDir, SEARCH_FOLDER);
          await timedStep(logger, 'Search index for signed-in readers', () => writeGatedSearch(model, docsRoot, folder, buildId), (groups) => `${groups.length} role group${groups.length === 1 ? '' : 's'}`);
        }
        // After rendering, from the files written; each bundle linked from the cache when none of its pages changed.
        // `--force` renders every page and indexes them all; both are stored for the next build.
        const search = { cacheDir: buildCacheDir, force, bundleBytes: fullModel ? fullModel.config.build.searchBundleMegabytes * 1_000_000 : undefined };
        await timedStep(logger, 'Search index', () => indexBuiltPages(publicDir, search), searchIndexSummary);
        // Static hosts' rules files: a static build only (the sign-in server sends its own headers).
        if (fullModel && !serverMode) {
          const { written, warnings } = writeHostRules(publicDir, fullModel.config, process.env);
          for (const warning of warnings) logger.warn(warning);
          if (written.length > 0) logger.info(`Static host rules: ${written.join(', ')}.`);
        } else if (fullModel && !['auto', 'none'].includes(fullModel.config.hosting)) {
          logger.warn(`hosting: ${fullModel.config.hosting} writes rules for static builds only; with sign-in on, the Node server sends these headers itself, so no rules file was written.`);
        }
        // After every output is written (search index and host rules included): fail the build on any leak.
        if (fullModel) {
          const model = fullModel;
          const guarded = await timedStep(logger, 'Discovery leak guard', () => guardBuildOutput(publicDir, model, docsRoot), leakGuardSummary);
          for (const warning of guarded.warnings) logger.warn(warning);
          // Last: the output is complete, so anchors can be checked against the HTML written.
          if (checkBuiltLinks(publicDir, fullModel, docsRoot, logger, { cacheDir: buildCacheDir, force: search.force }) > 0) process.exit(1);
        }
      },
    },
  };
}

type LogHandler = (level: 'info' | 'debug' | 'warn', log: { code?: string; message: string }) => void;

function quietAstroDirectives(level: 'info' | 'debug' | 'warn', log: { code?: string; message: string }, handler: LogHandler): void {
  if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('astro:head-inject')) return;
  handler(level, log);
}

const REFERENCE_ROUTE = /(^|\/)src\/pages\/\[version\]\/(reference\/|reference\.md\.ts$)/;

function countPages(model: SiteModel): number {
  return model.versions.reduce((sum, site) => sum + flattenPages(site.nav).length, 0);
}

function withAdapter(adapter: AstroIntegration): { adapter: AstroIntegration; integrations: AstroIntegration[] } {
  return { adapter, integrations: [adapter] };
}
