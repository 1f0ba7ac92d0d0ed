/**
 * What the leak guard reads of the output: every file when a page or section is gated (its path
 * or title may be in any of them), only the files naming URLs (discovery files, host rules) when
 * nothing is gated, which a 5,000-page public site's rebuild spent seconds reading for nothing.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../src/config/load.ts';
import { hasGatedContent } from '../../../src/discovery/leak-guard.ts';
import { guardBuildOutput } from '../../../src/integration/discovery-guard.ts';
import type { NavNode, SiteModel } from '../../../src/model/types.ts';
import { FIXTURES } from '../site/support.ts';

const created: string[] = [];
afterAll(() => {
  for (const dir of created) rmSync(dir, { recursive: true, force: true });
});
function folder(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'caravan-guard-reads-'));
  created.push(dir);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

const basic = join(FIXTURES, 'basic');
const publicRoot = () =>
  folder({
    'config/site.yml': 'title: Fixture Docs\ndescription: A small site for tests.\nurl: https://docs.fixture.example\n',
    'config/versions.yml': '- { id: "1.0", label: "1.0", stable: true }\n',
    'content/1.0/nav.yml': '- slug: a\n- title: Section\n  dropdown: false\n  slug: b\n  children:\n    - slug: c\n',
    'content/1.0/a.md': '---\ntitle: A\ndescription: A.\n---\n\nText.\n',
    'content/1.0/b.md': '---\ntitle: B\ndescription: B.\n---\n\nText.\n',
    'content/1.0/c.md': '---\ntitle: C\ndescription: C.\n---\n\nText.\n',
  });
const page = { kind: 'page', slug: 'p', title: 'P', description: '', file: 'content/1.0/p.md', requires: [], public: true } as unknown as NavNode & { kind: 'page' };
const modelOf = (nav: NavNode[]) => ({ versions: [{ version: { id: '1.0', label: '1.0', stable: true }, nav }] }) as unknown as SiteModel;

describe('hasGatedContent', () => {
  it('is false for a public site and true for a gated page, section, or a section\'s direct page, however deep', () => {
    const section = (children: NavNode[], extra: object = {}) => ({ kind: 'section', title: 'S', dropdown: true, requires: [], public: true, children, ...extra }) as unknown as NavNode;
    expect(hasGatedContent(modelOf([page, section([page, section([page])])]))).toBe(false);
    expect(hasGatedContent(modelOf([page, section([section([{ ...page, public: false }])])]))).toBe(true);
    expect(hasGatedContent(modelOf([section([section([page], { public: false })])]))).toBe(true);
    expect(hasGatedContent(modelOf([section([section([page], { dropdown: false, page: { ...page, public: false } })])]))).toBe(true);
    expect(hasGatedContent(loadSite(basic, {}).model)).toBe(true);
    expect(hasGatedContent(loadSite(publicRoot(), {}).model)).toBe(false);
  });
});

describe('guardBuildOutput reads what it checks', () => {
  it('finds a gated path in a page and in a compressed search fragment when the site gates pages', async () => {
    const model = loadSite(basic, {}).model;
    await expect(guardBuildOutput(folder({ '1.0/overview/index.html': '<a href="/1.0/partners/secret-routes/">x</a>' }), model, basic)).rejects.toThrow(/1\.0\/overview\/index\.html: contains "1\.0\/partners\/secret-routes\/"/);
    await expect(guardBuildOutput(folder({ 'pagefind/fragment/x.pf_fragment': gzipSync('GATEDTITLE-runbook') }), model, basic)).rejects.toThrow(/pagefind\/fragment\/x\.pf_fragment: contains "GATEDTITLE-runbook"/);
  });

  it('still checks every discovery file and host rules file of a site that gates nothing', async () => {
    const root = publicRoot();
    const model = loadSite(root, {}).model;
    const built = { '1.0/a/index.html': 'A', '1.0/b/index.html': 'B', '1.0/c/index.html': 'C' };
    expect((await guardBuildOutput(folder({ ...built, 'sitemap-0.xml': '<loc>https://docs.fixture.example/1.0/a/</loc>' }), model, root)).warnings).toEqual([]);
    await expect(guardBuildOutput(folder({ ...built, 'sitemap-0.xml': '<loc>https://docs.fixture.example/1.0/gone/</loc>' }), model, root)).rejects.toThrow(/sitemap-0\.xml: https:\/\/docs\.fixture\.example\/1\.0\/gone\/ does not map/);
    await expect(guardBuildOutput(folder({ ...built, '1.0/llms.txt': '- [Gone](https://docs.fixture.example/1.0/gone.md)' }), model, root)).rejects.toThrow(/1\.0\/llms\.txt: .*gone\.md does not map/);
    await expect(guardBuildOutput(folder({ ...built, _headers: '/1.0/gone/\n  X-Robots-Tag: noindex\n' }), model, root)).rejects.toThrow(/_headers: \/1\.0\/gone\/ does not map/);
  });
});

describe('the engine\'s vendored third-party files', () => {
  it('are passed over only when byte for byte the vendor\'s file, whatever their name', async () => {
    const root = folder({
      'config/site.yml': 'title: Fixture Docs\nurl: https://docs.fixture.example\n',
      'config/versions.yml': '- { id: "1.0", label: "1.0", stable: true }\n',
      'content/1.0/nav.yml': '- slug: a\n- slug: ops\n  roles: [staff]\n',
      'content/1.0/a.md': '---\ntitle: A\n---\n\nText.\n',
      'content/1.0/ops.md': '---\ntitle: Operations\n---\n\nStaff only.\n',
    });
    const model = loadSite(root, {}).model;
    const mermaid = readFileSync(createRequire(import.meta.url).resolve('@mermaid-js/tiny/dist/mermaid.tiny.js'));
    // The gated title is a word the vendor's file holds anyway.
    expect(mermaid.includes('Operations')).toBe(true);
    expect((await guardBuildOutput(folder({ '1.0/a/index.html': 'A', '_astro/mermaid.tiny.abc123.js': mermaid }), model, root)).warnings).toEqual([]);
    const edited = Buffer.concat([mermaid.subarray(0, -2), Buffer.from('/*')]);
    await expect(guardBuildOutput(folder({ '1.0/a/index.html': 'A', '_astro/mermaid.tiny.abc123.js': edited }), model, root)).rejects.toThrow(/_astro\/mermaid\.tiny\.abc123\.js: contains "Operations", which belongs to a gated page/);
  });
});
