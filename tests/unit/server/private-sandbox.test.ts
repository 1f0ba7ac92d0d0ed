import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authSchema } from '../../../src/config/schemas/auth.ts';
import { privateChunks, type BundleChunk } from '../../../src/integration/private-chunks.ts';
import { apiKey } from '../../../src/openapi/api-key.ts';
import { mayReadReference, referenceAccess, type Reader } from '../../../src/model/access.ts';
import { DocsInputError } from '../../../src/config/errors.ts';
import { checkPrivateModulesStayPrivate, privateSandboxFile } from '../../../src/server/private-sandbox.ts';
import { sandboxModulesPlugin } from '../../../src/integration/sandbox-modules.ts';
import { ASSETS_FOLDER, SERVER_ROUTES } from '../../../src/routes.ts';
import { FIXTURES } from '../site/support.ts';

const reader = (...roles: string[]): Reader => ({ id: 'r', name: 'R', roles });
const auth = (enabled: boolean, requireLogin: boolean) => authSchema.parse({ enabled, requireLogin });

describe('who may read a version reference (and its sandbox)', () => {
  it('anyone, unless the site is login-only: then any signed-in reader, whatever their roles', () => {
    for (const site of [auth(false, false), auth(true, false)]) {
      expect(referenceAccess(site)).toEqual({ public: true, requires: [] });
      expect(mayReadReference(referenceAccess(site), undefined)).toBe(true);
    }
    const loginOnly = referenceAccess(auth(true, true));
    expect(loginOnly.public).toBe(false);
    expect(mayReadReference(loginOnly, undefined)).toBe(false);
    expect(mayReadReference(loginOnly, reader())).toBe(true);
    expect(mayReadReference(loginOnly, reader('partner'))).toBe(true);
  });

  it('a rule with roles is the page rule: one role of every level', () => {
    const partners = { public: false, requires: [['partner']] };
    expect(mayReadReference(partners, reader())).toBe(false);
    expect(mayReadReference(partners, reader('partner'))).toBe(true);
  });
});

describe('private sandbox modules served by the server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'private-sandbox-'));
  writeFileSync(join(dir, 'v1.abc.js'), 'export const seed = "CANARY";');
  writeFileSync(join(dir, 'shared.def.js'), 'export const x = 1;');
  writeFileSync(join(dir, 'not-listed.js'), 'export const y = 2;');
  const modules = { dir, files: { 'v1.abc.js': ['1.0'], 'shared.def.js': ['1.0', '2.0'] } };
  const loginOnly = () => ({ public: false, requires: [] });
  const partnersOnly2 = (version: string) => (version === '2.0' ? { public: false, requires: [['partner']] } : { public: false, requires: [['admin']] });

  it('hand a listed module to a reader who may read its version, cached by that browser alone (a year, per cookie), never by a shared cache', async () => {
    const response = (await privateSandboxFile(reader(), 'v1.abc.js', loginOnly, modules))!;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(response.headers.get('vary')).toBe('cookie');
    expect(await response.text()).toContain('CANARY');
  });

  it('read a module from disk once: later requests are answered from memory (its name is its content)', async () => {
    const own = mkdtempSync(join(tmpdir(), 'private-sandbox-once-'));
    writeFileSync(join(own, 'v2.fed.js'), 'export const first = "read";');
    const listed = { dir: own, files: { 'v2.fed.js': ['2.0'] } };
    expect(await (await privateSandboxFile(reader(), 'v2.fed.js', loginOnly, listed))!.text()).toBe('export const first = "read";');
    // Gone from disk: the bytes read the first time still answer.
    rmSync(join(own, 'v2.fed.js'));
    const again = await Promise.all([1, 2].map(() => privateSandboxFile(reader(), 'v2.fed.js', loginOnly, listed)));
    for (const response of again) expect(await response!.text()).toBe('export const first = "read";');
  });

  it('answer nothing (the route says 404) signed out, without the roles, or for a name the build did not list', async () => {
    expect(await privateSandboxFile(undefined, 'v1.abc.js', loginOnly, modules)).toBeUndefined();
    expect(await privateSandboxFile(reader('partner'), 'v1.abc.js', partnersOnly2, modules)).toBeUndefined();
    for (const name of ['not-listed.js', 'files.json', '../v1.abc.js', '__proto__', 'toString', '']) expect(await privateSandboxFile(reader(), name, loginOnly, modules), name).toBeUndefined();
    expect(await privateSandboxFile(reader(), 'v1.abc.js', loginOnly, null)).toBeUndefined();
  });

  it('answer nothing for a listed module gone from disk before it was first read (404, not a 500)', async () => {
    const own = mkdtempSync(join(tmpdir(), 'private-sandbox-gone-'));
    const listed = { dir: own, files: { 'v3.bad.js': ['1.0'] } };
    expect(await privateSandboxFile(reader(), 'v3.bad.js', loginOnly, listed)).toBeUndefined();
    // Put back, it is read then: a failed read is not kept.
    writeFileSync(join(own, 'v3.bad.js'), 'export const back = 1;');
    expect(await (await privateSandboxFile(reader(), 'v3.bad.js', loginOnly, listed))!.text()).toBe('export const back = 1;');
  });

  it('a shared module opens to a reader of any version it serves', async () => {
    expect((await privateSandboxFile(reader('partner'), 'shared.def.js', partnersOnly2, modules))?.status).toBe(200);
    expect(await privateSandboxFile(reader('other'), 'shared.def.js', partnersOnly2, modules)).toBeUndefined();
  });
});

