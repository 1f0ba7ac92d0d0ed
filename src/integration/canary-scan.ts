/**
 * File-system side of the private-description guard: looks for canaries in one output file at
 * a time, a chunk at a time, so the memory a scan takes is about one chunk whatever the size of
 * the file or of the public folder. Gzip files (Pagefind's index) are scanned decompressed, with
 * their unpacked size bounded.
 */
import { closeSync, createReadStream, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { createGunzip, gunzipSync } from 'node:zlib';

export interface ScanLimits {
  /** Bytes read or unpacked at a time: a file this size or smaller is read whole. */
  chunkBytes: number;
  /** Most bytes a compressed file is unpacked to; past it the rest of the file is not checked. */
  maxUnpackedBytes: number;
}

export const SCAN_LIMITS: ScanLimits = { chunkBytes: 4 * 1024 * 1024, maxUnpackedBytes: 512 * 1024 * 1024 };

export interface FileScan<T> {
  found: Set<T>;
  /** Set when a compressed file unpacks to more than `maxUnpackedBytes`: only that much was checked. */
  truncated: boolean;
}

/**
 * The canaries `find` reports in a stream of chunks, read as Latin-1 (canaries are ASCII). The
 * last `overlap` characters of each chunk are scanned again with the next, so a canary up to
 * `overlap + 1` characters long is found across a boundary (overlap: the longest canary − 1).
 */
export async function canariesInChunks<T>(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, find: (text: string) => readonly T[], overlap: number, found = new Set<T>()): Promise<Set<T>> {
  let carry = '';
  for await (const chunk of chunks) {
    const text = carry + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
    for (const canary of find(text)) found.add(canary);
    carry = overlap > 0 ? text.slice(-overlap) : '';
  }
  return found;
}

/** The canaries in one file: read whole when small, else streamed; gzip (by its magic bytes) decompressed, falling back to the raw bytes when it is not gzip after all. */
export async function canariesInFile<T>(path: string, find: (text: string) => readonly T[], overlap: number, limits: ScanLimits = SCAN_LIMITS): Promise<FileScan<T>> {
  const size = statSync(path).size;
  if (!startsWithGzipMagic(path)) {
    const raw = size <= limits.chunkBytes ? [readFileSync(path)] : createReadStream(path, { highWaterMark: limits.chunkBytes });
    return { found: await canariesInChunks(raw, find, overlap), truncated: false };
  }
  if (size <= limits.chunkBytes) {
    try {
      // A small file unpacking to more than a chunk (or a bomb) throws here and is streamed below.
      return { found: await canariesInChunks([gunzipSync(readFileSync(path), { maxOutputLength: Math.min(limits.chunkBytes, limits.maxUnpackedBytes) })], find, overlap), truncated: false };
    } catch (error) {
      if (!(error instanceof RangeError)) return { found: await canariesInChunks([readFileSync(path)], find, overlap), truncated: false };
    }
  }
  const unpacked = { truncated: false };
  const found = new Set<T>();
  try {
    await canariesInChunks(gunzipped(path, limits, unpacked), find, overlap, found);
    return { found, truncated: unpacked.truncated };
  } catch {
    // Not gzip after all (or cut short): the raw bytes are scanned too, adding to what the unpacked part held.
    return { found: await canariesInChunks(createReadStream(path, { highWaterMark: limits.chunkBytes }), find, overlap, found), truncated: false };
  }
}

/** The unpacked bytes of a gzip file, a chunk at a time, stopping at `maxUnpackedBytes`. */
async function* gunzipped(path: string, limits: ScanLimits, state: { truncated: boolean }): AsyncGenerator<Uint8Array> {
  const source = createReadStream(path, { highWaterMark: limits.chunkBytes });
  const gunzip = createGunzip({ chunkSize: Math.min(limits.chunkBytes, 1024 * 1024) });
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  let total = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      if (total + chunk.length > limits.maxUnpackedBytes) {
        yield chunk.subarray(0, limits.maxUnpackedBytes - total);
        state.truncated = true;
        return;
      }
      total += chunk.length;
      yield chunk;
    }
  } finally {
    source.destroy();
    gunzip.destroy();
  }
}

/** Whether a file starts with gzip's magic bytes (read without reading the file). */
export function startsWithGzipMagic(path: string): boolean {
  const head = Buffer.alloc(2);
  const fd = openSync(path, 'r');
  try {
    return readSync(fd, head, 0, 2, 0) === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    closeSync(fd);
  }
}
