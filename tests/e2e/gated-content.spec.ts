import { expect, test } from '@playwright/test';
import { loadSite } from '../../src/config/load.ts';
import { gatedStrings, readAllFiles } from './support/scan.ts';
import { outDir, PROJECT_ROOT, siteUrl } from './support/sites.ts';

const MARKERS = ['GATEDTITLE', 'GATEDDESC', 'GATEDHEADING', 'GATEDBODY', 'ORPHANTITLE', 'ORPHANBODY', 'Partner network', 'partners/secret-routes', 'ops/runbook'];

test('no gated marker string appears in any file of the built fixture site', () => {
  const files = readAllFiles(outDir('basic'));
  expect(files.length).toBeGreaterThan(20);
  expect(files.some(({ file }) => file.includes('pagefind'))).toBe(true);
  // The scan must be able to see inside the search index: public text is there.
  expect(files.some(({ file, text }) => file.endsWith('.pf_fragment') && text.includes('Public text alpha'))).toBe(true);
  const leaks = files.flatMap(({ file, text }) => MARKERS.filter((marker) => text.includes(marker)).map((marker) => `${marker} in ${file}`));
  expect(leaks).toEqual([]);
});

test('no gated title, path, heading or description of the default site appears in its output', () => {
  const { model } = loadSite(PROJECT_ROOT, {});
  const secrets = gatedStrings(model, PROJECT_ROOT);
  expect(secrets.length).toBeGreaterThan(3);
  const files = readAllFiles(outDir('default'));
  const leaks = files.flatMap(({ file, text }) => secrets.filter((secret) => text.includes(secret)).map((secret) => `${secret} in ${file}`));
  expect(leaks).toEqual([]);
});

test('gated pages are not served: their URLs answer 404', async ({ request }) => {
  for (const path of ['1.0/partners/', '1.0/partners/secret-routes/', '1.0/partners/open-looking/', '1.0/ops/runbook/', '1.0/orphan/']) {
    const response = await request.get(new URL(path, siteUrl('basic')).href);
    expect(response.status(), path).toBe(404);
    expect(await response.text()).not.toContain('GATED');
  }
});

test('the 404 page and public pages carry no gated navigation', async ({ page }) => {
  await page.goto(new URL('1.0/overview/', siteUrl('basic')).href);
  const docsNav = page.getByRole('navigation', { name: 'Documentation' });
  // The navigation is there (so the checks below are not vacuous) and lists public sections.
  await expect(docsNav.getByRole('link', { name: 'FAQ' })).toBeVisible();
  await expect(docsNav).toContainText('Guides');
  await expect(docsNav).not.toContainText('Partner');
  await expect(docsNav).not.toContainText('Operations');

  // An unknown URL gets the site's own 404 page, with status 404, and it names no gated page.
  const response = await page.goto(new URL('1.0/no-such-page/', siteUrl('basic')).href);
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle('Page not found | Fixture Docs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.getByRole('main').getByRole('link', { name: 'Documentation 1.0' })).toHaveAttribute('href', '/1.0/overview/');
  const html = await page.content();
  for (const marker of [...MARKERS, 'Operations', '/1.0/partners', '/1.0/ops']) expect(html, marker).not.toContain(marker);
});