describe('which bundle chunks belong to a private sandbox', () => {
  const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], dynamicImports: string[] = []): BundleChunk => ({ fileName, moduleIds, imports, dynamicImports });
  const prefix = '\0virtual:caravan-docs/sandbox/';
  const versionsOf = (id: string) => (id.startsWith(prefix) ? [id.slice(prefix.length).split('/')[0]!] : id === '/docs/content/1.2/sandbox.ts' ? ['1.2'] : []);

  it('the version modules, and the chunks only they import; never the console that loads them or what public code shares', () => {
    const { files, conflicts } = privateChunks(
      [
        chunk('_astro/console.js', ['/src/console/console.ts', '\0virtual:caravan-docs/sandboxes'], ['_astro/helpers.js'], ['_astro/1.js', '_astro/2.js']),
        chunk('_astro/1.js', ['\0virtual:caravan-docs/sandbox/1.1'], ['_astro/extension.js', '_astro/helpers.js'], ['_astro/part-1.js']),
        chunk('_astro/2.js', ['\0virtual:caravan-docs/sandbox/1.2', '/docs/content/1.2/sandbox.ts'], ['_astro/extension.js']),
        chunk('_astro/extension.js', ['/docs/content/_sandbox/caravan/extension.ts'], ['_astro/domain.js']),
        chunk('_astro/domain.js', ['/docs/content/_sandbox/caravan/domain/seed.ts']),
        chunk('_astro/part-1.js', ['\0virtual:caravan-docs/sandbox/1.1/3'], ['_astro/ajv-runtime.js']),
        chunk('_astro/ajv-runtime.js', ['/node_modules/ajv/dist/runtime/ucs2length.js']),
        chunk('_astro/helpers.js', ['/src/sandbox/core/store.ts']),
      ],
      versionsOf,
    );
    expect(Object.fromEntries(files)).toEqual({
      '_astro/1.js': ['1.1'],
      '_astro/2.js': ['1.2'],
      '_astro/extension.js': ['1.1', '1.2'],
      '_astro/domain.js': ['1.1', '1.2'],
      '_astro/part-1.js': ['1.1'],
      '_astro/ajv-runtime.js': ['1.1'],
    });
    expect(conflicts).toEqual([]);
  });

  it('report a public chunk that imports a private one statically (it could not load)', () => {
    const { conflicts } = privateChunks([chunk('_astro/page.js', ['/src/client/site.ts'], ['_astro/1.js']), chunk('_astro/1.js', ['\0virtual:caravan-docs/sandbox/1.1'])], versionsOf);
    expect(conflicts).toEqual(['_astro/page.js (public) imports _astro/1.js, which holds the private sandbox of version 1.1']);
    const gatedApi = privateChunks([chunk('_astro/page.js', ['/src/client/site.ts'], ['_astro/partner.js']), chunk('_astro/partner.js', ['/api/partner'])], (id) => (id === '/api/partner' ? [apiKey('1.0', 'partner')] : []));
    expect(gatedApi.conflicts).toEqual(['_astro/page.js (public) imports _astro/partner.js, which holds the private sandbox of API partner of version 1.0']);
  });
});

