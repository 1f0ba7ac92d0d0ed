/**
 * Build-time sandbox modules for the browser, one set per version with an OpenAPI description:
 *   virtual:caravan-docs/sandboxes               `sandboxes`: version -> () => import(its module)
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
 */
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { openApiFile, readOpenApi } from '../openapi/openapi-fs.ts';
import type { ServerOverrides } from '../openapi/servers.ts';
import { operationValidatorKeys, runtimeApi } from '../sandbox/build/runtime-api.ts';
import { standaloneWriter, type StandaloneWriter } from '../sandbox/build/schemas.ts';
import type { RuntimeApi } from '../sandbox/core/types.ts';
import { extensionFile } from '../sandbox/node/load.ts';

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
}

interface VersionBuild {
  file: string;
  api: RuntimeApi;
  writer: StandaloneWriter;
}

export function sandboxModulesPlugin(options: SandboxModulesOptions): Plugin {
  const described = () => options.versions.filter((version) => openApiFile(options.docsRoot, version) !== undefined);
  const builds = new Map<string, VersionBuild>();
  const build = (version: string): VersionBuild => {
    let found = builds.get(version);
    if (found === undefined) {
      const file = openApiFile(options.docsRoot, version);
      if (file === undefined) throw new Error(`caravan-docs: version ${version} has no OpenAPI description, so it has no sandbox.`);
      const document = readOpenApi(options.docsRoot, file);
      found = { file, api: runtimeApi(document, { overrides: options.api, origin: options.url }), writer: standaloneWriter(document) };
      builds.set(version, found);
    }
    return found;
  };

  /**
   * The page's part: the route table (what routing, credentials and the console's default
   * credential need) and the extension. Parameters, bodies, responses, validators and seed
   * items of an operation come with its own module.
   */
  function versionModule(version: string): string {
    const { api } = build(version);
    const thin: RuntimeApi = {
      ...api,
      operations: api.operations.map(({ parameters: _parameters, body: _body, responses: _responses, ...route }) => ({ ...route, parameters: [], responses: [] })),
      seed: { __next: api.seed['__next'] ?? {} },
    };
    const extension = extensionFile(options.docsRoot, version);
    const loaders = api.operations.map((operation, index) => `  ${JSON.stringify(operation.id)}: () => import(${JSON.stringify(`${SANDBOX_MODULE_PREFIX}${version}/${index}`)}),`);
    return [
      `export const version = ${JSON.stringify(version)};`,
      `export const api = ${JSON.stringify(thin)};`,
      `export const operations = {\n${loaders.join('\n')}\n};`,
      extension ? `export { sandbox as extension } from ${JSON.stringify(join(options.docsRoot, extension))};` : 'export const extension = undefined;',
      '',
    ].join('\n');
  }

  /** One operation's part: its parameters, bodies and responses, validators, and the seed of the collections it reaches. */
  function operationModule(version: string, index: number): string {
    const { api, writer } = build(version);
    const operation = api.operations[index];
    if (operation === undefined) throw new Error(`caravan-docs: version ${version} has no operation number ${index}.`);
    const collections = operation.resource ? [...operation.resource.parents.map((parent) => parent.collection), operation.resource.collection] : [];
    const seeds = Object.fromEntries(collections.filter((name) => api.seed[name] !== undefined).map((name) => [name, api.seed[name]]));
    const details = { parameters: operation.parameters, body: operation.body, responses: operation.responses };
    return [writer.module(operationValidatorKeys(operation)), `export const details = ${JSON.stringify(details)};`, `export const seeds = ${JSON.stringify(seeds)};`, ''].join('\n');
  }

  return {
    name: 'caravan-docs:sandbox-modules',
    resolveId(id) {
      if (id === SANDBOXES_MODULE) return `\0${SANDBOXES_MODULE}`;
      if (!id.startsWith(SANDBOX_MODULE_PREFIX)) return undefined;
      const [version, index, ...rest] = id.slice(SANDBOX_MODULE_PREFIX.length).split('/');
      if (rest.length > 0 || version === undefined || !options.versions.includes(version) || (index !== undefined && !/^\d+$/.test(index))) return undefined;
      return `\0${id}`;
    },
    load(id) {
      if (id === `\0${SANDBOXES_MODULE}`) {
        const entries = described().map((version) => `  ${JSON.stringify(version)}: () => import(${JSON.stringify(`${SANDBOX_MODULE_PREFIX}${version}`)}),`);
        return `export const sandboxes = {\n${entries.join('\n')}\n};\n`;
      }
      if (!id.startsWith(`\0${SANDBOX_MODULE_PREFIX}`)) return undefined;
      const [version, index] = id.slice(SANDBOX_MODULE_PREFIX.length + 1).split('/') as [string, string | undefined];
      this.addWatchFile(join(options.docsRoot, build(version).file));
      return index === undefined ? versionModule(version) : operationModule(version, Number(index));
    },
    watchChange(file) {
      // A changed description is read again on the next load (the dev server reloads the page).
      for (const [version, found] of builds) if (join(options.docsRoot, found.file) === file) builds.delete(version);
    },
  };
}
