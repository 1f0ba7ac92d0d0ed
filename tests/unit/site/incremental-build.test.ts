/**
 * Incremental builds are correct: after each kind of edit, a build that reuses the previous one's
 * pages writes the same output, file by file, as a build that renders everything. Builds a small
 * fixture (the basic site plus an API description) 2 × 12 times, so it takes a few minutes.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { OUTPUT, PROJECT_ROOT } from '../../e2e/support/sites.ts';
import { buildAndRead, editFile, emptyBuildCache, expectSameFiles, outputFiles, type BuildLog } from './incremental-support.ts';
import { searchBuiltSite } from './pagefind-search.ts';

const SRC = join(OUTPUT, 'incremental-src');
const INCREMENTAL_OUT = join(OUTPUT, 'dist', 'incremental');
const COLD_OUT = join(OUTPUT, 'dist', 'incremental-cold');

interface Build extends BuildLog {
  /** The search index was copied from the previous build (no page it reads changed). */
  searchReused: boolean;
}

function build(out: string, env: Record<string, string>): Build {
  const log = buildAndRead(SRC, out, env);
  return { ...log, searchReused: /Search index: .*copied from the previous build/.test(log.output) };
}

/** The incremental build and a cold one of the same input; fails on any file that differs (the search index's included: pages reach Pagefind in path order). */
function buildBoth(): Build {
  const incremental = build(INCREMENTAL_OUT, {});
  build(COLD_OUT, { CARAVAN_DOCS_INCREMENTAL: 'false' });
  expectSameFiles(INCREMENTAL_OUT, COLD_OUT);
  return incremental;
}

const edit = (file: string, change: (text: string) => string) => editFile(SRC, file, change);

/** Every file of the output holding `text` (Pagefind's compressed fragments included). */
function outputMentioning(dir: string, text: string): string[] {
  return outputFiles(dir).filter((file) => {
    const bytes = readFileSync(join(dir, file));
    const plain = file.startsWith('pagefind/fragment/') ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
    return plain.includes(text);
  });
}

