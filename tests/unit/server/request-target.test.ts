import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../src/config/load.ts';
import type { Reader } from '../../../src/model/access.ts';
import { coveredByPublicPaths, decideRequest, pageLookup, publicSourceUrl, resolveRequestTarget, splitVersionKey } from '../../../src/server/request-target.ts';
import { FIXTURES } from '../site/support.ts';

const PROJECT_ROOT = join(FIXTURES, '../..');

const { model } = loadSite(join(FIXTURES, 'basic'), { CARAVAN_DOCS_AUTH_ENABLED: 'true' });
const pages = pageLookup(model);
const target = (path: string, base = '/') => resolveRequestTarget(path, base, pages);
const kindOf = (path: string, base = '/') => {
  const resolved = target(path, base);
  return 'page' in resolved ? `${resolved.kind}:${resolved.page.slug}` : resolved.kind;
};
const partner: Reader = { id: 'p', name: 'P', roles: ['partner'] };
const admin: Reader = { id: 'a', name: 'A', roles: ['admin'] };

describe('resolving a request path to a page', () => {
  it('resolves the canonical page URL, its Markdown source and the two aliases', () => {
    expect(kindOf('/1.0/partners/secret-routes/')).toBe('page:partners/secret-routes');
    expect(kindOf('/1.0/partners/secret-routes.md')).toBe('markdown:partners/secret-routes');
    expect(kindOf('/1.0/partners/secret-routes')).toBe('alias:partners/secret-routes');
    expect(kindOf('/1.0/partners/secret-routes/index.html')).toBe('alias:partners/secret-routes');
  });

  it('decodes each segment once, so plain percent-encoding of letters still names the page', () => {
    expect(kindOf('/1.0/partners/secret%2Droutes/')).toBe('page:partners/secret-routes');
  });

  it('never resolves other spellings: case, encoded separators, empty segments, dot segments', () => {
    for (const path of [
      '/1.0/Partners/secret-routes/',
      '/1.0/partners%2Fsecret-routes/',
      '/1.0/partners%2fsecret-routes.md',
      '/1.0/partners%5Csecret-routes/',
      '/1.0//partners/secret-routes/',
      '/1.0/partners/secret-routes//',
      '/1.0/partners/%2e%2e/partners/secret-routes/',
      '/1.0/partners/secret-routes/index.html/',
      '/1.0/partners/secret-routes.MD',
      '/1.0/%E0%A4%A/',
    ]) {
      expect(kindOf(path), path).toBe('unknown');
    }
  });

  it('the version root resolves to the version (its first page depends on the reader)', () => {
    expect(kindOf('/1.0/')).toBe('version');
    expect(kindOf('/1.0')).toBe('unknown');
  });

  it('paths outside every version, or outside the base, resolve to nothing', () => {
    expect(kindOf('/9.9/partners/')).toBe('outside');
    expect(kindOf('//1.0/partners/')).toBe('outside');
    expect(kindOf('/favicon.ico')).toBe('outside');
    expect(kindOf('/1.0/partners/', '/docs/')).toBe('outside');
    expect(kindOf('/docs/1.0/partners/', '/docs/')).toBe('page:partners');
  });
});

describe('publicPaths prefixes', () => {
  it('match at segment boundaries', () => {
    expect(coveredByPublicPaths('/1.0/partners/', ['/1.0/partners'])).toBe(true);
    expect(coveredByPublicPaths('/1.0/partners/x/', ['/1.0/partners/'])).toBe(true);
    expect(coveredByPublicPaths('/1.0/partnership/', ['/1.0/partner'])).toBe(false);
    expect(coveredByPublicPaths('/login', ['/login'])).toBe(true);
    expect(coveredByPublicPaths('/loginx', ['/login'])).toBe(false);
  });
});

