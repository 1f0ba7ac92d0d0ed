import { describe, expect, it, vi } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sandboxModulesPlugin } from '../../../src/integration/sandbox-modules.ts';
import { readOpenApi } from '../../../src/openapi/openapi-fs.ts';
import { runtimeApi } from '../../../src/sandbox/build/runtime-api.ts';

// Counts how often a description is compiled into the sandbox's runtime API.
vi.mock('../../../src/sandbox/build/runtime-api.ts', async (original) => {
  const actual = await original<typeof import('../../../src/sandbox/build/runtime-api.ts')>();
  return { ...actual, runtimeApi: vi.fn(actual.runtimeApi) };
});

// The version module a console page loads: in a production browser build it must not grow by a
// file name per operation (on GitHub's 1,223 operations that list was 20 KB gzip of every page).
const PROJECT_ROOT = join(import.meta.dirname, '../../..');

async function clientBuild() {
  const plugin = sandboxModulesPlugin({ docsRoot: PROJECT_ROOT, versions: ['1.2'], api: {}, url: 'https://docs.caravan.example', privateVersions: [], privateFiles: new Map() });
  (plugin.configResolved as (config: unknown) => void)({ command: 'build', build: { assetsDir: '_astro' } });
  const emitted: Array<{ fileName: string; source: string }> = [];
  const context = { environment: { name: 'client' }, emitFile: (file: { fileName: string; source: string }) => emitted.push(file), addWatchFile: () => undefined };
  const code = await (plugin.load as (this: unknown, id: string) => Promise<string>).call(context, '\0virtual:caravan-docs/sandbox/1.2');
  return { code, emitted };
}

describe('sandbox modules in a production browser build', () => {
  it('name every written operation part by one version-wide hash, so the route table lists no file per operation', async () => {
    const { code, emitted } = await clientBuild();
    expect(emitted.length).toBeGreaterThan(1);
    const names = emitted.map(({ fileName }) => fileName.replace(/^_astro\//, ''));
    const suffixes = new Set(names.map((name) => name.replace(/^sandbox-1\.2-\d+/, '')));
    expect(suffixes.size).toBe(1);
    expect(names.every((name) => /^sandbox-1\.2-\d+\.[\w-]{8}\.js$/.test(name))).toBe(true);
    for (const name of names) expect(code).not.toContain(name);
    expect(code).toContain(`"./sandbox-1.2-" + index + ${JSON.stringify([...suffixes][0])}`);
  });

  it('give each operation id a loader for its own part, in the route table order', async () => {
    const { code, emitted } = await clientBuild();
    // The numbers are the operations' places in `api.operations`, which the loader map follows.
    const numbers = emitted.map(({ fileName }) => Number(/^_astro\/sandbox-1\.2-(\d+)\./.exec(fileName)![1])).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_n, index) => index));
    expect(code).toContain('api.operations.map((operation, index) => [operation.id,');
  });
});

// An operation whose validator needs an Ajv runtime helper (deep equality for `uniqueItems` of
// objects): its part imports it, so the bundler loads it as a module after the version module.
const tagsDescription = (maxItems: number) => `openapi: 3.1.0
info: { title: Tags, version: '1' }
paths:
  /tags:
    post:
      operationId: putTags
      requestBody:
        content:
          application/json:
            schema: { type: array, uniqueItems: true, maxItems: ${maxItems}, items: { type: object } }
      responses:
        '204': { description: Done }
`;

function bundledPartBuild(maxItems: number) {
  const root = mkdtempSync(join(tmpdir(), 'caravan-sandbox-modules-'));
  mkdirSync(join(root, 'content/1.0'), { recursive: true });
  writeFileSync(join(root, 'content/1.0/openapi.yaml'), tagsDescription(maxItems));
  const plugin = sandboxModulesPlugin({ docsRoot: root, versions: ['1.0'], api: {}, url: 'https://docs.example', privateVersions: [], privateFiles: new Map() });
  (plugin.configResolved as (config: unknown) => void)({ command: 'build', build: { assetsDir: '_astro' } });
  const context = { environment: { name: 'client' }, emitFile: () => undefined, addWatchFile: () => undefined };
  const load = (id: string) => (plugin.load as (this: unknown, id: string) => Promise<string>).call(context, id);
  return { root, plugin, load, done: () => rmSync(root, { recursive: true, force: true }) };
}

describe('bundled operation parts in a production browser build', () => {
  it('come from the version module\'s compile: loading one does not compile the description again', async () => {
    const { load, done } = bundledPartBuild(3);
    try {
      vi.mocked(runtimeApi).mockClear();
      const version = await load('\0virtual:caravan-docs/sandbox/1.0');
      expect(version).toContain('const bundled = {0: () => import("virtual:caravan-docs/sandbox/1.0/0")}');
      const part = await load('\0virtual:caravan-docs/sandbox/1.0/0');
      // Failed before: the version module let its compile go, and the part compiled the description again (2 calls).
      expect(vi.mocked(runtimeApi)).toHaveBeenCalledTimes(1);
      expect(part).toMatch(/^import \* as __ajv0 from "ajv\/dist\/runtime\/equal\.js";/m);
      expect(part).toContain('"/paths/~1tags/post/requestBody/content/application~1json/schema": v0');
      expect(part).toMatch(/data\.length > 3/);
    } finally {
      done();
    }
  });

  it('are not served from the kept copy once the description changed (made again from it)', async () => {
    const { root, plugin, load, done } = bundledPartBuild(3);
    try {
      await load('\0virtual:caravan-docs/sandbox/1.0');
      vi.mocked(runtimeApi).mockClear();
      (plugin.watchChange as (file: string) => void)(join(root, 'content/1.0/openapi.yaml'));
      await load('\0virtual:caravan-docs/sandbox/1.0/0');
      expect(vi.mocked(runtimeApi)).toHaveBeenCalledTimes(1);
    } finally {
      done();
    }
  });
});

