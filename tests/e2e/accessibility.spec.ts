import { expect, test, type Page } from '@playwright/test';
import { axeViolations as violations } from './support/axe.ts';
import { MANUAL_PAGES, manualNavPaths, PAGE_KINDS, UNMOUNTED_CONSOLE, WIDTHS } from './support/checked-pages.ts';
import { linksByColourAlone, scrollRegionProblems } from './support/narrow.ts';
import { siteUrl } from './support/sites.ts';

// axe-core in real Chromium with every WCAG 2.x A/AA rule, the best practices and the
// experimental rules (label-content-name-mismatch, focus-order-semantics, p-as-heading…),
// in both colour schemes as the system preference sets them, at phone and desktop width (issue 40);
// the manual (docs/) too: a page of each kind so, and every other page of it at phone width.
// Up to 100 s: the experimental rules walk every element of a page with eight consoles.
test.describe.configure({ timeout: 100_000 });

const OTHER_PAGES = ['1.2/guides/cargo/lot-lifecycle/', '1.2/quickstart/', '2.0-beta/overview/', 'home/'];
const PAGES = [...PAGE_KINDS, ...OTHER_PAGES.map((path) => ({ name: path, site: 'default', path, consoles: false })), ...MANUAL_PAGES];
// Every other page of the manual once, at phone width (where tables and code scroll) in the light scheme.
const MANUAL_OTHERS = manualNavPaths().filter((path) => !MANUAL_PAGES.some((page) => page.path === path));

async function open(page: Page, path: string, consoles: boolean, site = 'default'): Promise<void> {
  await page.goto(new URL(path, siteUrl(site)).href);
  // Consoles mount after load; their forms, samples and permalinks are part of the page.
  if (consoles) await expect(page.locator(UNMOUNTED_CONSOLE)).toHaveCount(0, { timeout: 15_000 });
  // Diagrams are drawn after load too (src/client/diagrams.ts); the drawing is what readers get.
  await expect(page.locator('figure[data-diagram="mermaid"]:not(:has(.diagram-drawing svg))')).toHaveCount(0, { timeout: 15_000 });
}

async function expectNoProblems(page: Page, width: string): Promise<void> {
  expect(await violations(page), `axe, ${width}`).toEqual([]);
  // Stricter than axe where it lets things pass: every box that scrolls is a named tab stop; links in text are underlined.
  expect(await scrollRegionProblems(page), `scrolling boxes, ${width}`).toEqual([]);
  expect(await linksByColourAlone(page), `links told apart by colour alone, ${width}`).toEqual([]);
}

for (const { name, site, path, consoles } of PAGES) {
  for (const { name: width, viewport } of WIDTHS) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`axe (with experimental rules) finds no violations on the ${name} /${path} at ${viewport.width} px (${colorScheme})`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        await open(page, path, consoles, site);
        await expectNoProblems(page, width);
      });
    }
  }
}

for (const path of MANUAL_OTHERS) {
  const [{ name: width, viewport }] = WIDTHS;
  test(`axe (with experimental rules) finds no violations on the manual page /${path} at ${viewport.width} px (light)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: 'light' });
    await open(page, path, false, 'manual');
    await expectNoProblems(page, width);
  });
}

for (const { name: width, viewport } of WIDTHS) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`axe (with experimental rules) finds no violations in the open ${width === 'phone' ? 'menu' : 'version menu'} and search dialog at ${viewport.width} px (${colorScheme})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await page.goto(new URL('1.2/overview/', siteUrl('default')).href);
      if (width === 'phone') {
        // The sidebar as a panel over the page, opened by the Menu button. (Not the version menu: at this
        // width it covers most of the page actions below it, which axe's target-size counts against them.)
        await page.getByRole('button', { name: 'Menu' }).click();
        await expect(page.locator('#sidebar')).toBeVisible();
        expect(await violations(page)).toEqual([]);
        await page.keyboard.press('Escape');
      } else {
        await page.locator('.version-switcher summary').click();
        expect(await violations(page)).toEqual([]);
      }
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('searchbox', { name: 'Search documentation' }).fill('dispatch');
      await expect(page.getByRole('list', { name: 'Search results' }).getByRole('link').first()).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  }
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
