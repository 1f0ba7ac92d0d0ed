import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { absoluteTarget, pageMarkdown, removeComponentTags, stripFrontmatter } from '../../../src/discovery/markdown.ts';
import { parseGitLog, gitLastModified } from '../../../src/discovery/git-dates.ts';
import { escapeXml, sitemapFiles } from '../../../src/discovery/sitemap.ts';
import { guardDiscoveryOutput } from '../../../src/discovery/leak-guard.ts';
import { llmsSections, llmsTxt } from '../../../src/discovery/llms-txt.ts';
import type { Page, SiteModel } from '../../../src/model/types.ts';
import { FIXTURES, filesOf, locs, modelOf } from './support.ts';

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

describe('Markdown sources (/{version}/{slug}.md)', () => {
  it('title as H1, description as blockquote, front matter removed', () => {
    const text = filesOf('basic').get('1.0/guides/first.md')!;
    expect(text).toBe('# First guide\n\n> The first guide.\n\n## Step one\n\nDo the first thing.\n\n### Detail\n\nA detail.\n');
  });

  it('MDX: imports and exports removed, simple constants substituted, components left out with their children kept, code untouched', () => {
    const text = filesOf('discovery-versions').get('1.1/guides/components.md')!;
    expect(text).not.toMatch(/import|export|Callout|Badge|Tabs|TabItem|MDX comment/);
    expect(text).toContain('A caravan carries at most 25 camels.');
    expect(text).toContain('Keep the **manifest** short.');
    expect(text).toContain("curl -H 'x: {not_an_expression}'");
    expect(text).toContain('Inline `code with {braces}` stays.');
    expect(filesOf('basic').get('1.0/changelog.md')).toBe('# Changelog\n\n> What changed.\n\n## Releases\n\nVersion 1.0 shipped in 2026.\n');
  });

  it('links absolute from url + base; code blocks and inline code untouched', () => {
    const text = filesOf('discovery-versions').get('1.1/guides/links.md')!;
    expect(text).toContain('[Root-relative](https://docs.versions.example/docs/1.1/overview/)');
    expect(text).toContain('[already based](https://docs.versions.example/docs/1.0/overview/)');
    expect(text).toContain('[Relative](https://docs.versions.example/docs/1.1/overview/)');
    expect(text).toContain('[anchor](https://docs.versions.example/docs/1.1/guides/links/#links)');
    expect(text).toContain('[external](https://example.com/x?a=1&b=2)');
    expect(text).toContain('![Camel](https://docs.versions.example/docs/images/camel.png "A camel")');
    expect(text).toContain('<a href="https://docs.versions.example/docs/1.1/overview/">');
    expect(text).toContain('[ref]: https://docs.versions.example/docs/1.1/guides/components/');
    expect(text).toContain('[in code](/not/changed/)');
    expect(text).toContain('`[inline code](/not/changed/)`');
  });

  it('absoluteTarget keeps schemes and protocol-relative URLs', () => {
    const config = { url: 'https://x.example', base: '/' };
    expect(absoluteTarget('mailto:a@b.c', 'https://x.example/1/a/', config)).toBe('mailto:a@b.c');
    expect(absoluteTarget('//cdn.example/a.png', 'https://x.example/1/a/', config)).toBe('//cdn.example/a.png');
    expect(absoluteTarget('b/', 'https://x.example/1/a/', config)).toBe('https://x.example/1/a/b/');
    expect(stripFrontmatter('---\ntitle: x\n---\nbody')).toBe('body');
  });

  it('pageMarkdown: the title as H1, the description as a blockquote, links absolute; every call gives the same text', () => {
    const input = { config: { url: 'https://x.example', base: '/' }, versionId: '1', slug: 'a', title: 'A', description: '', source: 'Text [l](/1/b/).', mdx: false };
    for (let call = 0; call < 3; call++) expect(pageMarkdown({ ...input })).toBe('# A\n\nText [l](https://x.example/1/b/).\n');
    expect(pageMarkdown({ ...input, config: { url: 'https://x.example', base: '/docs/' }, description: 'About A.', source: 'See [b](../b/) and [c](/1/c/).' })).toBe(
      '# A\n\n> About A.\n\nSee [b](https://x.example/docs/1/b/) and [c](https://x.example/docs/1/c/).\n',
    );
  });

  it('pageMarkdown: fenced code stays verbatim whatever the fence (tildes, longer fences holding shorter ones, indented, never closed)', () => {
    const input = { config: { url: 'https://x.example', base: '/' }, versionId: '1', slug: 'a', title: 'A', description: '', mdx: false };
    const lines = [
      '[a](/a/)',
      '~~~',
      '[b](/b/)',
      '~~~',
      '````md',
      '```',
      '[c](/c/)',
      '```',
      '````',
      '  ```',
      '[d](/d/) [e]: /e/',
      '  ```  ',
      '[f](/f/) <img src="/g.png"> `[h](/h/)`',
      '```',
      '[i](/i/)',
    ];
    // Only the two lines outside every fence change (their links, not the inline code's); every other line comes back as written.
    const rewritten: Record<string, string> = {
      '[a](/a/)': '[a](https://x.example/a/)',
      '[f](/f/) <img src="/g.png"> `[h](/h/)`': '[f](https://x.example/f/) <img src="https://x.example/g.png"> `[h](/h/)`',
    };
    expect(pageMarkdown({ ...input, source: lines.join('\n') })).toBe(`# A\n\n${lines.map((line) => rewritten[line] ?? line).join('\n')}\n`);
  });
});

