import { expect, test, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import { axeViolations } from './support/axe.ts';
import { FEATURES_EDIT_BASE, FEATURES_PROVIDER_PORT } from './support/features-site.ts';
import { siteUrl } from './support/sites.ts';

/*
 * Issue 37 on its held-out site (tests/e2e/support/features-site.ts): last-updated dates from git
 * and edit links, a diagram, the feedback control and analytics events. The site's analytics
 * provider is a Plausible stand-in served here on 127.0.0.1, which records every call, and the
 * feedback collector records every POST.
 */

// A stand-in for Plausible's script: takes over window.plausible and replays the calls queued before it loaded.
const FAKE_PLAUSIBLE = `(function () {
  var queued = (window.plausible && window.plausible.q) || [];
  window.__plausible = [];
  window.plausible = function (name, options) { window.__plausible.push({ name: name, props: (options && options.props) || {} }); };
  for (var i = 0; i < queued.length; i++) window.plausible.apply(null, queued[i]);
})();`;

// One worker: the provider listens on one fixed port (the site was built naming it).
test.describe.configure({ mode: 'serial' });

let provider: Server;
const collected: unknown[] = [];
let scriptRequests = 0;

test.beforeAll(async () => {
  provider = createServer((request, response) => {
    const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'content-type', 'Access-Control-Allow-Methods': 'POST' };
    if (request.url === '/js/script.js') {
      scriptRequests += 1;
      response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(FAKE_PLAUSIBLE);
    } else if (request.url === '/collect' && request.method === 'OPTIONS') {
      response.writeHead(204, cors).end();
    } else if (request.url === '/collect' && request.method === 'POST') {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk.slice(0, 10_000)));
      request.on('end', () => {
        collected.push(JSON.parse(body));
        response.writeHead(204, cors).end();
      });
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => provider.listen(FEATURES_PROVIDER_PORT, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => provider.close(() => resolve()));
});

const events = (page: Page) => page.evaluate(() => (window as unknown as { __plausible?: Array<{ name: string; props: Record<string, unknown> }> }).__plausible ?? []);

test.describe('when a page last changed, and where to edit it', () => {
  test('each page shows its file\'s last commit in its language, and links to its source', async ({ page }) => {
    const url = siteUrl('features');
    await page.goto(`${url}2.0/overview/`);
    const meta = page.locator('.page-meta');
    await expect(meta).toContainText('Last updated: February 3, 2026');
    await expect(meta.locator('time')).toHaveAttribute('datetime', '2026-02-03T08:30:00Z');
    await expect(meta.getByRole('link', { name: 'Edit this page' })).toHaveAttribute('href', `${FEATURES_EDIT_BASE}content/2.0/overview.md`);
    await page.goto(`${url}1.0/overview/`);
    await expect(page.locator('.page-meta')).toContainText('Last updated: January 15, 2025');
    // The translation's own file: its date and its edit link.
    await page.goto(`${url}de/2.0/overview/`);
    await expect(page.locator('.page-meta')).toContainText('Zuletzt aktualisiert: 15. Januar 2025');
    await expect(page.locator('.page-meta').getByRole('link', { name: 'Diese Seite bearbeiten' })).toHaveAttribute('href', `${FEATURES_EDIT_BASE}content/de/2.0/overview.md`);
  });

  test('the date is in the page\'s Markdown source and in the sitemap', async ({ request }) => {
    const url = siteUrl('features');
    expect(await (await request.get(`${url}2.0/overview.md`)).text()).toContain('\nLast updated: 2026-02-03\n');
    const sitemap = await (await request.get(`${url}sitemap.xml`)).text();
    expect(sitemap).toContain('<loc>https://docs.kiln.example.org/2.0/overview/</loc>\n    <lastmod>2026-02-03T08:30:00Z</lastmod>');
  });
});

test.describe('diagrams', () => {
  test('a mermaid fence is drawn in both schemes, its source folded below; a page without one loads no diagram code', async ({ page }) => {
    const url = siteUrl('features');
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${url}2.0/overview/`);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((script) => /mermaid|diagrams/.test(script))).toEqual([]);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${url}2.0/firing-cycle/`);
      const figure = page.locator('figure.diagram');
      await expect(figure.locator('.diagram-drawing svg')).toBeVisible();
      await expect(figure.locator('.diagram-drawing svg')).toContainText('soaking');
      await expect(figure.locator('details.diagram-source')).not.toHaveAttribute('open', '');
      await figure.locator('details.diagram-source summary').click();
      await expect(figure.locator('pre')).toContainText('stateDiagram-v2');
    }
    expect(scripts.some((script) => /mermaid\.tiny\.[\w-]+\.js$/.test(script))).toBe(true);
  });

  test('without JavaScript the diagram\'s source is there as a code block', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${siteUrl('features')}2.0/firing-cycle/`);
    await expect(page.locator('figure.diagram pre')).toBeVisible();
    await expect(page.locator('figure.diagram pre')).toContainText('climbing --> soaking: cone reached');
    await context.close();
  });
});

test.describe('topics', () => {
  test('a version with topics shows its tabs; each page\'s sidebar is its own topic\'s, the API reference one of them', async ({ page }) => {
    const url = siteUrl('features');
    await page.goto(`${url}2.0/sdks/python/`);
    const tabs = page.getByRole('navigation', { name: 'Topics' });
    await expect(tabs.getByRole('link')).toHaveText(['Guides', 'API reference', 'SDKs']);
    await expect(tabs.getByRole('link', { name: 'SDKs' })).toHaveAttribute('aria-current', 'true');
    const sidebar = page.locator('#sidebar');
    await expect(sidebar.getByRole('link', { name: 'Python SDK' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Overview' })).toHaveCount(0);
    // Previous and next stay within the topic: nothing leads from the SDKs back into Guides.
    await expect(page.getByRole('link', { name: /Firing cycle/ })).toHaveCount(0);
    await tabs.getByRole('link', { name: 'API reference' }).click();
    await expect(page).toHaveURL(`${url}2.0/reference/`);
    await expect(page.getByRole('navigation', { name: 'Topics' }).getByRole('link', { name: 'API reference' })).toHaveAttribute('aria-current', 'true');
    await expect(page.locator('#sidebar').getByRole('link', { name: 'Start a firing' })).toBeVisible();
    await expect(page.locator('#sidebar').getByRole('link', { name: 'Python SDK' })).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Topics' }).getByRole('link', { name: 'Guides' }).click();
    await expect(page).toHaveURL(`${url}2.0/overview/`);
    // 1.0 has no topics: no tabs, one sidebar.
    await page.goto(`${url}1.0/overview/`);
    await expect(page.getByRole('navigation', { name: 'Topics' })).toHaveCount(0);
  });

  test('at 360 px the tabs wrap and the header stays one row; no page scrolls sideways; axe passes in both schemes', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    for (const path of ['2.0/sdks/python/', '2.0/reference/', 'de/2.0/overview/']) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(`${siteUrl('features')}${path}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
        const header = await page.locator('.site-header').boundingBox();
        expect(header!.height, path).toBeLessThanOrEqual(60);
        expect(await axeViolations(page), `${path} ${scheme}`).toEqual([]);
      }
    }
  });
});

