// API console benchmark: JavaScript weight of console pages (up front and in total, gzip), when
// the console code loads, and the Send -> rendered response time in headless Chromium.
// Usage: npm run bench -- console   (or: npx node bench/console.ts [--calls 40] [--reuse] [--github])
// --github also builds a site from GitHub's description (@octokit/openapi) and weighs its issues/create page.
import { ASTRO_BIN, ensureDefaultBuild, PROJECT_ROOT } from './timed-build.ts';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { scriptWeights } from './js-weight.ts';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/support/chromium.ts';
import { consolePageJavaScript, totalGzipBytes, type ScriptWeight } from '../tests/e2e/support/console-weight.ts';
import { serveStatic } from '../tests/e2e/support/static-server.ts';

const out = join(import.meta.dirname, '.output/console-dist');
const { values } = parseArgs({ options: { calls: { type: 'string', default: '40' }, reuse: { type: 'boolean', default: false }, github: { type: 'boolean', default: false } } });
const calls = Math.max(20, Number(values.calls));

ensureDefaultBuild(out, values.reuse);

const githubRoot = join(import.meta.dirname, '.output/console-github');
const githubOut = join(githubRoot, 'out');
const GITHUB_PAGE = '1.0/reference/issues-create/';
if (values.github && !(values.reuse && existsSync(join(githubOut, GITHUB_PAGE, 'index.html')))) buildGithubSite();

/** A one-version site whose API is GitHub's REST description, built into `githubOut`; a failed build ends the bench. */
function buildGithubSite(): void {
  rmSync(githubRoot, { recursive: true, force: true });
  mkdirSync(join(githubRoot, 'config'), { recursive: true });
  mkdirSync(join(githubRoot, 'content/1.0'), { recursive: true });
  writeFileSync(join(githubRoot, 'config/site.yml'), 'title: Console Bench\nurl: https://bench.example\n');
  writeFileSync(join(githubRoot, 'config/versions.yml'), '- { id: "1.0", label: "1.0", stable: true }\n');
  writeFileSync(join(githubRoot, 'content/1.0/nav.yml'), '- slug: overview\n');
  writeFileSync(join(githubRoot, 'content/1.0/overview.md'), '---\ntitle: Overview\ndescription: The one guide page of the console benchmark.\n---\n\nSee the API reference.\n');
  copyFileSync(join(PROJECT_ROOT, 'node_modules/@octokit/openapi/generated/api.github.com.json'), join(githubRoot, 'content/1.0/openapi.json'));
  const build = spawnSync(process.execPath, [ASTRO_BIN, 'build', '--outDir', githubOut], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', DOCS_ROOT: githubRoot },
  });
  if (build.status !== 0) process.exit(1);
}

/** What each script of a console page weighs once every console is ready to Send (tests/e2e/support/console-weight.ts), in a fresh context. */
async function consoleWeights(base: string, path: string): Promise<ScriptWeight[]> {
  const context = await browser.newContext();
  try {
    return await consolePageJavaScript(await context.newPage(), new URL(path, base).href);
  } finally {
    await context.close();
  }
}

