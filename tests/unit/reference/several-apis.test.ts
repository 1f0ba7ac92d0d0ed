/**
 * Several APIs per version (content/<version>/apis/<id>/openapi.yaml): which APIs a version holds,
 * their order and titles, the errors for a folder that cannot be one, each API's reference under
 * its own URL prefix, and each API's own sandbox. A version's single description is the same code
 * path with the empty id, so its URLs do not move.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocsInputError } from '../../../src/config/errors.ts';
import { loadSite } from '../../../src/config/load.ts';
import { guardBuildOutput } from '../../../src/integration/discovery-guard.ts';
import { apiKey, parseApiKey } from '../../../src/openapi/api-key.ts';
import { loadVersionApi, readOpenApi, versionApiSources } from '../../../src/openapi/openapi-fs.ts';
import { describeApi } from '../../../src/openapi/describe.ts';
import { orderApis, publicApis } from '../../../src/reference/api-order.ts';
import { referenceCatalog } from '../../../src/reference/catalog.ts';
import { apiListMarkdown, openApiListEntry, operationMarkdown } from '../../../src/reference/markdown.ts';
import { schemaPages } from '../../../src/reference/schema-pages.ts';
import { createSandbox } from '../../../src/sandbox/core/pipeline.ts';
import { loadVersionSandbox } from '../../../src/sandbox/node/load.ts';

const ROOT = join(import.meta.dirname, '../../..');
const SEVERAL = join(ROOT, 'tests/fixtures/several-apis');
const origin = 'https://docs.notes.example';

/** A docs root in a temporary folder with these files (path -> text). */
function docsRoot(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'several-apis-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const DESCRIPTION = 'openapi: 3.1.0\ninfo: { title: Tiny, version: "1" }\npaths:\n  /ping:\n    get:\n      operationId: ping\n      responses: { "200": { description: OK } }\n';

function inputError(run: () => unknown): DocsInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof DocsInputError) return error;
    throw error;
  }
  throw new Error('expected a DocsInputError');
}

describe('the APIs of a version', () => {
  it('are the folders of content/<version>/apis/, each keyed by version and id', () => {
    expect(versionApiSources(SEVERAL, 'v1')).toEqual([
      { id: 'admin', file: 'content/v1/apis/admin/openapi.yaml', folder: 'v1/apis/admin', key: 'v1~admin' },
      { id: 'public', file: 'content/v1/apis/public/openapi.yaml', folder: 'v1/apis/public', key: 'v1~public' },
    ]);
  });

  it('are one API with the empty id for a version with content/<version>/openapi.yaml, keyed by the version alone', () => {
    expect(versionApiSources(ROOT, '1.2')).toEqual([{ id: '', file: 'content/1.2/openapi.yaml', folder: '1.2', key: '1.2' }]);
    expect(apiKey('1.2', '')).toBe('1.2');
    expect(parseApiKey('v1~admin')).toEqual({ version: 'v1', api: 'admin' });
    expect(parseApiKey('2.0-beta')).toEqual({ version: '2.0-beta', api: '' });
  });

  it('follow `apis:` of site.yml for order and titles, then the rest by id', () => {
    const sources = versionApiSources(SEVERAL, 'v1');
    expect(orderApis(sources, [{ id: 'public' }, { id: 'admin', title: 'Admin API (staff)' }]).map((api) => [api.id, api.title])).toEqual([
      ['public', undefined],
      ['admin', 'Admin API (staff)'],
    ]);
    expect(orderApis(sources, []).map((api) => api.id)).toEqual(['admin', 'public']);
  });

  it('refuse a folder name that is not a URL segment, naming the folder and a name that works', () => {
    const root = docsRoot({ 'content/v1/apis/Billing_API/openapi.yaml': DESCRIPTION });
    const error = inputError(() => versionApiSources(root, 'v1'));
    expect(error.message).toContain('content/v1/apis/Billing_API/');
    expect(error.message).toContain('"Billing_API" cannot be an API id');
    expect(error.format()).toContain('Fix: rename the folder with lower-case letters, digits and inner hyphens only (like "billing-api")');
  });

  it('refuse a folder without a description', () => {
    const root = docsRoot({ 'content/v1/apis/billing/README.md': 'notes' });
    expect(inputError(() => versionApiSources(root, 'v1')).message).toContain('content/v1/apis/billing/: holds no openapi.yaml');
  });

  it('refuse a version with both a single description and apis/, whose URLs would collide', () => {
    const root = docsRoot({ 'content/v1/openapi.yaml': DESCRIPTION, 'content/v1/apis/billing/openapi.json': '{"openapi":"3.1.0","info":{"title":"B","version":"1"},"paths":{}}' });
    const error = inputError(() => versionApiSources(root, 'v1'));
    expect(error.message).toContain('content/v1/openapi.yaml');
    expect(error.message).toContain('either one description or several under apis/');
  });

  it('take .json descriptions and skip folders starting with "_" or "."', () => {
    const root = docsRoot({ 'content/v1/apis/billing/openapi.json': '{"openapi":"3.1.0","info":{"title":"B","version":"1"},"paths":{}}', 'content/v1/apis/_shared/x.ts': '', 'content/v1/apis/.cache/x': '' });
    expect(versionApiSources(root, 'v1').map((api) => api.file)).toEqual(['content/v1/apis/billing/openapi.json']);
  });
});