test.describe('feedback and analytics', () => {
  for (const width of [1280, 360]) {
    test(`the feedback control by keyboard at ${width} px: yes, then a comment; the collector and the provider get both`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      collected.length = 0;
      await page.goto(`${siteUrl('features')}2.0/overview/`);
      const feedback = page.getByRole('region', { name: 'Was this page helpful?' });
      await expect(feedback).toBeVisible();
      await feedback.getByRole('button', { name: 'Yes' }).focus();
      await page.keyboard.press('Enter');
      await expect(feedback.getByRole('status')).toHaveText('Thank you for your feedback.');
      const comment = feedback.getByRole('textbox', { name: 'Anything we should know? (optional)' });
      await expect(comment).toBeFocused();
      await page.keyboard.type('The cone table helped.');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect(feedback.getByRole('status')).toHaveText('Thanks, we read every comment.');
      await expect.poll(() => collected.length).toBe(2);
      expect(collected).toEqual([
        { page: '/2.0/overview/', version: '2.0', locale: 'en', helpful: 'yes' },
        { page: '/2.0/overview/', version: '2.0', locale: 'en', helpful: 'yes', comment: 'The cone table helped.' },
      ]);
      const feedbackEvents = (await events(page)).filter((event) => event.name === 'Feedback');
      expect(feedbackEvents.map((event) => event.props['comment'] ?? null)).toEqual([null, 'The cone table helped.']);
    });
  }

  test('searches (with their number of results), copied samples and 404s reach the provider as events', async ({ page }) => {
    const url = siteUrl('features');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`${url}2.0/firing-cycle/`);
    await page.locator('.code-frame').filter({ hasText: 'curl' }).getByRole('button', { name: 'Copy code to clipboard' }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('searchbox').fill('zzqqxx');
    await expect(page.locator('#search-status')).toContainText('zzqqxx');
    // The first Escape clears the search box (the browser's own), the second closes the dialog.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(page.locator('.search-dialog')).not.toHaveAttribute('open', '');
    await expect.poll(async () => (await events(page)).map((event) => event.name)).toEqual(expect.arrayContaining(['Copy code', 'Search']));
    const all = await events(page);
    expect(all.find((event) => event.name === 'Search')?.props).toEqual({ query: 'zzqqxx', results: 0 });
    expect(all.find((event) => event.name === 'Copy code')?.props).toEqual({ page: '/2.0/firing-cycle/', language: 'sh' });
    await page.goto(`${url}2.0/no-such-page/`);
    await expect.poll(async () => (await events(page)).map((event) => event.name)).toContain('404');
  });

  test('a reader whose browser sends Global Privacy Control loads no provider; feedback still reaches the collector', async ({ browser }) => {
    const context = await browser.newContext();
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
    const page = await context.newPage();
    const before = scriptRequests;
    collected.length = 0;
    await page.goto(`${siteUrl('features')}1.0/overview/`);
    await page.getByRole('button', { name: 'No' }).click();
    await expect.poll(() => collected.length).toBe(1);
    expect(scriptRequests).toBe(before);
    expect(await events(page)).toEqual([]);
    await context.close();
  });

  for (const width of [1280, 360]) {
    test(`a page with the feedback control, the page meta and a diagram passes axe at ${width} px in both schemes`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['2.0/overview/', '2.0/firing-cycle/', 'de/2.0/overview/']) {
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.goto(`${siteUrl('features')}${path}`);
          await page.getByRole('button', { name: /^(Yes|Ja)$/ }).waitFor();
          if (path.includes('firing')) await page.locator('.diagram-drawing svg').waitFor();
          expect(await axeViolations(page), `${path} ${scheme}`).toEqual([]);
        }
      }
    });
  }
});