describe('an incremental build writes what a cold build writes', () => {
  beforeAll(() => {
    rmSync(SRC, { recursive: true, force: true });
    cpSync(join(PROJECT_ROOT, 'tests/fixtures/basic'), SRC, { recursive: true });
    cpSync(join(PROJECT_ROOT, 'tests/fixtures/openapi/schemas-3.1.yaml'), join(SRC, 'content/1.0/openapi.yaml'));
    emptyBuildCache(SRC);
  });

  // One test: every step edits the result of the one before, as a writer's commits do.
  it('after each kind of edit', { timeout: 900_000 }, async () => {
    const first = buildBoth();
    expect(first.reused).toEqual([]);
    expect(first.searchReused).toBe(false);

    const noop = buildBoth();
    expect(noop.rendered, 'a build with no change renders no page').toEqual([]);
    // Pages' sources are written by the integration, reference sources have keys: none costs a render.
    expect(noop.renderedSources, 'a build with no change renders no Markdown source').toEqual([]);
    expect(noop.reused.length).toBeGreaterThan(30);
    expect(noop.searchReused, 'a build with no change copies the search index').toBe(true);
    expect(noop.output, 'a build with no change copies the sandbox modules').toMatch(/Sandbox modules: \d+ APIs?, copied from the previous build/);
    expect(await searchBuiltSite(INCREMENTAL_OUT, 'thing')).toContain('/1.0/guides/second/');

    // A word replaced: the search finds the new one on the page, and no longer the old one there.
    edit('content/1.0/guides/second.md', (text) => text.replace('Do the second thing.', 'Do the second errand: fetch water at Timbuktu.'));
    const bodyEdit = buildBoth();
    expect(bodyEdit.rendered, 'a body edit renders its page only').toEqual(['/1.0/guides/second/index.html']);
    expect(bodyEdit.searchReused).toBe(false);
    expect(await searchBuiltSite(INCREMENTAL_OUT, 'timbuktu')).toEqual(['/1.0/guides/second/']);
    expect(await searchBuiltSite(INCREMENTAL_OUT, 'thing')).not.toContain('/1.0/guides/second/');

    edit('content/1.0/guides/first.md', (text) => text.replace('title: First guide', 'title: Opening guide'));
    const renamed = buildBoth();
    // Every 1.0 page shows the whole (small) sidebar; 2.0 pages never show a 1.0 title.
    expect(renamed.rendered).toContain('/1.0/guides/first/index.html');
    expect(renamed.rendered).toContain('/1.0/changelog/index.html');
    expect(renamed.rendered.filter((file) => file.startsWith('/2.0/'))).toEqual([]);

    edit('content/1.0/nav.yml', (text) => text.replace('    - slug: guides/first\n      roles: []\n    - slug: guides/second\n', '    - slug: guides/second\n    - slug: guides/first\n      roles: []\n'));
    expect(buildBoth().reused.some((file) => file.startsWith('/2.0/'))).toBe(true);

    // Public -> gated: the page and its title leave the public output, and its words the public search.
    expect(await searchBuiltSite(INCREMENTAL_OUT, 'camels')).toContain('/1.0/resources/faq/');
    edit('content/1.0/nav.yml', (text) => text.replace('    - slug: resources/faq\n', '    - slug: resources/faq\n      roles: [partner]\n'));
    expect(buildBoth().searchReused).toBe(false);
    expect(existsSync(join(INCREMENTAL_OUT, '1.0/resources/faq/index.html'))).toBe(false);
    expect(outputMentioning(INCREMENTAL_OUT, 'Frequent questions')).toEqual([]);
    expect(await searchBuiltSite(INCREMENTAL_OUT, 'camels')).not.toContain('/1.0/resources/faq/');

    // Gated -> public again: the page is back.
    edit('content/1.0/nav.yml', (text) => text.replace('    - slug: resources/faq\n      roles: [partner]\n', '    - slug: resources/faq\n'));
    buildBoth();
    expect(existsSync(join(INCREMENTAL_OUT, '1.0/resources/faq/index.html'))).toBe(true);

    // A deleted page.
    edit('content/1.0/nav.yml', (text) => text.replace('    - title: Deeper\n      children:\n        - slug: guides/deep\n', ''));
    rmSync(join(SRC, 'content/1.0/guides/deep.md'));
    buildBoth();
    expect(existsSync(join(INCREMENTAL_OUT, '1.0/guides/deep/index.html'))).toBe(false);

    // A new version: every page's version switcher changes.
    edit('config/versions.yml', (text) => `${text}- { id: "3.0", label: "3.0 preview", stable: false }\n`);
    mkdirSync(join(SRC, 'content/3.0'), { recursive: true });
    writeFileSync(join(SRC, 'content/3.0/nav.yml'), '- slug: overview\n');
    writeFileSync(join(SRC, 'content/3.0/overview.md'), '---\ntitle: Overview of 3.0\ndescription: What 3.0 brings.\n---\n\n## Soon\n\nMore camels.\n');
    buildBoth();

    // An API description edit: one response's description of one operation.
    edit('content/1.0/openapi.yaml', (text) => text.replace('description: The recipe.', 'description: The recipe, with its steps.'));
    const described = buildBoth();
    expect(described.output, 'an edited description makes its sandbox modules again').toMatch(/Sandbox modules: .*(made from|1 copied from)/);
    expect(described.rendered.some((file) => file.startsWith('/1.0/reference/'))).toBe(true);
    // MDX pages may hold consoles of any operation, so they name every description; Markdown pages do not.
    expect(described.rendered.filter((file) => !file.startsWith('/1.0/reference/'))).toEqual(['/1.0/changelog/index.html']);

    // A component schema edit: operation pages are keyed by their raw path item plus the components, so every page showing the schema renders again.
    edit('content/1.0/openapi.yaml', (text) => text.replace('description: Optional; `null` when there is none.', 'description: Optional; `null` when the recipe has none.'));
    const componentEdited = buildBoth();
    expect(componentEdited.rendered).toEqual(expect.arrayContaining(['/1.0/reference/schemas/recipe/index.html']));
    expect(componentEdited.rendered.some((file) => /^\/1\.0\/reference\/(?!schemas\/)[^/]+\/index\.html$/.test(file))).toBe(true);

    // A config edit: the site title is on every page.
    edit('config/site.yml', (text) => text.replace('title: Fixture Docs', 'title: Fixture Handbook'));
    const configured = buildBoth();
    expect(configured.reused).toEqual([]);
  });
});
