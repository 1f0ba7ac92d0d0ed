import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../src/config/load.ts';
import { anonymousView, buildableModel, contentSelection } from '../../../src/integration/build-model.ts';
import { breadcrumbs, defaultVersion, indexSite, prevNext, versionLinks } from '../../../src/model/site-index.ts';
import { flattenPages } from '../../../src/model/tree.ts';
import { FIXTURES, siteWith } from './support.ts';

const basic = () => loadSite(join(FIXTURES, 'basic'), {});
const pagesOf = (model: ReturnType<typeof basic>['model'], version = '1.0') => flattenPages(model.versions.find((v) => v.version.id === version)!.nav);
const page = (model: ReturnType<typeof basic>['model'], slug: string) => pagesOf(model).find((p) => p.slug === slug)!;

describe('site model', () => {
  it('reads versions in display order with labels and stability', () => {
    const { model } = basic();
    expect(model.versions.map((v) => v.version)).toEqual([
      { id: '1.0', label: '1.0', stable: true },
      { id: '2.0', label: '2.0 beta', stable: false },
    ]);
    expect(defaultVersion(model)?.id).toBe('1.0');
  });

  it('keeps the three nav kinds: pages, collapsible sections, no-dropdown groups with a page', () => {
    const nav = basic().model.versions[0]!.nav;
    expect(nav.map((node) => (node.kind === 'page' ? `page:${node.slug}` : `${node.dropdown ? 'section' : 'group'}:${node.title}`))).toEqual([
      'page:overview',
      'section:Guides',
      'group:Partner network',
      'section:Operations',
      'group:Resources',
      'page:changelog',
    ]);
    const group = nav[2];
    expect(group?.kind === 'section' && group.page?.slug).toBe('partners');
  });

  it('reads titles and descriptions from front matter, MDX included', () => {
    const { model } = basic();
    expect(page(model, 'changelog')).toMatchObject({ title: 'Changelog', description: 'What changed.', file: 'content/1.0/changelog.mdx' });
  });

  it('inherits roles through every nested level; [] inside a gated group stays gated', () => {
    const { model } = basic();
    expect(page(model, 'guides/deep')).toMatchObject({ requires: [], public: true });
    expect(page(model, 'partners')).toMatchObject({ requires: [['partner']], public: false });
    expect(page(model, 'partners/secret-routes')).toMatchObject({ requires: [['partner']], public: false });
    expect(page(model, 'partners/open-looking')).toMatchObject({ requires: [['partner']], public: false });
    expect(page(model, 'ops/runbook')).toMatchObject({ requires: [['admin']], public: false });
  });

  it('a page in a gated section that names other roles needs both levels', () => {
    const root = siteWith({ 'content/1.0/nav.yml': '- title: Ops\n  roles: [admin]\n  children:\n    - slug: ops/runbook\n      roles: [oncall]\n' });
    const { model } = loadSite(root, {});
    expect(page(model, 'ops/runbook').requires).toEqual([['admin'], ['oncall']]);
  });

  it('with auth.enabled and auth.requireLogin no page is public, whatever its roles', () => {
    const { model } = loadSite(join(FIXTURES, 'basic'), { CARAVAN_DOCS_AUTH_ENABLED: 'true', CARAVAN_DOCS_AUTH_REQUIRE_LOGIN: 'true' });
    expect(pagesOf(model).filter((p) => p.public)).toEqual([]);
    expect(page(model, 'overview').requires).toEqual([]);
  });

  it('requireLogin alone (auth disabled) changes nothing', () => {
    const { model } = loadSite(join(FIXTURES, 'basic'), { CARAVAN_DOCS_AUTH_REQUIRE_LOGIN: 'true' });
    expect(page(model, 'overview').public).toBe(true);
  });

  it('warns about orphan pages and does not build them', () => {
    const { warnings, orphans } = basic();
    expect(orphans).toEqual(['content/1.0/orphan.md']);
    expect(warnings).toContainEqual({ file: 'content/1.0/orphan.md', message: 'is not listed in content/1.0/nav.yml, so it is not built. Add "- slug: orphan" to the nav to publish it.' });
  });

  it('warns about content folders missing from versions.yml', () => {
    const root = siteWith({ 'content/0.9/nav.yml': '- slug: old\n', 'content/0.9/old.md': '---\ntitle: Old\n---\n' });
    expect(loadSite(root, {}).warnings.map((w) => w.file)).toContain('content/0.9/');
  });
});

describe('static build projection', () => {
  it('removes gated pages and the sections they leave empty', () => {
    const buildable = buildableModel(basic().model, false);
    const slugs = flattenPages(buildable.versions[0]!.nav).map((p) => p.slug);
    expect(slugs).toEqual(['overview', 'guides/first', 'guides/second', 'guides/deep', 'resources', 'resources/faq', 'changelog']);
    expect(JSON.stringify(buildable)).not.toMatch(/GATED|Partner network|Operations|"slug":"(partners|ops)/);
  });

  it('a server build keeps gated pages for its on-demand routes; the anonymous view still has none', () => {
    const { model } = loadSite(join(FIXTURES, 'basic'), { CARAVAN_DOCS_AUTH_ENABLED: 'true' });
    expect(flattenPages(buildableModel(model, true).versions[0]!.nav)).toHaveLength(11);
    expect(flattenPages(anonymousView(model).versions[0]!.nav).map((page) => page.slug)).not.toContain('partners');
  });

  it('content selection loads only built pages: gated files and orphans are excluded', () => {
    const { model, orphans } = basic();
    const selection = contentSelection(model, buildableModel(model, false), orphans, '/docs/content');
    expect(selection.base).toBe('/docs/content');
    expect(selection.pattern).toEqual([
      '1.0/**/*.{md,mdx}',
      '2.0/**/*.{md,mdx}',
      '!1.0/partners.md',
      '!1.0/partners/secret-routes.md',
      '!1.0/partners/open-looking.md',
      '!1.0/ops/runbook.md',
      '!1.0/orphan.md',
    ]);
  });
});

describe('navigation helpers', () => {
  const index = () => indexSite(buildableModel(basic().model, false));

  it('previous and next follow the reading order across sections', () => {
    const v1 = index().byId.get('1.0')!;
    expect(prevNext(v1, 'guides/deep')).toMatchObject({ prev: { slug: 'guides/second' }, next: { slug: 'resources' } });
    expect(prevNext(v1, 'resources/faq')).toMatchObject({ prev: { slug: 'resources' }, next: { slug: 'changelog' } });
    expect(prevNext(v1, 'overview').prev).toBeUndefined();
    expect(prevNext(v1, 'changelog').next).toBeUndefined();
  });

  it('breadcrumbs list the enclosing sections', () => {
    expect(breadcrumbs(index().byId.get('1.0')!, 'guides/deep')).toEqual([{ title: 'Guides' }, { title: 'Deeper' }, { title: 'Deep guide' }]);
  });

  it('the version switcher keeps the page when it exists, else opens the first page', () => {
    const links = versionLinks(index(), '1.0', 'guides/second');
    expect(links.map(({ version, slug, samePage, current }) => ({ id: version.id, slug, samePage, current }))).toEqual([
      { id: '1.0', slug: 'guides/second', samePage: true, current: true },
      { id: '2.0', slug: 'overview', samePage: false, current: false },
    ]);
    expect(versionLinks(index(), '1.0', 'guides/first')[1]).toMatchObject({ slug: 'guides/first', samePage: true });
  });
});
