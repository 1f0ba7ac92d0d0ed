// What a console page's JavaScript weighs once its console has loaded, measured in Chromium: every
// script the page fetched until a console is ready and the network is idle (gzip of each body),
// plus its inline scripts. Unlike a walk of the built files, chunks the page could import but did
// not (other operations' validators, a Send's code) do not count.
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromiumLaunchOptions } from '../tests/e2e/support/chromium.ts';
import { serveStatic } from '../tests/e2e/support/static-server.ts';

/** Gzip bytes of the scripts each page (an `index.html` path under `outDir`) has loaded once a console is ready. */
export async function loadedConsoleScripts(outDir: string, pages: readonly string[]): Promise<Map<string, number>> {
  const { server, url } = await serveStatic(outDir);
  const browser = await chromium.launch(chromiumLaunchOptions());
  const weights = new Map<string, number>();
  try {
    for (const file of pages) {
      const context = await browser.newContext();
      const bodies: Promise<number>[] = [];
      // On the context, so the service worker's script (MSW's) counts too.
      context.on('response', (response) => {
        if (response.request().resourceType() === 'script') bodies.push(response.body().then((body) => gzipSync(body).length, () => 0));
      });
      const page = await context.newPage();
      await page.goto(new URL(file.replace(/index\.html$/, ''), url).href, { waitUntil: 'load' });
      await page.locator('[data-try-it][data-ready]').first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const html = readFileSync(join(outDir, file), 'utf8');
      const inline = [...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>([\s\S]*?)<\/script>/g)].reduce((sum, match) => sum + gzipSync(match[1] ?? '').length, 0);
      weights.set(file, inline + (await Promise.all(bodies)).reduce((sum, bytes) => sum + bytes, 0));
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  return weights;
}
