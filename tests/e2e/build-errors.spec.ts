import { expect, test } from '@playwright/test';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAstroDev } from './support/dev-server.ts';
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
    // The docs root is elsewhere than the project, so the path is absolute (a terminal can open it).
    expect(output).toContain(`${root}/content/1.0/nav.yml:2:9: \`slug\` "guides/missing" has no page file.`);
    expect(output).toContain('create content/1.0/guides/missing.md (or .mdx), or correct the slug.');
    expectCleanFailure(output);
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

test('markup that silently breaks a page is a warning with the file, line and fix, printed again by a build that reuses the page', () => {
  const root = fixtureCopy('basic');
  try {
    appendFileSync(join(root, 'content/1.0/overview.md'), '\nCompare with <previous> and see [](/1.0/guides/first/).\n');
    appendFileSync(join(root, 'content/1.0/changelog.mdx'), '\nUse <title>x</title> here.\n');
    const lastLine = (file: string) => readFileSync(join(root, file), 'utf8').trimEnd().split('\n').length;
    // The second build keeps the rendered .md page from the first: its warnings come from what was stored with it.
    for (const build of ['first', 'second']) {
      const { status, output } = astroBuild(root, join(root, 'out'));
      expect(status, `${build} build:\n${output}`).toBe(0);
      expect(output).toContain(`${root}/content/1.0/overview.md:${lastLine('content/1.0/overview.md')}:14: \`<previous>\` is read as an HTML tag, and HTML has no such element`);
      expect(output).toContain(`${root}/content/1.0/overview.md:${lastLine('content/1.0/overview.md')}:33: the link to \`/1.0/guides/first/\` has no text`);
      expect(output).toContain(`${root}/content/1.0/changelog.mdx:${lastLine('content/1.0/changelog.mdx')}:5: \`<title>\` is read as an HTML tag`);
      expect(output).toContain('Fix: write it as code, `` `<previous>` ``, or escape its bracket, `\\<previous>`.');
      expect(output.match(/`<previous>` is read as an HTML tag/g), `${build} build`).toHaveLength(1);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('the dev server picks up a page’s new title and reports a removed one with its file', async () => {
  test.setTimeout(90_000);
  const root = mkdtempSync(join(tmpdir(), 'caravan-dev-'));
  cpSync(join(PROJECT_ROOT, 'tests/fixtures/basic'), root, { recursive: true });
  const dev = await startAstroDev(root);
  const page = async () => (await fetch(`${dev.origin}/1.0/guides/first/`)).text();
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
    await expect.poll(() => dev.log(), { timeout: 15_000 }).toMatch(/content\/1\.0\/guides\/first\.md:1: `title` (is required but missing|has no front matter)/);
  } finally {
    await dev.stop();
    rmSync(root, { recursive: true, force: true });
  }
});

/** A writer's mistake, printed as such: no framing as a crash, no stack trace, printed once. */
function expectCleanFailure(output: string): void {
  expect(output).not.toMatch(/unhandled error/i);
  expect(output).not.toMatch(/^\s+at .*[(:]\d/m);
  expect(output).not.toContain('Stack trace');
}

function fixtureCopy(name: string): string {
  const root = mkdtempSync(join(tmpdir(), `caravan-${name}-`));
  cpSync(join(PROJECT_ROOT, 'tests/fixtures', name), root, { recursive: true });
  return root;
}

test('a YAML syntax error and a mistyped slug stop the build cleanly, at the line and column of the mistake, with "did you mean"', () => {
  const root = fixtureCopy('basic');
  try {
    const nav = readFileSync(join(root, 'content/1.0/nav.yml'), 'utf8');
    writeFileSync(join(root, 'content/1.0/nav.yml'), nav.replace('roles: [partner]', 'roles: [partner'));
    const line = nav.split('\n').findIndex((row) => row.includes('roles: [partner]')) + 1;
    const broken = astroBuild(root, join(root, 'out'));
    expect(broken.status).not.toBe(0);
    expect(broken.output).toContain(`${root}/content/1.0/nav.yml:${line}:10: is not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]`);
    expect(broken.output.match(/is not valid YAML/g)).toHaveLength(1);
    expectCleanFailure(broken.output);

    writeFileSync(join(root, 'content/1.0/nav.yml'), nav.replace('- slug: guides/second', '- slug: guides/secnod'));
    const typo = astroBuild(root, join(root, 'out'));
    expect(typo.status).not.toBe(0);
    expect(typo.output).toMatch(/content\/1\.0\/nav\.yml:\d+:\d+: `slug` "guides\/secnod" has no page file\.\n\s+Fix: did you mean "guides\/second"\?/);
    expectCleanFailure(typo.output);
    expect(existsSync(join(root, 'out'))).toBe(false);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('every kind of working link passes the link check; a copied version folder’s link into 1.2 is a warning with the 1.3 target', () => {
  const out = mkdtempSync(join(tmpdir(), 'caravan-links-out-'));
  try {
    const docsRoot = join(PROJECT_ROOT, 'tests/fixtures/links');
    const { status, output } = astroBuild(docsRoot, out);
    expect(status, output).toBe(0);
    expect(output).toMatch(/Links: 20 checked in 5 pages, none broken \(\d+\.\d s\)\./);
    expect(output).toContain(
      `${docsRoot}/content/1.3/quickstart.md:10:3: \`/1.2/guides/dispatch/#send-it\` links into version 1.2 from a page of version 1.3. Did you mean /1.3/guides/dispatch/#send-it?`,
    );
    // The link whose text says "1.2" is deliberate: one cross-version warning in all.
    expect(output.match(/links into version/g)).toHaveLength(1);
    // A public page links to a gated one; the gated page's title reaches no file.
    expect(readFileSync(join(out, '1.2/quickstart/index.html'), 'utf8')).toContain('href="/1.2/partners/"');
    expect(readFileSync(join(out, '1.2/quickstart/index.html'), 'utf8')).not.toContain('Hidden Partner');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

const BROKEN_LINKS = [
  '',
  '- [Nope](/1.2/guides/nope/)',
  '- [Nowhere](../nowhere/)',
  '- [No heading](#no-such-heading)',
  '- ![Missing](/1.2/nope.png)',
  '- [Missing anchor on another page](/1.2/guides/dispatch/#no-such-section)',
  '',
].join('\n');

test('broken links, anchors and images fail the build, each named with the page file, line, column and target', () => {
  const root = fixtureCopy('links');
  try {
    const page = join(root, 'content/1.2/quickstart.md');
    const before = readFileSync(page, 'utf8');
    const first = before.trimEnd().split('\n').length + 2;
    writeFileSync(page, `${before.trimEnd()}\n${BROKEN_LINKS}`);
    const out = join(root, 'out');
    const { status, output } = astroBuild(root, out);
    expect(status).not.toBe(0);
    const file = `${root}/content/1.2/quickstart.md`;
    expect(output).toContain(`${file}:${first}:3: \`/1.2/guides/nope/\` links to a page that does not exist.`);
    expect(output).toContain(`${file}:${first + 1}:3: \`../nowhere/\` links to /1.2/nowhere/, a page that does not exist.`);
    expect(output).toContain(`${file}:${first + 2}:3: \`#no-such-heading\` links to #no-such-heading, but this page has no heading or element with that id.`);
    expect(output).toContain(`${file}:${first + 3}:3: \`/1.2/nope.png\` links to an image that does not exist.`);
    expect(output).toContain(`${file}:${first + 4}:3: \`/1.2/guides/dispatch/#no-such-section\` links to #no-such-section, but /1.2/guides/dispatch/ has no heading or element with that id.`);
    expect(output).toContain('5 broken links: the build fails.');
    expect(output).not.toContain('[build] Complete!');
    expectCleanFailure(output);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('`links.broken: warn` publishes with warnings; a role no reader can hold is a warning with "did you mean"', () => {
  const root = fixtureCopy('links');
  try {
    writeFileSync(join(root, 'config/site.yml'), `${readFileSync(join(root, 'config/site.yml'), 'utf8')}links:\n  broken: warn\nauth:\n  roles: [partner, admin]\n`);
    writeFileSync(join(root, 'content/1.2/nav.yml'), readFileSync(join(root, 'content/1.2/nav.yml'), 'utf8').replace('roles: [partner]', 'roles: [partnr]'));
    const page = join(root, 'content/1.2/quickstart.md');
    writeFileSync(page, `${readFileSync(page, 'utf8').trimEnd()}\n${BROKEN_LINKS}`);
    const out = join(root, 'out');
    const { status, output } = astroBuild(root, out);
    expect(status, output).toBe(0);
    const line = output.split('\n').find((row) => row.includes('`/1.2/guides/nope/` links to a page that does not exist.'));
    expect(line).toMatch(/WARN.*content\/1\.2\/quickstart\.md:\d+:3: /);
    expect(output).toMatch(/Links: 25 checked in 5 pages, 5 broken \(reported as warnings\) \([\d.]+ s\)\./);
    expect(output).toContain(
      'content/1.2/nav.yml:6 gates the page "partners" to the role "partnr", which no reader can hold, so it is hidden from everyone. Did you mean "partner"? Known roles: admin, partner',
    );
    expect(existsSync(join(out, '1.2/quickstart/index.html'))).toBe(true);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a gated title in a public file stops the build with the leak guard\'s list and fix, and no stack trace', () => {
  const root = fixtureCopy('basic');
  try {
    // A file of the site's own public/ folder naming a gated page's title.
    mkdirSync(join(root, 'public'), { recursive: true });
    writeFileSync(join(root, 'public/notes.txt'), 'See GATEDTITLE-runbook for the details.\n');
    const { status, output } = astroBuild(root, join(root, 'out'));
    expect(status).not.toBe(0);
    expect(output).toContain('Discovery leak guard: the build output breaks the public/gated promise (1 problem):');
    expect(output).toContain('notes.txt: contains "GATEDTITLE-runbook", which belongs to a gated page.');
    expect(output).toMatch(/Fix: A discovery file names a URL that is not built, a gated page's title or path reached an output file/);
    expectCleanFailure(output);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
