import { describe, expect, it } from 'vitest';
import { pageLinkHeader, sourceLinkHeader } from '../../../src/discovery/link-headers.ts';

describe('Link header values (server answers and static-host rules alike)', () => {
  it('a page names its Markdown source and llms.txt under the base; the source names its page as canonical HTML', () => {
    expect(pageLinkHeader('/docs/1.0/start.md', '/docs/', true)).toBe('</docs/1.0/start.md>; rel="alternate"; type="text/markdown", </docs/llms.txt>; rel="describedby"');
    expect(sourceLinkHeader('/docs/1.0/start/', '/docs/', true)).toBe('</docs/1.0/start/>; rel="canonical"; type="text/html", </docs/llms.txt>; rel="describedby"');
  });

  it('leaves llms.txt out when the site does not build it', () => {
    expect(pageLinkHeader('/1.0/start.md', '/', false)).toBe('</1.0/start.md>; rel="alternate"; type="text/markdown"');
    expect(sourceLinkHeader('/1.0/start/', '/', false)).toBe('</1.0/start/>; rel="canonical"; type="text/html"');
  });
});
