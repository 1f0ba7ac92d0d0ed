import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxInputsDigest, sandboxPartsSummary, sandboxStore, type SandboxParts } from '../../../src/integration/sandbox-store.ts';

const parts: SandboxParts = { api: { title: 'T', operations: [], schemes: {}, seed: {} } as unknown as SandboxParts['api'], parts: ['export const details = {};\n'] };
const folders: string[] = [];
const cacheDir = () => {
  const folder = mkdtempSync(join(tmpdir(), 'caravan-sandbox-store-'));
  folders.push(folder);
  return folder;
};
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('the sandbox store', () => {
  it('digests every input that changes the modules: the description, the server overrides, the site URL and the lockfile', () => {
    const root = cacheDir();
    const inputs = { description: 'openapi: 3.1.0', overrides: { '1.0': 'https://api.example' }, origin: 'https://docs.example' };
    const digest = sandboxInputsDigest(inputs, root);
    expect(sandboxInputsDigest({ ...inputs }, root)).toBe(digest);
    expect(sandboxInputsDigest({ ...inputs, description: 'openapi: 3.1.1' }, root)).not.toBe(digest);
    expect(sandboxInputsDigest({ ...inputs, overrides: {} }, root)).not.toBe(digest);
    expect(sandboxInputsDigest({ ...inputs, origin: 'https://other.example' }, root)).not.toBe(digest);
    // Another project whose lockfile pins other versions (the digest of one project's packages is read once per build).
    const upgraded = cacheDir();
    writeFileSync(join(upgraded, 'package-lock.json'), '{"lockfileVersion":3,"packages":{"node_modules/fast-uri":{"version":"9.9.9"}}}');
    expect(sandboxInputsDigest(inputs, upgraded)).not.toBe(digest);
  });

  it('gives back what it stored under the same digest only, never with force, and never a damaged file', () => {
    const dir = cacheDir();
    const store = sandboxStore(dir, false);
    expect(store.read('1.0', 'a')).toBeUndefined();
    store.write('1.0', 'a', parts);
    expect(store.read('1.0', 'a')).toEqual(parts);
    expect(store.read('1.0', 'b')).toBeUndefined();
    expect(sandboxStore(dir, true).read('1.0', 'a')).toBeUndefined();
    writeFileSync(join(dir, 'caravan-docs-sandbox', '1.0.json'), '{"digest":"a","api":');
    expect(store.read('1.0', 'a')).toBeUndefined();
  });

  it('returns a failed write as an error for a warning instead of failing the build, and prunes no file being written', () => {
    const dir = cacheDir();
    writeFileSync(join(dir, 'caravan-docs-sandbox'), 'a file where the folder should be');
    expect(sandboxStore(dir, false).write('1.0', 'a', parts)).toBeInstanceOf(Error);
    const other = cacheDir();
    const store = sandboxStore(other, false);
    expect(store.write('1.0', 'a', parts)).toBeUndefined();
    writeFileSync(join(other, 'caravan-docs-sandbox', '2.0.json.123-abcd.partial'), '{');
    store.prune(new Set(['1.0']));
    expect(readdirSync(join(other, 'caravan-docs-sandbox')).sort()).toEqual(['1.0.json', '2.0.json.123-abcd.partial']);
  });

  it('keeps one file per API (keys of several APIs included) and prunes the APIs a build no longer has', () => {
    const dir = cacheDir();
    const store = sandboxStore(dir, false);
    store.write('1.0', 'a', parts);
    store.write('2.0~payments/v2', 'b', parts);
    expect(store.read('2.0~payments/v2', 'b')).toEqual(parts);
    store.prune(new Set(['2.0~payments/v2']));
    expect(readdirSync(join(dir, 'caravan-docs-sandbox'))).toEqual([`${encodeURIComponent('2.0~payments/v2')}.json`]);
    expect(existsSync(join(dir, 'caravan-docs-sandbox', '1.0.json'))).toBe(false);
  });

  it('says in the build log whether the modules were made or copied', () => {
    expect(sandboxPartsSummary(new Map([['1.0', false]]))).toBe('1 API, made from its description');
    expect(sandboxPartsSummary(new Map([['1.0', true], ['2.0', true]]))).toBe('2 APIs, copied from the previous build (descriptions unchanged)');
    expect(sandboxPartsSummary(new Map([['1.0', true], ['2.0', false]]))).toBe('2 APIs, 1 copied from the previous build (its description unchanged)');
  });
});
