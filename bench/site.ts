// Site build benchmark: builds generated corpora and reports speed, memory, HTML and JS weight per page.
// Usage: node bench/site.ts [pages...]   (default: 1 1000 5000)
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { writeCorpus } from './corpus.ts';

const PROJECT_ROOT = join(import.meta.dirname, '..');

interface Result {
  pages: number;
  wallSeconds: number;
  pagesPerSecond: number;
  peakMemoryMiB: number;
  htmlBytesPerPage: number;
  jsGzipBytesPerPage: number;
}

function buildCorpus(pages: number): Result {
  const root = join(tmpdir(), `caravan-bench-${pages}`);
  const out = join(root, 'dist');
  writeCorpus(root, pages);
  const astro = join(PROJECT_ROOT, 'node_modules/astro/bin/astro.mjs');
  const started = performance.now();
  // GNU time reports the peak resident memory of the build process.
  const run = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, astro, 'build', '--outDir', out], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DOCS_ROOT: root, ASTRO_TELEMETRY_DISABLED: '1' },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const wallSeconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`build of ${pages} pages failed:\n${run.stdout}\n${run.stderr}`);
  const peakKiB = Number(run.stderr.trim().split('\n').at(-1));
  const docPages = readdirSync(join(out, '1.0'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('index.html') && file.includes('guide-'));
  const htmlBytes = docPages.reduce((sum, file) => sum + statSync(join(out, '1.0', file)).size, 0);
  return {
    pages,
    wallSeconds,
    pagesPerSecond: pages / wallSeconds,
    peakMemoryMiB: peakKiB / 1024,
    htmlBytesPerPage: htmlBytes / docPages.length,
    jsGzipBytesPerPage: javascriptWeight(join(out, '1.0', docPages[0]!), out),
  };
}

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

const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
const results = (sizes.length > 0 ? sizes : [1, 1000, 5000]).map(buildCorpus);
console.log('\nSite build (one version, 10 sections, headings + table + list + 2 code blocks per page)');
console.table(
  results.map((r) => ({
    pages: r.pages,
    'wall (s)': r.wallSeconds.toFixed(1),
    'pages/s': r.pagesPerSecond.toFixed(0),
    'peak memory (MiB)': r.peakMemoryMiB.toFixed(0),
    'HTML per page (KB)': (r.htmlBytesPerPage / 1000).toFixed(1),
    'JS per page (gzip KB)': (r.jsGzipBytesPerPage / 1000).toFixed(2),
  })),
);
