/**
 * The link check with its cache of each page's links (src/integration/links-cache.ts): the cache
 * saves parsing, never a check. A page whose text did not change still has every link checked
 * against the output just written, so a target deleted or changed in the edit breaks its links.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AstroIntegrationLogger } from 'astro';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../src/config/load.ts';
import { checkBuiltLinks } from '../../../src/integration/link-check.ts';

const created: string[] = [];
afterAll(() => {
  for (const dir of created) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'caravan-links-cache-'));
  created.push(dir);
  return dir;
}
function write(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}
const page = (title: string, body: string) => `---\ntitle: ${title}\ndescription: ${title}.\n---\n\n${body}\n`;
const html = (body: string) => `<!doctype html><html><body>${body}</body></html>`;

/** A docs root of one version whose pages are `slugs`, page `a` linking to page `b` and its `#routes` anchor. */
function docsRoot(slugs: string[], aLinks = '[b](/1.0/b/) and [its routes](/1.0/b/#routes)'): string {
  const root = tempDir();
  write(root, {
    'config/site.yml': 'title: Fixture Docs\ndescription: A small site for tests.\nurl: https://docs.fixture.example\n',
    'config/versions.yml': '- { id: "1.0", label: "1.0", stable: true }\n',
    'content/1.0/nav.yml': slugs.map((slug) => `- slug: ${slug}\n`).join(''),
    ...Object.fromEntries(slugs.map((slug) => [`content/1.0/${slug}.md`, page(slug.toUpperCase(), slug === 'a' ? `See ${aLinks}.` : 'Text.')])),
  });
  return root;
}

function check(root: string, out: string, cacheDir: string): { failing: number; errors: string[] } {
  const errors: string[] = [];
  const logger = { info: () => {}, warn: (text: string) => errors.push(text), error: (text: string) => errors.push(text) } as unknown as AstroIntegrationLogger;
  const failing = checkBuiltLinks(out, loadSite(root, {}).model, root, logger, { cacheDir });
  return { failing, errors };
}

describe('the link check with a cache of pages\' links', () => {
  it('still fails on a link to a page deleted, or an anchor removed, since the last build', () => {
    const cacheDir = tempDir();
    const both = docsRoot(['a', 'b']);
    const out = tempDir();
    write(out, { '1.0/a/index.html': html('<h1>A</h1>'), '1.0/b/index.html': html('<h2 id="routes">Routes</h2>') });
    expect(check(both, out, cacheDir).failing).toBe(0);
    expect(existsSync(join(cacheDir, 'caravan-docs-links.json'))).toBe(true);

    // Page b deleted: a's text is unchanged (its links come from the cache), its link to b must break.
    const withoutB = docsRoot(['a']);
    rmSync(join(out, '1.0/b'), { recursive: true });
    const deleted = check(withoutB, out, cacheDir);
    expect(deleted.failing).toBe(2);
    expect(deleted.errors.join('\n')).toMatch(/a\.md:\d+:\d+: `\/1\.0\/b\/` links to a page that does not exist/);

    // Page b back without its heading: the anchor breaks.
    write(out, { '1.0/b/index.html': html('<h2 id="other">Other</h2>') });
    const anchorless = check(both, out, cacheDir);
    expect(anchorless.failing).toBe(1);
    expect(anchorless.errors.join('\n')).toMatch(/links to #routes, but \/1\.0\/b\/ has no heading or element with that id/);
  });

  it('reads the links of an edited page again, not the ones of its previous text', () => {
    const cacheDir = tempDir();
    const out = tempDir();
    write(out, { '1.0/a/index.html': html('<h1>A</h1>'), '1.0/b/index.html': html('<h2 id="routes">Routes</h2>') });
    expect(check(docsRoot(['a', 'b']), out, cacheDir).failing).toBe(0);
    const edited = check(docsRoot(['a', 'b'], '[c](/1.0/c/)'), out, cacheDir);
    expect(edited.failing).toBe(1);
    expect(edited.errors.join('\n')).toMatch(/`\/1\.0\/c\/` links to a page that does not exist/);
    // And back: the first text's entry was dropped with the edit, parsed again, still fine.
    expect(check(docsRoot(['a', 'b']), out, cacheDir).failing).toBe(0);
  });
});
