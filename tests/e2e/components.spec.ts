import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { astroBuild, PROJECT_ROOT, siteUrl } from './support/sites.ts';

// The authoring components (src/markdown/) on the default site's sample guide.
const GUIDE = '1.2/guides/client-code/';
const open = (page: Page, path: string) => page.goto(new URL(path, siteUrl('default')).href);
const groups = (page: Page) => page.locator('.tabs');

test.describe('tabs', () => {
  test('show one panel at a time; a click switches every group with the same sync key', async ({ page }) => {
    await open(page, GUIDE);
    const first = groups(page).nth(0);
    const second = groups(page).nth(1);
    await expect(first.getByRole('tab', { name: 'curl' })).toHaveAttribute('aria-selected', 'true');
    await expect(first.getByRole('tabpanel')).toHaveCount(1);
    await expect(first.getByRole('tabpanel')).toContainText('curl "http://127.0.0.1:4010/v1/caravans?status=ready"');
    // Panels are named by their tabs.
    await expect(first.getByRole('tabpanel', { name: 'curl' })).toBeVisible();

    await first.getByRole('tab', { name: 'Python' }).click();
    for (const group of [first, second]) {
      await expect(group.getByRole('tab', { name: 'Python' })).toHaveAttribute('aria-selected', 'true');
      await expect(group.getByRole('tab', { name: 'curl' })).toHaveAttribute('aria-selected', 'false');
      await expect(group.getByRole('tabpanel', { name: 'Python' })).toBeVisible();
      await expect(group.getByRole('tabpanel')).toHaveCount(1);
    }
  });

  test('arrow keys, Home and End move the selection and the focus', async ({ page }) => {
    await open(page, GUIDE);
    const group = groups(page).nth(0);
    await group.getByRole('tab', { name: 'curl' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(group.getByRole('tab', { name: 'JavaScript' })).toBeFocused();
    await expect(group.getByRole('tab', { name: 'JavaScript' })).toHaveAttribute('aria-selected', 'true');
    await expect(group.getByRole('tabpanel')).toContainText('list-ready.mjs');
    await page.keyboard.press('End');
    await expect(group.getByRole('tab', { name: 'Python' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(group.getByRole('tab', { name: 'curl' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(group.getByRole('tab', { name: 'Python' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(group.getByRole('tab', { name: 'curl' })).toBeFocused();
    // One tab stop per group: Tab leaves the tablist for the panel.
    await expect(group.getByRole('tab', { name: 'JavaScript' })).toHaveAttribute('tabindex', '-1');
  });

  test('the choice is remembered after a reload', async ({ page }) => {
    await open(page, GUIDE);
    await groups(page).nth(1).getByRole('tab', { name: 'JavaScript' }).click();
    await page.reload();
    await expect(groups(page).nth(0).getByRole('tab', { name: 'JavaScript' })).toHaveAttribute('aria-selected', 'true');
    await expect(groups(page).nth(0).getByRole('tabpanel')).toContainText('list-ready.mjs');
    expect(await page.evaluate(() => localStorage.getItem('caravan-docs:tabs:lang'))).toBe('JavaScript');
  });

  test('without JavaScript every panel shows under its label, and no tab buttons', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await open(page, GUIDE);
    const group = groups(page).nth(0);
    await expect(group.locator('.tablist')).toBeHidden();
    for (const label of ['curl', 'JavaScript', 'Python']) await expect(group.locator('.tab-label', { hasText: label })).toBeVisible();
    await expect(group.locator('.tab-panel').nth(2)).toContainText('requests.get');
    await context.close();
  });
});

test('MDX components (<Tabs>, <TabItem>, <Steps>, <Aside>) render the same markup, and tabs sync across pages by key', async ({ page }) => {
  await open(page, GUIDE);
  await groups(page).nth(0).getByRole('tab', { name: 'JavaScript' }).click();
  await open(page, '1.2/guides/dispatch/');
  const group = groups(page).first();
  // The dispatch guide's tabs share the "lang" key: the choice made on the other page holds here.
  await expect(group.getByRole('tab', { name: 'JavaScript' })).toHaveAttribute('aria-selected', 'true');
  await expect(group.getByRole('tabpanel', { name: 'JavaScript' })).toContainText('AbortSignal.timeout');
  await group.getByRole('tab', { name: 'Python' }).click();
  await expect(group.getByRole('tabpanel', { name: 'Python' })).toContainText('import requests');
  await expect(page.locator('ol.steps > li')).toHaveCount(5);
  await expect(page.locator('.content').getByRole('note').filter({ hasText: 'Keep the first answer' })).toHaveClass(/callout-tip/);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
});

test('callouts: directives with titles and GitHub alerts, as notes with a visible title', async ({ page }) => {
  await open(page, GUIDE);
  const notes = page.locator('.content').getByRole('note');
  await expect(notes.filter({ hasText: 'Where to run these samples' })).toHaveClass(/callout-note/);
  await expect(notes.filter({ hasText: 'Dispatch cannot be undone' })).toHaveClass(/callout-caution/);
  await expect(notes.filter({ hasText: 'sandbox-viewer' }).locator('.callout-title')).toHaveText('Tip');
  await expect(page.locator('.content')).not.toContainText('[!TIP]');
  // A custom title keeps the kind for screen readers.
  await expect(notes.filter({ hasText: 'Dispatch cannot be undone' }).locator('.callout-title')).toHaveText('Caution: Dispatch cannot be undone');
});

test('steps, code titles, highlighted lines and diffs, the file tree and link cards', async ({ page }) => {
  await open(page, GUIDE);
  const steps = page.locator('ol.steps > li');
  await expect(steps).toHaveCount(3);
  expect(await steps.first().evaluate((item) => getComputedStyle(item, '::before').content)).toBe('counter(step)');
  await groups(page).nth(0).getByRole('tab', { name: 'JavaScript' }).click();
  const listReady = page.locator('figure.code-figure', { has: page.locator('figcaption', { hasText: 'list-ready.mjs' }) });
  await expect(listReady).toBeVisible();
  await expect(listReady.locator('.line.highlighted')).toHaveCount(1);
  await expect(listReady.locator('.line.highlighted')).toHaveText('const { items } = await response.json();');
  const diff = page.locator('figure.code-figure', { hasText: 'if (!response.ok)' });
  await expect(diff.locator('.line.diff.remove')).toHaveCount(1);
  await expect(diff.locator('.line.diff.add')).toHaveCount(5);
  // The +/- marks are drawn by CSS: a copy holds only the code.
  expect(await diff.locator('.line.diff.add').first().evaluate((line) => getComputedStyle(line, '::before').content)).toBe('"+"');
  await expect(diff.locator('.line.diff.add').first()).toHaveText('if (!response.ok) {');
  await expect(page.locator('.file-tree .file-tree-folder > .file-tree-name')).toHaveText(['caravan-client/']);
  await expect(page.locator('.file-tree .file-tree-file')).toHaveCount(4);
  const card = page.locator('.link-card', { hasText: 'Errors' });
  await expect(card).toContainText('The problem document and its codes.');
  // The whole card is the link.
  await card.scrollIntoViewIfNeeded();
  const box = (await card.boundingBox())!;
  await page.mouse.click(box.x + box.width - 8, box.y + box.height - 8);
  await expect(page).toHaveURL(/\/1\.2\/api-basics\/errors\/$/);
});

/** Gzip bytes of the JavaScript a page runs: inline module scripts and every script file it loads. */
async function javascriptOf(page: Page, path: string): Promise<{ code: string; gzip: number }> {
  const files: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') files.push(await response.text());
  });
  await open(page, path);
  await page.waitForLoadState('networkidle');
  const inline = await page.locator('script:not([src]):not([type="application/json"])').evaluateAll((scripts) => scripts.map((script) => script.textContent ?? ''));
  const all = [...inline, ...files];
  return { code: all.join('\n'), gzip: all.reduce((sum, code) => sum + gzipSync(code).length, 0) };
}

test('pages without tabs ship no tabs script; pages with tabs stay within the JavaScript budget', async ({ page }) => {
  const marker = 'caravan-docs:tabs:';
  for (const path of ['1.2/overview/', '1.2/quickstart/', '1.2/guides/caravans/']) {
    expect((await javascriptOf(page, path)).code, path).not.toContain(marker);
  }
  const guide = await javascriptOf(page, GUIDE);
  expect(guide.code).toContain(marker);
  // At most 6 KB gzip of JavaScript on pages without a console (README, "Page weight").
  expect(guide.gzip).toBeLessThanOrEqual(6 * 1024);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe finds no violations on the components guide (${colorScheme}), before and after switching tabs`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await open(page, GUIDE);
    const violations = async () => (await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(await violations()).toEqual([]);
    await groups(page).nth(0).getByRole('tab', { name: 'Python' }).click();
    expect(await violations()).toEqual([]);
  });
}

test('a mistyped directive stops the build with the file, the line and "did you mean"', () => {
  const root = mkdtempSync(join(tmpdir(), 'caravan-directive-'));
  try {
    cpSync(join(PROJECT_ROOT, 'tests/fixtures/basic'), root, { recursive: true });
    writeFileSync(join(root, 'content/1.0/overview.md'), '---\ntitle: Overview\n---\n\nIntro.\n\n:::notee\nA note.\n:::\n');
    const out = join(root, 'out');
    // Twice: the second build finds the page in the content cache, loaded empty by the first.
    for (const build of ['first', 'cached']) {
      const { status, output } = astroBuild(root, out);
      expect(status, `${build} build: ${output}`).not.toBe(0);
      expect(output).toContain('content/1.0/overview.md:7: unknown directive `:::notee`.');
      expect(output).toContain(`${root}/content/1.0/overview.md:7:1`);
      expect(output).toContain('did you mean `:::note`?');
      expect(output).not.toMatch(/^\s+at .*\(/m);
      expect(existsSync(out)).toBe(false);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
