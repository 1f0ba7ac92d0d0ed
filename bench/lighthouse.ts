// Lighthouse (from npm, run with Debian's Chromium) against pages of the built default site:
// performance, accessibility, best practices (targets: 100, LCP under 1 s) and SEO (reported).
// Usage: node bench/lighthouse.ts [path...]   (default: the six pages of the accessibility checks)
import { ensureDefaultBuild } from './timed-build.ts';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveStatic } from '../tests/e2e/support/static-server.ts';
import { CHROMIUM_ARGS } from '../tests/e2e/support/chromium.ts';
import { CHECKED_PAGES } from '../tests/e2e/support/checked-pages.ts';

const PROJECT_ROOT = join(import.meta.dirname, '..');
const dist = join(PROJECT_ROOT, 'dist');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

ensureDefaultBuild(dist, true);

// Lighthouse stops at a 404 status, so the 404 page is measured as the file a host serves for it.
const defaults = CHECKED_PAGES.map(({ path }) => (path === 'no-such-page/' ? '404.html' : path));
const paths = process.argv.slice(2);
const { server, url } = await serveStatic(dist);
const rows = [];
let lighthouseVersion = '';
const misses: string[] = [];
for (const path of paths.length > 0 ? paths : defaults) {
  const dir = mkdtempSync(join(tmpdir(), 'lighthouse-'));
  const report = join(dir, 'report.json');
  // Asynchronous on purpose: the static server answering Lighthouse runs in this process.
  const run = await promisify(execFile)(
    'npx',
    ['-y', 'lighthouse@13', new URL(path, url).href, '--quiet', `--only-categories=${CATEGORIES.join(',')}`, '--output=json', `--output-path=${report}`, `--chrome-path=${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}`, `--chrome-flags=${CHROMIUM_ARGS.map((flag) => (flag === '--headless' ? '--headless=new' : flag)).join(' ')}`],
    { encoding: 'utf8' },
  ).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? String(error) }));
  if (!existsSync(report)) {
    console.error(run.stderr);
    continue;
  }
  const result = JSON.parse(readFileSync(report, 'utf8'));
  lighthouseVersion = result.lighthouseVersion;
  const score = (category: (typeof CATEGORIES)[number]) => Math.round(result.categories[category].score * 100);
  rows.push({
    page: `/${path}`,
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best practices': score('best-practices'),
    seo: score('seo'),
    'LCP (s)': (result.audits['largest-contentful-paint'].numericValue / 1000).toFixed(2),
    'TBT (ms)': Math.round(result.audits['total-blocking-time'].numericValue),
    CLS: result.audits['cumulative-layout-shift'].numericValue.toFixed(3),
    // Lighthouse's CPU benchmark of this machine at the time (higher is faster): TBT moves with it.
    'CPU index': Math.round(result.environment.benchmarkIndex),
    load: loadavg()[0]!.toFixed(1),
  });
  // What keeps a category under 100: its weighted audits that did not pass.
  for (const category of CATEGORIES) {
    for (const { id, weight } of result.categories[category].auditRefs as { id: string; weight: number }[]) {
      const audit = result.audits[id];
      if (weight > 0 && audit.score !== null && audit.score < 1) misses.push(`/${path} ${category}: ${id} (${audit.title}) score ${audit.score}${audit.displayValue ? `, ${audit.displayValue}` : ''}`);
    }
  }
  rmSync(dir, { recursive: true, force: true });
}
server.close();
console.log(`\nLighthouse ${lighthouseVersion} (simulated mobile throttling, Debian Chromium)`);
console.table(rows);
if (misses.length > 0) console.log(`Audits below full score:\n  ${misses.join('\n  ')}`);
