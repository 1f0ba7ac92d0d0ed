import { expect, test } from '@playwright/test';
import pa11y from 'pa11y';
import { CHROMIUM_ARGS } from './support/chromium.ts';
import { CHECKED_PAGES, UNMOUNTED_CONSOLE } from './support/checked-pages.ts';
import { siteUrl } from './support/sites.ts';

// pa11y with both of its engines (axe-core and HTML_CodeSniffer), WCAG 2 AA, on the pages of
// issue 14 in both themes. pa11y drives its own (puppeteer) Chromium: Debian's, with the suite's flags.
// Dark is the reader's own choice: the theme toggle, which the site stores and applies as data-theme.
// (The axe spec covers the system preference, prefers-color-scheme.)
test.describe.configure({ timeout: 90_000 });

// The right-to-left Arabic site (the any-api fixture in Arabic): a guide, an operation page with its console, the 404 page.
const RTL_PAGES = [
  { name: 'right-to-left guide', site: 'arabic', path: 'v1/borrowing/', consoles: false },
  { name: 'right-to-left operation page', site: 'arabic', path: 'v1/reference/get-items/', consoles: true },
  { name: 'right-to-left 404 page', site: 'arabic', path: 'v1/no-such-page/', consoles: false },
] as const;

// Issue 37's held-out site: topic tabs, the feedback control, the last-updated line and edit link, a drawn diagram.
const FEATURE_PAGES = [
  { name: 'page with topic tabs and feedback', site: 'features', path: '2.0/sdks/python/', consoles: false },
  { name: 'page with a diagram', site: 'features', path: '2.0/firing-cycle/', consoles: false },
] as const;

for (const { name, site, path, consoles } of [...CHECKED_PAGES.map((page) => ({ ...page, site: 'default' })), ...RTL_PAGES, ...FEATURE_PAGES]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`pa11y (axe, HTML_CodeSniffer; WCAG2AA) finds no errors on the ${name} (${theme})`, async () => {
      const actions = [
        ...(consoles ? [`wait for element ${UNMOUNTED_CONSOLE} to be removed`] : []),
        ...(path.includes('firing-cycle') ? ['wait for element .diagram-drawing svg to be added'] : []),
        ...(theme === 'dark' ? ['click element [data-theme-toggle]', 'wait for element html[data-theme="dark"] to be added'] : []),
      ];
      const results = await pa11y(new URL(path, siteUrl(site)).href, {
        runners: ['axe', 'htmlcs'],
        standard: 'WCAG2AA',
        chromeLaunchConfig: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
        actions,
        timeout: 60_000,
      });
      const errors = results.issues.filter((issue) => issue.type === 'error').map((issue) => `${issue.runner} ${issue.code}: ${issue.message} [${issue.selector}] ${issue.context}`);
      expect(errors).toEqual([]);
    });
  }
}