describe('llms.txt sections', () => {
  it('nested sections are folded into their top-level H2 in reading order; a group page comes first', () => {
    const nav = modelOf('basic').versions[0]!.nav;
    const sections = llmsSections(nav);
    expect(sections.map((s) => [s.title, s.pages.map((p) => p.slug)])).toEqual([
      ['Docs', ['overview']],
      ['Guides', ['guides/first', 'guides/second', 'guides/deep']],
      ['Partner network', ['partners', 'partners/secret-routes', 'partners/open-looking']],
      ['Operations', ['ops/runbook']],
      ['Resources', ['resources', 'resources/faq']],
      ['More', ['changelog']],
    ]);
  });

  it('link notes are plain text: a Markdown link in a description keeps only its text, so the index lists only the site\'s pages', () => {
    const base = modelOf('basic');
    const page: Page = { kind: 'page', slug: 'p', title: 'P', description: 'See [the RFC](https://www.rfc-editor.org/rfc/rfc9457) and ![logo](/x.png) here.', file: 'content/1.0/p.md', requires: [], public: true };
    const model: SiteModel = { config: base.config, versions: [{ version: { id: '1.0', label: '1.0', stable: true }, nav: [page] }] };
    const text = llmsTxt(model, '1.0', () => [{ title: 'API reference', links: [{ title: 'Pet', url: 'https://docs.fixture.example/1.0/reference/schemas/pet.md', description: 'A [pet](https://pets.example/about).' }] }]);
    expect(text).toContain('.md): See the RFC and logo here.\n');
    expect(text).toContain('- [Pet](https://docs.fixture.example/1.0/reference/schemas/pet.md): A pet.\n');
    expect(text).not.toContain('rfc-editor.org');
  });
});

/** A synthetic site of `count` public pages in one stable version. */
function bigModel(count: number, title = 'T'): SiteModel {
  const base = modelOf('basic');
  const pages: Page[] = Array.from({ length: count }, (_, i) => ({ kind: 'page', slug: `p/${i}`, title: `P${i}`, description: '', file: `content/1.0/p/${i}.md`, requires: [], public: true }));
  return { config: { ...base.config, title }, versions: [{ version: { id: '1.0', label: '1.0', stable: true }, nav: pages }] };
}

