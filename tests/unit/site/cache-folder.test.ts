import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheFolderName, codeDigest, removeStaleCacheFolders } from '../../../src/integration/cache-folder.ts';

const root = mkdtempSync(join(tmpdir(), 'caravan-cache-folder-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the build cache folder', () => {
  it('changes its name when any generator source changes, and only then', () => {
    const src = join(root, 'src');
    mkdirSync(join(src, 'markdown'), { recursive: true });
    writeFileSync(join(src, 'markdown', 'plugin.ts'), 'export const a = 1;\n');
    writeFileSync(join(src, 'README.txt'), 'not code');
    const before = cacheFolderName('/site', codeDigest(src));
    expect(cacheFolderName('/site', codeDigest(src))).toBe(before);
    writeFileSync(join(src, 'README.txt'), 'still not code');
    expect(cacheFolderName('/site', codeDigest(src))).toBe(before);
    writeFileSync(join(src, 'markdown', 'plugin.ts'), 'export const a = 2;\n');
    expect(cacheFolderName('/site', codeDigest(src))).not.toBe(before);
    expect(cacheFolderName('/other-site', codeDigest(src)).split('-')[0]).not.toBe(before.split('-')[0]);
  });

  it("removes only the same site's folders made by other code", () => {
    const cacheRoot = join(root, 'cache');
    for (const name of ['aaaaaaaaaaaa-111111111111', 'aaaaaaaaaaaa-222222222222', 'aaaaaaaaaaaa', 'bbbbbbbbbbbb-111111111111']) mkdirSync(join(cacheRoot, name), { recursive: true });
    removeStaleCacheFolders(cacheRoot, 'aaaaaaaaaaaa-222222222222');
    expect(readdirSync(cacheRoot).sort()).toEqual(['aaaaaaaaaaaa-222222222222', 'bbbbbbbbbbbb-111111111111']);
    removeStaleCacheFolders(join(root, 'missing'), 'aaaaaaaaaaaa-222222222222');
  });
});
