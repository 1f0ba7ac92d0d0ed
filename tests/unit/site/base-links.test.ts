import { describe, expect, it } from 'vitest';
import { baseLinkPlugins } from '../../../src/integration/base-links.ts';
import { withBase } from '../../../src/model/urls.ts';

describe('root-relative links under a base path', () => {
  it('get the base in front', () => {
    expect(withBase('/1.2/guides/dispatch/', '/docs/')).toBe('/docs/1.2/guides/dispatch/');
    expect(withBase('/1.2/guides/dispatch/#step-2', '/docs/')).toBe('/docs/1.2/guides/dispatch/#step-2');
  });

  it('leave relative, external, protocol-relative and already-based targets alone', () => {
    for (const target of ['../errors/', 'https://example.com/x', '//cdn.example/x.png', '/docs/1.2/x/', '/docs', '#anchor', 'mailto:a@b.c']) {
      expect(withBase(target, '/docs/')).toBe(target);
    }
  });

  it('change nothing at the root', () => {
    expect(withBase('/1.2/x/', '/')).toBe('/1.2/x/');
    expect(baseLinkPlugins('/')).toEqual([]);
  });

  it('rewrite link and image attributes through the processor’s visitor', () => {
    const [links, images] = baseLinkPlugins('/docs/') as Array<{ element: { filter: string[]; visit: (node: unknown, ctx: unknown) => void } }>;
    const set: Array<[string, unknown]> = [];
    const ctx = { setProperty: (_node: unknown, name: string, value: unknown) => set.push([name, value]) };
    links!.element.visit({ properties: { href: '/1.0/guides/first/' } }, ctx);
    links!.element.visit({ properties: { href: 'https://example.com/' } }, ctx);
    images!.element.visit({ properties: { src: '/images/map.png' } }, ctx);
    expect(links!.element.filter).toEqual(['a']);
    expect(set).toEqual([
      ['href', '/docs/1.0/guides/first/'],
      ['src', '/docs/images/map.png'],
    ]);
  });
});
