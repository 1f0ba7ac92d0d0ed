/**
 * Incremental builds of a site with sign-in (server output: dist/client for every reader,
 * dist/server for the Node server): after each edit that moves a page across the public/gated
 * line, the incremental output equals a cold build's, file by file, and a gated page is never
 * left in the client folder by the cache. Builds the basic fixture with sign-in 2 × 5 times.
 */
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { OUTPUT, PROJECT_ROOT } from '../../e2e/support/sites.ts';
import { buildAndRead, editFile, emptyBuildCache, expectSameFiles, outputFiles, type BuildLog } from './incremental-support.ts';

const SRC = join(OUTPUT, 'incremental-server-src');
const INCREMENTAL_OUT = join(OUTPUT, 'dist', 'incremental-server');
const COLD_OUT = join(OUTPUT, 'dist', 'incremental-server-cold');
const SIGN_IN = { CARAVAN_DOCS_AUTH_ENABLED: 'true' };

const build = (out: string, env: Record<string, string>) => buildAndRead(SRC, out, { ...SIGN_IN, ...env });

/**
 * The server folder's file names without what legitimately differs per build: chunk hashes (the
 * two builds' configs differ in the incremental switch) and the gated search groups' ids (made
 * with the build id). Its bundled content is checked by what it says, below.
 */
const serverFiles = (out: string) => [...new Set(outputFiles(join(out, 'server')).map((file) => file.replace(/_[\w-]{8}\.mjs$/, '.mjs').replace(/^search\/[0-9a-f]{16}\//, 'search/<group>/').replace(/(en|unknown)_[0-9a-f]+\.pf_/, '$1.pf_')))];

function buildBoth(): BuildLog {
  const incremental = build(INCREMENTAL_OUT, {});
  build(COLD_OUT, { CARAVAN_DOCS_INCREMENTAL: 'false' });
  expectSameFiles(join(INCREMENTAL_OUT, 'client'), join(COLD_OUT, 'client'));
  expect(serverFiles(INCREMENTAL_OUT)).toEqual(serverFiles(COLD_OUT));
  return incremental;
}

/** The text of the server's content chunk, which the Node server renders gated pages from. */
function serverContent(): string {
  const chunks = join(INCREMENTAL_OUT, 'server/chunks');
  const file = readdirSync(chunks).find((name) => name.startsWith('_astro_data-layer-content'));
  return file ? readFileSync(join(chunks, file), 'utf8') : '';
}

const edit = (file: string, change: (text: string) => string) => editFile(SRC, file, change);

/** Files of the client folder (served to anyone) holding `text`. */
function publicFilesMentioning(text: string): string[] {
  return outputFiles(join(INCREMENTAL_OUT, 'client')).filter((file) => readFileSync(join(INCREMENTAL_OUT, 'client', file), 'utf8').includes(text));
}

describe('an incremental build of a site with sign-in writes what a cold build writes', () => {
  beforeAll(() => {
    rmSync(SRC, { recursive: true, force: true });
    cpSync(join(PROJECT_ROOT, 'tests/fixtures/basic'), SRC, { recursive: true });
    emptyBuildCache(SRC);
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
