import { expect, test, type Page } from '@playwright/test';
import { axeViolations as violations } from './support/axe.ts';
import { CHECKED_PAGES, UNMOUNTED_CONSOLE } from './support/checked-pages.ts';
import { siteUrl } from './support/sites.ts';

// axe-core in real Chromium with every WCAG 2.x A/AA rule, the best practices and the
// experimental rules (label-content-name-mismatch, focus-order-semantics, p-as-heading…),
// in both colour schemes as the system preference sets them.
// Up to 100 s: the experimental rules walk every element of a page with eight consoles.
test.describe.configure({ timeout: 100_000 });

const OTHER_PAGES = ['1.2/guides/cargo/lot-lifecycle/', '1.2/quickstart/', '2.0-beta/overview/', '1.2/reference/changes/1.1/', 'home/'];
const PAGES = [...CHECKED_PAGES, ...OTHER_PAGES.map((path) => ({ name: path, path, consoles: false }))];

async function open(page: Page, path: string, consoles: boolean): Promise<void> {
  await page.goto(new URL(path, siteUrl('default')).href);
  // Consoles mount after load; their forms, samples and permalinks are part of the page.
  if (consoles) await expect(page.locator(UNMOUNTED_CONSOLE)).toHaveCount(0, { timeout: 15_000 });
}

for (const { name, path, consoles } of PAGES) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`axe (with experimental rules) finds no violations on the ${name} /${path} (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await open(page, path, consoles);
      expect(await violations(page)).toEqual([]);
    });
  }
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe (with experimental rules) finds no violations in the open version menu and search dialog (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto(new URL('1.2/overview/', siteUrl('default')).href);
    await page.locator('.version-switcher summary').click();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('searchbox', { name: 'Search documentation' }).fill('dispatch');
    await expect(page.getByRole('list', { name: 'Search results' }).getByRole('link').first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
}

test('controls are named by what they show (WCAG 2.5.3), so a voice user can say it', async ({ page }) => {
  await page.goto(new URL('2.0-beta/overview/', siteUrl('default')).href);
  await expect(page.locator('.version-switcher summary')).toHaveAccessibleName(/^v2\.0 beta unstable\b/);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: /^Esc\b/ })).toHaveText('Esc');
});

test('a console permalink points at an element: the console it restores', async ({ page }) => {
  await open(page, '1.2/guides/walkthrough/', true);
  const links = page.getByRole('link', { name: 'Permalink to this request' });
  expect(await links.count()).toBe(8);
  for (const link of await links.all()) {
    const fragment = (await link.getAttribute('href'))!.slice(1);
    expect(fragment).toMatch(/^try=/);
    const target = page.locator(`[id="${fragment}"]`);
    await expect(target).toHaveCount(1);
    await expect(target).toHaveAttribute('data-try-it', '');
  }
  // Editing a console moves its fragment, and the id with it.
  const step = page.getByRole('region', { name: 'Try it: Step 2: assign a route and camels', exact: true });
  await step.getByLabel('camel_count').fill('9');
  const href = await step.getByRole('link', { name: 'Permalink to this request' }).getAttribute('href');
  await expect(step).toHaveAttribute('id', href!.slice(1));
});
