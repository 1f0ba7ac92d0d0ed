import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SANDBOX_FILES, type SandboxFileList } from '../server/private-sandbox.ts';
import type { PrivateSandboxFiles } from './sandbox-modules.ts';

/**
 * Writes the private sandbox modules into `outDir` (inside dist/server) with their list
 * (`files.json`: file -> the sandbox keys whose readers may load it), which is all the server reads. Returns how many were written.
 */
export function writePrivateSandbox(outDir: string, files: PrivateSandboxFiles): number {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const list: SandboxFileList = {};
  for (const [name, { source, sandboxKeys }] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    writeFileSync(join(outDir, name), source);
    list[name] = sandboxKeys;
  }
  writeFileSync(join(outDir, SANDBOX_FILES), `${JSON.stringify(list, null, 1)}\n`);
  return files.size;
}
