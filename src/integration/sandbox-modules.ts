/**
 * Build-time sandbox modules for the browser, one set per API of a version (keyed by `apiKey`:
 * the version for its single description, `<version>~<id>` for each of several; "<version>" below):
 *   virtual:caravan-docs/sandboxes               `sandboxes`: key -> () => import(its module)
 *   virtual:caravan-docs/sandbox/<version>       `version`, `api` (the route table: methods,
 *                                                paths, servers, security, inferred resources),
 *                                                `extension` (content/<version>/sandbox.ts) and
 *                                                `operations`: operation id -> () => import(its module)
 *   virtual:caravan-docs/sandbox/<version>/<n>   one operation's parameters, bodies, responses
 *                                                (with examples), validators as Ajv standalone
 *                                                code, and the seed of the collections it reaches
 * A page loads the route table up front and the rest of an operation when a console uses it, so
 * a large API costs a page what its consoles use. The description is
 * read from the docs root (DOCS_ROOT respected) with the site's base-URL overrides, so each
 * version's consoles talk to that version's sandbox. Node only.
 *
 * The modules of a private version (one whose reference only some readers may read: every
 * version of a login-only site) hold its description, so the build keeps them, the extension and
 * the chunks only they use out of the public client folder and hands them to `privateFiles`;
 * the integration writes them to the server, which serves them to those readers only.
 *
 * An API gated by roles (`apis:` in site.yml) gets no module on a static build. A server build
 * makes its modules private the same way, and leaves it out of `sandboxes` (a public script that
 * would name it): its version module is an entry of its own, loaded by its key through a small
 * private module at a fixed name (`privateSandboxEntry`), which the server answers to its readers.
 */
import { createHash } from 'node:crypto';
import { join, sep } from 'node:path';
import type { Plugin } from 'vite';
import { parseApiKey } from '../openapi/api-key.ts';
import { privateSandboxEntry } from '../console/private-entry.ts';
import { forgetOpenApi, openApiTextDigest, readOpenApi, versionApiSources, type ApiSource } from '../openapi/openapi-fs.ts';
import { orderApis, publicApis, type ApiSetting, type OrderedApi } from '../reference/api-order.ts';
import type { ServerOverrides } from '../openapi/servers.ts';
import type { RuntimeApi } from '../sandbox/core/types.ts';
import { extensionFile } from '../sandbox/node/load.ts';
import { privateChunks } from './private-chunks.ts';
import { compileSandbox, operationPart, routeTable, sandboxParts, type CompiledSandbox } from './sandbox-parts.ts';
import { partsThread, type PartsThread } from './sandbox-parts-thread.ts';
import { sandboxInputsDigest, sandboxStore, type SandboxParts } from './sandbox-store.ts';
import { ASSETS_FOLDER } from '../routes.ts';

const SANDBOXES_MODULE = 'virtual:caravan-docs/sandboxes';
const SANDBOX_MODULE_PREFIX = 'virtual:caravan-docs/sandbox/';

interface SandboxModulesOptions {
  /** Folder holding config/ and content/. */
  docsRoot: string;
  /** Version ids, in config/versions.yml order. */
  versions: readonly string[];
  /** `api:` of config/site.yml. */
  api: ServerOverrides;
  /** `url:` of config/site.yml: relative server URLs are relative to it. */
  url: string;
  /** `apis:` of config/site.yml: which APIs are gated by roles. */
  apis?: readonly ApiSetting[] | undefined;
  /** What becomes of an API gated by roles: left out (a static build), or private modules for its readers (a server build). */
  gatedApis?: 'omit' | 'private';
  /** Versions whose sandbox modules must not be public files. */
  privateVersions: readonly string[];
  /** Where the build puts those modules instead of the client folder. */
  privateFiles: PrivateSandboxFiles;
  /**
   * A production build's cache folder, where each API's modules are kept for the next build
   * (src/integration/sandbox-store.ts); `force` (`--force`) makes them all again; `projectRoot`
   * holds the lockfile, part of every key.
   */
  store?: { cacheDir: string; force: boolean; projectRoot: string } | undefined;
  /**
   * A production build: each API whose parts are not stored starts compiling at once, on a thread
   * of its own (src/integration/sandbox-parts-thread.ts), while the build syncs content and
   * bundles the server; the browser bundle then takes what the thread made.
   */
  early?: boolean;
  /** Told of each API of a production build: whether its modules were made or taken from the previous build. */
  onParts?: (key: string, reused: boolean) => void;
}

