import mdx from '@astrojs/mdx';
import node from '@astrojs/node';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { leftOutWarnings, loadEventApis, publicEventApis, publishedEventApis, type LoadedEventApi } from '../asyncapi/load.ts';
import { DocsInputError } from '../config/errors.ts';
import { terminalMessage } from './input-errors.ts';
import { eventSandboxModulesPlugin, hasBrowserSandbox } from './event-sandbox-modules.ts';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cacheFolderName, codeDigest, removeStaleCacheFolders } from './cache-folder.ts';
import { engineFilesPlugin, writeEngineFiles } from './engine-files.ts';
import { sitePartsPlugin } from './site-parts.ts';
import { cssLayerPlugin } from './css-layer.ts';
import { codeBlockTransformer } from '../markdown/code-blocks.ts';
import { docsMarkdown } from '../markdown/pipeline.ts';
import { tokenClassTransformer } from '../markdown/token-classes.ts';
import { isLoginOnly } from '../config/schemas/auth.ts';
import { anonymousView, buildableModel, contentSelection, serverData } from './build-model.ts';
import { guardBuildOutput, LeakGuardError, type GuardedOutput } from './discovery-guard.ts';
import { leakGuardSummary } from '../discovery/leak-guard.ts';
import { writeHostRules } from './host-rules-files.ts';
import { readSiteInput } from './site-input.ts';
import { unpackReferenceSources, writeEventMarkdown, writePageMarkdown } from './page-markdown-files.ts';
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
  /** Folder holding config/ and content/ (and optionally public/ and components/); defaults to Astro's `root`. */
  docsRoot?: string | undefined;
}

/** The engine's own folder (`src/`): Astro's `srcDir` for every site, so its pages and content config are the engine's. */
const ENGINE_SRC = new URL('../', import.meta.url);

/**
 * The generator as an Astro integration: it configures Astro for a docs site (the engine's pages,
 * the site's `public/`, Markdown, MDX), loads the site model once, hands it to routes, and checks and
 * indexes the built pages. A site needs no Astro configuration of its own; one that has an
 * `astro.config.*` (to add other integrations) lists this integration once.
 */
