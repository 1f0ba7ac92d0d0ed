import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { unpackReferenceSources } from '../../../src/integration/page-markdown-files.ts';
import { REFERENCE_SOURCES_FOLDER } from '../../../src/routes.ts';

const outDirs: string[] = [];
afterEach(() => {
  for (const dir of outDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An output folder holding the reference sources' files a build route wrote, one per version. */
function outputWith(bundles: Record<string, Array<[string, string]>>): string {
  const out = mkdtempSync(join(tmpdir(), 'caravan-sources-'));
  outDirs.push(out);
  mkdirSync(join(out, REFERENCE_SOURCES_FOLDER));
  for (const [version, files] of Object.entries(bundles)) writeFileSync(join(out, REFERENCE_SOURCES_FOLDER, `${version}.json`), JSON.stringify(files));
  return out;
}

describe('the API reference sources a build rendered together', () => {
  it('are written out as files, and the rendered files removed', () => {
    const out = outputWith({
      '1.0': [['1.0/reference/list-pets.md', '# List pets\n'], ['1.0/reference/schemas/pet.md', '# Pet — ünïcode\n']],
      '2.0': [['2.0/reference/shop/list-pets.md', '# List pets (2.0)\n']],
    });
    expect(unpackReferenceSources(out)).toBe(3);
    expect(readFileSync(join(out, '1.0/reference/schemas/pet.md'), 'utf8')).toBe('# Pet — ünïcode\n');
    expect(readFileSync(join(out, '2.0/reference/shop/list-pets.md'), 'utf8')).toBe('# List pets (2.0)\n');
    expect(readdirSync(out).sort()).toEqual(['1.0', '2.0']);
  });

  it('are nothing to do when the build made none', () => {
    const out = mkdtempSync(join(tmpdir(), 'caravan-sources-'));
    outDirs.push(out);
    expect(unpackReferenceSources(out)).toBe(0);
  });

  it('never write outside the output folder', () => {
    const out = outputWith({ '1.0': [['1.0/../../escaped.md', 'no']] });
    expect(() => unpackReferenceSources(out)).toThrow(/not a path inside the output folder/);
    expect(existsSync(join(out, '..', 'escaped.md'))).toBe(false);
  });
});
