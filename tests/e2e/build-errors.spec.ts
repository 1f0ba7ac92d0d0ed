import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { astroBuild, PROJECT_ROOT } from './support/sites.ts';

// `astro build` itself must print the writer's error cleanly and exit non-zero, with no output written.
test('a broken nav.yml stops astro build with the file, line and fix, and no stack trace', () => {
  const root = mkdtempSync(join(tmpdir(), 'caravan-broken-'));
  try {
    cpSync(join(PROJECT_ROOT, 'tests/fixtures/basic'), root, { recursive: true });
    writeFileSync(join(root, 'content/1.0/nav.yml'), '- slug: overview\n- slug: guides/missing\n');
    const out = join(root, 'out');
    const { status, output } = astroBuild(root, out);
    expect(status).not.toBe(0);
    expect(output).toContain('content/1.0/nav.yml:2: `slug` "guides/missing" has no page file.');
    expect(output).toContain('create content/1.0/guides/missing.md (or .mdx), or correct the slug.');
    expect(output).toContain(`${root}/content/1.0/nav.yml:2:1`);
    expect(output).not.toMatch(/^\s+at .*\(/m);
    expect(existsSync(out)).toBe(false);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('an OpenAPI description the generator cannot take stops the build with the file, the JSON pointer and the fix', () => {
  const root = mkdtempSync(join(tmpdir(), 'caravan-openapi-'));
  try {
    cpSync(join(PROJECT_ROOT, 'tests/fixtures/basic'), root, { recursive: true });
    rmSync(join(root, 'content/1.0/openapi.yaml'), { force: true });
    writeFileSync(join(root, 'content/1.0/openapi.json'), JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/a': { get: { responses: { 200: { $ref: '#/components/responses/Gone' } } } } } }));
    const out = join(root, 'out');
    const { status, output } = astroBuild(root, out);
    expect(status).not.toBe(0);
    expect(output).toContain('content/1.0/openapi.json: `/paths/~1a/get/responses/200/$ref` refers to `#/components/responses/Gone`, which does not exist.');
    expect(output).toContain('correct the name, or add it under `components`.');
    expect(output).not.toMatch(/^\s+at .*\(/m);
    // No unrelated framework hint (Astro's about browser APIs, which the error used to come with).
    expect(output).not.toMatch(/browser|window is not defined|document is not defined/i);
    expect(existsSync(out)).toBe(false);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a 3.1 description with webhooks and no paths builds, with a page per webhook; skipped parts are warnings', () => {
  const root = mkdtempSync(join(tmpdir(), 'caravan-webhooks-'));
  try {
    cpSync(join(PROJECT_ROOT, 'tests/fixtures/basic'), root, { recursive: true });
    rmSync(join(root, 'content/1.0/openapi.yaml'), { force: true });
    cpSync(join(PROJECT_ROOT, 'tests/fixtures/openapi/webhooks-only.yaml'), join(root, 'content/1.0/openapi.yaml'));
    const description = readFileSync(join(root, 'content/1.0/openapi.yaml'), 'utf8');
    writeFileSync(join(root, 'content/1.0/openapi.yaml'), `${description.trimEnd()}\nsecurity:\n  - nowhere: []\n`);
    const out = join(root, 'out');
    const { status, output } = astroBuild(root, out);
    expect(status, output).toBe(0);
    expect(output).toContain('content/1.0/openapi.yaml /security/0: the security scheme `nowhere` is not under components/securitySchemes');
    const pages = readdirSync(join(out, '1.0/reference')).filter((name) => name !== 'schemas' && existsSync(join(out, '1.0/reference', name, 'index.html')));
    expect(pages).toContain('order-created');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('orphan pages are a warning, not an error', () => {
  const root = mkdtempSync(join(tmpdir(), 'caravan-orphan-'));
  try {
    cpSync(join(PROJECT_ROOT, 'tests/fixtures/basic'), root, { recursive: true });
    const out = join(root, 'out');
    const { status, output } = astroBuild(root, out);
    expect(status).toBe(0);
    expect(output).toContain('content/1.0/orphan.md is not listed in content/1.0/nav.yml, so it is not built.');
    expect(existsSync(join(out, '1.0/orphan/index.html'))).toBe(false);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('the dev server picks up a page’s new title and reports a removed one with its file', async () => {
  test.setTimeout(90_000);
  const root = mkdtempSync(join(tmpdir(), 'caravan-dev-'));
  cpSync(join(PROJECT_ROOT, 'tests/fixtures/basic'), root, { recursive: true });
  const port = 43_000 + Math.floor(Math.random() * 1000);
  const dev = spawn('npx', ['astro', 'dev', '--host', '127.0.0.1', '--port', String(port)], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', DOCS_ROOT: root },
    detached: true,
  });
  let log = '';
  dev.stdout.on('data', (chunk) => (log += chunk));
  dev.stderr.on('data', (chunk) => (log += chunk));
  const page = async () => (await fetch(`http://127.0.0.1:${port}/1.0/guides/first/`)).text();
  try {
    await expect.poll(() => page().catch(() => ''), { timeout: 30_000 }).toContain('First guide');
    // A fresh dev server may restart once while Vite optimises dependencies, dropping a save made
    // meanwhile; an editor saves again, and so does this test, until the page shows the new title.
    await expect
      .poll(
        async () => {
          writeFileSync(join(root, 'content/1.0/guides/first.md'), '---\ntitle: Renamed guide\n---\n\nBody.\n');
          await new Promise((resolve) => setTimeout(resolve, 1500));
          return page();
        },
        { timeout: 40_000, intervals: [500] },
      )
      .toContain('>Renamed guide</h1>');
    writeFileSync(join(root, 'content/1.0/guides/first.md'), '---\ndescription: No title.\n---\n\nBody.\n');
    await expect.poll(() => log, { timeout: 15_000 }).toMatch(/content\/1\.0\/guides\/first\.md:1: `title` (is required but missing|has no front matter)/);
  } finally {
    process.kill(-dev.pid!, 'SIGTERM');
    rmSync(root, { recursive: true, force: true });
  }
});
