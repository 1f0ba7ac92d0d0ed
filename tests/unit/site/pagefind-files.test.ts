import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeCbor, filesOfMetadata, referencedFiles, removeUnreferencedFiles } from '../../../src/integration/pagefind-files.ts';
import { indexBuiltPages } from '../../../src/integration/search-index.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('decodeCbor', () => {
  it('reads integers, strings, arrays, maps and simple values (RFC 8949 appendix A examples)', () => {
    expect(decodeCbor(bytes(0x17))).toBe(23);
    expect(decodeCbor(bytes(0x19, 0x03, 0xe8))).toBe(1000);
    expect(decodeCbor(bytes(0x1a, 0x00, 0x0f, 0x42, 0x40))).toBe(1000000);
    expect(decodeCbor(bytes(0x38, 0x63))).toBe(-100);
    expect(decodeCbor(bytes(0x64, 0x49, 0x45, 0x54, 0x46))).toBe('IETF');
    expect(decodeCbor(bytes(0x62, 0xc3, 0xbc))).toBe('ü');
    expect(decodeCbor(bytes(0x83, 0x01, 0x82, 0x02, 0x03, 0x82, 0x04, 0x05))).toEqual([1, [2, 3], [4, 5]]);
    expect(decodeCbor(bytes(0xa2, 0x01, 0x02, 0x03, 0x04))).toEqual(new Map([[1, 2], [3, 4]]));
    expect(decodeCbor(bytes(0xf4))).toBe(false);
    expect(decodeCbor(bytes(0xf6))).toBeNull();
  });

  it('refuses what it does not read instead of guessing', () => {
    expect(() => decodeCbor(bytes(0x83, 0x01))).toThrow(/truncated/);
    expect(() => decodeCbor(bytes(0x9f, 0x01, 0xff))).toThrow(/unsupported/); // indefinite length
    expect(() => decodeCbor(bytes(0xc1, 0x1a, 0x51, 0x4b, 0x67, 0xb0))).toThrow(/major type 6/); // a tag
  });
});

const created: string[] = [];
afterAll(() => {
  for (const dir of created) rmSync(dir, { recursive: true, force: true });
});

describe('the files a Pagefind index references', () => {
  it('are exactly the content-named files Pagefind wrote, and only unreferenced ones are removed', async () => {
    const out = mkdtempSync(join(tmpdir(), 'caravan-pagefind-files-'));
    created.push(out);
    for (let n = 0; n < 12; n++) {
      mkdirSync(join(out, `1.0/guide-${n}`), { recursive: true });
      writeFileSync(join(out, `1.0/guide-${n}/index.html`), `<!doctype html><html lang="en"><head><title>t</title><meta data-pagefind-filter="version[content]" content="1.0"></head><body><main data-pagefind-body><h1>Guide ${n}</h1><p>Camels rest at oasis ${n}.</p></main></body></html>`);
    }
    await indexBuiltPages(out);
    const folder = join(out, 'pagefind');
    const written = ['fragment', 'index', 'filter'].flatMap((sub) => readdirSync(join(folder, sub)).map((name) => `${sub}/${name}`));
    expect([...referencedFiles(folder)].sort()).toEqual(written.sort());
    expect(written.filter((file) => file.startsWith('fragment/'))).toHaveLength(12);
    expect(written.filter((file) => file.startsWith('filter/'))).toHaveLength(1);

    writeFileSync(join(folder, 'fragment', 'en_stale00.pf_fragment'), 'left from an earlier index');
    expect(removeUnreferencedFiles(folder)).toBe(1);
    expect(readdirSync(join(folder, 'fragment'))).toHaveLength(12);
  });

  it('are never guessed from a metadata file of another layout', () => {
    expect(() => filesOfMetadata(gzipSync('no prefix'))).toThrow(/prefix/);
    // The prefix, then a CBOR map instead of Pagefind's array.
    expect(() => filesOfMetadata(gzipSync(Buffer.concat([Buffer.from('pagefind_dcd'), Buffer.from([0xa0])])))).toThrow(/unknown layout/);
    // An array whose page entry holds a number where the hash belongs.
    const page = Buffer.from([0x85, 0x60, 0x81, 0x81, 0x01, 0x80, 0x80, 0x80]);
    expect(() => filesOfMetadata(gzipSync(Buffer.concat([Buffer.from('pagefind_dcd'), page])))).toThrow(/page hash/);
  });
});
