import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The `package.json` of an installed package, as bytes: part of a cache key wherever the package's
 * code decides what a build writes, so that upgrading it makes the cached result stale. Found by
 * walking up from the package's entry point (packages rarely export their manifest).
 */
export function packageManifest(name: string): Buffer {
  let folder = dirname(fileURLToPath(import.meta.resolve(name)));
  for (;;) {
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest)) {
      const bytes = readFileSync(manifest);
      if ((JSON.parse(bytes.toString('utf8')) as { name?: unknown }).name === name) return bytes;
    }
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`caravan-docs: no package.json of ${name} above its entry point.`);
    folder = parent;
  }
}
