import { describe, expect, it } from 'vitest';
import { loginUrl, safeNextPath } from '../../../src/auth/next-path.ts';

const SITE = 'https://docs.example';

/** Where a browser on SITE would go if redirected to `location`. */
const resolvedOrigin = (location: string) => new URL(location, SITE).origin;

describe('safeNextPath refuses', () => {
  it('a protocol-relative URL: //evil.example', () => {
    expect(safeNextPath('//evil.example', '/')).toBeUndefined();
    expect(safeNextPath('//evil.example/docs/', '/docs/')).toBeUndefined();
  });

  it('a slash then backslash: /\\evil.example', () => {
    expect(safeNextPath('/\\evil.example', '/')).toBeUndefined();
  });

  it('two backslashes: \\\\evil.example', () => {
    expect(safeNextPath('\\\\evil.example', '/')).toBeUndefined();
  });

  it('a backslash anywhere: /docs/\\evil', () => {
    expect(safeNextPath('/docs/\\evil', '/')).toBeUndefined();
  });

  it('an absolute URL: https://evil.example', () => {
    expect(safeNextPath('https://evil.example', '/')).toBeUndefined();
    expect(safeNextPath('https://evil.example/', '/')).toBeUndefined();
  });

  it('a javascript: URL', () => {
    expect(safeNextPath('javascript:alert(1)', '/')).toBeUndefined();
  });

  it('a javascript: URL in mixed case', () => {
    expect(safeNextPath('JaVaScRiPt:alert(1)', '/')).toBeUndefined();
  });

  it('a scheme with one slash: http:/evil.example', () => {
    expect(safeNextPath('http:/evil.example', '/')).toBeUndefined();
  });

  it('a data: URL', () => {
    expect(safeNextPath('data:text/html,<script>alert(1)</script>', '/')).toBeUndefined();
  });

  it('a tab after the slash: /\\tevil', () => {
    expect(safeNextPath('/\tevil', '/')).toBeUndefined();
  });

  it('a tab or newline between the slashes, which browsers strip: /\\t/evil.example', () => {
    expect(safeNextPath('/\t/evil.example', '/')).toBeUndefined();
    expect(safeNextPath('/\n/evil.example', '/')).toBeUndefined();
    expect(safeNextPath('/\r\n/evil.example', '/')).toBeUndefined();
  });

  it('a leading space: " /x"', () => {
    expect(safeNextPath(' /x', '/')).toBeUndefined();
  });

  it('whitespace and control characters anywhere', () => {
    for (const value of ['/x y', '/x\u0000', '/x\u001f', '/x\u007f', '/x\u00a0', '/x\u2028', '/x ']) {
      expect(safeNextPath(value, '/')).toBeUndefined();
    }
  });

  it('an encoded protocol-relative URL: %2F%2Fevil.example', () => {
    expect(safeNextPath('%2F%2Fevil.example', '/')).toBeUndefined();
  });

  it('dot segments that collapse to //evil.example', () => {
    expect(safeNextPath('/.//evil.example', '/')).toBeUndefined();
    expect(safeNextPath('/x/..//evil.example', '/')).toBeUndefined();
    expect(safeNextPath('/%2e%2e//evil.example', '/')).toBeUndefined();
  });

  it('a relative path without a leading slash: evil.example, ./x, ?next=x', () => {
    for (const value of ['evil.example', './x', '../x', '?a=1', '#h']) {
      expect(safeNextPath(value, '/')).toBeUndefined();
    }
  });

  it('nothing: empty, null and undefined', () => {
    expect(safeNextPath('', '/')).toBeUndefined();
    expect(safeNextPath(null, '/')).toBeUndefined();
    expect(safeNextPath(undefined, '/')).toBeUndefined();
  });
});

describe('safeNextPath with an encoded backslash', () => {
  it('/%5Cevil.example is refused or stays a path on this site', () => {
    const result = safeNextPath('/%5Cevil.example', '/');
    const safe = result === undefined || (result === '/%5Cevil.example' && resolvedOrigin(result) === SITE && new URL(result, SITE).pathname === result);
    expect(safe, `returned ${JSON.stringify(result)}`).toBe(true);
  });

  it('refuses encoded slashes and backslashes, which a proxy may decode into //host', () => {
    for (const value of ['/%5Cevil.example', '/%2F%2Fevil.example', '/%2f%2fevil.example', '/%5c%5cevil', '/docs/a%2Fb/']) {
      expect(safeNextPath(value, '/')).toBeUndefined();
    }
  });
});

