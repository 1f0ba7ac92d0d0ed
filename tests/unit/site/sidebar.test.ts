import { describe, expect, it } from 'vitest';
import { buildSidebar, type SidebarItem } from '../../../src/model/sidebar.ts';
import { indexSite } from '../../../src/model/site-index.ts';
import type { NavNode, Page, Section, SiteModel } from '../../../src/model/types.ts';

const pageNode = (slug: string): Page => ({ kind: 'page', slug, title: slug, description: '', file: `${slug}.md`, requires: [], public: true });
const section = (title: string, children: NavNode[], dropdown = true): Section => ({ kind: 'section', title, dropdown, requires: [], public: true, children });

/** A version with `sections` sections of `perSection` pages each. */
function bigNav(sections: number, perSection: number): NavNode[] {
  return Array.from({ length: sections }, (_, s) => section(`Section ${s}`, Array.from({ length: perSection }, (_, p) => pageNode(`s${s}/p${p}`))));
}

const current = (nav: NavNode[], slug: string) => {
  const model = { config: {} as SiteModel['config'], versions: [{ version: { id: 'v', label: 'v', stable: true }, nav }] };
  const place = indexSite(model).byId.get('v')!.bySlug.get(slug)!;
  return { slug, ancestors: place.ancestors };
};

const count = (items: SidebarItem[]): number => items.reduce((n, item) => n + 1 + (item.kind === 'group' ? count(item.items) : 0), 0);
const links = (items: SidebarItem[]): string[] => items.flatMap((item) => (item.kind === 'link' ? [item.slug] : [...(item.link ? [item.link.slug] : []), ...links(item.items)]));

describe('sidebar', () => {
  it('small sites get the whole tree; the section holding the current page is open', () => {
    const nav = bigNav(3, 4);
    const sidebar = buildSidebar(nav, current(nav, 's1/p2'));
    expect(sidebar.complete).toBe(true);
    expect(links(sidebar.items)).toHaveLength(12);
    expect(sidebar.items.map((item) => item.kind === 'group' && item.open)).toEqual([false, true, false]);
    expect(JSON.stringify(sidebar)).toContain('"slug":"s1/p2","current":true');
  });

  it('no-dropdown groups are always open and link their own page', () => {
    const group: Section = { ...section('Partners', [pageNode('partners/a')], false), page: pageNode('partners') };
    const nav = [pageNode('home'), group];
    const sidebar = buildSidebar(nav, current(nav, 'home'));
    expect(sidebar.items[1]).toMatchObject({ kind: 'group', dropdown: false, open: true, link: { slug: 'partners', current: false } });
  });

  it('large sites get a bounded window around the current page, whatever the site size', () => {
    for (const perSection of [500, 5000]) {
      const nav = bigNav(10, perSection);
      const sidebar = buildSidebar(nav, current(nav, 's4/p250'));
      expect(sidebar.complete).toBe(false);
      expect(count(sidebar.items)).toBeLessThanOrEqual(60);
      expect(links(sidebar.items)).toContain('s4/p250');
      const open = sidebar.items.filter((item) => item.kind === 'group' && item.open);
      expect(open).toHaveLength(1);
      expect(open[0]).toMatchObject({ title: 'Section 4', hidden: perSection - 24 });
    }
  });

  it('the window includes the first and last page when the current page is at an edge', () => {
    const nav = bigNav(2, 200);
    expect(links(buildSidebar(nav, current(nav, 's0/p0')).items)).toContain('s0/p0');
    expect(links(buildSidebar(nav, current(nav, 's1/p199')).items)).toContain('s1/p199');
  });

  it('expandAll opens every section (the all-pages index)', () => {
    const nav = bigNav(3, 2);
    const sidebar = buildSidebar(nav, undefined, { expandAll: true });
    expect(sidebar.items.every((item) => item.kind === 'group' && item.open)).toBe(true);
  });
});
