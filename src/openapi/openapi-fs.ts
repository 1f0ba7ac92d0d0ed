/**
 * Node only: reads `content/<version>/openapi.yaml` of a docs root. Never import this from
 * browser code. Parsed documents are cached per file for the life of the process (a build).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import type { OpenApiInput } from './resolve-operation.ts';

export class OpenApiFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OpenApiFileError';
  }
}

const cache = new Map<string, OpenApiInput>();

/** A version's OpenAPI description relative to the docs root. */
export function openApiFile(version: string): string {
  return `content/${version}/openapi.yaml`;
}

/** Path of a version's OpenAPI description inside a docs root. */
export function openApiPath(docsRoot: string, version: string): string {
  return join(docsRoot, 'content', version, 'openapi.yaml');
}

/**
 * The parsed OpenAPI description of one version; throws a message naming the file when it is
 * missing or not OpenAPI. `bundled` holds file texts a server build carries (by path relative to
 * the docs root), so a deployed server reads no docs folder.
 */
export function readVersionOpenApi(docsRoot: string, version: string, bundled: Readonly<Record<string, string>> = {}): OpenApiInput {
  const path = openApiPath(docsRoot, version);
  const cached = cache.get(path);
  if (cached !== undefined) return cached;
  const shown = relative(process.cwd(), path) || path;
  const text = bundled[openApiFile(version)];
  if (text === undefined && !existsSync(path)) {
    throw new OpenApiFileError(`OpenAPI: version ${version} has no description at ${shown}. Add content/${version}/openapi.yaml, or remove the API console from this version's pages.`);
  }
  let document: unknown;
  try {
    document = parse(text ?? readFileSync(path, 'utf8'));
  } catch (error) {
    throw new OpenApiFileError(`OpenAPI: ${shown} is not valid YAML: ${(error as Error).message}`);
  }
  if (typeof document !== 'object' || document === null || !('openapi' in document) || !('paths' in document)) {
    throw new OpenApiFileError(`OpenAPI: ${shown} is not an OpenAPI document (it needs \`openapi\` and \`paths\`).`);
  }
  cache.set(path, document as OpenApiInput);
  return document as OpenApiInput;
}
