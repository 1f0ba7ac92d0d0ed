/**
 * The JavaScript a reader's browser fetches for a console page, measured in Chromium: the
 * page's inline scripts, every script file it fetches until each console is ready to Send and
 * the network is quiet (the console, MSW, the sandbox engine, the version's route table, the
 * parts of the operations the page's consoles use), and the service worker's own script. Each
 * counts by the gzip size of its bytes. Shared by the weight test and `bench/console.ts`.
 */
import type { Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';

export interface ScriptWeight {
  /** Path of the script (`inline` for the page's inline scripts together). */
  script: string;
  gzipBytes: number;
}

/** Opens `url` in `page` (a fresh context), waits until every console is ready and the network is idle, and weighs the scripts fetched. */
export async function consolePageJavaScript(page: Page, url: string): Promise<ScriptWeight[]> {
  const fetched = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const path = new URL(response.url()).pathname;
    if (!fetched.has(path)) fetched.set(path, response.body().then((body) => gzipSync(body).length, () => 0));
  });
  await page.goto(url);
  // Ready: the sandbox started (an event console: its form and log are built); idle: the operations' parts the consoles asked for have arrived too.
  await page.waitForFunction(
    () => {
      const http = [...document.querySelectorAll('[data-try-it]')];
      const events = [...document.querySelectorAll('section[data-event-console]')];
      return http.length + events.length > 0 && http.every((element) => element.hasAttribute('data-ready')) && events.every((element) => element.querySelector('.event-log-frame') !== null);
    },
    undefined,
    { timeout: 20_000 },
  );
  await page.waitForLoadState('networkidle');
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')].filter((script) => script.getAttribute('type') !== 'application/json').map((script) => script.textContent ?? ''),
  );
  const worker = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL);
  const weights: ScriptWeight[] = [{ script: 'inline', gzipBytes: inline.reduce((sum, code) => sum + gzipSync(code).length, 0) }];
  for (const [script, bytes] of fetched) weights.push({ script, gzipBytes: await bytes });
  // The service worker's script and what it imports (MSW's worker) are fetched by the worker, unseen above.
  const workerScripts = worker === undefined ? [] : [worker];
  for (const script of workerScripts) {
    if (fetched.has(new URL(script).pathname)) continue;
    const body = await (await page.request.get(script)).body();
    weights.push({ script: new URL(script).pathname, gzipBytes: gzipSync(body).length });
    for (const [, imported] of body.toString().matchAll(/importScripts\(\s*['"]([^'"]+)['"]/g)) workerScripts.push(new URL(imported!, script).href);
  }
  return weights;
}

export const totalGzipBytes = (weights: readonly ScriptWeight[]) => weights.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0);
