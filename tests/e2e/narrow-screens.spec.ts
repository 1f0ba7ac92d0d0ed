import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { readyConsole } from './support/console.ts';
import { WIDTHS } from './support/checked-pages.ts';
import { siteUrl } from './support/sites.ts';

// Issue 40: what scrolls inside the page is a tab stop while, and only while, it overflows, with a
// visible focus ring and a name, in every language and direction (src/client/scroll-regions.ts).
// The accessibility and pa11y specs run every kind of page at both widths; this one is the behaviour.

const [PHONE, DESKTOP] = [WIDTHS[0].viewport, WIDTHS[1].viewport];

async function openAt(page: Page, viewport: { width: number; height: number }, path: string, site = 'default'): Promise<void> {
  await page.setViewportSize(viewport);
  await page.goto(new URL(path, siteUrl(site)).href);
}

/** Waits for the box's scroll position to move from where it is after `key`: what a reader's arrow key does. */
async function scrollsWith(page: Page, box: Locator, key: string): Promise<number> {
  await page.keyboard.press(key);
  await expect.poll(() => box.evaluate((element) => element.scrollLeft)).not.toBe(0);
  return box.evaluate((element) => element.scrollLeft);
}

test('at 360 px a wide table is a tab stop named by its heading, with a focus ring, and arrow keys scroll it', async ({ page }) => {
  await openAt(page, PHONE, '1.2/guides/dispatch/');
  const table = page.getByRole('table', { name: 'When a caravan is ready', exact: true });
  await expect(table).toHaveAttribute('tabindex', '0');
  // Tab reaches it: from the page actions above it, within a few presses.
  await page.getByRole('button', { name: 'Copy page as Markdown' }).focus();
  for (let presses = 0; presses < 10 && !(await table.evaluate((element) => element === document.activeElement)); presses++) await page.keyboard.press('Tab');
  await expect(table).toBeFocused();
  await expect(table).toHaveCSS('outline-style', 'solid');
  await expect(table).toHaveCSS('outline-width', '2px');
  expect(await scrollsWith(page, table, 'ArrowRight')).toBeGreaterThan(0);
});

test('the same table is no tab stop where it fits, and becomes one again when the window narrows', async ({ page }) => {
  await openAt(page, DESKTOP, '1.2/guides/dispatch/');
  const table = page.getByRole('table').first();
  await expect(table).toBeVisible();
  await expect(table).not.toHaveAttribute('tabindex');
  await expect(table).not.toHaveAttribute('aria-labelledby');
  await page.setViewportSize(PHONE);
  await expect(table).toHaveAttribute('tabindex', '0');
  await expect(table).toHaveAccessibleName('When a caravan is ready');
  await page.setViewportSize(DESKTOP);
  await expect(table).not.toHaveAttribute('tabindex');
});

test('code blocks: only one that overflows is a tab stop, a group named by its title or heading', async ({ page }) => {
  await openAt(page, DESKTOP, '1.2/guides/dispatch/');
  const blocks = page.locator('.content pre:not([data-try-it] pre)');
  // Short blocks fit at desktop width: no tab stop (Shiki gives every block one; the site script takes it back).
  const short = blocks.first();
  await expect(short).toBeVisible();
  await expect(short).not.toHaveAttribute('tabindex');
  await expect(short).not.toHaveAttribute('role');
  // A block with a title (a code figure) is named by it.
  const titled = page.getByRole('group', { name: 'dispatch.py', exact: true });
  await expect(titled).toHaveAttribute('tabindex', '0');
  await expect(titled).toHaveJSProperty('tagName', 'PRE');
  // At phone width the short one scrolls too, and takes the heading of its section as its name.
  await page.setViewportSize(PHONE);
  await expect(short).toHaveAttribute('tabindex', '0');
  await expect(short).toHaveAttribute('role', 'group');
  await expect(short).toHaveAccessibleName(/\S/);
});

test('right to left: the table of an Arabic operation page is a named tab stop, and the arrow keys scroll it towards the end', async ({ page }) => {
  await openAt(page, PHONE, 'v1/reference/get-items/', 'arabic');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const table = page.locator('.operation-details table').first();
  await expect(table).toHaveAttribute('tabindex', '0');
  await expect(table).toHaveAccessibleName(/\S/);
  await table.focus();
  // Scrolling towards the end of a right-to-left box moves left: scrollLeft goes negative.
  expect(await scrollsWith(page, table, 'ArrowLeft')).toBeLessThan(0);
});

test('German: a table that longer words widen scrolls even at desktop width, named by its German heading', async ({ page }) => {
  await openAt(page, DESKTOP, 'de/1.2/overview/');
  await expect(page.getByRole('table', { name: 'Basis-URLs', exact: true })).toHaveAttribute('tabindex', '0');
});

test('the operation page\'s sticky column is a tab stop while it scrolls, under its own name', async ({ page }) => {
  await openAt(page, DESKTOP, '1.2/reference/add-cargo-lot/');
  const aside = page.getByRole('complementary', { name: 'Code samples and response example' });
  await expect(aside).toHaveAttribute('tabindex', '0');
  // Tall enough for all of it: nothing to scroll, no tab stop.
  await page.setViewportSize({ width: DESKTOP.width, height: 4000 });
  await expect(aside).not.toHaveAttribute('tabindex');
});

test('at 360 px the console\'s response scrolls in a named tab stop, and axe passes with it answered', async ({ page }) => {
  await openAt(page, PHONE, '1.2/reference/add-cargo-lot/');
  const console = await readyConsole(page, 'Add a cargo lot');
  await console.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(console.getByRole('status')).toContainText(/^\d{3}/);
  const body = console.getByRole('group', { name: 'Response body' });
  await expect(body).toHaveAttribute('tabindex', '0');
  expect(await axeViolations(page)).toEqual([]);
});

test('links in the API overview\'s operation list are underlined, not told apart by colour alone', async ({ page }) => {
  await openAt(page, PHONE, '1.2/reference/');
  const link = page.getByRole('link', { name: 'POST Add a cargo lot' });
  await expect(link).toHaveCSS('text-decoration-line', 'underline');
});

test('a sidebar label that is one long word (an MQTT topic, a channel address) wraps instead of widening the sidebar', async ({ page }) => {
  // The streetlights' topics: `smartylighting/streetlights/1/0/event/{streetlightId}/lighting/measured`.
  for (const viewport of [DESKTOP, PHONE]) {
    await openAt(page, viewport, '1.0/reference/lights/', 'eventapis');
    if (viewport === PHONE) await page.locator('[data-menu-toggle]').click();
    const sidebar = page.getByRole('navigation', { name: 'Documentation' });
    await expect(sidebar.getByText('smartylighting/streetlights/1/0/event/{streetlightId}/lighting/measured', { exact: true })).toBeVisible();
    const [scrollWidth, clientWidth] = await sidebar.evaluate((element) => [element.scrollWidth, element.clientWidth]);
    expect(scrollWidth, `at ${viewport.width} px`).toBeLessThanOrEqual(clientWidth);
  }
});
