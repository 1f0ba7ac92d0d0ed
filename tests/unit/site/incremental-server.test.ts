/**
 * Incremental builds of a site with sign-in (server output: dist/client for every reader,
 * dist/server for the Node server): after each edit that moves a page across the public/gated
 * line, the incremental output equals a cold build's, file by file, and a gated page is never
 * left in the client folder by the cache. Builds the basic fixture with sign-in 2 × 5 times.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { astroBuild, OUTPUT, PROJECT_ROOT } from '../../e2e/support/sites.ts';

const SRC = join(OUTPUT, 'incremental-server-src');
const INCREMENTAL_OUT = join(OUTPUT, 'dist', 'incremental-server');
const COLD_OUT = join(OUTPUT, 'dist', 'incremental-server-cold');
const SIGN_IN = { CARAVAN_DOCS_AUTH_ENABLED: 'true' };

function build(out: string, env: Record<string, string>): { rendered: string[] } {
  const { status, output } = astroBuild(SRC, out, { ...SIGN_IN, ...env });
  if (status !== 0) throw new Error(`Building ${SRC} failed:\n${output}`);
  const rendered = output
    .split('\n')
    .filter((line) => line.includes('├─') && !/\((cached|restored)\)/.test(line))
    .map((line) => /├─ (\S+)/.exec(line)![1]!)
    .filter((file) => /^\/\d+\.\d+\/.+\.html$/.test(file));
  return { rendered };
}

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * The server folder's file names without what legitimately differs per build: chunk hashes (the
 * two builds' configs differ in the incremental switch) and the gated search groups' ids (made
 * with the build id). Its bundled content is checked by what it says, below.
 */
const serverFiles = (out: string) => [...new Set(files(join(out, 'server')).map((file) => file.replace(/_[\w-]{8}\.mjs$/, '.mjs').replace(/^search\/[0-9a-f]{16}\//, 'search/<group>/').replace(/(en|unknown)_[0-9a-f]+\.pf_/, '$1.pf_')))];

function buildBoth(): { rendered: string[] } {
  const incremental = build(INCREMENTAL_OUT, {});
  build(COLD_OUT, { CARAVAN_DOCS_INCREMENTAL: 'false' });
  const client = (out: string) => join(out, 'client');
  const ours = files(client(INCREMENTAL_OUT));
  expect(ours).toEqual(files(client(COLD_OUT)));
  const differing = ours.filter((file) => !readFileSync(join(client(INCREMENTAL_OUT), file)).equals(readFileSync(join(client(COLD_OUT), file))));
  expect(differing, 'client files whose incremental build differs from the cold one').toEqual([]);
  expect(serverFiles(INCREMENTAL_OUT)).toEqual(serverFiles(COLD_OUT));
  return incremental;
}

/** The text of the server's content chunk, which the Node server renders gated pages from. */
function serverContent(): string {
  const chunks = join(INCREMENTAL_OUT, 'server/chunks');
  const file = readdirSync(chunks).find((name) => name.startsWith('_astro_data-layer-content'));
  return file ? readFileSync(join(chunks, file), 'utf8') : '';
}

function edit(file: string, change: (text: string) => string): void {
  const path = join(SRC, file);
  const before = readFileSync(path, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`The edit of ${file} changed nothing.`);
  writeFileSync(path, after);
}

/** Files of the client folder (served to anyone) holding `text`. */
function publicFilesMentioning(text: string): string[] {
  return files(join(INCREMENTAL_OUT, 'client')).filter((file) => readFileSync(join(INCREMENTAL_OUT, 'client', file), 'utf8').includes(text));
}

describe('an incremental build of a site with sign-in writes what a cold build writes', () => {
  beforeAll(() => {
    rmSync(SRC, { recursive: true, force: true });
    cpSync(join(PROJECT_ROOT, 'tests/fixtures/basic'), SRC, { recursive: true });
    // The build's cache folder for this docs root (astro.config.mjs), emptied so the first build is cold.
    rmSync(join(PROJECT_ROOT, 'node_modules/.astro', createHash('sha256').update(SRC).digest('hex').slice(0, 12)), { recursive: true, force: true });
  });

  it('when pages move across the public/gated line', { timeout: 900_000 }, () => {
    buildBoth();
    expect(buildBoth().rendered, 'a build with no change renders no page').toEqual([]);

    // Public -> gated: the page leaves the client folder, and so does its title (the server renders it on demand).
    edit('content/1.0/nav.yml', (text) => text.replace('    - slug: resources/faq\n', '    - slug: resources/faq\n      roles: [partner]\n'));
    buildBoth();
    expect(existsSync(join(INCREMENTAL_OUT, 'client/1.0/resources/faq/index.html'))).toBe(false);
    expect(publicFilesMentioning('Frequent questions')).toEqual([]);

    // A gated page's body edit: nothing public renders again, and the server renders the new text.
    edit('content/1.0/resources/faq.md', (text) => `${text}\nA gated paragraph about caravans.\n`);
    expect(buildBoth().rendered).toEqual([]);
    expect(publicFilesMentioning('A gated paragraph about caravans')).toEqual([]);
    expect(serverContent()).toContain('A gated paragraph about caravans');

    // Gated -> public again: the page is back in the client folder, with its new paragraph.
    edit('content/1.0/nav.yml', (text) => text.replace('    - slug: resources/faq\n      roles: [partner]\n', '    - slug: resources/faq\n'));
    buildBoth();
    expect(readFileSync(join(INCREMENTAL_OUT, 'client/1.0/resources/faq/index.html'), 'utf8')).toContain('A gated paragraph about caravans');
  });
});
