import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './support/auth.ts';
import { outDir, siteUrl } from './support/sites.ts';

// "Copy page as Markdown", "View as Markdown" and "Open in …" under each page title, and the
// static hosts' rules files the build writes next to the pages.

const at = (site: string, path: string) => new URL(path.replace(/^\//, ''), siteUrl(site)).href;
const actions = (page: Page) => page.locator('.page-actions');
// A polite live region (not role=status, so the page keeps one status: the search dialog's).
const liveRegion = (page: Page) => actions(page).locator('[aria-live="polite"][aria-atomic="true"]');
const ASSISTANTS = ['ChatGPT', 'Claude', 'Perplexity'];

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

async function copyAndRead(page: Page): Promise<string> {
  await page.evaluate(() => navigator.clipboard.writeText('before'));
  await actions(page).getByRole('button', { name: 'Copy page as Markdown' }).click();
  await expect(actions(page).getByRole('button', { name: 'Copied' })).toBeVisible();
  await expect(liveRegion(page)).toHaveText('Page copied as Markdown');
  return page.evaluate(() => navigator.clipboard.readText());
}

/** The q= prompt of each "Open in …" link, after checking the link's address and that the URL in it is encoded. */
async function assistantPrompts(page: Page, markdownUrl: string): Promise<string[]> {
  await actions(page).getByText('Open in…').click();
  const prompts: string[] = [];
  for (const name of ASSISTANTS) {
    const link = actions(page).getByRole('link', { name: `Open in ${name}` });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('target', '_blank');
    const href = (await link.getAttribute('href'))!;
    expect(href).toContain(encodeURIComponent(markdownUrl));
    prompts.push(new URL(href).searchParams.get('q')!);
  }
  return prompts;
}

test.describe('default site (static)', () => {
  test('copy puts the page\'s .md on the clipboard; View and Open-in links carry its .md URL', async ({ page, request }) => {
    await page.goto(at('default', '/1.2/guides/dispatch/'));
    const markdown = await (await request.get(at('default', '/1.2/guides/dispatch.md'))).text();
    expect(markdown).toMatch(/^# /);
    expect(await copyAndRead(page)).toBe(markdown);
    // The label comes back, the announcement is cleared.
    await expect(actions(page).getByRole('button', { name: 'Copy page as Markdown' })).toBeVisible({ timeout: 5_000 });
    await expect(liveRegion(page)).toHaveText('');
    await expect(actions(page).getByRole('link', { name: 'View as Markdown' })).toHaveAttribute('href', '/1.2/guides/dispatch.md');
    const prompts = await assistantPrompts(page, 'https://docs.caravan.example/1.2/guides/dispatch.md');
    for (const prompt of prompts) expect(prompt).toBe('Read https://docs.caravan.example/1.2/guides/dispatch.md so I can ask questions about it.');
    expect(await actions(page).getAttribute('data-pagefind-ignore')).toBe('');
  });

  test('operation pages have the buttons too; a failed fetch says so', async ({ page }) => {
    await page.goto(at('default', '/1.2/reference/'));
    await expect(actions(page).getByRole('link', { name: 'View as Markdown' })).toHaveAttribute('href', '/1.2/reference.md');
    await page.route('**/1.2/reference.md', (route) => route.fulfill({ status: 500, body: 'no' }));
    await actions(page).getByRole('button', { name: 'Copy page as Markdown' }).click();
    await expect(liveRegion(page)).toHaveText('Copy failed');
  });

  test('every built page\'s buttons name that page\'s own .md, a built public file', () => {
    const dir = outDir('default');
    const pages = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('/index.html'));
    let checked = 0;
    for (const file of pages) {
      const html = readFileSync(join(dir, file), 'utf8');
      const copy = html.match(/data-copy-markdown="([^"]+)"/)?.[1];
      if (!copy) continue;
      checked++;
      const own = `/${file.slice(0, -'/index.html'.length)}.md`;
      expect(copy, file).toBe(own);
      expect(readdirSync(join(dir, own, '..')), file).toContain(own.split('/').pop());
      const prompts = [...html.matchAll(/href="https:\/\/[^"]*[?&](?:amp;)?q=([^"&]+)"/g)].map((match) => decodeURIComponent(match[1]!));
      expect(prompts, file).toHaveLength(3);
      for (const prompt of prompts) expect(prompt, file).toBe(`Read https://docs.caravan.example${own} so I can ask questions about it.`);
    }
    expect(checked).toBeGreaterThan(100);
  });

  test('axe finds no violations with the "Open in…" menu open, light and dark', async ({ page }) => {
    await page.goto(at('default', '/1.2/guides/dispatch/'));
    await actions(page).getByText('Open in…').click();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const results = await new AxeBuilder({ page }).include('.page-actions').analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
  });

  test('without JavaScript: no copy button, the links work', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(at('default', '/1.2/guides/dispatch/'));
    await expect(actions(page).getByRole('button', { name: 'Copy page as Markdown' })).toBeHidden();
    await expect(actions(page).getByRole('link', { name: 'View as Markdown' })).toBeVisible();
    await actions(page).getByText('Open in…').click();
    await expect(actions(page).getByRole('link', { name: 'Open in Claude' })).toBeVisible();
    await context.close();
  });
});

test.describe('under a base path, built as on Netlify', () => {
  test('buttons and links carry the base', async ({ page, request }) => {
    await page.goto(at('based', '/1.0/guides/first/'));
    await expect(actions(page).getByRole('link', { name: 'View as Markdown' })).toHaveAttribute('href', '/docs/1.0/guides/first.md');
    const markdown = await (await request.get(at('based', '/1.0/guides/first.md'))).text();
    expect(await copyAndRead(page)).toBe(markdown);
    const prompts = await assistantPrompts(page, 'https://docs.fixture.example/docs/1.0/guides/first.md');
    expect(prompts[0]).toContain('https://docs.fixture.example/docs/1.0/guides/first.md');
  });

  test('_headers: a rule for each page and .md, under the base, every path and Link target served', async ({ request }) => {
    const text = readFileSync(join(outDir('based'), '_headers'), 'utf8');
    expect(text).toContain('/docs/1.0/guides/first/\n  Link: </docs/1.0/guides/first.md>; rel="alternate"; type="text/markdown", </docs/llms.txt>; rel="describedby"\n');
    const paths = [...new Set([...text.matchAll(/^(\/\S+)$/gm), ...text.matchAll(/<(\/[^>]+)>/g)].map((match) => match[1]!))];
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      expect(path.startsWith('/docs/'), path).toBe(true);
      expect((await request.get(at('based', path.slice('/docs'.length)))).status(), path).toBe(200);
    }
    // The basic fixture's gated pages are named nowhere.
    expect(text).not.toMatch(/partners|ops\/|secret/);
  });
});

