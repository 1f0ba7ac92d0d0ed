import { expect, test } from '@playwright/test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadSite } from '../../src/config/load.ts';
import { gatedStrings, readAllFiles } from './support/scan.ts';
import { outDir, PROJECT_ROOT, siteUrl } from './support/sites.ts';

// The static part of a server build (dist/client) keeps the site core's promise: no gated string
// in any file a browser or crawler can fetch. The server bundle holds the gated pages.
const MARKERS = ['GATEDTITLE', 'GATEDDESC', 'GATEDHEADING', 'GATEDBODY', 'ORPHANTITLE', 'ORPHANBODY', 'Partner network', 'partners/secret-routes', 'ops/runbook'];

test('the marker fixture built with sign-in: no gated marker in dist/client, and the server has them', () => {
  const client = join(outDir('authbasic'), 'client');
  const files = readAllFiles(client);
  expect(files.some(({ file }) => file.includes('pagefind'))).toBe(true);
  const leaks = files.flatMap(({ file, text }) => MARKERS.filter((marker) => text.includes(marker)).map((marker) => `${marker} in ${file}`));
  expect(leaks).toEqual([]);
  // The control: the gated pages did get built, into the server only.
  expect(readAllFiles(join(outDir('authbasic'), 'server')).some(({ text }) => text.includes('GATEDBODY'))).toBe(true);
  expect(existsSync(join(client, '1.0/partners'))).toBe(false);
});

test('the default site built with sign-in: no gated title, path, heading or description in dist/client', () => {
  const { model } = loadSite(PROJECT_ROOT, {});
  const secrets = gatedStrings(model, PROJECT_ROOT);
  expect(secrets.length).toBeGreaterThan(3);
  const leaks = readAllFiles(join(outDir('authdefault'), 'client')).flatMap(({ file, text }) => secrets.filter((secret) => text.includes(secret)).map((secret) => `${secret} in ${file}`));
  expect(leaks).toEqual([]);
});

test('signed out, the served search index and discovery files name no gated page', async ({ request }) => {
  const base = siteUrl('authbasic');
  for (const path of ['llms.txt', '1.0/llms.txt', '1.0/llms-full.txt', 'sitemap.xml', 'robots.txt', '404.html', '1.0/all-pages/']) {
    const response = await request.get(new URL(path, base).href);
    const text = await response.text();
    for (const marker of MARKERS) expect(text, `${marker} in ${path}`).not.toContain(marker);
  }
});
