// What a console page's JavaScript weighs once its console has loaded, measured in Chromium by the
// weight test's own measure (tests/e2e/support/console-weight.ts): unlike a walk of the built files,
// chunks the page could import but did not (other operations' validators) do not count.
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/support/chromium.ts';
import { consolePageJavaScript, totalGzipBytes } from '../tests/e2e/support/console-weight.ts';
import { serveStatic } from '../tests/e2e/support/static-server.ts';

/** Gzip bytes of the scripts each page (an `index.html` path under `outDir`) has loaded once its consoles are ready. */
export async function loadedConsoleScripts(outDir: string, pages: readonly string[]): Promise<Map<string, number>> {
  const { server, url } = await serveStatic(outDir);
  const browser = await chromium.launch(chromiumLaunchOptions());
  const weights = new Map<string, number>();
  try {
    for (const file of pages) {
      const context = await browser.newContext();
      try {
        const scripts = await consolePageJavaScript(await context.newPage(), new URL(file.replace(/index\.html$/, ''), url).href);
        weights.set(file, totalGzipBytes(scripts));
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  return weights;
}