describe("one API's reference among several", () => {
  const admin = loadVersionApi(SEVERAL, 'v1', { origin }, {}, 'admin')!;
  const publicApi = loadVersionApi(SEVERAL, 'v1', { origin }, {}, 'public')!;

  it('puts every page under /{version}/reference/{id}/, in a sidebar section of its own title', () => {
    const catalog = referenceCatalog(admin, { id: 'admin', title: 'Admin API (staff)' });
    expect(catalog.base).toBe('reference/admin');
    expect(catalog.operations.map((entry) => entry.slug)).toEqual(['reference/admin/list-users', 'reference/admin/get-user', 'reference/admin/get-status']);
    expect(catalog.nav.title).toBe('Admin API (staff)');
    expect(catalog.nav.children[0]).toMatchObject({ kind: 'page', slug: 'reference/admin', title: 'Overview' });
    expect(catalog.ancestors.get('reference/admin/get-user')?.[0]?.title).toBe('Admin API (staff)');
    expect(schemaPages(admin.document, catalog.base).map((page) => page.slug)).toEqual(['reference/admin/schemas/user']);
  });

  it("is titled by the description's info.title unless the site says otherwise", () => {
    expect(referenceCatalog(publicApi, { id: 'public' }).title).toBe('Notes API');
    expect(referenceCatalog(publicApi, { id: 'public' }).nav.title).toBe('Notes API');
  });

  it("keeps a writer's title as written, even one that reads like the generator's: only a version's single API is translated as \"API reference\"", () => {
    const titled = referenceCatalog(publicApi, { id: 'public', title: 'API reference' });
    expect(titled.nav.title).toBe('API reference');
    expect(titled.nav.textKey).toBeUndefined();
    expect(referenceCatalog(publicApi).nav.textKey).toBe('reference.title');
    expect(referenceCatalog(publicApi).nav.children[0]).toMatchObject({ title: 'Overview', textKey: 'reference.overview' });
  });

  it('keeps the same operationId in two APIs apart', () => {
    const slugs = [admin, publicApi].map((api, index) => referenceCatalog(api, { id: index === 0 ? 'admin' : 'public' }).operations.find((entry) => entry.ref.operationId === 'getStatus')!.slug);
    expect(slugs).toEqual(['reference/admin/get-status', 'reference/public/get-status']);
  });

  it("links an operation's Markdown to its own API's overview", () => {
    const catalog = referenceCatalog(publicApi, { id: 'public' });
    const entry = catalog.operations.find((candidate) => candidate.ref.operationId === 'listNotes')!;
    const markdown = operationMarkdown(entry, publicApi.resolve(entry.ref), { pageUrl: (slug) => `${origin}/v1/${slug}/`, schemaUrl: () => undefined, lookup: () => undefined, overview: catalog.base });
    expect(markdown).toContain(`See the [overview](${origin}/v1/reference/public/)`);
  });

  it('lists the APIs of the version in /{version}/reference.md', () => {
    const catalogs = [referenceCatalog(publicApi, { id: 'public' }), referenceCatalog(admin, { id: 'admin', title: 'Admin API (staff)' })];
    expect(apiListMarkdown(catalogs.map(openApiListEntry), (slug) => `${origin}/v1/${slug}/`)).toBe(
      [
        '# API reference',
        '',
        'This version documents 2 APIs.',
        '',
        `- [Notes API](${origin}/v1/reference/public/): Create and read notes. (OpenAPI 3.1.0, 4 operations)`,
        `- [Admin API (staff)](${origin}/v1/reference/admin/): Manage the platform's users. (OpenAPI 3.0.3, 3 operations)`,
        '',
      ].join('\n'),
    );
  });
});

