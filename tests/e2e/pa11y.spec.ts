import { expect, test } from '@playwright/test';
import pa11y from 'pa11y';
import { CHROMIUM_ARGS } from './support/chromium.ts';
import { MANUAL_PAGES, PAGE_KINDS, UNMOUNTED_CONSOLE, WIDTHS } from './support/checked-pages.ts';
import { siteUrl } from './support/sites.ts';

// pa11y with both of its engines (axe-core and HTML_CodeSniffer), WCAG 2 AA, on every kind of page
// (issue 40; the right-to-left ones on the Arabic site) and a page of each kind of the manual (docs/),
// in both themes, at phone and desktop width.
// pa11y drives its own (puppeteer) Chromium: Debian's, with the suite's flags.
// Dark is the reader's own choice: the theme toggle, which the site stores and applies as data-theme.
// (The axe spec covers the system preference, prefers-color-scheme.)
test.describe.configure({ timeout: 90_000 });

// Issue 37's held-out site: topic tabs, the feedback control, the last-updated line and edit link, a drawn diagram.
const FEATURE_PAGES = [
  { name: 'page with topic tabs and feedback', site: 'features', path: '2.0/sdks/python/', consoles: false },
  { name: 'page with a diagram', site: 'features', path: '2.0/firing-cycle/', consoles: false },
] as const;

// Pages whose Mermaid diagrams are drawn after load: checked once drawn.
const DIAGRAM_PAGES = ['2.0/firing-cycle/', 'latest/writing/diagrams/'];

for (const { name, site, path, consoles } of [...PAGE_KINDS, ...FEATURE_PAGES, ...MANUAL_PAGES]) {
  for (const { viewport } of WIDTHS) for (const theme of ['light', 'dark'] as const) {
    test(`pa11y (axe, HTML_CodeSniffer; WCAG2AA) finds no errors on the ${name} at ${viewport.width} px (${theme})`, async () => {
      const actions = [
        ...(consoles ? [`wait for element ${UNMOUNTED_CONSOLE} to be removed`] : []),
        ...(DIAGRAM_PAGES.includes(path) ? ['wait for element .diagram-drawing svg to be added'] : []),
        ...(theme === 'dark' ? ['click element [data-theme-toggle]', 'wait for element html[data-theme="dark"] to be added'] : []),
      ];
      const results = await pa11y(new URL(path, siteUrl(site)).href, {
        runners: ['axe', 'htmlcs'],
        standard: 'WCAG2AA',
        chromeLaunchConfig: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
        actions,
        viewport,
        timeout: 60_000,
      });
      // Not errors: contrast axe could not measure (pa11y reports what axe leaves for review as errors), text
      // scrolled out of sight in a wide table at phone width, or beside a diff line's "+": the axe spec measures
      // every colour in both schemes, and the same text at desktop width.
      const unmeasured = (issue: (typeof results.issues)[number]) => issue.runner === 'axe' && issue.code === 'color-contrast' && issue.runnerExtras?.needsFurtherReview === true;
      const errors = results.issues.filter((issue) => issue.type === 'error' && !unmeasured(issue)).map((issue) => `${issue.runner} ${issue.code}: ${issue.message} [${issue.selector}] ${issue.context}`);
      expect(errors).toEqual([]);
    });
  }
}
