// Lighthouse (from npm, run with Debian's Chromium) against pages of the built default site.
// Usage: node bench/lighthouse.ts [path...]   (default: a documentation page)
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveStatic } from '../tests/e2e/support/static-server.ts';
import { CHROMIUM_ARGS } from '../tests/e2e/support/chromium.ts';

const PROJECT_ROOT = join(import.meta.dirname, '..');
const dist = join(PROJECT_ROOT, 'dist');

if (!existsSync(dist)) {
  const build = spawnSync(process.execPath, [join(PROJECT_ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: PROJECT_ROOT, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
  if (build.status !== 0) process.exit(1);
}

const paths = process.argv.slice(2);
const { server, url } = await serveStatic(dist);
const rows = [];
for (const path of paths.length > 0 ? paths : ['1.2/guides/dispatch/']) {
  const dir = mkdtempSync(join(tmpdir(), 'lighthouse-'));
  const report = join(dir, 'report.json');
  // Asynchronous on purpose: the static server answering Lighthouse runs in this process.
  const run = await promisify(execFile)(
    'npx',
    ['-y', 'lighthouse@13', new URL(path, url).href, '--quiet', '--only-categories=performance,accessibility', '--output=json', `--output-path=${report}`, `--chrome-path=${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}`, `--chrome-flags=${CHROMIUM_ARGS.map((flag) => (flag === '--headless' ? '--headless=new' : flag)).join(' ')}`],
    { encoding: 'utf8' },
  ).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? String(error) }));
  if (!existsSync(report)) {
    console.error(run.stderr);
    continue;
  }
  const result = JSON.parse(readFileSync(report, 'utf8'));
  rows.push({
    page: path,
    performance: Math.round(result.categories.performance.score * 100),
    accessibility: Math.round(result.categories.accessibility.score * 100),
    'LCP (s)': (result.audits['largest-contentful-paint'].numericValue / 1000).toFixed(2),
    'TBT (ms)': Math.round(result.audits['total-blocking-time'].numericValue),
    CLS: result.audits['cumulative-layout-shift'].numericValue.toFixed(3),
  });
  rmSync(dir, { recursive: true, force: true });
}
server.close();
console.log('\nLighthouse (simulated mobile throttling, Debian Chromium)');
console.table(rows);
