import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { consolePageJavaScript, totalGzipBytes } from './support/console-weight.ts';
import { outDir, siteUrl } from './support/sites.ts';

// The console's weight budget on the built default site: on every page with a console, the
// JavaScript a reader's browser fetches until every console is ready to Send (the page, the
// console, MSW, the engine, the route table, the operations' parts and the service worker's
// script; on an event API's page, its console, MSW's WebSocket interceptor, the event engine and
// its validators) stays within 120 KB gzip. A size, not a timing: the machine's load cannot move it.
const BUDGET_BYTES = 120_000;

function consolePages(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('index.html') && /data-try-it|data-event-console/.test(readFileSync(join(dir, file), 'utf8')))
    .map((file) => `/${relative(dir, join(dir, file)).split(sep).join('/').replace(/index\.html$/, '')}`)
    .sort();
}

test('every console page of the default site loads at most 120 KB gzip of JavaScript, console ready to Send', async ({ browser }) => {
  test.setTimeout(240_000);
  const pages = consolePages(outDir('default'));
  expect(pages).toContain('/1.2/guides/walkthrough/');
  // The WebSocket mode too (an event API's operation pages): one more transport, the same budget.
  expect(pages).toContain('/1.2/reference/tracking/subscribe/');
  const over: string[] = [];
  for (const path of pages) {
    const context = await browser.newContext();
    const weights = await consolePageJavaScript(await context.newPage(), new URL(path.slice(1), siteUrl('default')).href);
    await context.close();
    const total = totalGzipBytes(weights);
    if (total > BUDGET_BYTES) over.push(`${path}: ${(total / 1000).toFixed(1)} KB (${weights.map(({ script, gzipBytes }) => `${script} ${(gzipBytes / 1000).toFixed(1)}`).join(', ')})`);
  }
  expect(over, `console pages over ${BUDGET_BYTES / 1000} KB gzip of JavaScript`).toEqual([]);
});