test('vercel.json (hosting: vercel): each rewrite sends Accept: text/markdown on a page to its built .md', async ({ request }) => {
  const rules = JSON.parse(readFileSync(join(outDir('versions'), 'vercel.json'), 'utf8')) as { rewrites: Array<{ source: string; destination: string; has: Array<{ value: string }> }>; headers: Array<{ source: string }> };
  expect(rules.rewrites.length).toBeGreaterThan(3);
  expect(rules.headers.map((rule) => rule.source)).toEqual(rules.rewrites.map((rule) => rule.source));
  for (const rule of rules.rewrites) {
    expect(rule.source).toMatch(/^\/docs\/.+\/$/);
    expect(rule.destination).toBe(`${rule.source.slice(0, -1)}.md`);
    expect(new RegExp(`^${rule.has[0]!.value}$`).test('text/markdown')).toBe(true);
    for (const path of [rule.source, rule.destination]) expect((await request.get(at('versions', path.slice('/docs'.length)))).status(), path).toBe(200);
  }
  expect(JSON.stringify(rules)).not.toMatch(/internal|preview/);
});

test.describe('with sign-in (server mode)', () => {
  test('a public page offers the assistants; a gated page only Copy and View, with its own .md', async ({ page }) => {
    await page.goto(at('authdefault', '/1.2/guides/dispatch/'));
    await expect(actions(page).getByText('Open in…')).toBeVisible();
    await signIn(page, siteUrl('authdefault'), DEMO.partner, '/1.2/partners/publishing-routes/');
    await expect(page).toHaveURL(at('authdefault', '/1.2/partners/publishing-routes/'));
    await expect(actions(page).getByRole('link', { name: 'View as Markdown' })).toHaveAttribute('href', '/1.2/partners/publishing-routes.md');
    await expect(actions(page).getByText('Open in…')).toHaveCount(0);
    await expect(actions(page).locator('a[href^="https://"]')).toHaveCount(0);
    const copied = await copyAndRead(page);
    expect(copied).toMatch(/^# /);
    expect(copied).toBe(await (await page.request.get(at('authdefault', '/1.2/partners/publishing-routes.md'))).text());
  });
});
