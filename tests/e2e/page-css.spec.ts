import { expect, test, type APIRequestContext } from '@playwright/test';
import { siteUrl } from './support/sites.ts';

// Each page carries only the CSS it uses (README "Styles"): the site-wide rules, its layout's and
// its components'; what only a script shows (the console's form, the search dialog, the copy
// buttons, the open menu) arrives with that script. Byte budgets are the budget bench's (bench/budget.ts), not these tests'.
// Run with E2E_SITES=default,authdefault.

/** Every stylesheet of a page as served: its inline <style>s and the files it links. */
async function pageCss(request: APIRequestContext, site: string, path: string, status = 200): Promise<string> {
  const url = new URL(path, siteUrl(site));
  const response = await request.get(url.href);
  expect(response.status(), url.href).toBe(status);
  const html = await response.text();
  const inline = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
  const hrefs = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map((match) => /\bhref="([^"]+)"/.exec(match[0])![1]!);
  const linked = await Promise.all(hrefs.map(async (href) => (await request.get(new URL(href, url).href)).text()));
  return [...inline, ...linked].join('');
}

/** A class selector in minified CSS (`.steps{`, `.steps>li`, `.tabs:not(…)`), not one that merely starts the same. */
const hasClass = (css: string, name: string) => new RegExp(`\\.${name}(?![\\w-])`).test(css);

/** Styles that belong to one kind of page or one component, by a class each of them styles. */
const OWNED = {
  operation: 'operation-aside',
  reference: 'method-get',
  schema: 'schema-fields',
  console: 'try-it',
  /** The console's form: its script brings these (src/console/console.css), never a page. */
  consoleForm: 'try-it-field',
  /** The search dialog: the search script brings these (src/client/search.css), never a page. */
  searchDialog: 'search-dialog',
  /** The code blocks' copy buttons: the site script that adds them brings these (src/client/site.css), never a page. */
  copyButton: 'copy-button',
  login: 'login-form',
  callout: 'callout',
  /** One callout kind's colours: only on pages with that kind (here, a warning), or whose callouts are not known in advance (reference). */
  calloutWarning: 'callout-warning',
  tabs: 'tablist',
  steps: 'steps',
  fileTree: 'file-tree',
  cards: 'link-cards',
  codeTitle: 'code-figure',
  codeMarks: 'highlighted',
  docsLayout: 'docs-layout',
  /** The "unstable" / "deprecated" badge: docs pages of a site with an unstable version (here 2.0-beta), reference pages, the landing page. */
  badge: 'badge',
  /** The note above an unstable version's titles: only on that version's pages. */
  versionNote: 'version-note',
  sidebar: 'sidebar',
} as const;
type Owner = keyof typeof OWNED;

function expectStyles(css: string, present: Owner[]) {
  // The open menu's panel and backdrop come with the site script that opens it (src/client/site.css).
  expect(css, 'open menu styles present').not.toMatch(/body\.menu-open /);
  for (const owner of Object.keys(OWNED) as Owner[]) {
    expect(hasClass(css, OWNED[owner]), `${owner} styles (.${OWNED[owner]}) ${present.includes(owner) ? 'missing' : 'present'}`).toBe(present.includes(owner));
  }
}

test('a guide without components carries the shell only: no component, operation, console, search dialog or sign-in styles', async ({ request }) => {
  expectStyles(await pageCss(request, 'default', '1.2/api-basics/errors/'), ['docsLayout', 'badge', 'sidebar']);
});

test('the unstable note\'s styles come with an unstable version\'s pages only', async ({ request }) => {
  expect(hasClass(await pageCss(request, 'default', '2.0-beta/overview/'), OWNED.versionNote)).toBe(true);
});

test('a guide with a callout carries the shell and the callout styles only', async ({ request }) => {
  expectStyles(await pageCss(request, 'default', '1.2/overview/'), ['docsLayout', 'badge', 'sidebar', 'callout']);
});

test('guides get the styles of the components they hold, in Markdown and in MDX, and no others', async ({ request }) => {
  // Markdown directives and alerts: steps, a file tree, tabs, cards, a callout, titled and marked code blocks.
  expectStyles(await pageCss(request, 'default', '1.2/guides/client-code/'), ['docsLayout', 'badge', 'sidebar', 'callout', 'tabs', 'steps', 'fileTree', 'cards', 'codeTitle', 'codeMarks']);
  // MDX: <TryIt>, <Steps>, <Tabs> with titled code blocks, <Aside> and a `:::note`.
  expectStyles(await pageCss(request, 'default', '1.2/guides/dispatch/'), ['docsLayout', 'badge', 'sidebar', 'console', 'callout', 'tabs', 'steps', 'codeTitle']);
});

test('an operation page has its two-column layout, the console, the schema tables and the sample tabs; the reference overview and 404 page only their own', async ({ request }) => {
  expectStyles(await pageCss(request, 'default', '1.2/reference/add-cargo-lot/'), ['docsLayout', 'badge', 'sidebar', 'operation', 'reference', 'schema', 'console', 'callout', 'calloutWarning', 'tabs']);
  expectStyles(await pageCss(request, 'default', '1.2/reference/'), ['docsLayout', 'badge', 'sidebar', 'reference', 'callout', 'calloutWarning']);
  expectStyles(await pageCss(request, 'default', 'no-such-page/', 404), []);
});

test('the sign-in page carries the sign-in form styles and no documentation layout', async ({ request }) => {
  expectStyles(await pageCss(request, 'authdefault', 'login'), ['login']);
});

test('the copy buttons and the open menu get their styles when the site script runs', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(new URL('1.2/guides/dispatch/', siteUrl('default')).href);
  const copy = page.locator('.code-frame .copy-button').first();
  await expect(copy).toHaveCSS('position', 'absolute');
  await expect(page.locator('.code-frame').first()).toHaveCSS('position', 'relative');
  await expect(page.locator('.menu-backdrop')).toHaveCSS('display', 'none');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.locator('#sidebar')).toHaveCSS('position', 'fixed');
  await expect(page.locator('.menu-backdrop')).toHaveCSS('position', 'fixed');
});

test('the search dialog and the console form get their styles when their scripts load', async ({ page }) => {
  await page.goto(new URL('1.2/guides/dispatch/', siteUrl('default')).href);
  // The console mounts when the page is idle; its form's fields are styled as a grid.
  const field = page.locator('[data-try-it] .try-it-field').first();
  await expect(field).toBeVisible();
  await expect(field).toHaveCSS('display', 'grid');
  await page.getByRole('button', { name: /search/i }).first().click();
  const dialog = page.locator('dialog.search-dialog');
  await expect(dialog).toBeVisible();
  // Its own padding and border (the browser's dialog has neither 16px nor the site's border colour).
  await expect(dialog).toHaveCSS('padding-top', '16px');
  await expect(dialog.locator('form')).toHaveCSS('display', 'grid');
});