describe('the front server start check', () => {
  const build = (clientFiles: string[]) => {
    const out = mkdtempSync(join(tmpdir(), 'private-sandbox-out-'));
    mkdirSync(join(out, 'server/sandbox'), { recursive: true });
    mkdirSync(join(out, 'client/_astro'), { recursive: true });
    writeFileSync(join(out, 'server/sandbox/files.json'), JSON.stringify({ '1.abc.js': ['1.0'], 'sandbox-1.0-0.def.js': ['1.0'] }));
    for (const file of ['1.abc.js', 'sandbox-1.0-0.def.js']) writeFileSync(join(out, 'server/sandbox', file), '');
    for (const file of clientFiles) writeFileSync(join(out, 'client/_astro', file), '');
    return out;
  };

  it('passes a build whose private modules are in the server only, and a build without any', () => {
    expect(() => checkPrivateModulesStayPrivate(build(['console.xyz.js']))).not.toThrow();
    expect(() => checkPrivateModulesStayPrivate(mkdtempSync(join(tmpdir(), 'no-sandbox-')))).not.toThrow();
  });

  it('refuses an output whose list names a private module that is not there (its consoles could not load)', () => {
    const out = build([]);
    rmSync(join(out, 'server/sandbox/sandbox-1.0-0.def.js'));
    expect(() => checkPrivateModulesStayPrivate(out)).toThrow(DocsInputError);
    try {
      checkPrivateModulesStayPrivate(out);
    } catch (error) {
      expect((error as DocsInputError).format()).toMatch(/server\/sandbox\/files\.json: lists the private sandbox module sandbox-1\.0-0\.def\.js, which is not in .*\n {2}Fix: the output is incomplete: build again/);
    }
  });

  it('refuses an output where a private module is also a public file (the adapter would serve it, cached for a year)', () => {
    const out = build(['console.xyz.js', 'sandbox-1.0-0.def.js']);
    const error = (() => {
      try {
        checkPrivateModulesStayPrivate(out);
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(DocsInputError);
    expect((error as DocsInputError).format()).toMatch(/client\/_astro\/sandbox-1\.0-0\.def\.js: is a private sandbox module.*\n {2}Fix: the output mixes two builds: build again into an empty folder/);
  });
});

describe('the assets folder the private modules are served from', () => {
  const plugin = (privateVersions: string[]) =>
    sandboxModulesPlugin({ docsRoot: join(FIXTURES, 'auth'), versions: ['1.0'], api: {}, url: 'https://docs.example', privateVersions, privateFiles: new Map() });
  const resolve = (privateVersions: string[], assetsDir: string, command = 'build') => () => (plugin(privateVersions).configResolved as (config: unknown) => void)({ command, build: { assetsDir } });

  it('is the one the server route answers (src/routes.ts)', () => {
    expect(SERVER_ROUTES.find((route) => route.entrypoint === 'server/routes/sandbox-module.ts')?.pattern).toBe(`/${ASSETS_FOLDER}/[file]`);
    expect(resolve(['1.0'], ASSETS_FOLDER)).not.toThrow();
  });

  it('a build with private sandboxes and another build.assets stops, naming both folders and the fix', () => {
    expect(resolve(['1.0'], 'assets')).toThrow(/build\.assets is "assets" in the Astro config, but the sign-in server serves the private sandbox modules of versions 1\.0 from "_astro\/".*Remove build\.assets from astro\.config\.mjs/);
    // Without private sandboxes (or in the dev server) any assets folder works.
    expect(resolve([], 'assets')).not.toThrow();
    expect(resolve(['1.0'], 'assets', 'serve')).not.toThrow();
  });
});
