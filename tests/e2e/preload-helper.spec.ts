import { expect, test, type Page } from '@playwright/test';
import { siteUrl } from './support/sites.ts';

// Every page's scripts import Vite's preload helper, a chunk of its own: the head names it as a
// modulepreload so that the browser fetches it beside the scripts, not after reading one of them.

async function helperImports(page: Page): Promise<string[]> {
  const sources = await page.locator('script[type="module"][src]').evaluateAll((scripts) => scripts.map((script) => (script as HTMLScriptElement).src));
  const imported = new Set<string>();
  for (const source of sources) {
    const code = await (await page.request.get(source)).text();
    for (const match of code.matchAll(/from\s*["'`]([^"'`]*preload-helper[^"'`]*)["'`]/g)) imported.add(new URL(match[1]!, source).href);
  }
  return [...imported];
}

for (const { site, path } of [
  { site: 'default', path: '1.2/guides/walkthrough/' },
  { site: 'based', path: '1.0/overview/' },
]) {
  test(`the head of ${site} ${path} names the preload helper the page's scripts import, and the browser fetches it once`, async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('preload-helper')) requested.push(request.url());
    });
    await page.goto(new URL(path, siteUrl(site)).href);
    // As served (the console's chunks add modulepreload links of their own once they load).
    const html = await (await page.request.get(page.url())).text();
    const links = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]!);
    expect(links).toHaveLength(1);
    const link = page.locator(`head link[rel="modulepreload"][href="${links[0]}"]`);
    const href = new URL((await link.getAttribute('href'))!, page.url()).href;
    expect(new URL(href).pathname.startsWith(new URL(siteUrl(site)).pathname)).toBe(true);
    expect(await helperImports(page)).toEqual([href]);
    const response = await page.request.get(href);
    expect(response.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    expect(requested).toEqual([href]);
  });
}
