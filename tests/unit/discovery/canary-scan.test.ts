import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../src/config/load.ts';
import { canaryFinder } from '../../../src/discovery/description-canaries.ts';
import { leakGuardSummary } from '../../../src/discovery/leak-guard.ts';
import { canariesInChunks, canariesInFile } from '../../../src/integration/canary-scan.ts';
import { guardBuildOutput } from '../../../src/integration/discovery-guard.ts';
import { FIXTURES } from '../site/support.ts';

const canaries = [{ text: 'Olwen Marsh keeps the okapi' }, { text: 'kpr_night_0042' }];
const overlap = Math.max(...canaries.map((canary) => canary.text.length)) - 1;
/** The finder, recording the longest text it was given: what one scan step holds in memory. */
const measuredFinder = () => {
  const find = canaryFinder(canaries);
  const seen = { longest: 0 };
  return { seen, find: (text: string) => ((seen.longest = Math.max(seen.longest, text.length)), find(text)) };
};

describe('scanning output files for canaries a chunk at a time', () => {
  const dir = mkdtempSync(join(tmpdir(), 'canary-scan-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds a canary split across two chunks, and no more than the overlap is carried', async () => {
    const chunks = ['…filler Olwen Ma', 'rsh keeps the okapi and kpr_n', 'ight_0042'].map((text) => Buffer.from(text, 'latin1'));
    const { find, seen } = measuredFinder();
    expect([...(await canariesInChunks(chunks, find, overlap))]).toEqual(canaries);
    expect(seen.longest).toBeLessThanOrEqual(overlap + Math.max(...chunks.map((chunk) => chunk.length)));
    // Without the overlap the split canary is missed: the overlap is what finds it.
    expect([...(await canariesInChunks(chunks, canaryFinder(canaries), 0))]).toEqual([]);
  });

  it('streams a large file in bounded chunks (memory is a chunk, not the file), finding a canary across a chunk boundary', async () => {
    const chunkBytes = 64 * 1024;
    const file = join(dir, 'large.js');
    const large = Buffer.alloc(50 * 1024 * 1024, 'x');
    // Straddles the boundary of the 400th chunk, near the end of 50 MB.
    large.write('Olwen Marsh keeps the okapi', 400 * chunkBytes - 10, 'latin1');
    writeFileSync(file, large);
    const { find, seen } = measuredFinder();
    const { found, truncated } = await canariesInFile(file, find, overlap, { chunkBytes, maxUnpackedBytes: 1024 * 1024 });
    expect([...found]).toEqual([canaries[0]]);
    expect(truncated).toBe(false);
    expect(seen.longest).toBeLessThanOrEqual(chunkBytes + overlap);
  });

  it('unpacks gzip in chunks too, and stops at the unpacked bound (a gzip bomb is not read to its end)', async () => {
    const limits = { chunkBytes: 16 * 1024, maxUnpackedBytes: 1024 * 1024 };
    const packed = join(dir, 'index.pf_fragment');
    const text = Buffer.alloc(600 * 1024, ' ');
    text.write('kpr_night_0042', 300 * 1024 - 5, 'latin1');
    writeFileSync(packed, gzipSync(text));
    const { find, seen } = measuredFinder();
    expect(await canariesInFile(packed, find, overlap, limits)).toEqual({ found: new Set([canaries[1]]), truncated: false });
    expect(seen.longest).toBeLessThanOrEqual(limits.chunkBytes + overlap);

    const bomb = join(dir, 'bomb.gz');
    const huge = Buffer.alloc(8 * 1024 * 1024, 'y');
    huge.write('Olwen Marsh keeps the okapi', huge.length - 100, 'latin1');
    writeFileSync(bomb, gzipSync(huge));
    expect(await canariesInFile(bomb, canaryFinder(canaries), overlap, limits)).toEqual({ found: new Set(), truncated: true });
  });

  it('scans a file that only looks like gzip as it is', async () => {
    const fake = join(dir, 'fake.bin');
    writeFileSync(fake, Buffer.concat([Buffer.from([0x1f, 0x8b]), Buffer.from('not gzip: kpr_night_0042')]));
    expect((await canariesInFile(fake, canaryFinder(canaries), overlap)).found).toEqual(new Set([canaries[1]]));
  });
});

describe('the build guard on a large public file', () => {
  const out = mkdtempSync(join(tmpdir(), 'canary-scan-site-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));
  const loginOnly = () => loadSite(join(FIXTURES, 'auth'), { CARAVAN_DOCS_AUTH_REQUIRE_LOGIN: 'true' }).model;

  it('finds a seed item 12 MB into a 16 MB public file, across a chunk boundary, and warns about a compressed file it checked only in part', async () => {
    mkdirSync(join(out, 'data'), { recursive: true });
    writeFileSync(join(out, 'index.html'), '<!doctype html><title>Auth Fixture Docs</title>');
    const big = Buffer.alloc(16 * 1024 * 1024, ' ');
    big.write('AUTHCANARY seed item of the salt road', 12 * 1024 * 1024 - 7, 'latin1');
    writeFileSync(join(out, 'data/archive.bin'), big);
    writeFileSync(join(out, 'data/bomb.gz'), gzipSync(Buffer.alloc(3 * 1024 * 1024, ' ')));
    await expect(guardBuildOutput(out, loginOnly(), join(FIXTURES, 'auth'), { chunkBytes: 4 * 1024 * 1024, maxUnpackedBytes: 2 * 1024 * 1024 })).rejects.toThrow(/data\/archive\.bin: contains "AUTHCANARY seed item of the salt road"/);
    rmSync(join(out, 'data/archive.bin'));
    const { warnings } = await guardBuildOutput(out, loginOnly(), join(FIXTURES, 'auth'), { chunkBytes: 4 * 1024 * 1024, maxUnpackedBytes: 2 * 1024 * 1024 });
    expect(warnings).toEqual(['data/bomb.gz unpacks to more than 2 MB: only that much of it was checked for text of the private API descriptions.']);
  });
});

describe('the leak guard log line', () => {
  it('claims the private descriptions were checked only when some were', () => {
    expect(leakGuardSummary({ privateVersions: [], canaries: 0 })).toBe('every discovery URL resolves; no gated page is named in the output');
    expect(leakGuardSummary({ privateVersions: ['1.0', '2.0'], canaries: 42 })).toBe(
      'every discovery URL resolves; no gated page is named in the output; none of 42 canaries of the private API descriptions of versions 1.0, 2.0 is in a public file',
    );
    expect(leakGuardSummary({ privateVersions: ['1.0'], canaries: 0 })).toMatch(/the private API description of version 1\.0 held no text distinctive enough to look for$/);
  });

  it('a login-only site whose versions have no description checks none', async () => {
    const out = mkdtempSync(join(tmpdir(), 'canary-scan-basic-'));
    writeFileSync(join(out, 'index.html'), '<!doctype html><title>Fixture Docs</title>');
    const model = loadSite(join(FIXTURES, 'auth'), { CARAVAN_DOCS_AUTH_REQUIRE_LOGIN: 'true' }).model;
    const withoutDescriptions = { ...model, versions: model.versions.map((site) => ({ ...site, version: { ...site.version, id: `${site.version.id}-none` } })) };
    expect(await guardBuildOutput(out, withoutDescriptions, join(FIXTURES, 'auth'))).toMatchObject({ privateVersions: [], canaries: 0 });
    rmSync(out, { recursive: true, force: true });
  });
});
