import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { indexBuiltPages } from '../../../src/integration/search-index.ts';

const TABLE = '<table><caption class="visually-hidden">Parameters</caption><thead><tr><th scope="col">Name</th><th>In</th></tr></thead><tbody><tr><td>caravanId</td><td>path</td></tr></tbody></table>';
const page = (body: string) => `<!doctype html><html lang="en"><head><title>t</title></head><body>${body}</body></html>`;

describe('indexBuiltPages (the search index, from the pages written)', () => {
  const out = mkdtempSync(join(tmpdir(), 'caravan-search-index-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('indexes documentation pages only, without table captions and header rows, each cell its own word', async () => {
    mkdirSync(join(out, '1.0/guide'), { recursive: true });
    writeFileSync(join(out, '1.0/guide/index.html'), page(`<main data-pagefind-body><h1>Guide</h1>${TABLE}</main>`));
    writeFileSync(join(out, '404.html'), page('<main><h1>Not found</h1></main>'));
    expect(await indexBuiltPages(out)).toBe(1);
    const fragments = readdirSync(join(out, 'pagefind/fragment')).map((name) => gunzipSync(readFileSync(join(out, 'pagefind/fragment', name))).toString('utf8'));
    expect(fragments).toHaveLength(1);
    const fragment = JSON.parse(fragments[0]!.replace(/^pagefind_dcd/, '')) as { url: string; content: string };
    expect(fragment.url).toBe('/1.0/guide/');
    expect(fragment.content).toMatch(/\bcaravanId\b.*\bpath\b/);
    expect(fragment.content).not.toMatch(/Parameters|Name|\bIn\b/);
  });
});
