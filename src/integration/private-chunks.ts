/**
 * Which files of the browser bundle belong to a private sandbox (a version whose reference only
 * some readers may read, or a gated API's), so the build keeps them out of the public client
 * folder. A sandbox key is `<version>` or `<version>~<api>` (src/openapi/api-key.ts). Pure.
 */
import { parseApiKey } from '../openapi/api-key.ts';

/** A chunk of the browser bundle, as the bundler describes it. */
export interface BundleChunk {
  fileName: string;
  moduleIds: readonly string[];
  imports: readonly string[];
  dynamicImports: readonly string[];
}

export interface PrivateChunks {
  /** File name -> the sandbox keys whose sandbox it serves. */
  files: Map<string, string[]>;
  /** Public chunks that import a private one statically: they could not load without it. */
  conflicts: string[];
}

/**
 * A chunk is private when it holds a module of a private sandbox (`keysOf` names the private
 * sandbox keys a module belongs to; none for any other module), or when only private chunks
 * import it (parts they share, such as an extension used by several versions).
 */
export function privateChunks(chunks: readonly BundleChunk[], keysOf: (moduleId: string) => readonly string[]): PrivateChunks {
  const files = new Map<string, string[]>();
  for (const chunk of chunks) {
    const keys = new Set(chunk.moduleIds.flatMap((id) => keysOf(id)));
    if (keys.size > 0) files.set(chunk.fileName, [...keys].sort());
  }
  const importers = new Map<string, string[]>();
  for (const chunk of chunks) {
    for (const target of new Set([...chunk.imports, ...chunk.dynamicImports])) importers.set(target, [...(importers.get(target) ?? []), chunk.fileName]);
  }
  // Until nothing changes: a chunk whose every importer is private joins them, serving their keys.
  for (let changed = true; changed; ) {
    changed = false;
    for (const chunk of chunks) {
      const by = importers.get(chunk.fileName) ?? [];
      if (files.has(chunk.fileName) || by.length === 0 || !by.every((name) => files.has(name))) continue;
      files.set(chunk.fileName, [...new Set(by.flatMap((name) => files.get(name)!))].sort());
      changed = true;
    }
  }
  const conflicts = chunks
    .filter((chunk) => !files.has(chunk.fileName))
    .flatMap((chunk) => chunk.imports.filter((target) => files.has(target)).map((target) => `${chunk.fileName} (public) imports ${target}, which holds the private sandbox of ${files.get(target)!.map(sandboxName).join(', ')}`));
  return { files, conflicts };
}

/** "version 1.1", "API admin of version v1": whose sandbox a key names. */
function sandboxName(key: string): string {
  const { version, api } = parseApiKey(key);
  return api === '' ? `version ${version}` : `API ${api} of version ${version}`;
}