describe('safeNextPath under base /docs/', () => {
  it('refuses a path outside the base: /other/', () => {
    expect(safeNextPath('/other/', '/docs/')).toBeUndefined();
  });

  it('refuses a path that only starts with the base’s letters: /docsevil/', () => {
    expect(safeNextPath('/docsevil/', '/docs/')).toBeUndefined();
    expect(safeNextPath('/docs-old/x/', '/docs/')).toBeUndefined();
  });

  it('refuses dot segments that climb out of the base', () => {
    expect(safeNextPath('/docs/../other/', '/docs/')).toBeUndefined();
    expect(safeNextPath('/docs/%2e%2e/other/', '/docs/')).toBeUndefined();
  });

  it('accepts a page under the base: /docs/1.2/x/', () => {
    expect(safeNextPath('/docs/1.2/x/', '/docs/')).toBe('/docs/1.2/x/');
  });

  it('accepts the base without its trailing slash: /docs', () => {
    expect(safeNextPath('/docs', '/docs/')).toBe('/docs');
    expect(safeNextPath('/docs/', '/docs/')).toBe('/docs/');
    expect(safeNextPath('/docs?a=1', '/docs/')).toBe('/docs?a=1');
  });
});

describe('safeNextPath accepts', () => {
  it('a page with query and fragment: /1.2/partners/?a=1#h', () => {
    expect(safeNextPath('/1.2/partners/?a=1#h', '/')).toBe('/1.2/partners/?a=1#h');
  });

  it('the site root', () => {
    expect(safeNextPath('/', '/')).toBe('/');
  });

  it('percent-encoded characters as they are', () => {
    expect(safeNextPath('/1.2/caf%C3%A9/', '/')).toBe('/1.2/caf%C3%A9/');
  });

  it('a query that itself mentions another site, which stays in the query', () => {
    const result = safeNextPath('/search/?q=//evil.example', '/');
    expect(result).toBe('/search/?q=//evil.example');
    expect(resolvedOrigin(result!)).toBe(SITE);
  });

  it('returns the normalised form: dot segments resolved, raw non-ASCII encoded', () => {
    expect(safeNextPath('/1.2/./guides/../partners/', '/')).toBe('/1.2/partners/');
    expect(safeNextPath('/docs/1.2/x/../y/', '/docs/')).toBe('/docs/1.2/y/');
    expect(safeNextPath('/café/', '/')).toBe('/caf%C3%A9/');
  });

  it('only values that resolve to this site, whatever the input', () => {
    const inputs = ['/a', '/%2F%2Fevil', '/%5C%5Cevil', '/a/%2e%2e/%2e/%2fevil', '/@evil.example', '/:@evil.example', '/a?b#//evil'];
    for (const input of inputs) {
      const result = safeNextPath(input, '/');
      if (result === undefined) continue;
      expect(result.startsWith('//')).toBe(false);
      expect(resolvedOrigin(result)).toBe(SITE);
    }
  });
});

describe('loginUrl', () => {
  it('points at the sign-in page with next encoded, slashes left readable', () => {
    expect(loginUrl('/', '/1.2/partners/?a=1#h')).toBe('/login?next=/1.2/partners/%3Fa%3D1%23h');
    expect(loginUrl('/docs/', '/docs/1.2/x/')).toBe('/docs/login?next=/docs/1.2/x/');
  });

  it('keeps an encoded slash in the path distinct from a real one', () => {
    const url = new URL(loginUrl('/', '/1.2/a%2Fb/'), SITE);
    expect(url.searchParams.get('next')).toBe('/1.2/a%2Fb/');
  });

  it('round-trips through URLSearchParams and safeNextPath', () => {
    const next = '/docs/1.2/partners/?a=1&b=2#h';
    const url = new URL(loginUrl('/docs/', next), SITE);
    expect(url.pathname).toBe('/docs/login');
    expect(url.searchParams.get('next')).toBe(next);
    expect(safeNextPath(url.searchParams.get('next'), '/docs/')).toBe(next);
  });
});
