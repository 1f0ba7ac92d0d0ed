import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../src/config/load.ts';
import { searchDocument, searchGroups } from '../../../src/integration/gated-search.ts';
import { FIXTURES } from '../site/support.ts';

describe('search indexes for signed-in readers', () => {
  it('group the non-public pages by the roles they need, and leave public pages out', () => {
    const { model } = loadSite(join(FIXTURES, 'basic'), { CARAVAN_DOCS_AUTH_ENABLED: 'true' });
    const groups = searchGroups(model).map(({ group, pages }) => ({ requires: group.requires, slugs: pages.map(({ page }) => page.slug) }));
    expect(groups).toEqual([
      { requires: [['partner']], slugs: ['partners', 'partners/secret-routes', 'partners/open-looking'] },
      { requires: [['admin']], slugs: ['ops/runbook'] },
    ]);
    expect(new Set(searchGroups(model).map(({ group }) => group.id)).size).toBe(2);
  });

  it('key each group by the build: the same roles get another id in another build', () => {
    const { model } = loadSite(join(FIXTURES, 'basic'), { CARAVAN_DOCS_AUTH_ENABLED: 'true' });
    const ids = (buildId: string) => searchGroups(model, buildId).map(({ group }) => group.id);
    expect(ids('20261122T230000Z-aaaaaaaaaaaa')).toEqual(ids('20261122T230000Z-aaaaaaaaaaaa'));
    expect(ids('20261122T230000Z-aaaaaaaaaaaa').filter((id) => ids('20261122T230001Z-bbbbbbbbbbbb').includes(id))).toEqual([]);
  });

  it('on a login-only site every page is in a group that any signed-in reader opens', () => {
    const { model } = loadSite(join(FIXTURES, 'basic'), { CARAVAN_DOCS_AUTH_ENABLED: 'true', CARAVAN_DOCS_AUTH_REQUIRE_LOGIN: 'true' });
    expect(searchGroups(model).find(({ group }) => group.requires.length === 0)?.pages.map(({ page }) => page.slug)).toContain('overview');
  });

  it('index a page as its title, version filter and escaped text', () => {
    const html = searchDocument('Routes <b>', '1.2', '# Routes\n\n> A summary.\n\nBody with <script>x</script> & more.');
    expect(html).toContain('<h1 data-pagefind-meta="title">Routes &lt;b&gt;</h1>');
    expect(html).toContain('data-pagefind-filter="version[content]" content="1.2"');
    expect(html).toContain('<p>Body with &lt;script&gt;x&lt;/script&gt; &amp; more.</p>');
    expect(html).not.toContain('<script>');
  });
});
