import { expect, test } from '@playwright/test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO, signInRequest } from './support/auth.ts';
import { startNodeServer, type RunningServer } from './support/node-server.ts';
import { readAllFiles } from './support/scan.ts';
import { astroBuild, outDir, PROJECT_ROOT } from './support/sites.ts';

// The default site login-only: its references are private, so the changelog, which names
// operations of two of them, is too. Built here, not in the global setup: only this file needs it.
test.describe.configure({ mode: 'serial' });

const ENV = { CARAVAN_DOCS_AUTH_ENABLED: 'true', CARAVAN_DOCS_AUTH_REQUIRE_LOGIN: 'true' };
const out = outDir('changelog-private');
let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  if (process.env.E2E_REUSE_BUILD !== '1' || !existsSync(join(out, 'server/entry.mjs'))) {
    const { status, output } = astroBuild(PROJECT_ROOT, out, ENV);
    if (status !== 0) throw new Error(`Building the login-only default site failed:\n${output}`);
  }
  server = await startNodeServer(out, '/', ENV, { docsRoot: PROJECT_ROOT });
});
test.afterAll(async () => {
  await server?.stop();
});

test('signed out, the changelog and its Markdown send to sign-in, and no public file names it or its changes', async ({ request }) => {
  for (const path of ['/2.0-beta/reference/changes/1.2/', '/2.0-beta/reference/changes/1.2.md']) {
    const response = await request.get(new URL(path.slice(1), server.url).href, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location, path).toBe(`/login?next=${path}`);
  }
  for (const { file, text } of readAllFiles(join(out, 'client'))) {
    expect(text.includes('Changes since') || text.includes('reference/changes/') || text.includes('Idempotency-Key'), file).toBe(false);
  }
});

test('signed in, a reader reads it', async ({ request }) => {
  const cookie = await signInRequest(request, server.url, DEMO.partner);
  const response = await request.get(new URL('2.0-beta/reference/changes/1.2/', server.url).href, { headers: { cookie } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<h1');
  expect(html).toContain('Changes since 1.2');
  expect(html).toContain('Idempotency-Key');
  const markdown = await request.get(new URL('2.0-beta/reference/changes/1.2.md', server.url).href, { headers: { cookie } });
  expect(await markdown.text()).toContain('- New optional header parameter `Idempotency-Key`.');
});
