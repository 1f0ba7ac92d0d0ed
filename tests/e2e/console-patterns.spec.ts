import { expect, test } from '@playwright/test';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { serveStatic } from './support/static-server.ts';
import { astroBuild, OUTPUT, outDir, PROJECT_ROOT } from './support/sites.ts';
import { readyConsole } from './support/console.ts';

// A description's `pattern` cannot freeze a reader's tab (issue 19, item 3): the Lending Library
// fixture with `^(a+)+$` on an item's title. With a backtracking engine, checking 10,000 'a's
// and a '!' never finishes; here the console's check before sending leaves that pattern to the
// sandbox, and the browser sandbox refuses the title (RE2) with 422 within the test's timeout.
test.describe.configure({ mode: 'serial' });

let server: Server | undefined;
let origin = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const root = join(OUTPUT, 'console-patterns-src');
  const out = outDir('console-patterns');
  if (process.env.E2E_REUSE_BUILD !== '1' || !existsSync(join(out, 'index.html'))) {
    rmSync(root, { recursive: true, force: true });
    cpSync(join(PROJECT_ROOT, 'tests/fixtures/any-api'), root, { recursive: true });
    const description = readFileSync(join(root, 'content/v1/openapi.yaml'), 'utf8').replace(/^( +)maxLength: 300$/m, (_line, indent: string) => `${indent}pattern: '^(a+)+$'`);
    expect(description).toContain("pattern: '^(a+)+$'");
    writeFileSync(join(root, 'content/v1/openapi.yaml'), description);
    writeFileSync(join(root, 'content/v1/nav.yml'), `${readFileSync(join(root, 'content/v1/nav.yml'), 'utf8').trimEnd()}\n- slug: try-a-title\n`);
    writeFileSync(join(root, 'content/v1/try-a-title.mdx'), ['---', 'title: Try a title', '---', '', '<TryIt operation="POST /items" title="Add a book" />', ''].join('\n'));
    const { status, output } = astroBuild(root, out);
    if (status !== 0) throw new Error(`Building the pattern site failed:\n${output}`);
  }
  const served = await serveStatic(out, '/');
  server = served.server;
  origin = new URL(served.url).origin;
});

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

const ready = readyConsole;

test('a catastrophic pattern is answered, not frozen on: 422 for the evil title, 201 for a good one', async ({ page }) => {
  await page.goto(`${origin}/v1/try-a-title/`);
  const add = await ready(page, 'Add a book');
  await add.getByLabel('Bearer token').fill('my-staff-token');
  await add.getByLabel('JSON body').fill(JSON.stringify({ kind: 'book', title: `${'a'.repeat(10_000)}!` }));
  await add.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(add.getByRole('status')).toContainText(/^422\b/);
  // The title's pattern is the only rule that value breaks (the fixture's maxLength made way for it).
  await expect(add.getByLabel('Response body')).toContainText('problem');
  await add.getByLabel('JSON body').fill(JSON.stringify({ kind: 'book', title: 'a'.repeat(10_000) }));
  await add.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(add.getByRole('status')).toContainText(/^201\b/);
});
