/**
 * Build-time sandbox modules for the browser, one per version with an OpenAPI description:
 *   virtual:caravan-docs/sandboxes          `sandboxes`: version -> () => import(its module)
 *   virtual:caravan-docs/sandbox/<version>  `version`, `api` (the runtime description),
 *                                           `validators` (Ajv standalone code, no compiler in the
 *                                           browser) and `extension` (content/<version>/sandbox.ts)
 * The description is read from the docs root (DOCS_ROOT respected) with the site's base-URL
 * overrides, so each version's consoles talk to that version's sandbox. Node only.
 */
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { openApiFile, readOpenApi } from '../openapi/openapi-fs.ts';
import type { ServerOverrides } from '../openapi/servers.ts';
import { runtimeApi, validatorKeys } from '../sandbox/build/runtime-api.ts';
import { standaloneValidators } from '../sandbox/build/schemas.ts';
import { extensionFile } from '../sandbox/node/load.ts';

const SANDBOXES_MODULE = 'virtual:caravan-docs/sandboxes';
const SANDBOX_MODULE_PREFIX = 'virtual:caravan-docs/sandbox/';

export interface SandboxModulesOptions {
  /** Folder holding config/ and content/. */
  docsRoot: string;
  /** Version ids, in config/versions.yml order. */
  versions: readonly string[];
  /** `api:` of config/site.yml. */
  api: ServerOverrides;
  /** `url:` of config/site.yml: relative server URLs are relative to it. */
  url: string;
}

/** The source of one version's sandbox module. */
function sandboxModuleSource(options: SandboxModulesOptions, version: string): string {
  const file = openApiFile(options.docsRoot, version);
  if (file === undefined) throw new Error(`caravan-docs: version ${version} has no OpenAPI description, so it has no sandbox.`);
  const document = readOpenApi(options.docsRoot, file);
  const api = runtimeApi(document, { overrides: options.api, origin: options.url });
  const extension = extensionFile(options.docsRoot, version);
  return [
    standaloneValidators(document, validatorKeys(api)),
    `export const version = ${JSON.stringify(version)};`,
    `export const api = ${JSON.stringify(api)};`,
    extension ? `export { sandbox as extension } from ${JSON.stringify(join(options.docsRoot, extension))};` : 'export const extension = undefined;',
    '',
  ].join('\n');
}

export function sandboxModulesPlugin(options: SandboxModulesOptions): Plugin {
  const described = () => options.versions.filter((version) => openApiFile(options.docsRoot, version) !== undefined);
  return {
    name: 'caravan-docs:sandbox-modules',
    resolveId(id) {
      if (id === SANDBOXES_MODULE) return `\0${SANDBOXES_MODULE}`;
      if (id.startsWith(SANDBOX_MODULE_PREFIX) && options.versions.includes(id.slice(SANDBOX_MODULE_PREFIX.length))) return `\0${id}`;
      return undefined;
    },
    load(id) {
      if (id === `\0${SANDBOXES_MODULE}`) {
        const entries = described().map((version) => `  ${JSON.stringify(version)}: () => import(${JSON.stringify(`${SANDBOX_MODULE_PREFIX}${version}`)}),`);
        return `export const sandboxes = {\n${entries.join('\n')}\n};\n`;
      }
      if (!id.startsWith(`\0${SANDBOX_MODULE_PREFIX}`)) return undefined;
      const version = id.slice(SANDBOX_MODULE_PREFIX.length + 1);
      const file = openApiFile(options.docsRoot, version);
      if (file !== undefined) this.addWatchFile(join(options.docsRoot, file));
      return sandboxModuleSource(options, version);
    },
  };
}