export function caravanDocs(options: CaravanDocsOptions = {}): AstroIntegration {
  let docsRoot = '';
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
  /** The event APIs of this build, those gated by roles included in a server build (only the public ones' Markdown sources are written after the pages). */
  let eventApis: LoadedEventApi[] = [];
  /** False when the site's own astro.config lists the integration too: the first instance does the work. */
  let active = true;
  const integration: AstroIntegration = {
    name: 'caravan-docs',
    hooks: {
      'astro:config:setup': async ({ command, config, updateConfig, addWatchFile, addMiddleware, injectRoute, logger }) => {
        // Astro copies the integration objects (and their hooks objects) it validates, so an instance is known by its hook functions.
        active = config.integrations.find((entry) => entry.name === integration.name)?.hooks['astro:config:setup'] === integration.hooks['astro:config:setup'];
        if (!active) return;
        docsRoot = resolve(options.docsRoot || fileURLToPath(config.root));
        const engine = fileURLToPath(ENGINE_SRC);
        if (relative(fileURLToPath(config.root), engine).startsWith('..')) {
          // Astro reads a module outside the project as a path under it, and the build fails far from the cause.
          logger.error(`caravan-docs is installed outside this site's folder: its code is at ${engine}, outside ${fileURLToPath(config.root)} (a link such as \`npm link\` or a \`file:\` dependency, or --root naming a folder the package is not installed in). Astro builds only files inside the project.\n  Fix: install the package into the site: \`npm install caravan-docs\`, or for a local copy \`npm pack\` it and \`npm install ./caravan-docs-<version>.tgz\`.`);
          process.exit(1);
        }
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
        // Event APIs (AsyncAPI), parsed and checked once. One gated by roles is rendered by the server for
        // its readers (sign-in on) and left out otherwise; any on a site whose reference needs sign-in is left out for now.
        const events = await readEventApis(docsRoot, resolved.model, logger);
        eventApis = publishedEventApis(events, resolved.model.config);
        for (const warning of leftOutWarnings(events, eventApis, resolved.model.config)) logger.warn(`${warning.file} ${warning.message}`);
        const moduleData = { model, content, docsRoot, buildId, events: eventApis, server: serverMode ? serverData(model, resolved.users, docsRoot) : undefined };

        for (const file of ['config/site.yml', 'config/versions.yml', ...model.versions.map((v) => `content/${v.version.id}/nav.yml`), ...events.map((entry) => entry.file)]) {
          addWatchFile(join(docsRoot, file));
        }
        const publicDir = join(docsRoot, 'public');
        // One cache per docs root and generator code (cache-folder.ts): a fixture never reuses another
        // site's pages, and new generator code never reuses pages the old one rendered.
        const cacheRoot = fileURLToPath(new URL('node_modules/.astro/', config.root));
        const cacheKey = cacheFolderName(docsRoot, codeDigest(fileURLToPath(ENGINE_SRC)));
        removeStaleCacheFolders(cacheRoot, cacheKey);
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
        const adapter = serverMode ? node({ mode: 'standalone' }) : undefined;
        updateConfig({
          srcDir: ENGINE_SRC,
          publicDir: pathToFileURL(`${publicDir}/`),
          cacheDir: pathToFileURL(join(cacheRoot, cacheKey, '/')),
          site: model.config.url,
          base: model.config.base,
          // Inline CSS saves a render-blocking round trip (Lighthouse LCP); it is ~3 KB gzip per page.
          build: { format: 'directory', inlineStylesheets: 'always' },
          markdown: {
            // Directives (callouts, tabs, steps, file trees, cards) and GitHub alerts (src/markdown/),
            // links under the base, and callout titles in the page's language. MDX shares it. Markup that
            // silently breaks a page (placeholders read as HTML, links without text) is a warning.
            processor: docsMarkdown(
              docsRoot,
              [...baseLinkPlugins(model.config.base), calloutTitlesPlugin(calloutTitlesOfFile(model.config.i18n, join(docsRoot, 'content')))],
              (message) => logger.warn(message),
            ),
            // One tokenising pass (Shiki's css-variables theme): half the highlighting work of dual
            // themes. The transformers read titles, highlighted lines and diffs from the fence
            // (src/markdown/code-blocks.ts) and turn each token's inline style into a class whose
            // colours follow the page theme (src/markdown/token-classes.ts, DocsShell.astro).
            shikiConfig: { theme: 'css-variables', transformers: [codeBlockTransformer, tokenClassTransformer] },
          },
          devToolbar: { enabled: false },
          // MDX (unless a site's own astro.config adds it: a second copy would register `.mdx` twice) and,
          // with sign-in, the adapter, which must be both the config's adapter and a running
          // integration (Astro adds it to the list only before setup).
          integrations: [...(config.integrations.some((integration) => integration.name === '@astrojs/mdx') ? [] : [mdx()]), ...(adapter ? [adapter] : [])],
          ...(adapter ? { adapter } : {}),
          // Unchanged pages are copied from the previous build (keys: src/lib/page-keys.ts); `astro build --force` renders all.
          experimental: { incrementalBuild: model.config.build.incremental },
          vite: {
            plugins: [
              engineFilesPlugin(model.config.base, publicDir),
              sitePartsPlugin(docsRoot, model.config),
              cssLayerPlugin(),
              virtualModulesPlugin(moduleData),
              devReloadPlugin(docsRoot, moduleData),
              // Browser sandboxes of public event APIs only: a module is a public file, and a gated API's page has no console.
              browserStubsPlugin({ webSockets: publicEventApis(eventApis).some(hasBrowserSandbox) }),
              eventSandboxModulesPlugin(publicEventApis(eventApis)),
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
            build: {
              // Astro marks MDX modules with a directive bundling cannot keep; it is harmless, and one warning per page drowns real ones.
              // Inlining constants nearly doubles MSW's gzip size on console pages.
              rolldownOptions: { onLog: quietAstroDirectives, optimization: { inlineConst: false } },
              // Scripts stay files, never inlined into pages: the Content-Security-Policy then allows
              // scripts from the site plus one hash (src/server/front/security-headers.ts). Other assets
              // keep Vite's rule.
              assetsInlineLimit: (file: string) => (/\.m?js$/.test(file) ? false : undefined),
            },
          },
          // The only form posts go to Auth.js, whose CSRF token guards each one. Astro's origin check
          // would refuse every sign-in behind a TLS-terminating proxy (it sees http), and trusting
          // forwarded hosts for it would also let any client choose its address for the rate limit.
          ...(serverMode ? { security: { checkOrigin: false } } : {}),
        });
      },
      'astro:route:setup': ({ route }) => {
        if (!active) return;
        // A login-only site has no public API reference: its routes run on demand, behind sign-in.
        if (fullModel && isLoginOnly(fullModel.config.auth) && REFERENCE_ROUTE.test(route.component)) route.prerender = false;
      },
      'astro:config:done': ({ config }) => {
        if (!active) return;
        clientDir = fileURLToPath(config.build.client);
        serverDir = fileURLToPath(config.build.server);
        buildCacheDir = fullModel?.config.build.incremental ? fileURLToPath(config.cacheDir) : undefined;
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!active) return;
        // A server build writes browser-readable files to build.client; the server bundle may hold gated pages.
        const publicDir = serverMode && clientDir ? clientDir : fileURLToPath(dir);
        for (const warning of writeEngineFiles(publicDir, join(docsRoot, 'public'))) logger.warn(warning);
        // First: the search index skips them, but the leak guard and the link check below read them.
        if (publicModel) {
          const model = publicModel;
          // An event API's sources are public where its pages are: never on a login-only site, never one gated by roles.
          const events = isLoginOnly(model.config.auth) ? [] : publicEventApis(eventApis);
          await timedStep(logger, 'Markdown sources', () => writePageMarkdown(publicDir, model, docsRoot) + unpackReferenceSources(publicDir) + writeEventMarkdown(publicDir, events, model.config), (files) => `${files} files`);
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
          await timedStep(logger, 'Search index for signed-in readers', () => writeGatedSearch(model, docsRoot, folder, buildId, eventApis), (groups) => `${groups.length} role group${groups.length === 1 ? '' : 's'}`);
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
          let guarded: GuardedOutput;
          try {
            guarded = await timedStep(logger, 'Discovery leak guard', () => guardBuildOutput(publicDir, model, docsRoot, undefined, eventApis), leakGuardSummary);
          } catch (error) {
            // The writer's problem, printed as such: what leaked where, and how to find the cause (no stack trace).
            if (!(error instanceof LeakGuardError)) throw error;
            logger.error(`${error.message}\n  Fix: ${error.hint}`);
            process.exit(1);
          }
          for (const warning of guarded.warnings) logger.warn(warning);
          // Last: the output is complete, so anchors can be checked against the HTML written.
          if (checkBuiltLinks(publicDir, fullModel, docsRoot, logger, { cacheDir: buildCacheDir, force: search.force }) > 0) process.exit(1);
        }
      },
    },
  };
  return integration;
}

/** The site's event APIs; a description the AsyncAPI parser rejects stops the build with its file, line and message (no stack trace). */
async function readEventApis(docsRoot: string, model: SiteModel, logger: AstroIntegrationLogger): Promise<LoadedEventApi[]> {
  try {
    return await loadEventApis(docsRoot, model);
  } catch (error) {
    if (!(error instanceof DocsInputError)) throw error;
    logger.error(terminalMessage(error, docsRoot));
    process.exit(1);
  }
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
