import { describe, expect, test } from 'vitest';
import { locateDoc } from '../../../src/mcp/locate.ts';
import { agentView, agentViews } from '../../../src/mcp/view.ts';
import { fixtureCorpus, GATED_MARKERS } from './support.ts';

const anonymous = undefined;
const partner = { id: 'fixpartner', name: 'Fay Partner', roles: ['partner'] };
const admin = { id: 'ada', name: 'Ada', roles: ['admin'] };

describe('reader views of the corpus follow the site access rules', () => {
  const corpus = fixtureCorpus();

  test('the corpus holds the gated pages (the control for every leak check below)', () => {
    expect(corpus.docs.map((doc) => doc.slug)).toEqual(expect.arrayContaining(['partners', 'partners/routes', 'ops']));
    expect(JSON.stringify(corpus.docs)).toContain('AUTHGATEDBODY');
  });

  test('anonymous: public pages, the reference and the nav, with no gated marker anywhere', () => {
    const view = agentView(corpus, anonymous);
    expect(view.versions[0]!.docs.map((doc) => doc.slug)).toEqual(['overview', 'guide', 'reference', 'reference/list-caravans']);
    const everything = JSON.stringify({ docs: view.versions, llms: [...corpus.llmsFiles.values()] });
    for (const marker of GATED_MARKERS) expect(everything).not.toContain(marker);
  });

  test('partner: the partner pages, never the admin page; admin: the reverse', () => {
    const partnerSlugs = agentView(corpus, partner).versions[0]!.docs.map((doc) => doc.slug);
    expect(partnerSlugs).toEqual(expect.arrayContaining(['partners', 'partners/routes', 'partners/open-door']));
    expect(partnerSlugs).not.toContain('ops');
    const adminSlugs = agentView(corpus, admin).versions[0]!.docs.map((doc) => doc.slug);
    expect(adminSlugs).toContain('ops');
    expect(adminSlugs).not.toContain('partners/routes');
  });

  test('search: anonymous never finds gated text, a partner does', () => {
    const views = agentViews(corpus);
    for (const query of ['AUTHGATEDBODY', 'partner', 'routes', 'Operations desk', 'AUTHOPENDOOR']) {
      expect(JSON.stringify(views(anonymous).search.search(query, { limit: 50 }))).not.toContain('AUTHGATED');
    }
    const hits = views(partner).search.search('AUTHGATEDBODY', { limit: 10 });
    expect(hits.map((hit) => hit.slug)).toContain('partners');
    expect(hits.map((hit) => hit.slug)).not.toContain('ops');
    expect(views(partner)).toBe(views({ ...partner, id: 'someone-else' }));
  });

  test('login-only: an anonymous view is empty, the reference needs a signed-in reader', () => {
    const loginOnly = fixtureCorpus({ CARAVAN_DOCS_AUTH_REQUIRE_LOGIN: 'true' });
    expect(agentView(loginOnly, anonymous).versions.flatMap((version) => version.docs)).toEqual([]);
    expect(agentView(loginOnly, { id: 'reader', name: 'Rita', roles: [] }).versions[0]!.docs.map((doc) => doc.slug)).toEqual(['overview', 'guide', 'reference', 'reference/list-caravans']);
  });
});

describe('read_page lookups: only canonical spellings of readable pages resolve', () => {
  const corpus = fixtureCorpus();
  const view = agentView(corpus, anonymous);
  const partnerView = agentView(corpus, partner);
  const found = (input: string, target = view) => locateDoc(target, input, undefined)?.slug;

  test('URLs, paths, .md and slugs of a public page', () => {
    for (const input of ['https://docs.auth-fixture.example/1.0/guide/', 'https://docs.auth-fixture.example/1.0/guide.md', '/1.0/guide/', '/1.0/guide', '/1.0/guide/index.html', '1.0/guide/', 'guide', 'guide.md', '/1.0/gu%69de/']) {
      expect(found(input), input).toBe('guide');
    }
  });

  test('gated pages, by any spelling, are not found anonymously (as a page that does not exist)', () => {
    const tricks = [
      'partners/routes',
      '/1.0/partners/routes/',
      '/1.0/partners/routes.md',
      'https://docs.auth-fixture.example/1.0/partners/routes/',
      'https://docs.auth-fixture.example/1.0/guide/../partners/routes/',
      '/1.0/partners%2Froutes/',
      '/1.0/partners/%2e%2e/partners/routes/',
      '/1.0/Partners/Routes/',
      '/1.0//partners/routes/',
      '/1.0/partners/./routes/',
      'partners\\routes',
      '/1.0/partners/routes%00/',
      'ops',
      '/1.0/ops.md',
      'partners/open-door',
    ];
    for (const input of tricks) expect(found(input), input).toBeUndefined();
    expect(found('partners/routes', partnerView)).toBe('partners/routes');
    expect(found('/1.0/partners/routes.md', partnerView)).toBe('partners/routes');
  });

  test('other origins and malformed input name nothing', () => {
    for (const input of ['https://evil.example/1.0/guide/', 'javascript:alert(1)', '/1.0/%E0%A4%A/', 'nope', '/2.0/guide/', '']) expect(found(input), input).toBeUndefined();
  });

  test('an API gated by roles (`apis:` in site.yml): its reference and sandbox are in the views of its readers only, as on the site', () => {
    const gated = fixtureCorpus({}, [
      { kind: 'reference', api: 'vault', roles: ['admin'], slug: 'reference/vault', title: 'Vault API', description: 'GATEDAPITEXT', markdown: '# Vault API\n\nGATEDAPITEXT\n' },
      { kind: 'operation', api: 'vault', roles: ['admin'], slug: 'reference/vault/open-vault', title: 'Open the vault', description: 'POST /vault', markdown: '# Open the vault\n\nGATEDAPITEXT\n', operation: { id: 'openVault', method: 'post', path: '/vault' } },
    ]);
    const slugsOf = (reader: typeof partner | undefined) => agentView(gated, reader).versions[0]!.docs.map((doc) => doc.slug);
    expect(slugsOf(admin)).toEqual(expect.arrayContaining(['reference/vault', 'reference/vault/open-vault']));
    for (const reader of [anonymous, partner]) {
      expect(slugsOf(reader)).not.toContain('reference/vault');
      expect(JSON.stringify(agentView(gated, reader).versions)).not.toContain('GATEDAPITEXT');
      expect(JSON.stringify(agentViews(gated)(reader).search.search('GATEDAPITEXT', { limit: 10 }))).not.toContain('vault');
    }
    // The roles decide the rule, and are not part of the document itself.
    expect(gated.docs.find((doc) => doc.slug === 'reference/vault')).toMatchObject({ public: false, requires: [['admin']] });
    expect(gated.docs.find((doc) => doc.slug === 'reference/vault')).not.toHaveProperty('roles');
  });
});
