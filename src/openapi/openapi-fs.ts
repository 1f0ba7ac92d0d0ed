/**
 * Node only: finds and reads `content/<version>/openapi.yaml` (or `.yml`, or `.json`) of a docs
 * root. Never import this from browser code. Parsed documents are cached per file for the life
 * of the process (a build).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { checkDescription, descriptionSyntaxError } from './check.ts';
import { describeApi, type ApiDescription, type DescribeOptions } from './describe.ts';
import type { OpenApiInput } from './types.ts';
import { DocsInputError } from '../config/errors.ts';
import { apiKey } from './api-key.ts';

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
 * One API of a version: the description at `content/<version>/openapi.yaml` (id `''`, pages
 * straight under `/{version}/reference/`) or at `content/<version>/apis/<id>/openapi.yaml`
 * (pages under `/{version}/reference/<id>/`).
 */
export interface ApiSource {
  /** `''` for a version's single description, else the folder name under `apis/`: a URL segment. */
  id: string;
  /** The description relative to the docs root. */
  file: string;
  /** Its folder under `content/`: `<version>`, or `<version>/apis/<id>` (a sandbox extension sits beside the description). */
  folder: string;
  /** Names its sandbox (browser modules, storage, `npm run sandbox`): the version, or `<version>~<id>`. */
  key: string;
}

/** Folder of a version's several APIs, under `content/<version>/`. */
const APIS_FOLDER = 'apis';

/** What an API id may be: one lower-case URL segment (it becomes `/{version}/reference/<id>/`). */
const API_ID = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/**
 * The APIs of a version, in folder-name order (the site may reorder them): its single description,
 * or one per folder of `content/<version>/apis/`; empty when it has none. A version with both, a
 * folder whose name is not a URL segment, or one without a description is a DocsInputError.
 */
export function versionApiSources(docsRoot: string, version: string, bundled: Readonly<Record<string, string>> = {}): ApiSource[] {
  const single = openApiFile(docsRoot, version, bundled);
  const folder = `content/${version}/${APIS_FOLDER}`;
  // Folders holding an AsyncAPI description are event APIs (versionEventApiSources below), beside either kind.
  const ids = apiFolders(docsRoot, folder, bundled).filter((id) => eventApiFile(docsRoot, `${version}/${APIS_FOLDER}/${id}`, bundled) === undefined);
  if (single !== undefined && ids.length > 0) {
    throw new DocsInputError({ file: single, problem: `is beside ${folder}/, and a version holds either one description or several under ${APIS_FOLDER}/.`, hint: `move it to ${folder}/<id>/${single.split('/').pop()} (its pages then move under /${version}/reference/<id>/), or remove ${folder}/.` });
  }
  if (single !== undefined) return [{ id: '', file: single, folder: version, key: version }];
  return ids.map((id) => {
    if (!API_ID.test(id)) {
      throw new DocsInputError({ file: `${folder}/${id}/`, problem: `"${id}" cannot be an API id: it becomes the URL segment /${version}/reference/${id}/.`, hint: `rename the folder with lower-case letters, digits and inner hyphens only (like "${suggestedId(id)}").` });
    }
    const file = openApiFile(docsRoot, `${version}/${APIS_FOLDER}/${id}`, bundled);
    if (file === undefined) throw new DocsInputError({ file: `${folder}/${id}/`, problem: 'holds no openapi.yaml, openapi.yml or openapi.json (nor an asyncapi.yaml, asyncapi.yml or asyncapi.json).', hint: `add the API's description there, or remove the folder.` });
    return { id, file, folder: `${version}/${APIS_FOLDER}/${id}`, key: apiKey(version, id) };
  });
}

/** File names an event API's description may have, in the order they are looked for. */
const EVENT_DESCRIPTION_FILES = ['asyncapi.yaml', 'asyncapi.yml', 'asyncapi.json'] as const;