/** A private sandbox module's file name -> its source and the sandbox keys (`<version>` or `<version>~<api>`, src/openapi/api-key.ts) whose readers may load it. */
export type PrivateSandboxFiles = Map<string, { source: string; sandboxKeys: readonly string[] }>;

/**
 * Writes a version's operation parts (index -> source) into the browser build, next to the
 * chunk that loads them, and returns how their file names are made: prefix + index + suffix.
 */
type EmitParts = (version: string, parts: ReadonlyMap<number, string>) => { prefix: string; suffix: string };

interface VersionBuild extends CompiledSandbox {
  file: string;
}

export function sandboxModulesPlugin(options: SandboxModulesOptions): Plugin {
  // Every API of every version, by its key: a version's single description is keyed by the version alone.
  const ordered = (): OrderedApi[] => options.versions.flatMap((version) => orderApis(versionApiSources(options.docsRoot, version), options.apis ?? []));
  const allApis = (): ApiSource[] => (options.gatedApis === 'private' ? ordered() : publicApis(ordered()));
  // A gated API's key is in no public script: `sandboxes` lists the public ones (the dev server, which checks no role, all).
  const described = () => (building ? publicApis(ordered()) : allApis()).map((source) => source.key);
  const sourceOf = (key: string): ApiSource | undefined => allApis().find((source) => source.key === key);
  const privateVersions = new Set(options.privateVersions);
  const gatedKeys = new Set(options.gatedApis === 'private' ? ordered().filter((source) => source.roles.length > 0).map((source) => source.key) : []);
  const isPrivate = (key: string) => privateVersions.has(parseApiKey(key).version) || gatedKeys.has(key);
  const privateExtensions = new Map<string, string[]>();
  for (const source of allApis().filter((api) => isPrivate(api.key))) {
    const file = extensionFile(options.docsRoot, source.folder);
    if (!file) continue;
    const id = join(options.docsRoot, file).split(sep).join('/');
    privateExtensions.set(id, [...(privateExtensions.get(id) ?? []), source.key]);
  }
  /** The private sandbox keys a bundled module belongs to: its own sandbox modules and extension file. */
  const privateKeysOf = (moduleId: string): string[] => {
    const id = moduleId.replace(/^\0/, '').split('?', 1)[0]!;
    if (id.startsWith(SANDBOX_MODULE_PREFIX)) {
      const key = id.slice(SANDBOX_MODULE_PREFIX.length).split('/', 1)[0]!;
      return isPrivate(key) ? [key] : [];
    }
    return privateExtensions.get(id) ?? [];
  };
  const settings = { overrides: options.api, origin: options.url };
  const builds = new Map<string, VersionBuild>();
  /**
   * Bundled operation parts (those importing Ajv helpers or RE2) of a production browser build,
   * by `<version>/<n>`: made with the version module's other parts, kept until the bundler loads
   * them, so that loading them does not read and compile the description a second time.
   */
  const keptParts = new Map<string, string>();
  const descriptionFile = (version: string): string => {
    const file = builds.get(version)?.file ?? sourceOf(version)?.file;
    if (file === undefined) throw new Error(`caravan-docs: ${version} has no OpenAPI description, so it has no sandbox.`);
    return file;
  };
  const build = (version: string): VersionBuild => {
    let found = builds.get(version);
    if (found === undefined) {
      const file = descriptionFile(version);
      found = { file, ...compileSandbox(readOpenApi(options.docsRoot, file), settings) };
      builds.set(version, found);
    }
    return found;
  };

  /**
   * The page's part: the route table (what routing, credentials and the console's default
   * credential need) and the extension. Parameters, bodies, responses, validators and seed
   * items of an operation come with its own module.
   */
  async function versionModule(version: string, emit?: EmitParts, warn: (message: string) => void = () => undefined): Promise<string> {
    const production = emit === undefined ? undefined : await productionParts(version, warn);
    const thin = production?.api ?? routeTable(build(version).api);
    const extension = extensionFile(options.docsRoot, sourceOf(version)!.folder);
    return [
      `export const version = ${JSON.stringify(version)};`,
      `export const api = ${JSON.stringify(thin)};`,
      production === undefined ? bundledLoaders(version, thin) : emittedLoaders(version, production.parts, emit!),
      extension ? `export { sandbox as extension } from ${JSON.stringify(join(options.docsRoot, extension))};` : 'export const extension = undefined;',
      '',
    ].join('\n');
  }

  const bundledLoader = (version: string, index: number) => `() => import(${JSON.stringify(`${SANDBOX_MODULE_PREFIX}${version}/${index}`)})`;

  /** The dev server's loaders: every operation's part is a bundled module. */
  function bundledLoaders(version: string, api: RuntimeApi): string {
    const loaders = api.operations.map((operation, index) => `  ${JSON.stringify(operation.id)}: ${bundledLoader(version, index)},`);
    return `export const operations = {\n${loaders.join('\n')}\n};`;
  }

  /**
   * A production build's loaders. A part that imports nothing (the usual case) is written as a
   * file of its own, next to the bundle's chunks, instead of going through the bundler: a
   * thousand operations would otherwise be a thousand chunks to parse and minify (most of a
   * large API's build time and memory). A part that imports Ajv runtime helpers or RE2 stays a
   * bundled module. The written files share one hash, of every part of the version, so the
   * route table names them by number alone (`sandbox-<version>-<n>.<hash>.js`) instead of
   * listing a name per operation: on GitHub's 1,223 operations that list was 20 KB gzip of
   * every console page. The cost: a changed description renames all of the version's parts.
   */
  function emittedLoaders(version: string, sources: readonly string[], emit: EmitParts): string {
    const bundled = sources.flatMap((source, index) => (/^\s*import\b/m.test(source) ? [index] : []));
    for (const index of bundled) keptParts.set(`${version}/${index}`, sources[index]!);
    const written = new Map(sources.flatMap((source, index) => (bundled.includes(index) ? [] : [[index, source] as const])));
    const { prefix, suffix } = emit(version, written);
    return [
      // `part` resolves an emitted operation file against this chunk's own URL (both live in the build's assets folder), so any `base` works.
      `const part = (index) => () => import(/* @vite-ignore */ new URL(${JSON.stringify(`./${prefix}`)} + index + ${JSON.stringify(suffix)}, import.meta.url).href);`,
      `const bundled = {${bundled.map((index) => `${index}: ${bundledLoader(version, index)}`).join(', ')}};`,
      'export const operations = Object.fromEntries(api.operations.map((operation, index) => [operation.id, Object.hasOwn(bundled, index) ? bundled[index] : part(index)]));',
    ].join('\n');
  }

  const store = options.store && sandboxStore(options.store.cacheDir, options.store.force);
  /** The API keys whose parts this build made or took from the store: the store keeps those only. */
  const stored = new Set<string>();
  /** The digest of the text an API's description was parsed from, with the site's settings: what its stored parts are kept under. */
  const inputsDigest = (version: string): string | undefined =>
    store && sandboxInputsDigest({ description: openApiTextDigest(options.docsRoot, descriptionFile(version)), overrides: options.api, origin: options.url }, options.store!.projectRoot);
  /** Each API's stored parts, read at most once. */
  const storedParts = new Map<string, SandboxParts | undefined>();
  const readStored = (version: string, digest: string | undefined): SandboxParts | undefined => {
    if (digest === undefined) return undefined;
    if (!storedParts.has(version)) storedParts.set(version, store!.read(version, digest));
    return storedParts.get(version);
  };
  // A production build compiles, on a thread, every API it has no stored parts for.
  const thread: PartsThread | undefined = options.early
    ? partsThread({ docsRoot: options.docsRoot, settings, apis: allApis().filter((source) => readStored(source.key, inputsDigest(source.key)) === undefined).map((source) => ({ key: source.key, file: source.file })) })
    : undefined;

  /** A production build's route table and operation parts of one API: the previous build's when its inputs are unchanged, else made now (and kept). */
  async function productionParts(version: string, warn: (message: string) => void): Promise<SandboxParts> {
    const digest = inputsDigest(version);
    stored.add(version);
    const kept = readStored(version, digest);
    storedParts.delete(version);
    options.onParts?.(version, kept !== undefined);
    if (kept) return kept;
    // The thread's parts, when they were made from the text this build parsed (the file may have been saved since).
    const early = await thread?.parts(version);
    const made = early !== undefined && early.textDigest === openApiTextDigest(options.docsRoot, descriptionFile(version)) ? early.parts : sandboxParts(build(version), `version ${version}`);
    const failed = digest === undefined ? undefined : store!.write(version, digest, made);
    if (failed) warn(`caravan-docs: the sandbox modules of ${version} could not be kept for the next build (${failed.message}); that build will make them again.`);
    return made;
  }

  /** One operation's part, compiled from the description (the dev server, and a part the bundler loads again). */
  const operationModule = (version: string, index: number): string => operationPart(build(version), index, `version ${version}`);

  let building = false;
  const assetsDir = ASSETS_FOLDER;
  const hasPrivate = () => privateVersions.size > 0 || gatedKeys.size > 0;
  return {
    name: 'caravan-docs:sandbox-modules',
    configResolved(config) {
      building = config.command === 'build';
      // The server answers private modules at `{base}${ASSETS_FOLDER}/<file>` (src/routes.ts): emitted elsewhere, they would not load.
      if (building && hasPrivate() && config.build.assetsDir !== ASSETS_FOLDER) {
        throw new Error(
          `caravan-docs: build.assets is "${config.build.assetsDir}" in the Astro config, but the sign-in server serves the private sandbox modules of ${privateVersions.size > 0 ? `versions ${[...privateVersions].join(', ')}` : `the APIs ${[...gatedKeys].join(', ')}`} from "${ASSETS_FOLDER}/" (ASSETS_FOLDER in src/routes.ts). Remove build.assets from astro.config.mjs, or change ASSETS_FOLDER to the same folder.`,
        );
      }
    },
    buildStart() {
      // A gated API's version module is imported by no public script: an entry of its own, loaded through its private entry file.
      if (!building || this.environment?.name !== 'client') return;
      for (const key of gatedKeys) this.emitFile({ type: 'chunk', id: `${SANDBOX_MODULE_PREFIX}${key}` });
    },
    resolveId(id) {
      if (id === SANDBOXES_MODULE) return `\0${SANDBOXES_MODULE}`;
      if (!id.startsWith(SANDBOX_MODULE_PREFIX)) return undefined;
      const [version, index, ...rest] = id.slice(SANDBOX_MODULE_PREFIX.length).split('/');
      if (rest.length > 0 || version === undefined || !options.versions.includes(parseApiKey(version).version) || (index !== undefined && !/^\d+$/.test(index))) return undefined;
      return `\0${id}`;
    },
    async load(id) {
      if (id === `\0${SANDBOXES_MODULE}`) {
        const entries = described().map((version) => `  ${JSON.stringify(version)}: () => import(${JSON.stringify(`${SANDBOX_MODULE_PREFIX}${version}`)}),`);
        return `export const sandboxes = {\n${entries.join('\n')}\n};\n`;
      }
      if (!id.startsWith(`\0${SANDBOX_MODULE_PREFIX}`)) return undefined;
      const [version, index] = id.slice(SANDBOX_MODULE_PREFIX.length + 1).split('/') as [string, string | undefined];
      this.addWatchFile(join(options.docsRoot, descriptionFile(version)));
      if (index !== undefined) {
        const kept = keptParts.get(`${version}/${index}`);
        keptParts.delete(`${version}/${index}`);
        return kept ?? operationModule(version, Number(index));
      }
      // Only the browser bundle loads operation parts; emitted files land in its assets folder.
      const emit: EmitParts | undefined =
        building && this.environment?.name === 'client'
          ? (partsOf, parts) => {
              const hash = createHash('sha256');
              for (const [index, source] of parts) hash.update(`${index}\u0000${source}\u0000`);
              const prefix = `sandbox-${partsOf.replaceAll('/', '-')}-`;
              const suffix = `.${hash.digest('base64url').slice(0, 8)}.js`;
              for (const [index, source] of parts) {
                // Chunks are written to the assets folder too, so the file sits next to the module that loads it.
                const file = `${prefix}${index}${suffix}`;
                // A private API's part never enters the bundle: the server serves it from the same URL.
                if (isPrivate(partsOf)) options.privateFiles.set(file, { source, sandboxKeys: [partsOf] });
                else this.emitFile({ type: 'asset', fileName: `${assetsDir}/${file}`, source });
              }
              return { prefix, suffix };
            }
          : undefined;
      const source = await versionModule(version, emit, (message) => this.warn(message));
      // Every operation part is written out or kept now: let the compiler's memory go (a part loaded later is rebuilt).
      if (emit !== undefined) {
        builds.delete(version);
        forgetOpenApi(options.docsRoot, descriptionFile(version));
      }
      return source;
    },
    generateBundle: {
      // Last, once every other plugin has finished the chunks' code.
      order: 'post',
      handler(_output, bundle) {
        if (!building || this.environment?.name !== 'client' || !hasPrivate()) return;
        const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
        const { files, conflicts } = privateChunks(chunks, privateKeysOf);
        for (const chunk of chunks) {
          const key = chunk.facadeModuleId?.startsWith(`\0${SANDBOX_MODULE_PREFIX}`) ? chunk.facadeModuleId.slice(SANDBOX_MODULE_PREFIX.length + 1) : undefined;
          // The fixed name a gated API's consoles load (its readers only): it re-exports the entry, whose name holds its hash.
          if (key !== undefined && gatedKeys.has(key)) options.privateFiles.set(privateSandboxEntry(key), { source: `export * from ${JSON.stringify(`./${chunk.fileName.slice(assetsDir.length + 1)}`)};\n`, sandboxKeys: [key] });
        }
        if (conflicts.length > 0) this.error(`caravan-docs: a public script needs a private sandbox module, so it could not load for readers who may not read the API reference: ${conflicts.join('; ')}.`);
        for (const [fileName, sandboxKeys] of files) {
          const chunk = bundle[fileName];
          const name = fileName.slice(assetsDir.length + 1);
          if (chunk?.type !== 'chunk' || !fileName.startsWith(`${assetsDir}/`) || name.includes('/')) this.error(`caravan-docs: the private sandbox module ${fileName} is outside ${assetsDir}/, where the server serves such modules.`);
          options.privateFiles.set(name, { source: chunk.code, sandboxKeys });
          // Out of the client folder, with its source map if the build writes one.
          delete bundle[fileName];
          delete bundle[`${fileName}.map`];
        }
      },
    },
    buildEnd(error) {
      if (!building || this.environment?.name !== 'client') return;
      thread?.stop();
      if (!error) store?.prune(stored);
    },
    watchChange(file) {
      // A changed description is read again on the next load (the dev server reloads the page).
      for (const [version, found] of builds) if (join(options.docsRoot, found.file) === file) builds.delete(version);
      keptParts.clear();
    },
  };
}
