import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * The files of a Pagefind index named by a digest of their content (fragments, word chunks,
 * filters) and which of them an index references. Pagefind skips writing such a file when one of
 * that name exists, so an index written over the previous one writes only what changed; the files
 * the new index no longer references are then removed here.
 */

/** The folders of content-named files, each file referenced from a language's metadata. */
export const CONTENT_NAMED_FOLDERS = ['fragment', 'index', 'filter'] as const;

/** Every content-named file (`fragment/<hash>.pf_fragment`, …) the index in `folder` references. */
export function referencedFiles(folder: string): Set<string> {
  const entry = JSON.parse(readFileSync(join(folder, 'pagefind-entry.json'), 'utf8')) as { languages?: Record<string, { hash?: unknown }> };
  const referenced = new Set<string>();
  for (const [language, { hash }] of Object.entries(entry.languages ?? {})) {
    if (typeof hash !== 'string') throw new Error(`pagefind-entry.json: language ${language} has no metadata hash`);
    for (const file of filesOfMetadata(readFileSync(join(folder, `pagefind.${hash}.pf_meta`)))) referenced.add(file);
  }
  return referenced;
}

/** Removes the content-named files of `folder` that its index does not reference; returns how many. */
export function removeUnreferencedFiles(folder: string): number {
  const referenced = referencedFiles(folder);
  let removed = 0;
  for (const sub of CONTENT_NAMED_FOLDERS) {
    let names: string[];
    try {
      names = readdirSync(join(folder, sub));
    } catch {
      continue;
    }
    for (const name of names) {
      if (referenced.has(`${sub}/${name}`)) continue;
      rmSync(join(folder, sub, name), { force: true });
      removed++;
    }
  }
  return removed;
}

/** Pagefind's prefix on every compressed file, before the content. */
const CONTENT_PREFIX = 'pagefind_dcd';

/**
 * The content-named files one language's metadata file references (gzip of the prefix and a
 * CBOR array: version, pages [hash, …], word chunks [from, to, hash], filters [name, hash], sorts).
 * Throws on anything else, so an unknown format never deletes a file. Pure.
 */
export function filesOfMetadata(compressed: Uint8Array): string[] {
  const bytes = gunzipSync(compressed);
  if (bytes.subarray(0, CONTENT_PREFIX.length).toString('latin1') !== CONTENT_PREFIX) throw new Error('a Pagefind metadata file without its prefix');
  const meta = decodeCbor(bytes.subarray(CONTENT_PREFIX.length));
  if (!Array.isArray(meta) || !Array.isArray(meta[1]) || !Array.isArray(meta[2]) || !Array.isArray(meta[3])) throw new Error('a Pagefind metadata file of an unknown layout');
  const hashAt = (list: unknown[], position: number, kind: string): string[] =>
    list.map((item) => {
      const hash = Array.isArray(item) ? item[position] : undefined;
      if (typeof hash !== 'string' || !/^[\w-]+$/.test(hash)) throw new Error(`a Pagefind metadata file with an unreadable ${kind} hash`);
      return hash;
    });
  return [
    ...hashAt(meta[1], 0, 'page').map((hash) => `fragment/${hash}.pf_fragment`),
    ...hashAt(meta[2], 2, 'word chunk').map((hash) => `index/${hash}.pf_index`),
    ...hashAt(meta[3], 1, 'filter').map((hash) => `filter/${hash}.pf_filter`),
  ];
}

/** Decodes one CBOR item (RFC 8949): integers, byte and text strings, arrays, maps, and simple values. Pure. */
export function decodeCbor(bytes: Uint8Array): unknown {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  const need = (count: number) => {
    if (at + count > bytes.length) throw new Error('CBOR: truncated');
  };
  const argument = (info: number): number => {
    if (info < 24) return info;
    const size = info === 24 ? 1 : info === 25 ? 2 : info === 26 ? 4 : info === 27 ? 8 : 0;
    if (size === 0) throw new Error(`CBOR: unsupported additional information ${info}`);
    need(size);
    const value = size === 1 ? view.getUint8(at) : size === 2 ? view.getUint16(at) : size === 4 ? view.getUint32(at) : Number(view.getBigUint64(at));
    at += size;
    return value;
  };
  const item = (): unknown => {
    need(1);
    const head = view.getUint8(at++);
    const major = head >> 5;
    const info = head & 31;
    if (major === 7) {
      if (info === 20) return false;
      if (info === 21) return true;
      if (info === 22) return null;
      throw new Error(`CBOR: unsupported simple value ${info}`);
    }
    const value = argument(info);
    switch (major) {
      case 0:
        return value;
      case 1:
        return -1 - value;
      case 2:
      case 3: {
        need(value);
        const content = bytes.subarray(at, at + value);
        at += value;
        return major === 3 ? new TextDecoder().decode(content) : content;
      }
      case 4: {
        const items: unknown[] = [];
        for (let index = 0; index < value; index++) items.push(item());
        return items;
      }
      case 5: {
        const map = new Map<unknown, unknown>();
        for (let index = 0; index < value; index++) map.set(item(), item());
        return map;
      }
      default:
        throw new Error(`CBOR: unsupported major type ${major}`);
    }
  };
  return item();
}
