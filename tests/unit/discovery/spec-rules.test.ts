import robotsParser from 'robots-parser';
import { describe, expect, it } from 'vitest';
import { publicSlugs } from '../../../src/discovery/public-pages.ts';
import { robotsTxt } from '../../../src/discovery/robots-txt.ts';
import { AI_CRAWLERS } from '../../../src/discovery/ai-crawlers.ts';
import { filesOf, links, locs, LOGIN_ONLY_ENV, modelOf, siteWith } from './support.ts';

const GATED = /GATED|ORPHAN|Partner network|Operations|partners|ops\/runbook|orphan/;
const agents = ['*', ...AI_CRAWLERS.map((c) => c.token)];

describe('spec rule 1: a page is public when its roles list is empty; gated pages are excluded from every discovery endpoint', () => {
  it('rule 1: public slugs examine every nested level ([] inside a gated group stays gated)', () => {
    expect(publicSlugs(modelOf('basic')).get('1.0')).toEqual(['overview', 'guides/first', 'guides/second', 'guides/deep', 'resources', 'resources/faq', 'changelog']);
  });

  it('rule 1: no gated title, slug or text in llms.txt, llms-full.txt, the .md sources, robots.txt or sitemap.xml', () => {
    const files = filesOf('basic');
    const leaks = [...files].filter(([path, text]) => GATED.test(path) || GATED.test(text)).map(([path]) => path);
    expect(leaks).toEqual([]);
    expect([...files.keys()].filter((path) => path.endsWith('.md'))).not.toContain('1.0/partners/open-looking.md');
  });

  it('rule 1: gated paths are never listed in robots.txt or sitemap.xml', () => {
    const files = filesOf('discovery-versions');
    expect(files.get('robots.txt')).not.toMatch(/internal|preview|SECRET/);
    expect(files.get('sitemap.xml')).not.toMatch(/internal|preview|SECRET/);
  });
});

describe('spec rule 2: OpenAPI reference pages are not in the sitemap', () => {
  it('rule 2: the sitemap holds nav pages only, never /{version}/reference/ URLs, even with an OpenAPI description present', () => {
    const root = siteWith({ 'content/1.0/openapi.yaml': 'openapi: 3.1.0\ninfo: { title: T, version: "1" }\npaths: {}\n' });
    const urls = locs(filesOf(root).get('sitemap.xml')!);
    expect(urls.some((url) => url.includes('/reference'))).toBe(false);
    expect(urls).toContain('https://docs.fixture.example/1.0/overview/');
  });
});

describe('spec rule 3: auth.enabled and auth.requireLogin empty the public slugs', () => {
  it('rule 3: requireLogin empties public slugs (from the config file)', () => {
    expect([...publicSlugs(modelOf('discovery-private')).values()].flat()).toEqual([]);
  });

  it('rule 3: requireLogin empties public slugs (from CARAVAN_DOCS_AUTH_* variables)', () => {
    expect([...publicSlugs(modelOf('basic', LOGIN_ONLY_ENV)).values()].flat()).toEqual([]);
  });

  it('rule 3: auth.enabled alone or requireLogin alone keeps public pages', () => {
    expect(publicSlugs(modelOf('basic', { CARAVAN_DOCS_AUTH_ENABLED: 'true' })).get('1.0')).toHaveLength(7);
    expect(publicSlugs(modelOf('basic', { CARAVAN_DOCS_AUTH_REQUIRE_LOGIN: 'true' })).get('1.0')).toHaveLength(7);
  });

  it('rule 3: the sitemap then holds only / and /home', () => {
    expect(locs(filesOf('discovery-private').get('sitemap.xml')!)).toEqual(['https://docs.fixture.example/', 'https://docs.fixture.example/home/']);
  });

  it('rule 3: robots.txt disallows the documentation but preserves /, /home and /llms.txt, naming no page', () => {
    const text = filesOf('discovery-private').get('robots.txt')!;
    const robots = robotsParser('https://docs.fixture.example/robots.txt', text);
    for (const agent of agents) {
      for (const path of ['/', '/home/', '/llms.txt', '/sitemap.xml']) expect(robots.isAllowed(`https://docs.fixture.example${path}`, agent), `${agent} ${path}`).toBe(true);
      for (const path of ['/1.0/overview/', '/1.0/overview.md', '/1.0/guides/first/', '/2.0/overview/', '/1.0/all-pages/']) expect(robots.isAllowed(`https://docs.fixture.example${path}`, agent), `${agent} ${path}`).toBe(false);
    }
    expect(text).not.toMatch(/overview|guides|changelog|resources|partners|runbook/);
  });

  it('rule 3: llms.txt lists no pages', () => {
    const files = filesOf('discovery-private');
    expect(links(files.get('llms.txt')!).filter((url) => url.endsWith('.md'))).toEqual([]);
    expect(files.get('llms.txt')).toContain('requires signing in');
    expect([...files.keys()].filter((path) => path.endsWith('.md'))).toEqual([]);
    expect(files.get('llms-full.txt')).not.toMatch(/Overview|First guide/);
  });

  it('rule 3: private via config and private via environment variables give the same files', () => {
    expect(filesOf('basic', LOGIN_ONLY_ENV)).toEqual(filesOf('discovery-private'));
  });
});

