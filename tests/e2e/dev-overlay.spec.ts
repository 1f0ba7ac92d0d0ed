import { expect, test } from '@playwright/test';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAstroDev } from './support/dev-server.ts';
import { PROJECT_ROOT } from './support/sites.ts';

// A writer breaks nav.yml while `astro dev` runs: the browser shows the mistake in the error
// overlay (file, line, column, fix), the terminal prints it once, and fixing it brings the page back.
test('a broken nav.yml or front matter shows in the dev server’s error overlay and clears when fixed', async ({ page }) => {
  test.setTimeout(150_000);
  const root = mkdtempSync(join(tmpdir(), 'caravan-dev-overlay-'));
  cpSync(join(PROJECT_ROOT, 'tests/fixtures/basic'), root, { recursive: true });
  const navFile = join(root, 'content/1.0/nav.yml');
  const nav = readFileSync(navFile, 'utf8');
  const brokenLine = nav.split('\n').findIndex((row) => row.includes('roles: [partner]')) + 1;
  const dev = await startAstroDev(root);
  const log = dev.log;
  const url = `${dev.origin}/1.0/guides/first/`;
  try {
    await expect.poll(() => fetch(url).then((response) => response.status, () => 0), { timeout: 60_000 }).toBe(200);
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: 'First guide' })).toBeVisible();
    // Let Vite finish optimising dependencies (it may reload the page once) before the edit.
    await page.waitForTimeout(3000);

    writeFileSync(navFile, nav.replace('roles: [partner]', 'roles: [partner'));
    const overlay = page.locator('vite-error-overlay');
    await expect(overlay).toBeVisible({ timeout: 45_000 });
    await expect(overlay).toContainText(`content/1.0/nav.yml:${brokenLine}:10: is not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]`);
    await expect(overlay).toContainText('Fix: check the indentation and quoting on that line');
    await expect(overlay).not.toContainText('unhandled error');
    // Printed once in the terminal, with no "unhandled error" framing.
    await expect.poll(() => log().split('is not valid YAML').length - 1).toBe(1);
    expect(log()).not.toMatch(/unhandled error/i);

    writeFileSync(navFile, nav);
    await expect(overlay).toBeHidden({ timeout: 45_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'First guide' })).toBeVisible();
    expect(log().split('is not valid YAML').length - 1).toBe(1);

    // A page's front matter: no restart, the same overlay, cleared by saving the fix. Saved as many
    // editors do, truncating first: the watcher reports the empty file, and drops the write's own
    // change (within its 50 ms throttle); the overlay must still show the mistake, not "no front matter".
    const pageFile = join(root, 'content/1.0/guides/first.md');
    const source = readFileSync(pageFile, 'utf8');
    writeFileSync(pageFile, '');
    await new Promise((resolve) => setTimeout(resolve, 20));
    writeFileSync(pageFile, source.replace(/^title: .*$/m, 'title: "First guide'));
    await expect(overlay).toBeVisible({ timeout: 30_000 });
    await expect(overlay).toContainText('content/1.0/guides/first.md:2:8: has front matter that is not valid YAML');
    await expect(overlay).not.toContainText('has no front matter');
    writeFileSync(pageFile, source);
    await expect(overlay).toBeHidden({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'First guide' })).toBeVisible();
  } finally {
    await dev.stop(page);
    rmSync(root, { recursive: true, force: true });
  }
});

// Pages render while content loads; a directive mistake must not keep `astro dev` from starting:
// the page shows the mistake in the overlay, with its file and line, and the other pages work.
test('a mistyped directive at start-up: the dev server starts, the page shows the mistake in the overlay', async ({ page }) => {
  test.setTimeout(150_000);
  const root = mkdtempSync(join(tmpdir(), 'caravan-dev-directive-'));
  cpSync(join(PROJECT_ROOT, 'tests/fixtures/basic'), root, { recursive: true });
  writeFileSync(join(root, 'content/1.0/overview.md'), '---\ntitle: Overview\n---\n\nIntro.\n\n:::notee\nA note.\n:::\n');
  const dev = await startAstroDev(root);
  try {
    const working = `${dev.origin}/1.0/guides/first/`;
    await expect.poll(() => fetch(working).then((response) => response.status, () => 0), { timeout: 60_000 }).toBe(200);
    await page.goto(`${dev.origin}/1.0/overview/`);
    const overlay = page.locator('vite-error-overlay');
    await expect(overlay).toBeVisible({ timeout: 45_000 });
    // The overlay shows the backticks' code as code.
    await expect(overlay).toContainText('content/1.0/overview.md:7: unknown directive :::notee.');
    await expect(overlay).toContainText('did you mean :::note?');
  } finally {
    await dev.stop(page);
    rmSync(root, { recursive: true, force: true });
  }
});
