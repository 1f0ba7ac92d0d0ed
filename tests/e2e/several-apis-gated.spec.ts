import { expect, test } from '@playwright/test';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, relative } from 'node:path';
import { serveStatic } from './support/static-server.ts';
import { astroBuild, OUTPUT, outDir, PROJECT_ROOT } from './support/sites.ts';

// The two-API fixture with its admin API gated by roles (`apis: [{ id: admin, roles: [staff] }]`):
// a static site leaves that API out of every output, as it does gated pages, and the leak guard
// checks every public file for the admin description's text.
test.describe.configure({ mode: 'serial' });

let server: Server | undefined;
let origin = '';
let buildLog = '';
const out = outDir('several-apis-gated');
const url = (path: string) => `${origin}/${path.replace(/^\//, '')}`;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const root = join(OUTPUT, 'several-apis-gated-src');
  rmSync(root, { recursive: true, force: true });
  cpSync(join(PROJECT_ROOT, 'tests/fixtures/several-apis'), root, { recursive: true });
  const site = readFileSync(join(root, 'config/site.yml'), 'utf8').replace('{ id: admin, title: Admin API (staff) }', '{ id: admin, title: Admin API (staff), roles: [staff] }');
  expect(site).toContain('roles: [staff]');
  writeFileSync(join(root, 'config/site.yml'), site);
  // The guide's consoles call the public API here (a console of an absent API stops the build, naming it).
  writeFileSync(join(root, 'content/v1/try.mdx'), '---\ntitle: Try the notes API\n---\n\n<TryIt api="public" operation="listNotes" />\n');
  writeFileSync(join(root, 'content/v1/mixed.mdx'), '---\ntitle: Notes status\n---\n\n<TryIt api="public" operation="getStatus" />\n');
  writeFileSync(join(root, 'content/v1/overview.md'), '---\ntitle: Overview\n---\n\nThe platform has a [public API](/v1/reference/public/).\n');
  const { status, output } = astroBuild(root, out);
  if (status !== 0) throw new Error(`Building the gated two-API site failed:\n${output}`);
  buildLog = output;
  const served = await serveStatic(out, '/');
  server = served.server;
  origin = new URL(served.url).origin;
});

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

function outputFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

test('no output file holds the gated API: no page, source, sandbox module, index entry or text of its description', async ({ request }) => {
  expect(existsSync(join(out, 'v1/reference/public/index.html'))).toBe(true);
  const leaks = outputFiles(out).flatMap((file) => {
    const text = readFileSync(file, 'latin1');
    const found = ['admin.notes.example', 'Notes Admin', 'Admin API', 'X-Admin-Key', 'admin-secret', 'reference/admin', 'v1~admin', 'amira@notes.example'].filter((needle) => text.includes(needle));
    return found.length > 0 ? [`${relative(out, file)}: ${found.join(', ')}`] : [];
  });
  expect(leaks).toEqual([]);
  expect((await request.get(url('/v1/reference/admin/'))).status()).toBe(404);
  expect((await request.get(url('/v1/reference/admin.md'))).status()).toBe(404);
  // The leak guard looked for the gated description's text in every public file.
  expect(buildLog).toMatch(/Discovery leak guard: .*\b[1-9]\d* canar/);
});

test('the public API keeps its pages, listing and sandbox', async ({ page }) => {
  await page.goto(url('/v1/reference/'));
  await expect(page.locator('main .api-list > li > a')).toHaveText(['Notes API']);
  await page.goto(url('/v1/reference/public/get-status/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Public API status');
  await expect(page.getByRole('navigation', { name: 'Documentation' })).not.toContainText('Admin');
});