describe('spec rule 4: auth.publicPaths does not choose what crawlers discover', () => {
  it('rule 4: publicPaths changes no discovery file', () => {
    const plain = filesOf('basic');
    const root = siteWith({ 'config/site.yml': 'title: Fixture Docs\ndescription: A small site for tests.\nurl: https://docs.fixture.example\nauth:\n  publicPaths: [/login, /api/auth, /1.0/partners/, /1.0/ops/runbook/]\n' });
    expect(filesOf(root)).toEqual(plain);
  });

  it('rule 4: publicPaths changes nothing on a login-only site either', () => {
    const root = siteWith({ 'config/site.yml': 'title: Fixture Docs\ndescription: A small site for tests.\nurl: https://docs.fixture.example\nauth:\n  enabled: true\n  requireLogin: true\n  publicPaths: [/1.0/overview/, /]\n' });
    expect(filesOf(root)).toEqual(filesOf('discovery-private'));
  });
});

describe('spec rule 5: sitemap and robots.txt stay reachable without login on a fully private site', () => {
  it('rule 5: both files are generated, and robots.txt allows the sitemap it references', () => {
    const files = filesOf('discovery-private');
    expect(files.get('sitemap.xml')).toContain('<urlset');
    const text = files.get('robots.txt')!;
    expect(text).toContain('Sitemap: https://docs.fixture.example/sitemap.xml');
    expect(robotsParser('https://docs.fixture.example/robots.txt', text).isAllowed('https://docs.fixture.example/sitemap.xml', 'Googlebot')).toBe(true);
  });
});

describe('spec rule 6: content signals are declarations, not access control', () => {
  it('rule 6: the Content Signals comment says so, and a "no" signal does not disallow anything', () => {
    const model = modelOf('discovery-versions');
    const text = robotsTxt(model);
    expect(text).toContain('Content signals are declarations, not\n# access control');
    expect(text).toContain('Content-Signal: search=yes, ai-input=no, ai-train=no');
    expect(robotsParser('https://docs.versions.example/robots.txt', text).isAllowed('https://docs.versions.example/docs/1.1/overview/', 'GPTBot')).toBe(true);
  });
});

