/**
 * Node only: a version's sandbox from a docs root: its description (`content/<version>/openapi.*`),
 * the runtime description, validators compiled with Ajv, and the extension
 * (`content/<version>/sandbox.ts`, optional), for tests, the local server and the build.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readOpenApi, versionApiSources } from '../../openapi/openapi-fs.ts';
import type { ServerOverrides } from '../../openapi/servers.ts';
import type { OpenApiInput } from '../../openapi/types.ts';
import { runtimeApi } from '../build/runtime-api.ts';
import { compiledValidators } from '../build/schemas.ts';
import type { RuntimeApi, SandboxExtension, ValidatorSource } from '../core/types.ts';

/** Where a version's extension lives, relative to the docs root. */
const EXTENSION_FILES = ['sandbox.ts', 'sandbox.js', 'sandbox.mjs'] as const;

export interface VersionSandbox {
  version: string;
  /** The API's id under `content/<version>/apis/`; `''` for the version's single description. */
  apiId: string;
  /** The description's file relative to the docs root. */
  source: string;
  document: OpenApiInput;
  api: RuntimeApi;
  validators: ValidatorSource;
  extension?: SandboxExtension | undefined;
  /** The extension's file relative to the docs root. */
  extensionFile?: string | undefined;
}

export interface LoadOptions {
  overrides?: ServerOverrides | undefined;
  origin?: string | undefined;
}

/** The extension of an API: beside its description, in its folder under `content/` (`<version>`, or `<version>/apis/<id>`). */
export function extensionFile(docsRoot: string, folder: string): string | undefined {
  return EXTENSION_FILES.map((name) => `content/${folder}/${name}`).find((file) => existsSync(join(docsRoot, file)));
}

/** Imports an extension file and returns its `sandbox` export; a clear error when it has none. */
async function importExtension(docsRoot: string, file: string): Promise<SandboxExtension> {
  const module = (await import(pathToFileURL(join(docsRoot, file)).href)) as { sandbox?: unknown };
  if (typeof module.sandbox !== 'function') {
    throw new Error(`Sandbox: ${file} must export a function \`sandbox(api)\` (export function sandbox(api) { … }).`);
  }
  return module.sandbox as SandboxExtension;
}

/** The sandbox of one API of a version (`apiId` its folder under `apis/`; without it, the version's only API). */
export async function loadVersionSandbox(docsRoot: string, version: string, options: LoadOptions = {}, apiId?: string): Promise<VersionSandbox> {
  const apis = versionApiSources(docsRoot, version);
  if (apis.length === 0) throw new Error(`Sandbox: version \`${version}\` has no OpenAPI description (content/${version}/openapi.yaml, .yml or .json, or content/${version}/apis/<id>/openapi.yaml).`);
  const chosen = apiId === undefined ? (apis.length === 1 ? apis[0] : undefined) : apis.find((entry) => entry.id === apiId);
  if (chosen === undefined) {
    throw new Error(`Sandbox: version \`${version}\` ${apiId === undefined ? 'has several APIs; name one' : `has no API \`${apiId}\``} (its APIs: ${apis.map((entry) => entry.id).join(', ')}).`);
  }
  const source = chosen.file;
  const document = readOpenApi(docsRoot, source);
  const file = extensionFile(docsRoot, chosen.folder);
  return {
    version,
    apiId: chosen.id,
    source,
    document,
    api: runtimeApi(document, options),
    validators: compiledValidators(document),
    ...(file ? { extension: await importExtension(docsRoot, file), extensionFile: file } : {}),
  };
}
