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

for (const { name, path, consoles } of CHECKED_PAGES) {
  for (const theme of ['light', 'dark'] as const) {
    test(`pa11y (axe, HTML_CodeSniffer; WCAG2AA) finds no errors on the ${name} (${theme})`, async () => {
      const actions = [
        ...(consoles ? [`wait for element ${UNMOUNTED_CONSOLE} to be removed`] : []),
        ...(theme === 'dark' ? ['click element [data-theme-toggle]', 'wait for element html[data-theme="dark"] to be added'] : []),
      ];
      const results = await pa11y(new URL(path, siteUrl('default')).href, {
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