describe('sitemap.xml', () => {
  it('URLs are absolute, sorted by code point and XML-escaped', () => {
    const urls = locs(filesOf('discovery-versions').get('sitemap.xml')!);
    expect(urls).toEqual([...urls].sort());
    expect(urls.every((url) => url.startsWith('https://docs.versions.example/docs/'))).toBe(true);
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
  });

  it('lastmod comes from git history of the page file (one git log pass); omitted without history; never the build time', () => {
    // A repository of its own, with fixed commit dates, so the test runs (and checks exact dates)
    // in any checkout, a tarball or CI. The site is a sub-folder, as a docs root inside a repo is.
    const repo = tempDir('caravan-docs-git-');
    const site = join(repo, 'site');
    cpSync(join(FIXTURES, 'basic'), site, { recursive: true });
    const git = (args: string[], date?: string) =>
      execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], {
        cwd: repo,
        encoding: 'utf8',
        env: {
          ...process.env,
          GIT_CONFIG_GLOBAL: '/dev/null',
          GIT_CONFIG_NOSYSTEM: '1',
          GIT_AUTHOR_NAME: 'Test',
          GIT_AUTHOR_EMAIL: 'test@example.invalid',
          GIT_COMMITTER_NAME: 'Test',
          GIT_COMMITTER_EMAIL: 'test@example.invalid',
          // The author date differs on purpose: lastmod is the commit (committer) date.
          ...(date ? { GIT_AUTHOR_DATE: '2000-01-01T00:00:00Z', GIT_COMMITTER_DATE: date } : {}),
        },
      });
    git(['init', '-q']);
    git(['add', 'site/config', 'site/content/1.0/overview.md', 'site/content/1.0/guides/first.md']);
    git(['commit', '-q', '-m', 'first'], '2024-01-02T03:04:05+02:00');
    writeFileSync(join(site, 'content/1.0/overview.md'), '---\ntitle: Overview\ndescription: What the fixture is.\n---\n\nEdited.\n');
    git(['add', 'site/content/1.0/overview.md', 'site/content/1.0/changelog.mdx']);
    git(['commit', '-q', '-m', 'second'], '2025-06-07T08:09:10-05:00');
    // A later commit that touches only config is not a page change.
    writeFileSync(join(site, 'config/site.yml'), 'title: Fixture Docs\ndescription: Changed.\nurl: https://docs.fixture.example\n');
    git(['commit', '-q', '-am', 'third'], '2026-03-04T05:06:07Z');

    const dates = gitLastModified(site);
    expect(dates).toEqual(
      new Map([
        ['content/1.0/overview.md', '2025-06-07T13:09:10Z'],
        ['content/1.0/changelog.mdx', '2025-06-07T13:09:10Z'],
        ['content/1.0/guides/first.md', '2024-01-02T01:04:05Z'],
      ]),
    );
    const xml = sitemapFiles(modelOf(site), dates)[0]!.body;
    expect(xml).toContain('<loc>https://docs.fixture.example/1.0/overview/</loc>\n    <lastmod>2025-06-07T13:09:10Z</lastmod>');
    expect(xml).toContain('<loc>https://docs.fixture.example/1.0/guides/first/</loc>\n    <lastmod>2024-01-02T01:04:05Z</lastmod>');
    expect(xml).toContain('<loc>https://docs.fixture.example/1.0/guides/second/</loc>\n  </url>');
    expect(xml).not.toContain('2026-03-04');
    expect(xml.match(/<lastmod>/g)).toHaveLength(3);

    const explicit = sitemapFiles(modelOf('basic'), new Map([['content/1.0/overview.md', '2024-05-06T07:08:09Z']]))[0]!.body;
    expect(explicit).toContain('<loc>https://docs.fixture.example/1.0/overview/</loc>\n    <lastmod>2024-05-06T07:08:09Z</lastmod>');
    expect(explicit).toContain('<loc>https://docs.fixture.example/1.0/guides/first/</loc>\n  </url>');
    // Outside any repository: no dates, no error.
    expect(gitLastModified(tempDir('caravan-docs-nogit-'))).toEqual(new Map());
  });

  it('parseGitLog keeps the newest date of each file', () => {
    const log = '\x1e2025-02-01T10:00:00+01:00\n\ncontent/a.md\n\x1e2024-01-01T00:00:00Z\n\ncontent/a.md\ncontent/b.md\n';
    expect(parseGitLog(log)).toEqual(new Map([['content/a.md', '2025-02-01T09:00:00Z'], ['content/b.md', '2024-01-01T00:00:00Z']]));
  });

  it('a sitemap index past 50,000 URLs, each part within the limit', () => {
    const files = sitemapFiles(bigModel(50_001));
    expect(files.map((f) => f.path)).toEqual(['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml']);
    expect(files[0]!.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(files[0]!.body)).toEqual(['https://docs.fixture.example/sitemap-1.xml', 'https://docs.fixture.example/sitemap-2.xml']);
    expect(locs(files[1]!.body)).toHaveLength(50_000);
    expect(locs(files[2]!.body)).toHaveLength(50_003 - 50_000);
    expect(sitemapFiles(bigModel(10))).toHaveLength(1);
  });
});

describe('deterministic output', () => {
  it('the same input gives the same files whatever the clock: no build time in any output', () => {
    const fixtures = ['basic', 'discovery-versions', 'discovery-private', 'discovery-disabled'];
    const generateAt = (iso: string) => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso) });
      try {
        return fixtures.map((fixture) => [fixture, filesOf(fixture)] as const);
      } finally {
        vi.useRealTimers();
      }
    };
    const early = generateAt('2001-02-03T04:05:06Z');
    const late = generateAt('2039-10-11T12:13:14Z');
    for (const [fixture, files] of [...early, ...late]) {
      expect(files.size, fixture).toBeGreaterThan(0);
      for (const [path, text] of files) expect(text, `${fixture}: ${path}`).not.toMatch(/2001-02-03|2039-10-11|\b2001\b|\b2039\b/);
    }
    expect(late).toEqual(early);
  });

  it('the basic fixture gives exactly the expected files, and the sitemap written out by hand', () => {
    const files = filesOf('basic');
    // Public pages of the stable version 1.0 (2.0 is unstable; partners, ops and orphan are gated or unlisted).
    const pages1 = ['overview', 'guides/first', 'guides/second', 'guides/deep', 'resources', 'resources/faq', 'changelog'];
    const pages2 = ['overview', 'guides/first', 'guides/new-in-two'];
    expect([...files.keys()].sort()).toEqual(
      [
        ...pages1.map((slug) => `1.0/${slug}.md`),
        ...pages2.map((slug) => `2.0/${slug}.md`),
        '1.0/llms.txt',
        '1.0/llms-full.txt',
        '2.0/llms.txt',
        '2.0/llms-full.txt',
        'llms.txt',
        'llms-full.txt',
        'robots.txt',
        'sitemap.xml',
      ].sort(),
    );
    const url = (loc: string) => `  <url>\n    <loc>https://docs.fixture.example/${loc}</loc>\n  </url>\n`;
    expect(files.get('sitemap.xml')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        ['', '1.0/changelog/', '1.0/guides/deep/', '1.0/guides/first/', '1.0/guides/second/', '1.0/overview/', '1.0/resources/', '1.0/resources/faq/', 'home/'].map(url).join('') +
        '</urlset>\n',
    );
  });
});

