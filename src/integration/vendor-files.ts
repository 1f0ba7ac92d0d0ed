/**
 * Third-party files the engine copies into every build as they are (Mermaid's script, MSW's
 * worker): nothing of a site can be in them, yet their words ("Operations", "Settings") may equal
 * a gated page's title. The leak guard passes over an output file only when its bytes are exactly
 * one of these (same size, same SHA-256), never by its name.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const VENDOR_FILES = ['@mermaid-js/tiny/dist/mermaid.tiny.js', 'msw/mockServiceWorker.js'];

let known: Map<number, Set<string>> | undefined;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Digests of the vendored files, by size, read once per process. */
function vendorDigests(): Map<number, Set<string>> {
  if (known) return known;
  known = new Map();
  for (const name of VENDOR_FILES) {
    const bytes = readFileSync(require.resolve(name));
    const digests = known.get(bytes.length) ?? new Set<string>();
    digests.add(sha256(bytes));
    known.set(bytes.length, digests);
  }
  return known;
}

/** Whether the file at `path` is byte for byte one of the engine's vendored third-party files. */
export function isVendorFile(path: string): boolean {
  const digests = vendorDigests().get(statSync(path).size);
  return digests !== undefined && digests.has(sha256(readFileSync(path)));
}
