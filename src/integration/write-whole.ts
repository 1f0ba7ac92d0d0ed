import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Writes a cache file whole: into a file of this writer's own beside it, then renamed over it. A
 * build stopped while writing leaves the previous file or none, never half of one, and two builds
 * of the same site at once never write into each other's file. On failure the partial file is
 * removed and the error thrown.
 */
export function writeFileWhole(file: string, data: string): void {
  const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.partial`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(partial, data);
    renameSync(partial, file);
  } catch (error) {
    try {
      rmSync(partial, { force: true });
    } catch {
      // Nothing was written where nothing can be.
    }
    throw error;
  }
}