describe('a version of one description', () => {
  it('keeps its slugs and its "API reference" section exactly as before', () => {
    const api = loadVersionApi(ROOT, '1.2', { origin: 'https://docs.caravan.example' })!;
    const catalog = referenceCatalog(api);
    expect(catalog.id).toBe('');
    expect(catalog.base).toBe('reference');
    expect(catalog.nav.title).toBe('API reference');
    expect(catalog.operations[0]!.slug).toBe('reference/list-caravans');
    expect(schemaPages(api.document)[0]!.slug).toMatch(/^reference\/schemas\//);
  });
});

describe('one sandbox per API', () => {
  it('answers each API at its own servers with its own description', async () => {
    const admin = await loadVersionSandbox(SEVERAL, 'v1', { origin }, 'admin');
    const publicApi = await loadVersionSandbox(SEVERAL, 'v1', { origin }, 'public');
    expect([admin.apiId, publicApi.apiId]).toEqual(['admin', 'public']);
    const adminSandbox = createSandbox({ api: admin.api, validators: admin.validators });
    const publicSandbox = createSandbox({ api: publicApi.api, validators: publicApi.validators });
    const adminStatus = await adminSandbox.answer(new Request('https://admin.notes.example/v1/status'));
    expect(await adminStatus!.json()).toEqual({ status: 'admin-ok' });
    const publicStatus = await publicSandbox.answer(new Request('https://api.notes.example/v1/status'));
    expect(await publicStatus!.json()).toEqual({ status: 'notes-ok' });
    // Each sandbox knows only its own API's servers.
    expect(await publicSandbox.answer(new Request('https://admin.notes.example/v1/status'))).toBeUndefined();
    const users = await adminSandbox.answer(new Request('https://admin.notes.example/v1/users', { headers: { 'X-Admin-Key': 'admin-secret' } }));
    expect(users!.status).toBe(200);
  });

  it('asks which API when a version has several and none is named', async () => {
    await expect(loadVersionSandbox(SEVERAL, 'v1', { origin })).rejects.toThrow('has several APIs; name one (its APIs: admin, public)');
    await expect(loadVersionSandbox(SEVERAL, 'v1', { origin }, 'billing')).rejects.toThrow('has no API `billing`');
  });

  it('reads an extension beside the API description', async () => {
    const root = mkdtempSync(join(tmpdir(), 'several-apis-ext-'));
    cpSync(SEVERAL, root, { recursive: true });
    writeFileSync(join(root, 'content/v1/apis/admin/sandbox.ts'), "export function sandbox(api) { api.operation('getStatus', () => ({ status: 200, body: { status: 'from-extension' } })); }\n");
    const admin = await loadVersionSandbox(root, 'v1', { origin }, 'admin');
    expect(admin.extensionFile).toBe('content/v1/apis/admin/sandbox.ts');
    const answer = await createSandbox({ api: admin.api, validators: admin.validators, extension: admin.extension }).answer(new Request('https://admin.notes.example/v1/status'));
    expect(await answer!.json()).toEqual({ status: 'from-extension' });
  });
});

// The description a test reads must parse (a typo in the fixture would fail every test above in a less clear way).
it('the fixture descriptions parse', () => {
  for (const api of ['admin', 'public']) expect(() => describeApi(readOpenApi(SEVERAL, `content/v1/apis/${api}/openapi.yaml`), { source: api })).not.toThrow();
});

describe('an API gated by roles', () => {
  /** The fixture with `roles` on its admin API (and `extra` appended to site.yml). */
  function gatedRoot(extra = ''): string {
    const root = mkdtempSync(join(tmpdir(), 'several-apis-gated-'));
    cpSync(SEVERAL, root, { recursive: true });
    const site = readFileSync(join(root, 'config/site.yml'), 'utf8').replace('{ id: admin, title: Admin API (staff) }', '{ id: admin, title: Admin API (staff), roles: [staff] }');
    writeFileSync(join(root, 'config/site.yml'), `${site}${extra}`);
    return root;
  }

  it('is left out of the public APIs, keeping the order of the others', () => {
    const ordered = orderApis(versionApiSources(SEVERAL, 'v1'), [{ id: 'public' }, { id: 'admin', roles: ['staff'] }]);
    expect(ordered.map((api) => [api.id, api.roles])).toEqual([
      ['public', []],
      ['admin', ['staff']],
    ]);
    expect(publicApis(ordered).map((api) => api.id)).toEqual(['public']);
  });

  it('is read from site.yml', () => {
    expect(loadSite(gatedRoot()).model.config.apis).toEqual([
      { id: 'public', roles: [] },
      { id: 'admin', title: 'Admin API (staff)', roles: ['staff'] },
    ]);
  });

  it('builds with sign-in, where its readers get it on demand', () => {
    expect(loadSite(gatedRoot('auth: { enabled: true }\n')).model.config.apis[1]).toEqual({ id: 'admin', title: 'Admin API (staff)', roles: ['staff'] });
  });

  it('cannot be opened to anyone by auth.publicPaths: the prefix is refused with its line and the fix', () => {
    const error = inputError(() => loadSite(gatedRoot('auth:\n  enabled: true\n  publicPaths: [/login, /api/auth, /v1/reference]\n')));
    expect(error.format()).toContain('config/site.yml:11: `auth.publicPaths[2]` "/v1/reference" covers /v1/reference/admin/, a page of the API "admin", which `apis:` gates with roles');
    expect(error.hint).toBe('narrow the prefix so it leaves /v1/reference/admin/ out, or remove `roles` from the API "admin" to make it public.');
  });

  it("is private to the leak guard: its description's text in any public file fails the build", async () => {
    const root = gatedRoot();
    const { model } = loadSite(root);
    const out = mkdtempSync(join(tmpdir(), 'several-apis-out-'));
    writeFileSync(join(out, 'index.html'), '<!doctype html><title>Notes Platform Docs</title><p>Create and read notes.</p>');
    const clean = await guardBuildOutput(out, model, root);
    expect(clean.canaries).toBeGreaterThan(0);
    mkdirSync(join(out, '_astro'));
    writeFileSync(join(out, '_astro/chunk.js'), 'export const title="Admin API status";');
    await expect(guardBuildOutput(out, model, root)).rejects.toThrow(`_astro/chunk.js: contains "Admin API status", the summary at /paths/~1status/get/summary of version v1's API description`);
  });

  it("stays private to the leak guard on a site with sign-in, whose server renders it: its text in a public file fails the build", async () => {
    const root = gatedRoot('auth: { enabled: true }\n');
    const { model } = loadSite(root);
    const out = mkdtempSync(join(tmpdir(), 'several-apis-server-out-'));
    writeFileSync(join(out, 'index.html'), '<!doctype html><title>Notes Platform Docs</title><p>Create and read notes.</p>');
    expect((await guardBuildOutput(out, model, root)).canaries).toBeGreaterThan(0);
    mkdirSync(join(out, 'v1'));
    writeFileSync(join(out, 'v1/llms.txt'), '# Notes\n\n- [Admin](https://docs.notes.example/v1/reference/admin/): key admin-secret in X-Admin-Key\n');
    await expect(guardBuildOutput(out, model, root)).rejects.toThrow(/v1\/llms\.txt: contains "admin-secret"/);
  });
});
