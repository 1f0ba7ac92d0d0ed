import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { canRead, type Reader } from '../model/access.ts';
import type { RoleRequirement } from '../model/types.ts';
import { PRIVATE_HEADERS } from './private-response.ts';

/** A search index of the gated pages that share one role requirement. */
export interface SearchGroup {
  id: string;
  requires: RoleRequirement;
}

/** The folder of dist/server holding the indexes, and the list of groups inside it. */
export const SEARCH_FOLDER = 'search';
export const SEARCH_GROUPS_FILE = 'groups.json';

/**
 * The search indexes of gated pages, written by the build into dist/server/search/ (never
 * dist/client). Each one is handed only to readers whose roles open its pages.
 */
let found: { dir: string; groups: SearchGroup[] } | null | undefined;

function searchIndexes(): { dir: string; groups: SearchGroup[] } | null {
  if (found === undefined) {
    // This module is bundled into dist/server/chunks/ (or, on some setups, dist/server/ itself).
    const dir = [new URL(`../${SEARCH_FOLDER}/`, import.meta.url), new URL(`./${SEARCH_FOLDER}/`, import.meta.url)].map((url) => fileURLToPath(url)).find((candidate) => existsSync(join(candidate, SEARCH_GROUPS_FILE)));
    found = dir ? { dir, groups: JSON.parse(readFileSync(join(dir, SEARCH_GROUPS_FILE), 'utf8')) as SearchGroup[] } : null;
  }
  return found;
}

/** Ids of the gated indexes this reader may search. */
export function readableSearchGroups(reader: Reader): string[] {
  return (searchIndexes()?.groups ?? []).filter((group) => canRead(group.requires, reader.roles)).map((group) => group.id);
}

const TYPES: Record<string, string> = { '.json': 'application/json', '.js': 'text/javascript; charset=utf-8' };

/** One file of a gated index, for a reader who may read its pages; undefined otherwise (a 404). */
export function gatedSearchFile(reader: Reader | undefined, path: string): Response | undefined {
  const index = searchIndexes();
  const match = /^([0-9a-f]{16})\/((?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_.-]+)$/.exec(path);
  if (!reader || !index || !match || match[2]!.split('/').some((part) => part.startsWith('.'))) return undefined;
  const group = index.groups.find((candidate) => candidate.id === match[1]);
  if (!group || !canRead(group.requires, reader.roles)) return undefined;
  const file = join(index.dir, group.id, match[2]!);
  if (!existsSync(file)) return undefined;
  const extension = /\.[a-z_]+$/.exec(file)?.[0] ?? '';
  return new Response(readFileSync(file), { headers: { 'content-type': TYPES[extension] ?? 'application/octet-stream', ...PRIVATE_HEADERS } });
}
