import { expect, test } from '@playwright/test';
import { siteUrl } from './support/sites.ts';

const url = (path: string) => new URL(path.replace(/^\//, ''), siteUrl('basic')).href;

test('code blocks are highlighted and have a working copy button', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(url('/1.0/overview/'));
  const block = page.locator('pre.astro-code').first();
  // Tokens are classes (src/markdown/token-classes.ts) whose colours follow the theme.
  const token = block.locator('span.sh-f').first();
  await expect(token).toHaveText('curl');
  await expect(token).toHaveCSS('color', 'rgb(130, 80, 223)');
  await page.getByRole('button', { name: 'Toggle dark theme' }).click();
  await expect(token).toHaveCSS('color', 'rgb(210, 168, 255)');
  await expect(block.locator('[style*="--astro-code-token"]')).toHaveCount(0);
  // The button belongs to the block's frame, outside the scrolling code.
  const copy = page.locator('.code-frame', { has: block }).getByRole('button', { name: 'Copy code to clipboard' });
  await copy.click();
  await expect(copy).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('curl https://api.example/v1/things');
});

test('the theme toggle switches to dark and the choice survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(url('/1.0/overview/'));
  const toggle = page.getByRole('button', { name: 'Toggle dark theme' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  const lightBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(lightBg);
});

test('the system dark preference applies when no choice was made', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(url('/1.0/overview/'));
  await expect(page.getByRole('button', { name: 'Toggle dark theme' })).toHaveAttribute('aria-pressed', 'true');
});

test('keyboard: the skip link is the first stop and moves focus to the content', async ({ page }) => {
  await page.goto(url('/1.0/guides/first/'));
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#content')).toBeFocused();
  // The next Tab stop is inside the content (the page actions under the title), not the header or the sidebar.
  await page.keyboard.press('Tab');
  await expect(page.locator('main#content').getByRole('button', { name: 'Copy page as Markdown' })).toBeFocused();
});

test('keyboard: sections open with Enter and links follow', async ({ page }) => {
  await page.goto(url('/1.0/overview/'));
  const summary = page.getByRole('navigation', { name: 'Documentation' }).locator('summary', { hasText: 'Guides' });
  await summary.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('navigation', { name: 'Documentation' }).getByRole('link', { name: 'First guide' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(url('/1.0/guides/first/'));
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the sidebar becomes a menu; the page does not scroll sideways', async ({ page }) => {
    await page.goto(url('/1.0/guides/first/'));
    const sidebar = page.getByRole('navigation', { name: 'Documentation' });
    await expect(sidebar).toBeHidden();
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar).toBeVisible();
    await sidebar.getByRole('link', { name: 'Changelog' }).click();
    await expect(page).toHaveURL(url('/1.0/changelog/'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});

test('MDX pages render', async ({ page }) => {
  await page.goto(url('/1.0/changelog/'));
  await expect(page.getByText('Version 1.0 shipped in 2026.')).toBeVisible();
});
