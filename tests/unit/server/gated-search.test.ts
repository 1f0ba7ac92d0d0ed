import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../src/config/load.ts';
import { gatedApiDocuments, gatedPageDocuments, searchDocument, searchGroups } from '../../../src/integration/gated-search.ts';
import { FIXTURES } from '../site/support.ts';

/** The two-API fixture with sign-in on and its admin API gated by the partner role. */
function gatedApiSite(): string {
  const root = mkdtempSync(join(tmpdir(), 'gated-api-search-'));
  cpSync(join(FIXTURES, 'several-apis'), root, { recursive: true });
  const site = readFileSync(join(root, 'config/site.yml'), 'utf8').replace('{ id: admin, title: Admin API (staff) }', '{ id: admin, title: Admin API (staff), roles: [partner] }');
  writeFileSync(join(root, 'config/site.yml'), `${site}auth: { enabled: true }\n`);
  return root;
}

describe('search indexes for signed-in readers', () => {
  const root = join(FIXTURES, 'basic');
  it('group the non-public pages by the roles they need, and leave public pages out', () => {
    const { model } = loadSite(root, { CARAVAN_DOCS_AUTH_ENABLED: 'true' });
    const groups = searchGroups(gatedPageDocuments(model, root)).map(({ group, documents }) => ({ requires: group.requires, slugs: documents.map(({ slug }) => slug) }));
    expect(groups).toEqual([
      { requires: [['partner']], slugs: ['partners', 'partners/secret-routes', 'partners/open-looking'] },
      { requires: [['admin']], slugs: ['ops/runbook'] },
    ]);
    expect(new Set(searchGroups(gatedPageDocuments(model, root)).map(({ group }) => group.id)).size).toBe(2);
  });

  it('key each group by the build: the same roles get another id in another build', () => {
    const { model } = loadSite(root, { CARAVAN_DOCS_AUTH_ENABLED: 'true' });
    const ids = (buildId: string) => searchGroups(gatedPageDocuments(model, root), buildId).map(({ group }) => group.id);
    expect(ids('20261122T230000Z-aaaaaaaaaaaa')).toEqual(ids('20261122T230000Z-aaaaaaaaaaaa'));
    expect(ids('20261122T230000Z-aaaaaaaaaaaa').filter((id) => ids('20261122T230001Z-bbbbbbbbbbbb').includes(id))).toEqual([]);
  });

  it('on a login-only site every page is in a group that any signed-in reader opens', () => {
    const { model } = loadSite(root, { CARAVAN_DOCS_AUTH_ENABLED: 'true', CARAVAN_DOCS_AUTH_REQUIRE_LOGIN: 'true' });
    expect(searchGroups(gatedPageDocuments(model, root)).find(({ group }) => group.requires.length === 0)?.documents.map(({ slug }) => slug)).toContain('overview');
  });

  it('index a page as its title, version filter and escaped text', () => {
    const html = searchDocument('Routes <b>', '1.2', '# Routes\n\n> A summary.\n\nBody with <script>x</script> & more.');
    expect(html).toContain('<h1 data-pagefind-meta="title">Routes &lt;b&gt;</h1>');
    expect(html).toContain('data-pagefind-filter="version[content]" content="1.2"');
    expect(html).toContain('<p>Body with &lt;script&gt;x&lt;/script&gt; &amp; more.</p>');
    expect(html).not.toContain('<script>');
  });

  it('hold the overview and operations of an API gated by roles, for readers of one of its roles', () => {
    const root = gatedApiSite();
    const { model } = loadSite(root, {});
    const documents = gatedApiDocuments(model, root);
    expect(documents.map(({ versionId, slug, title }) => `${versionId}/${slug}: ${title}`)).toEqual([
      'v1/reference/admin: Admin API (staff)',
      'v1/reference/admin/list-users: List users',
      'v1/reference/admin/get-user: Get a user',
      'v1/reference/admin/get-status: Admin API status',
    ]);
    expect(documents.every(({ requires }) => JSON.stringify(requires) === '[["partner"]]')).toBe(true);
    expect(documents[1]!.markdown()).toBe('# List users\n\nGET /users\n\nList users');
    expect(gatedApiDocuments(loadSite(join(FIXTURES, 'several-apis'), { CARAVAN_DOCS_AUTH_ENABLED: 'true' }).model, join(FIXTURES, 'several-apis'))).toEqual([]);
    // The public API's pages are in the public index, not here; its group is the partner pages' group.
    expect(searchGroups([...gatedPageDocuments(model, root), ...documents]).map(({ group, documents: grouped }) => [group.requires, grouped.length])).toEqual([[[['partner']], 4]]);
  });

  it('on a login-only site, hold every API for any signed-in reader, and a gated one for its roles', () => {
    const root = gatedApiSite();
    const { model } = loadSite(root, { CARAVAN_DOCS_AUTH_REQUIRE_LOGIN: 'true' });
    const documents = gatedApiDocuments(model, root);
    const publicApi = documents.filter(({ slug }) => slug.startsWith('reference/public'));
    expect(publicApi.map(({ slug }) => slug)).toContain('reference/public/list-notes');
    expect(new Set(publicApi.map(({ requires }) => JSON.stringify(requires)))).toEqual(new Set(['[]']));
    expect(new Set(documents.filter(({ slug }) => slug.startsWith('reference/admin')).map(({ requires }) => JSON.stringify(requires)))).toEqual(new Set(['[["partner"]]']));
  });
});
