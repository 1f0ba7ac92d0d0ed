import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../src/config/load.ts';
import { loadError, siteWith } from './support.ts';
import { applyBuildEnv } from '../../../src/config/build-env.ts';
import { anonymousView } from '../../../src/integration/build-model.ts';
import { canonicalJson, docsPageFrame, pageKey, siteKey } from '../../../src/model/page-keys.ts';
import { buildSidebar, type SidebarItem } from '../../../src/model/sidebar.ts';
import { indexSite, prevNext, breadcrumbs } from '../../../src/model/site-index.ts';
import { flattenPages } from '../../../src/model/tree.ts';
import type { NavNode, Page, Section, SiteModel } from '../../../src/model/types.ts';

const pageNode = (slug: string): Page => ({ kind: 'page', slug, title: `Title of ${slug}`, description: '', file: `content/v/${slug}.md`, requires: [], public: true });
const section = (title: string, children: NavNode[]): Section => ({ kind: 'section', title, dropdown: true, requires: [], public: true, children });

/** 12 sections of 30 pages: more than the sidebar shows in full, so each page gets a window. */
function largeModel(): SiteModel {
  const nav = Array.from({ length: 12 }, (_, s) => section(`Section ${s}`, Array.from({ length: 30 }, (_, p) => pageNode(`s${s}/p${p}`))));
  return { config: { title: 'Docs', base: '/' } as SiteModel['config'], versions: [{ version: { id: 'v', label: 'v', stable: true }, nav }] };
}

/** Every page's key, as src/lib/page-keys.ts computes it (minus the reference part of the sidebar). */
function keys(model: SiteModel): Map<string, string> {
  const site = indexSite(anonymousView(model));
  const wide = siteKey({ config: model.config, versions: site.versions.map((index) => index.site.version) });
  const index = site.versions[0]!;
  return new Map(
    index.pages.map((page) => {
      const sidebar = buildSidebar(index.site.nav, { slug: page.slug, ancestors: index.bySlug.get(page.slug)!.ancestors });
      return [page.slug, pageKey(wide, { ...docsPageFrame(site, index, page.slug, sidebar), source: 'unchanged' })];
    }),
  );
}

/** The slugs a page links to around its content: sidebar window, breadcrumbs, previous/next. */
function linkedSlugs(model: SiteModel, slug: string): Set<string> {
  const index = indexSite(anonymousView(model)).versions[0]!;
  const sidebar = buildSidebar(index.site.nav, { slug, ancestors: index.bySlug.get(slug)!.ancestors });
  const inSidebar = (items: SidebarItem[]): string[] => items.flatMap((item) => (item.kind === 'link' ? [item.slug] : [...(item.link ? [item.link.slug] : []), ...inSidebar(item.items)]));
  const { prev, next } = prevNext(index, slug);
  return new Set([slug, ...inSidebar(sidebar.items), ...breadcrumbs(index, slug).flatMap((crumb) => (crumb.slug ? [crumb.slug] : [])), ...[prev, next].flatMap((link) => (link ? [link.slug] : []))]);
}

const changed = (before: Map<string, string>, after: Map<string, string>) => [...after.keys()].filter((slug) => before.get(slug) !== after.get(slug)).sort();

describe('page keys', () => {
  it('renaming a page changes exactly the keys of the pages that show its title', () => {
    const model = largeModel();
    const before = keys(model);
    const renamed = flattenPages(model.versions[0]!.nav).find((page) => page.slug === 's5/p14')!;
    renamed.title = 'A new title';
    const after = keys(model);
    const showing = [...before.keys()].filter((slug) => linkedSlugs(model, slug).has('s5/p14')).sort();
    expect(changed(before, after)).toEqual(showing);
    // Windowed sidebars: most of the site does not show it.
    expect(showing.length).toBeGreaterThan(2);
    expect(showing.length).toBeLessThan(before.size / 4);
  });

  it('a page turned gated leaves the keys of every page that listed it', () => {
    const model = largeModel();
    const before = keys(model);
    const gated = flattenPages(model.versions[0]!.nav).find((page) => page.slug === 's2/p3')!;
    Object.assign(gated, { requires: [['partner']], public: false });
    const after = keys(model);
    expect(after.has('s2/p3')).toBe(false);
    const listed = [...after.keys()].filter((slug) => linkedSlugs({ ...largeModel() }, slug).has('s2/p3'));
    expect(listed.length).toBeGreaterThan(0);
    for (const slug of listed) expect(after.get(slug), slug).not.toBe(before.get(slug));
  });

  it('site settings and the version list are in every key', () => {
    const model = largeModel();
    const before = keys(model);
    model.config = { ...model.config, base: '/docs/' };
    expect(changed(before, keys(model))).toHaveLength(before.size);
    const withVersion = largeModel();
    withVersion.versions.push({ version: { id: 'w', label: 'w', stable: false }, nav: [pageNode('s0/p0')] });
    expect(changed(before, keys(withVersion))).toHaveLength(before.size);
  });

  it('canonical JSON ignores key order and undefined members, and writes a recursive value once', () => {
    expect(canonicalJson({ b: 1, a: [1, { d: undefined, c: 'x' }] })).toBe(canonicalJson({ a: [1, { c: 'x' }], b: 1 }));
    const tree: Record<string, unknown> = { name: 'node' };
    tree['child'] = tree;
    expect(canonicalJson(tree)).toBe('{"child":"[cycle]","name":"node"}');
  });

  it('canonical JSON writes Maps, Sets, big integers and non-finite numbers, and orders numeric keys the same whatever the insertion order', () => {
    expect(canonicalJson({ s: new Set([2]), m: new Map([[1, 'a']]), b: 3n, n: Number.NaN, i: Number.POSITIVE_INFINITY })).toBe('{"b":"3","i":"Infinity","m":{"1":"a"},"n":"NaN","s":[2]}');
    expect(canonicalJson({ '404': 'b', '200': 'a', default: 'c', '1000': 'd' })).toBe(canonicalJson({ default: 'c', '1000': 'd', '200': 'a', '404': 'b' }));
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson(new Map([['b', 1], ['a', 2]]))).toBe(canonicalJson(new Map([['a', 2], ['b', 1]])));
  });
});

describe('build.incremental', () => {
  const config = (incremental: boolean) => ({ build: { incremental } }) as SiteModel['config'];
  const enabled = (incremental: boolean, env: Record<string, string>) => applyBuildEnv(config(incremental), env).build.incremental;
  it('site.yml decides unless CARAVAN_DOCS_INCREMENTAL says otherwise', () => {
    expect(enabled(true, {})).toBe(true);
    expect(enabled(false, {})).toBe(false);
    expect(enabled(true, { CARAVAN_DOCS_INCREMENTAL: 'false' })).toBe(false);
    expect(enabled(false, { CARAVAN_DOCS_INCREMENTAL: 'true' })).toBe(true);
  });
  it('refuses any other value, naming the variable and the fix', () => {
    expect(loadError(siteWith({}), { CARAVAN_DOCS_INCREMENTAL: 'no' })).toContain('CARAVAN_DOCS_INCREMENTAL=false');
    expect(loadSite(siteWith({ 'config/site.yml': 'title: T\nurl: https://docs.example\nbuild:\n  incremental: false\n' })).model.config.build.incremental).toBe(false);
    expect(loadSite(siteWith({})).model.config.build.incremental).toBe(true);
  });
});