describe('the role check of a request', () => {
  const decide = (path: string, reader?: Reader, publicPaths: string[] = []) => decideRequest(target(path), reader, publicPaths).kind;

  it('signed out: gated pages and unknown paths under a version answer alike (sign in); outside paths are not found', () => {
    expect(decide('/1.0/partners/')).toBe('sign-in');
    expect(decide('/1.0/')).toBe('sign-in');
    expect(decide('/1.0/', partner)).toBe('first-page');
    expect(decide('/1.0/no-such-page/')).toBe('sign-in');
    expect(decide('/9.9/x/')).toBe('not-found');
  });

  it('signed in: the role opens the page, its source and its aliases; another role is forbidden; unknown is not found', () => {
    expect(decide('/1.0/partners/secret-routes/', partner)).toBe('page');
    expect(decide('/1.0/partners/secret-routes.md', partner)).toBe('markdown');
    expect(decide('/1.0/partners/secret-routes', partner)).toBe('redirect');
    expect(decide('/1.0/ops/runbook/', partner)).toBe('forbidden');
    expect(decide('/1.0/ops/runbook.md', partner)).toBe('forbidden');
    expect(decide('/1.0/ops/runbook', partner)).toBe('forbidden');
    expect(decide('/1.0/ops/runbook/', admin)).toBe('page');
    expect(decide('/1.0/no-such-page/', partner)).toBe('not-found');
  });

  it('an alias of a gated page redirects only readers who pass the check', () => {
    expect(decide('/1.0/partners/secret-routes')).toBe('sign-in');
    expect(decide('/1.0/partners/secret-routes/index.html', admin)).toBe('forbidden');
  });

  it('publicPaths opens a gated page (and its source) to anyone, judged on the resolved page, not the raw path', () => {
    const open = ['/1.0/partners/secret-routes'];
    expect(decideRequest(target('/1.0/partners/secret-routes/'), undefined, open)).toMatchObject({ kind: 'page', opened: true });
    expect(decide('/1.0/partners/secret-routes.md', undefined, open)).toBe('markdown');
    expect(decide('/1.0/partners/', undefined, open)).toBe('sign-in');
    expect(decide('/1.0/partners%2Fsecret-routes/', undefined, open)).toBe('sign-in');
    // A reader who holds the role reads it as theirs, not as an opened page.
    expect(decideRequest(target('/1.0/partners/secret-routes/'), partner, open)).toMatchObject({ kind: 'page', opened: false });
  });
});

describe('a locale other than the default: /{locale}/{version}/…', () => {
  // The default site: German (untranslated: omit) translates the 1.2 overview and the gated partners page.
  const localized = pageLookup(loadSite(PROJECT_ROOT, { CARAVAN_DOCS_AUTH_ENABLED: 'true' }).model);
  const at = (path: string) => resolveRequestTarget(path, '/', localized);

  it('resolves a translation, its Markdown source and its aliases under the locale, keyed {locale}/{version}', () => {
    expect(at('/de/1.2/partners/')).toMatchObject({ kind: 'page', versionId: 'de/1.2', page: { slug: 'partners', title: 'Partnernetz', public: false } });
    expect(at('/de/1.2/partners.md')).toMatchObject({ kind: 'markdown', versionId: 'de/1.2' });
    expect(at('/de/1.2/partners')).toMatchObject({ kind: 'alias', versionId: 'de/1.2' });
    expect(splitVersionKey('de/1.2')).toEqual({ locale: 'de', versionId: '1.2' });
    expect(splitVersionKey('1.2')).toEqual({ locale: undefined, versionId: '1.2' });
  });

  it('keeps the role check of the original, and unknown paths under the locale look like gated pages', () => {
    const page = at('/de/1.2/partners/');
    expect(decideRequest(page, undefined, [])).toEqual({ kind: 'sign-in' });
    expect(decideRequest(page, { id: 'r', name: 'R', roles: [] }, [])).toEqual({ kind: 'forbidden' });
    expect(decideRequest(page, { id: 'p', name: 'P', roles: ['partner'] }, [])).toMatchObject({ kind: 'page', versionId: 'de/1.2' });
    expect(at('/de/1.2/no-such-page/')).toEqual({ kind: 'unknown', versionId: 'de/1.2' });
    expect(at('/de/9.9/partners/')).toEqual({ kind: 'outside' });
    expect(at('/xx/1.2/partners/')).toEqual({ kind: 'outside' });
    // The default locale's URL of the same page is still the original.
    expect(at('/1.2/partners/')).toMatchObject({ kind: 'page', versionId: '1.2', page: { title: 'Partner network' } });
  });

  it("sends a public page's odd source spelling to its static file: a page shown untranslated to its original's", () => {
    expect(publicSourceUrl('/', 'de/1.2', { slug: 'overview' })).toBe('/de/1.2/overview.md');
    // A fallback page has no source under the locale: sending it there again would loop.
    expect(publicSourceUrl('/', 'de/1.2', { slug: 'quickstart', untranslated: true })).toBe('/1.2/quickstart.md');
    expect(publicSourceUrl('/docs/', '1.2', { slug: 'quickstart' })).toBe('/docs/1.2/quickstart.md');
  });
});
