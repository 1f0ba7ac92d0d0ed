import { expect, test } from '@playwright/test';
import { CHECKED_PAGES } from './support/checked-pages.ts';
import { siteUrl } from './support/sites.ts';

// The first frame of a page holds its main content, and the page's scripts do not compete with it
// (README "Performance"): `<link rel="expect" href="#content" blocking="render">` and module
// scripts fetched at low priority (src/lib/script-priority.ts). Timings are Lighthouse's
// (`npm run bench -- lighthouse`), not these tests'.

for (const { name, path } of CHECKED_PAGES) {
  test(`${name}: the first paint waits for the main content and the scripts are fetched at low priority`, async ({ page, request }) => {
    const url = new URL(path, siteUrl('default')).href;
    const html = await (await request.get(url)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="expect" href="#content" blocking="render">');
    const moduleScripts = html.match(/<script\b[^>]*\btype="module"[^>]*>/g) ?? [];
    expect(moduleScripts.length, 'the page has module scripts').toBeGreaterThan(0);
    for (const script of moduleScripts) expect(script).toMatch(/^<script type="module" fetchpriority="low" src="[^"]+">$/);

    await page.goto(url);
    const paint = await page.evaluate(
      () =>
        new Promise<{ fcp: number; lcp: number; inMain: boolean }>((resolve) => {
          new PerformanceObserver((list) => {
            // The first candidate: the largest text of the first frame (a console mounting later may add others).
            const first = list.getEntries()[0] as PerformanceEntry & { element?: Element | null };
            const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
            resolve({ fcp, lcp: first.startTime, inMain: Boolean(first.element?.closest('#content')) });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    // The largest text of the very first frame is the main content's.
    expect(paint.inMain).toBe(true);
    expect(paint.lcp).toBe(paint.fcp);
  });
}