describe('spec rule 7: layouts the spec leaves open (decided here)', () => {
  it('rule 7: llms.txt links each page as `- [Title](absolute .md URL): description`, in H2 sections following the nav', () => {
    const text = filesOf('basic').get('llms.txt')!;
    expect(text.startsWith('# Fixture Docs\n\n> A small site for tests.\n')).toBe(true);
    expect([...text.matchAll(/^## (.+)$/gm)].map((m) => m[1])).toEqual(['Docs', 'Guides', 'Resources', 'More', 'Versions']);
    expect(text).toContain('- [Deep guide](https://docs.fixture.example/1.0/guides/deep.md): A nested page.');
  });

  it('rule 7: robots.txt has a User-agent: * group and one group per AI crawler, each repeating every rule', () => {
    const text = filesOf('basic').get('robots.txt')!;
    const groups = text.split(/\n(?=User-agent:)/).slice(1);
    expect(groups.map((group) => /^User-agent: (.+)$/m.exec(group)![1])).toEqual(agents);
    for (const group of groups) {
      expect(group).toContain('Content-Signal: search=yes, ai-input=yes, ai-train=yes');
      expect(group).toContain('Allow: /\nDisallow: /2.0/');
    }
  });
});

describe('versioning rule 1: sitemap and robots.txt include stable versions by default; includeVersions: all adds the others', () => {
  it('versioning rule 1: stable only by default (unstable pages absent, the unstable version disallowed)', () => {
    const files = filesOf('basic');
    expect(locs(files.get('sitemap.xml')!).some((url) => url.includes('/2.0/'))).toBe(false);
    const robots = robotsParser('https://docs.fixture.example/robots.txt', files.get('robots.txt')!);
    for (const agent of agents) {
      expect(robots.isAllowed('https://docs.fixture.example/1.0/guides/first/', agent)).toBe(true);
      expect(robots.isAllowed('https://docs.fixture.example/2.0/guides/first/', agent)).toBe(false);
    }
  });

  it('versioning rule 1: includeVersions: all lists unstable versions and allows them', () => {
    const files = filesOf('discovery-versions');
    expect(locs(files.get('sitemap.xml')!)).toContain('https://docs.versions.example/docs/2.0-beta/overview/');
    expect(robotsParser('https://docs.versions.example/robots.txt', files.get('robots.txt')!).isAllowed('https://docs.versions.example/docs/2.0-beta/overview/', 'ClaudeBot')).toBe(true);
  });
});

describe('versioning rule 2: only the first stable version supplies /llms.txt; each version keeps its own index', () => {
  it('versioning rule 2: /llms.txt links the first stable version (not the unstable one listed before it, not the second stable one)', () => {
    const files = filesOf('discovery-versions');
    const pages = links(files.get('llms.txt')!).filter((url) => url.endsWith('.md'));
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.every((url) => url.startsWith('https://docs.versions.example/docs/1.1/'))).toBe(true);
  });

  it('versioning rule 2: every version has /{version}/llms.txt built from its own nav, linked under Versions, stable first, unstable marked', () => {
    const files = filesOf('discovery-versions');
    for (const id of ['2.0-beta', '1.1', '1.0']) {
      const pages = links(files.get(`${id}/llms.txt`)!).filter((url) => url.endsWith('.md'));
      expect(pages.length, id).toBeGreaterThan(0);
      expect(pages.every((url) => url.includes(`/docs/${id}/`)), id).toBe(true);
    }
    const versions = files.get('llms.txt')!.split('## Versions\n')[1]!;
    expect(links(versions)).toEqual(['https://docs.versions.example/docs/1.1/llms.txt', 'https://docs.versions.example/docs/1.0/llms.txt', 'https://docs.versions.example/docs/2.0-beta/llms.txt']);
    expect(versions).toMatch(/2\.0 beta\]\([^)]+\): unstable/);
  });
});

describe('versioning rule 2 with no stable version', () => {
  it('/llms.txt lists no page (none is crawlable) and points at each version’s own index', () => {
    const root = siteWith({ 'config/versions.yml': '- { id: "1.0", stable: false }\n- { id: "2.0", stable: false }\n' });
    const files = filesOf(root);
    const llms = files.get('llms.txt')!;
    expect(llms).toContain('No version is marked stable yet, so this index lists no page');
    expect(links(llms)).toEqual(['https://docs.fixture.example/1.0/llms.txt', 'https://docs.fixture.example/2.0/llms.txt']);
    expect(files.get('1.0/llms.txt')).toContain('https://docs.fixture.example/1.0/overview.md');
    const robots = robotsParser('https://docs.fixture.example/robots.txt', files.get('robots.txt')!);
    expect(robots.isAllowed('https://docs.fixture.example/1.0/overview.md', 'GPTBot')).toBe(false);
    expect(robots.isAllowed('https://docs.fixture.example/1.0/llms.txt', 'GPTBot')).toBe(true);
  });
});