describe('leak guard', () => {
  const model = modelOf('basic');
  const built = (files: Map<string, string>) => [
    ...[...files].map(([path, text]) => ({ path, text })),
    ...['index.html', 'home/index.html', '1.0/overview/index.html', '1.0/guides/first/index.html', '1.0/guides/second/index.html', '1.0/guides/deep/index.html', '1.0/resources/index.html', '1.0/resources/faq/index.html', '1.0/changelog/index.html', '2.0/overview/index.html', '2.0/guides/first/index.html', '2.0/guides/new-in-two/index.html'].map((path) => ({ path, text: '<p>public</p>' })),
  ];

  it('passes on the generated files of a normal site', () => {
    expect(guardDiscoveryOutput({ model, files: built(filesOf('basic')), publicSources: [] }).problems).toEqual([]);
  });

  it('fails when a discovery URL maps to no built page', () => {
    const files = filesOf('basic');
    files.set('llms.txt', `${files.get('llms.txt')}\n- [Gone](https://docs.fixture.example/1.0/gone.md)\n`);
    expect(guardDiscoveryOutput({ model, files: built(files), publicSources: [] }).problems).toEqual(['llms.txt: https://docs.fixture.example/1.0/gone.md does not map to any built public page or public route.']);
  });

  it('fails when a gated title or path occurs in any output file', () => {
    const files = built(filesOf('basic'));
    files.push({ path: '_astro/app.js', text: 'const x="/1.0/ops/runbook/";' }, { path: '404.html', text: '<li>GATEDTITLE-secret</li>' });
    expect(guardDiscoveryOutput({ model, files, publicSources: [] }).problems).toEqual([
      '_astro/app.js: contains "1.0/ops/runbook/", which belongs to a gated page.',
      '404.html: contains "GATEDTITLE-secret", which belongs to a gated page.',
    ]);
  });

  it('robots.txt rules may only name the base, versions, public routes and discovery files', () => {
    const files = built(filesOf('basic'));
    const robots = files.find((f) => f.path === 'robots.txt')!;
    robots.text += 'User-agent: x\nDisallow: /1.0/secret-thing/\n';
    expect(guardDiscoveryOutput({ model, files, publicSources: [] }).problems).toEqual(['robots.txt: "Disallow: /1.0/secret-thing/" names a path that is not a version, a public route or a discovery file.']);
  });

  it('warns when llms-full.txt passes the 5 MB budget', () => {
    const files = built(filesOf('basic'));
    files.find((f) => f.path === 'llms-full.txt')!.text += 'x'.repeat(5 * 1024 * 1024);
    expect(guardDiscoveryOutput({ model, files, publicSources: [] }).warnings[0]).toMatch(/^llms-full\.txt is 5\.0 MB, past the 5 MB budget/);
  });
});

describe('MDX components in Markdown sources', () => {
  it('self-closing components go whole, whatever the nesting of their object props', () => {
    const source = `Before <TryIt operation="addCargoLot" params={{ caravanId: '$caravanId' }} body={{ lot: { weight: { kg: 3 } } }} title="Step > 1" /> after`;
    expect(removeComponentTags(source)).toBe('Before  after');
  });

  it('wrapping components lose their tags and keep their children', () => {
    expect(removeComponentTags('<Callout type="note">\nKeep **this**.\n</Callout>')).toBe('\nKeep **this**.\n');
  });

  it('HTML elements and comparisons are text, not components', () => {
    expect(removeComponentTags('a < b and <em>html</em>')).toBe('a < b and <em>html</em>');
  });

  it('multi-line props with braces inside strings are skipped', () => {
    expect(removeComponentTags('<Multi\n  line={{ x: "}" }}\n/>\nend')).toBe('\nend');
  });
});