describe('sandbox modules kept between production builds', () => {
  async function storedBuild(root: string, cacheDir: string, force = false, early = false) {
    const parts = new Map<string, boolean>();
    const plugin = sandboxModulesPlugin({ docsRoot: root, versions: ['1.0'], api: {}, url: 'https://docs.example', privateVersions: [], privateFiles: new Map(), store: { cacheDir, force, projectRoot: PROJECT_ROOT }, onParts: (key, reused) => parts.set(key, reused), early });
    (plugin.configResolved as (config: unknown) => void)({ command: 'build', build: { assetsDir: '_astro' } });
    const emitted: Array<{ fileName: string; source: string }> = [];
    const context = { environment: { name: 'client' }, emitFile: (file: { fileName: string; source: string }) => emitted.push(file), addWatchFile: () => undefined };
    const load = (id: string) => (plugin.load as (this: unknown, id: string) => Promise<string>).call(context, id);
    vi.mocked(runtimeApi).mockClear();
    const code = await load('\0virtual:caravan-docs/sandbox/1.0');
    const part = await load('\0virtual:caravan-docs/sandbox/1.0/0');
    (plugin.buildEnd as (this: unknown, error?: Error) => void).call(context);
    return { code, part, emitted, reused: parts.get('1.0'), compiled: vi.mocked(runtimeApi).mock.calls.length };
  }

  it('are taken from the previous build while the description is unchanged, identical to those made, and made again after an edit or with --force', async () => {
    const { root, done } = bundledPartBuild(3);
    const cacheDir = mkdtempSync(join(tmpdir(), 'caravan-sandbox-store-'));
    try {
      const made = await storedBuild(root, cacheDir);
      expect(made).toMatchObject({ reused: false, compiled: 1 });
      const again = await storedBuild(root, cacheDir);
      expect(again).toMatchObject({ reused: true, compiled: 0 });
      expect(again.code).toBe(made.code);
      expect(again.part).toBe(made.part);
      expect(again.emitted).toEqual(made.emitted);

      writeFileSync(join(root, 'content/1.0/openapi.yaml'), tagsDescription(4));
      const edited = await storedBuild(root, cacheDir);
      expect(edited).toMatchObject({ reused: false, compiled: 1 });
      expect(edited.part).toMatch(/data\.length > 4/);
      expect(await storedBuild(root, cacheDir)).toMatchObject({ reused: true, compiled: 0 });
      expect(await storedBuild(root, cacheDir, true)).toMatchObject({ reused: false, compiled: 1 });
    } finally {
      done();
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it('are stored under the text they were compiled from, even when the file was saved again after the build read it', async () => {
    const { root, done } = bundledPartBuild(3);
    const cacheDir = mkdtempSync(join(tmpdir(), 'caravan-sandbox-store-'));
    try {
      // The build reads the description at start (the site model); the writer saves an edit before the browser bundle is made.
      readOpenApi(root, 'content/1.0/openapi.yaml');
      writeFileSync(join(root, 'content/1.0/openapi.yaml'), tagsDescription(4));
      expect((await storedBuild(root, cacheDir)).part).toMatch(/data\.length > 3/);
      // The next build reads the saved text: it must not take the parts made from the old one.
      const next = await storedBuild(root, cacheDir);
      expect(next).toMatchObject({ reused: false, compiled: 1 });
      expect(next.part).toMatch(/data\.length > 4/);
    } finally {
      done();
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  // A production build starts compiling each API it has no stored parts for on a thread, at once.
  it('compiled early on a thread are the parts the build makes itself, and the build then compiles nothing', async () => {
    const { root, done } = bundledPartBuild(3);
    const cacheDir = mkdtempSync(join(tmpdir(), 'caravan-sandbox-store-'));
    try {
      const itself = await storedBuild(root, cacheDir, true);
      const early = await storedBuild(root, cacheDir, true, true);
      expect(itself).toMatchObject({ reused: false, compiled: 1 });
      // Failed before the thread: the browser bundle's load compiled the description (1 call).
      expect(early).toMatchObject({ reused: false, compiled: 0 });
      expect(early.code).toBe(itself.code);
      expect(early.part).toBe(itself.part);
      expect(early.emitted).toEqual(itself.emitted);
      // Stored as the build's own would be: the next build takes them back.
      expect(await storedBuild(root, cacheDir, false, true)).toMatchObject({ reused: true, compiled: 0 });
    } finally {
      done();
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it('compiled early are not taken when the file was saved after the build read it (the thread read the new text)', async () => {
    const { root, done } = bundledPartBuild(3);
    const cacheDir = mkdtempSync(join(tmpdir(), 'caravan-sandbox-store-'));
    try {
      readOpenApi(root, 'content/1.0/openapi.yaml');
      writeFileSync(join(root, 'content/1.0/openapi.yaml'), tagsDescription(4));
      const build = await storedBuild(root, cacheDir, false, true);
      expect(build).toMatchObject({ reused: false, compiled: 1 });
      expect(build.part).toMatch(/data\.length > 3/);
    } finally {
      done();
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
