// Page JavaScript weight, shared by the site and page-js benchmarks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Gzip bytes of every script a page loads up front: inline scripts plus module scripts and their static imports. */
export function javascriptWeight(htmlFile: string, outDir: string): number {
  const html = readFileSync(htmlFile, 'utf8');
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
  const seen = new Set<string>();
  const queue = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!);
  let bytes = inline.reduce((sum, code) => sum + gzipSync(code).length, 0);
  while (queue.length > 0) {
    const src = queue.shift()!;
    if (seen.has(src)) continue;
    seen.add(src);
    const code = readFileSync(join(outDir, src), 'utf8');
    bytes += gzipSync(code).length;
    // Static imports load immediately; dynamic import() (search) loads on demand and is not counted.
    for (const match of code.matchAll(/(?:^|[;}\s])import\s*(?:[^'"()]*?from\s*)?["']([^"']+)["']/g)) {
      queue.push(new URL(match[1]!, `http://x${src}`).pathname);
    }
  }
  return bytes;
}
