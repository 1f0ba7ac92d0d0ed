/**
 * Node only: finds and reads `content/<version>/openapi.yaml` (or `.yml`, or `.json`) of a docs
 * root. Never import this from browser code. Parsed documents are cached per file for the life
 * of the process (a build).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { checkDescription, descriptionSyntaxError } from './check.ts';
import { describeApi, type ApiDescription, type DescribeOptions } from './describe.ts';
import type { OpenApiInput } from './types.ts';

/** File names a version's description may have, in the order they are looked for. */
const DESCRIPTION_FILES = ['openapi.yaml', 'openapi.yml', 'openapi.json'] as const;

const cache = new Map<string, OpenApiInput>();

/**
 * A version's OpenAPI description relative to the docs root, or undefined when it has none.
 * `bundled` holds file texts a server build carries (a deployed server reads no docs folder).
 */
export function openApiFile(docsRoot: string, version: string, bundled: Readonly<Record<string, string>> = {}): string | undefined {
  for (const name of DESCRIPTION_FILES) {
    const file = `content/${version}/${name}`;
    if (bundled[file] !== undefined || existsSync(join(docsRoot, file))) return file;
  }
  return undefined;
}

/**
 * The parsed description at `file` (relative to the docs root). Throws a DocsInputError naming
 * the file, the JSON pointer and the fix when it is not a description the generator can take.
 */
export function readOpenApi(docsRoot: string, file: string, bundled: Readonly<Record<string, string>> = {}): OpenApiInput {
  const path = join(docsRoot, file);
  const cached = cache.get(path);
  if (cached !== undefined) return cached;
  const text = bundled[file] ?? readFileSync(path, 'utf8');
  const document = checkDescription(file, parseText(file, text));
  cache.set(path, document);
  return document;
}

/** JSON is parsed as JSON (many times faster than a YAML parser on a 13 MB file), anything else as YAML. */
function parseText(file: string, text: string): unknown {
  if (file.endsWith('.json') || text.trimStart().startsWith('{')) {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      if (file.endsWith('.json')) return descriptionSyntaxError(file, (error as Error).message);
    }
  }
  try {
    return parse(text, { maxAliasCount: -1 }) as unknown;
  } catch (error) {
    return descriptionSyntaxError(file, (error as Error).message);
  }
}

/**
 * A version's API (its description, operations and security, with the site's base-URL
 * overrides), or undefined when the version has no description.
 */
export function loadVersionApi(docsRoot: string, version: string, options: Omit<DescribeOptions, 'source'> = {}, bundled: Readonly<Record<string, string>> = {}): ApiDescription | undefined {
  const file = openApiFile(docsRoot, version, bundled);
  return file === undefined ? undefined : describeApi(readOpenApi(docsRoot, file, bundled), { ...options, source: file });
}