/** The AsyncAPI description in a folder under `content/`, relative to the docs root, or undefined. */
function eventApiFile(docsRoot: string, folder: string, bundled: Readonly<Record<string, string>> = {}): string | undefined {
  for (const name of EVENT_DESCRIPTION_FILES) {
    const file = `content/${folder}/${name}`;
    if (bundled[file] !== undefined || existsSync(join(docsRoot, file))) return file;
  }
  return undefined;
}

/**
 * The event APIs of a version: one per folder of `content/<version>/apis/` holding an AsyncAPI
 * description, in folder-name order. A folder holding both kinds of description is a DocsInputError.
 */
export function versionEventApiSources(docsRoot: string, version: string, bundled: Readonly<Record<string, string>> = {}): ApiSource[] {
  const folder = `content/${version}/${APIS_FOLDER}`;
  return apiFolders(docsRoot, folder, bundled).flatMap((id) => {
    const file = eventApiFile(docsRoot, `${version}/${APIS_FOLDER}/${id}`, bundled);
    if (file === undefined) return [];
    if (!API_ID.test(id)) {
      throw new DocsInputError({ file: `${folder}/${id}/`, problem: `"${id}" cannot be an API id: it becomes the URL segment /${version}/reference/${id}/.`, hint: `rename the folder with lower-case letters, digits and inner hyphens only (like "${suggestedId(id)}").` });
    }
    const openApi = openApiFile(docsRoot, `${version}/${APIS_FOLDER}/${id}`, bundled);
    if (openApi !== undefined) throw new DocsInputError({ file, problem: `is beside ${openApi}: a folder under ${APIS_FOLDER}/ holds one API, described once.`, hint: 'move one of the two descriptions into a folder of its own (its id is the folder\'s name).' });
    return [{ id, file, folder: `${version}/${APIS_FOLDER}/${id}`, key: apiKey(version, id) }];
  });
}

function apiFolders(docsRoot: string, folder: string, bundled: Readonly<Record<string, string>>): string[] {
  const names = new Set<string>();
  for (const file of Object.keys(bundled)) {
    if (file.startsWith(`${folder}/`)) names.add(file.slice(folder.length + 1).split('/')[0]!);
  }
  const dir = join(docsRoot, folder);
  if (existsSync(dir) && statSync(dir).isDirectory()) {
    for (const entry of readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory() && !entry.name.startsWith('.') && !entry.name.startsWith('_')) names.add(entry.name);
  }
  return [...names].sort();
}

function suggestedId(id: string): string {
  return id.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'api';
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
  textDigests.set(document, createHash('sha256').update(text).digest('hex'));
  return document;
}

/** SHA-256 of the text each parsed description was read from. */
const textDigests = new WeakMap<OpenApiInput, string>();

/**
 * A digest of the very text the description at `file` was parsed from (read and parsed now if it
 * was not), not of the file as it is now, which an editor may have saved since: a cache keyed by
 * it never holds what another text would give than the document `readOpenApi` returns.
 */
export function openApiTextDigest(docsRoot: string, file: string): string {
  return textDigests.get(readOpenApi(docsRoot, file))!;
}

/**
 * Lets the parsed description at `file` go: a build step done with it (the browser's sandbox
 * modules, once written) keeps the build's memory from holding it through rendering. A later
 * `readOpenApi` reads and checks the file again.
 */
export function forgetOpenApi(docsRoot: string, file: string): void {
  cache.delete(join(docsRoot, file));
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
 * overrides), or undefined when the version has no such API. `api` is the id under `apis/`;
 * without it, the version's first API.
 */
export function loadVersionApi(docsRoot: string, version: string, options: Omit<DescribeOptions, 'source'> = {}, bundled: Readonly<Record<string, string>> = {}, api?: string): ApiDescription | undefined {
  const sources = versionApiSources(docsRoot, version, bundled);
  const source = api === undefined ? sources[0] : sources.find((entry) => entry.id === api);
  return source === undefined ? undefined : describeApi(readOpenApi(docsRoot, source.file, bundled), { ...options, source: source.file });
}