/** Scripts grouped by what they are (hashes and operation numbers dropped), in KB gzip. */
const byChunk = (weights: readonly ScriptWeight[]) =>
  Object.fromEntries(weights.map(({ script, gzipBytes }) => [script.replace(/^\/_astro\//, '').replace(/\.[\w-]{8}\.js$/, '.js'), (gzipBytes / 1000).toFixed(1)]));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))]!;

/** Clicks Send `count` times; for each call, Send -> status rendered (DOM updated), and the fetch through the service worker. */
async function sendTimes(page: Page, name: string, count: number): Promise<{ rendered: number[]; roundTrip: number[] }> {
  const console = page.getByRole('region', { name: `Try it: ${name}`, exact: true });
  await page.locator('[data-try-it][data-ready]').first().waitFor({ timeout: 20_000 });
  return console.evaluate(async (root, n) => {
    const button = root.querySelector<HTMLButtonElement>('.try-it-send')!;
    const status = root.querySelector('[role="status"]')!;
    const rendered: number[] = [];
    const roundTrip: number[] = [];
    for (let i = 0; i < n; i++) {
      const done = new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          observer.disconnect();
          resolve(performance.now());
        });
        observer.observe(status, { childList: true, characterData: true, subtree: true });
      });
      const started = performance.now();
      button.click();
      rendered.push((await done) - started);
      roundTrip.push(Number(root.getAttribute('data-duration')));
      // Let the button re-enable before the next call.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return { rendered, roundTrip };
  }, count);
}

const { server, url } = await serveStatic(out);
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const rows: Record<string, string>[] = [];
  const chunks: Record<string, Record<string, string>> = {};
  for (const page of ['1.2/guides/dispatch/', '1.2/guides/walkthrough/', '1.2/guides/caravans/']) {
    const { upfront } = scriptWeights(join(out, page, 'index.html'), out);
    const weights = readFileSync(join(out, page, 'index.html'), 'utf8').includes('data-try-it') ? await consoleWeights(url, page) : undefined;
    if (weights) chunks[page] = byChunk(weights);
    rows.push({ page, 'JS up front (gzip KB)': (upfront / 1000).toFixed(1), 'JS in total (gzip KB)': ((weights ? totalGzipBytes(weights) : upfront) / 1000).toFixed(1) });
  }
  if (values.github) {
    const site = await serveStatic(githubOut);
    try {
      const weights = await consoleWeights(site.url, GITHUB_PAGE);
      chunks[`GitHub ${GITHUB_PAGE}`] = byChunk(weights);
      rows.push({ page: `GitHub ${GITHUB_PAGE}`, 'JS up front (gzip KB)': '', 'JS in total (gzip KB)': (totalGzipBytes(weights) / 1000).toFixed(1) });
    } finally {
      site.server.close();
    }
  }
  console.log('\nJavaScript per page (up front = before the page is interactive; total = everything fetched until every console is ready to Send, service worker included; goal: total <= 120 KB)');
  console.table(rows);
  for (const [page, weights] of Object.entries(chunks)) {
    console.log(`\n${page}: gzip KB per script`);
    console.table(weights);
  }

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(new URL('1.2/guides/bazaar-orders/', url).href);
  const timing = await page.evaluate(async () => {
    await new Promise((resolve) => (document.readyState === 'complete' ? resolve(null) : addEventListener('load', resolve, { once: true })));
    for (let i = 0; i < 200 && !document.querySelector('[data-try-it][data-ready]'); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const chunk = performance.getEntriesByType('resource').find((entry) => /\/_astro\/console\.[\w-]+\.js$/.test(entry.name));
    return { loadEnd: navigation.loadEventEnd, domInteractive: navigation.domInteractive, consoleChunkStart: chunk?.startTime ?? -1 };
  });
  console.log(`\nConsole chunk requested at ${timing.consoleChunkStart.toFixed(0)} ms; page interactive at ${timing.domInteractive.toFixed(0)} ms, load event ended at ${timing.loadEnd.toFixed(0)} ms (${timing.consoleChunkStart >= timing.loadEnd ? 'after' : 'BEFORE'} load).`);

  const results: Record<string, string>[] = [];
  for (const [path, name, label] of [
    ['1.2/guides/bazaar-orders/', 'List bazaar orders', 'GET listMarketOrders'],
    ['1.2/guides/cargo/cargo-lots/', 'Add a cargo lot', 'POST addCargoLot'],
  ] as const) {
    await page.goto(new URL(path, url).href);
    await sendTimes(page, name, 3); // warm-up
    const { rendered, roundTrip } = await sendTimes(page, name, calls);
    results.push({
      call: label,
      calls: String(calls),
      'Send -> rendered median (ms)': median(rendered).toFixed(1),
      'p95 (ms)': p95(rendered).toFixed(1),
      'service worker round trip median (ms)': median(roundTrip).toFixed(1),
      'round trip p95 (ms)': p95(roundTrip).toFixed(1),
    });
  }
  console.log(`\nSandbox calls in headless Chromium (goals: Send -> rendered < 50 ms, round trip < 20 ms median)`);
  console.table(results);
  await context.close();
} finally {
  await browser.close();
  server.close();
}
