// API console benchmark: JavaScript weight of console pages (up front and in total, gzip), when
// the console code loads, and the Send -> rendered response time in headless Chromium.
// Usage: npm run bench -- console   (or: npx node bench/console.ts [--calls 40] [--reuse])
import { ensureDefaultBuild } from './timed-build.ts';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { scriptWeights } from './js-weight.ts';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/support/chromium.ts';
import { serveStatic } from '../tests/e2e/support/static-server.ts';

const out = join(import.meta.dirname, '.output/console-dist');
const { values } = parseArgs({ options: { calls: { type: 'string', default: '40' }, reuse: { type: 'boolean', default: false } } });
const calls = Math.max(20, Number(values.calls));

ensureDefaultBuild(out, values.reuse);

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
  for (const page of ['1.2/guides/dispatch/index.html', '1.2/guides/walkthrough/index.html', '1.2/guides/caravans/index.html']) {
    const { upfront, total } = scriptWeights(join(out, page), out);
    rows.push({ page: page.replace('index.html', ''), 'JS up front (gzip KB)': (upfront / 1000).toFixed(1), 'JS in total (gzip KB)': (total / 1000).toFixed(1) });
  }
  console.log('\nJavaScript per page (up front = before the page is interactive; total = with the console and sandbox)');
  console.table(rows);

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
