import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../src/config/load.ts';
import { accessTo, canRead, readerView, rolesKey, type Reader } from '../../../src/model/access.ts';
import { flattenPages } from '../../../src/model/tree.ts';
import { FIXTURES } from '../site/support.ts';

const reader = (...roles: string[]): Reader => ({ id: 'r', name: 'R', roles });

describe('canRead', () => {
  it('needs one role of every gated level', () => {
    expect(canRead([], [])).toBe(true);
    expect(canRead([['partner']], ['partner'])).toBe(true);
    expect(canRead([['partner', 'admin']], ['admin'])).toBe(true);
    expect(canRead([['partner'], ['admin']], ['partner'])).toBe(false);
    expect(canRead([['partner'], ['admin']], ['admin', 'partner'])).toBe(true);
    expect(canRead([['partner']], [])).toBe(false);
  });
});

describe('accessTo', () => {
  it('public pages are open; others need a reader, then the roles', () => {
    expect(accessTo({ public: true, requires: [] }, undefined)).toBe('allow');
    expect(accessTo({ public: false, requires: [['partner']] }, undefined)).toBe('sign-in');
    expect(accessTo({ public: false, requires: [['partner']] }, reader('admin'))).toBe('forbidden');
    expect(accessTo({ public: false, requires: [['partner']] }, reader('partner'))).toBe('allow');
    // A login-only site: no roles needed, only a signed-in reader.
    expect(accessTo({ public: false, requires: [] }, undefined)).toBe('sign-in');
    expect(accessTo({ public: false, requires: [] }, reader())).toBe('allow');
  });
});

describe('readerView', () => {
  const { model } = loadSite(join(FIXTURES, 'basic'), { CARAVAN_DOCS_AUTH_ENABLED: 'true' });
  const slugs = (view: typeof model) => flattenPages(view.versions[0]!.nav).map((page) => page.slug);

  it('adds exactly the gated pages the roles open', () => {
    expect(slugs(readerView(model, undefined))).not.toContain('partners');
    expect(slugs(readerView(model, reader('partner')))).toEqual(expect.arrayContaining(['partners', 'partners/secret-routes', 'partners/open-looking']));
    expect(slugs(readerView(model, reader('partner')))).not.toContain('ops/runbook');
    expect(slugs(readerView(model, reader('admin')))).toContain('ops/runbook');
  });

  it('a page opened by publicPaths joins that view only, alone at the end, without its gated section', () => {
    const opened = flattenPages(model.versions[0]!.nav).find((page) => page.slug === 'ops/runbook')!;
    const view = readerView(model, undefined, opened);
    expect(slugs(view)).toContain('ops/runbook');
    expect(slugs(view)).not.toContain('partners/secret-routes');
    expect(view.versions[0]!.nav.at(-1)).toBe(opened);
    expect(JSON.stringify(view.versions[0]!.nav)).not.toContain('Operations');
    // A reader who holds the role sees it in place, in its section.
    expect(JSON.stringify(readerView(model, reader('admin'), opened).versions[0]!.nav.filter((node) => node.kind === 'section').map((node) => node.title))).toContain('Operations');
  });

  it('readers with the same roles share a key, in any order', () => {
    expect(rolesKey(['partner', 'admin', 'partner'])).toBe(rolesKey(['admin', 'partner']));
    expect(rolesKey([])).not.toBe(rolesKey(['admin']));
  });
});
