import { describe, expect, it } from 'vitest';
import { pageOfSource, sourceOfPage } from '../../../../src/server/front/alternates.ts';

describe('a page URL and its Markdown source', () => {
  it('maps a page to its source and back, under / and under a base', () => {
    expect(sourceOfPage('/1.2/guides/dispatching/', '/')).toEqual({ pagePath: '/1.2/guides/dispatching/', sourcePath: '/1.2/guides/dispatching.md', file: '1.2/guides/dispatching' });
    expect(pageOfSource('/1.2/guides/dispatching.md', '/')).toEqual({ pagePath: '/1.2/guides/dispatching/', sourcePath: '/1.2/guides/dispatching.md', file: '1.2/guides/dispatching' });
    expect(sourceOfPage('/docs/1.0/start/', '/docs/')?.sourcePath).toBe('/docs/1.0/start.md');
    expect(pageOfSource('/docs/1.0/start.md', '/docs/')?.pagePath).toBe('/docs/1.0/start/');
  });

  it('keeps the percent-encoding of the request and decodes the file name once', () => {
    expect(sourceOfPage('/1.2/caf%C3%A9/', '/')).toEqual({ pagePath: '/1.2/caf%C3%A9/', sourcePath: '/1.2/caf%C3%A9.md', file: '1.2/café' });
  });

  it('is not a page: the base itself, outside the base, no trailing slash, reserved root segments', () => {
    for (const [path, base] of [
      ['/', '/'],
      ['/docs/', '/docs/'],
      ['/1.2/x/', '/docs/'],
      ['/1.2/x', '/'],
      ['/home/', '/'],
      ['/login/', '/'],
      ['/api/sidebar/x/', '/'],
      ['/healthz/', '/'],
      ['/_astro/x/', '/'],
    ] as const) {
      expect(sourceOfPage(path, base), path).toBeUndefined();
    }
    expect(pageOfSource('/llms.md', '/')).toBeDefined();
    expect(pageOfSource('/1.2/x.txt', '/')).toBeUndefined();
    expect(pageOfSource('/mcp.md', '/')).toBeUndefined();
  });

  it('refuses tricky spellings: empty, dot and encoded-separator segments, characters that would break a Link header', () => {
    for (const path of ['/1.2//x/', '/1.2/./x/', '/1.2/../x/', '/1.2/%2e%2e/x/', '/1.2/a%2Fb/', '/1.2/a%5Cb/', '/1.2/%00/', '/1.2/%E0%A4%A/', '/1.2/a>b/', '/1.2/a,b/', '/1.2/a;b/', '/1.2/a"b/', '/1.2/a b/']) {
      expect(sourceOfPage(path, '/'), path).toBeUndefined();
    }
  });
});
