// Page JavaScript and CSS weight, shared by the site, page-js, console and budget benchmarks.
import { existsSync, readFileSync } from 'node:fs';
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

const STATIC_IMPORT = /(?:^|[;}\s])import\s*(?:[^'"()]*?from\s*)?["']([^"']+)["']/g;
const DYNAMIC_IMPORT = /import\(\s*["'`]([^"'`]+)["'`]\s*\)|["'`](\.\/[\w.-]+\.js)["'`]/g;

/**
 * Gzip bytes of a page's scripts: up front (inline scripts, module scripts and their static imports)
 * and in total (plus everything they may import later: the console, its sandbox, search).
 */
export function scriptWeights(htmlFile: string, outDir: string): { upfront: number; total: number; files: string[] } {
  const gzip = (file: string) => gzipSync(readFileSync(join(outDir, file))).length;
  const html = readFileSync(htmlFile, 'utf8');
  const inline = [...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>([\s\S]*?)<\/script>/g)].reduce((sum, match) => sum + gzipSync(match[1] ?? '').length, 0);
  const walk = (roots: string[], dynamic: boolean) => {
    const seen = new Set<string>();
    const queue = [...roots];
    while (queue.length > 0) {
      const src = queue.shift()!;
      if (seen.has(src) || !existsSync(join(outDir, src))) continue;
      seen.add(src);
      const code = readFileSync(join(outDir, src), 'utf8');
      for (const match of code.matchAll(STATIC_IMPORT)) queue.push(new URL(match[1]!, `http://x${src}`).pathname);
      if (dynamic) for (const match of code.matchAll(DYNAMIC_IMPORT)) queue.push(new URL((match[1] ?? match[2])!, `http://x${src}`).pathname);
    }
    return [...seen];
  };
  const roots = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!);
  const upfront = walk(roots, false);
  const all = walk(roots, true);
  return { upfront: inline + upfront.reduce((sum, file) => sum + gzip(file), 0), total: inline + all.reduce((sum, file) => sum + gzip(file), 0), files: all };
}

/** Gzip bytes of a page's CSS: its inline `<style>` blocks and the stylesheets it links. */
export function cssWeight(htmlFile: string, outDir: string): number {
  const html = readFileSync(htmlFile, 'utf8');
  const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '').join('\n');
  const linked = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)]
    .map((match) => /href="([^"]+)"/.exec(match[0])?.[1])
    .filter((href): href is string => href !== undefined && existsSync(join(outDir, href)))
    .map((href) => readFileSync(join(outDir, href), 'utf8'));
  return (inline ? gzipSync(inline).length : 0) + linked.reduce((sum, css) => sum + gzipSync(css).length, 0);
}
