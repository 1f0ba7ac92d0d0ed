/**
 * The pages' `.md` sources written with a store in the build's cache folder: each output file is
 * a hard link to the stored text of the same digest, so an edited page's file has its new text and
 * the output is the same as one written without the store.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../src/config/load.ts';
import { writePageMarkdown } from '../../../src/integration/page-markdown-files.ts';

const created: string[] = [];
afterAll(() => {
  for (const dir of created) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'caravan-md-store-'));
  created.push(dir);
  return dir;
}
function write(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}
/** Every file of a folder, path → text. */
function contents(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return Object.fromEntries(files.map((entry) => [relative(dir, join(entry.parentPath, entry.name)), readFileSync(join(entry.parentPath, entry.name), 'utf8')]).sort());
}

const root = tempDir();
write(root, {
  'config/site.yml': 'title: Fixture Docs\ndescription: A small site for tests.\nurl: https://docs.fixture.example\n',
  'config/versions.yml': '- { id: "1.0", label: "1.0", stable: true }\n',
  'content/1.0/nav.yml': '- slug: a\n- slug: b\n',
  'content/1.0/a.md': '---\ntitle: A\ndescription: A.\n---\n\nCamels.\n',
  'content/1.0/b.md': '---\ntitle: B\ndescription: B.\n---\n\nDunes.\n',
});

describe('writePageMarkdown with a store', () => {
  it('writes what it writes without one, with an edited page\'s new text, and keeps only the texts in use', () => {
    const cacheDir = tempDir();
    const build = (withStore: boolean) => {
      const out = tempDir();
      expect(writePageMarkdown(out, loadSite(root, {}).model, root, withStore ? { cacheDir } : {})).toBe(2);
      return out;
    };
    const first = build(true);
    expect(contents(first)).toEqual(contents(build(false)));
    expect(statSync(join(first, '1.0/a.md')).nlink, 'a link to the stored text').toBe(2);

    write(root, { 'content/1.0/a.md': '---\ntitle: A\ndescription: A.\n---\n\nCamels at the oasis.\n' });
    // The previous build's output is emptied, as Astro does: the stored texts outlive it.
    rmSync(first, { recursive: true });
    const edited = build(true);
    expect(readFileSync(join(edited, '1.0/a.md'), 'utf8')).toMatch(/Camels at the oasis\./);
    expect(contents(edited)).toEqual(contents(build(false)));
    expect(readdirSync(join(cacheDir, 'caravan-docs-md')), 'the old text of a.md is gone').toHaveLength(2);

    expect(contents(build(true)), 'force: the store emptied first, the same output').toEqual(contents(edited));
    const forced = tempDir();
    writePageMarkdown(forced, loadSite(root, {}).model, root, { cacheDir, force: true });
    expect(contents(forced)).toEqual(contents(edited));
  });
});
