import { describe, expect, it } from 'vitest';
import { guardDiscoveryOutput } from '../../../src/discovery/leak-guard.ts';
import { filesOf, links, locs, modelOf, siteWith } from './support.ts';

// The basic fixture in English with German translations of the overview, the first guide and the
// gated partners page (its translation is gated like it).
const german = () =>
  siteWith({
    'config/site.yml': 'title: Fixture Docs\nurl: https://docs.fixture.example\ni18n:\n  locales: [{ id: en }, { id: de, label: Deutsch }]\n',
    'content/de/1.0/overview.md': '---\ntitle: Überblick\ndescription: Worum es geht.\n---\n\nSiehe [die erste Anleitung](/de/1.0/guides/first/).\n',
    'content/de/1.0/guides/first.md': '---\ntitle: Erste Anleitung\n---\n\nErster Schritt.\n',
    'content/de/1.0/partners.md': '---\ntitle: Partnernetz\n---\n\nGeheim.\n',
  });
const ORIGIN = 'https://docs.fixture.example';

describe('discovery files of a site with translations', () => {
  it('each translated public page has its Markdown source under its locale; gated and untranslated ones none', () => {
    const files = filesOf(german());
    expect(files.get('de/1.0/overview.md')).toBe(`# Überblick\n\n> Worum es geht.\n\nSiehe [die erste Anleitung](${ORIGIN}/de/1.0/guides/first/).\n`);
    expect(files.has('de/1.0/guides/first.md')).toBe(true);
    expect(files.has('de/1.0/partners.md')).toBe(false);
    expect(files.has('de/1.0/guides/second.md')).toBe(false);
    expect(files.has('de/2.0/llms.txt')).toBe(false);
  });

  it('each locale has its llms.txt per version, and the root llms.txt links the locale indexes', () => {
    const files = filesOf(german());
    expect(links(files.get('de/1.0/llms.txt')!).filter((url) => url.endsWith('.md'))).toEqual([`${ORIGIN}/de/1.0/overview.md`, `${ORIGIN}/de/1.0/guides/first.md`]);
    // The locale's own root index covers its main version, like /llms.txt.
    expect(links(files.get('de/llms.txt')!)).toEqual(links(files.get('de/1.0/llms.txt')!).map((url) => url.replace(`${ORIGIN}/de/1.0/llms-full.txt`, `${ORIGIN}/de/llms-full.txt`)));
    expect(files.get('llms.txt')).toContain(`## Languages\n\n- [Deutsch](${ORIGIN}/de/llms.txt): the pages translated into de; each version's at /de/{version}/llms.txt\n`);
    expect(files.get('de/1.0/llms-full.txt')).toContain(`# [Überblick](${ORIGIN}/de/1.0/overview/)`);
  });

  it('the sitemap lists translated pages with xhtml:link alternates (hreflang, x-default) on every language version', () => {
    const sitemap = filesOf(german()).get('sitemap.xml')!;
    expect(sitemap).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
    expect(locs(sitemap)).toContain(`${ORIGIN}/de/1.0/overview/`);
    expect(locs(sitemap)).not.toContain(`${ORIGIN}/de/1.0/guides/second/`);
    expect(locs(sitemap)).not.toContain(`${ORIGIN}/de/1.0/partners/`);
    const alternates = `    <xhtml:link rel="alternate" hreflang="en" href="${ORIGIN}/1.0/overview/"/>\n    <xhtml:link rel="alternate" hreflang="de" href="${ORIGIN}/de/1.0/overview/"/>\n    <xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}/1.0/overview/"/>\n`;
    expect(sitemap).toContain(`<loc>${ORIGIN}/1.0/overview/</loc>\n${alternates}`);
    expect(sitemap).toContain(`<loc>${ORIGIN}/de/1.0/overview/</loc>\n${alternates}`);
    expect(sitemap).not.toContain(`hreflang="de" href="${ORIGIN}/de/1.0/guides/second/"`);
  });

  it('robots.txt keeps an uncrawled version out in every locale too', () => {
    const robots = filesOf(german()).get('robots.txt')!;
    // German 2.0 has no translation, so no llms.txt of its own to allow.
    expect(robots).toContain('Disallow: /2.0/\nAllow: /2.0/llms.txt\nAllow: /2.0/llms-full.txt\nDisallow: /de/2.0/\n\n');
  });

  it('a one-locale site keeps its sitemap without the xhtml namespace', () => {
    expect(filesOf('basic').get('sitemap.xml')).not.toContain('xhtml');
  });
});

describe('leak guard on a site with translations', () => {
  const pages = ['index.html', 'home/index.html', '1.0/overview/index.html', '1.0/guides/first/index.html', 'de/1.0/overview/index.html', 'de/1.0/guides/first/index.html'];
  const built = (files: Map<string, string>) => [...[...files].map(([path, text]) => ({ path, text })), ...pages.map((path) => ({ path, text: '<p>public</p>' }))];

  it('fails on a gated translation\'s title or localized path in any output file', () => {
    const model = modelOf(german());
    const files = [{ path: 'de/1.0/overview/index.html', text: '<li><a href="/de/1.0/partners/">Partnernetz</a></li>' }];
    expect(guardDiscoveryOutput({ model, files, publicSources: [] }).problems).toEqual([
      'de/1.0/overview/index.html: contains "Partnernetz", which belongs to a gated page.',
      'de/1.0/overview/index.html: contains "de/1.0/partners/", which belongs to a gated page.',
    ]);
  });

  it('checks the locale llms.txt links and the sitemap alternates map to built pages', () => {
    const model = modelOf(german());
    const files = filesOf(german());
    const problems = guardDiscoveryOutput({ model, files: built(files).filter((file) => file.path !== 'de/1.0/guides/first/index.html'), publicSources: [] }).problems;
    expect(problems.filter((problem) => problem.includes('de/1.0/guides/first')).sort()).toEqual([
      `de/1.0/llms-full.txt: ${ORIGIN}/de/1.0/guides/first/ does not map to any built public page or public route.`,
      `de/llms-full.txt: ${ORIGIN}/de/1.0/guides/first/ does not map to any built public page or public route.`,
      // Its <loc>, and the alternates of both language versions.
      `sitemap.xml: ${ORIGIN}/de/1.0/guides/first/ does not map to any built public page or public route.`,
      `sitemap.xml: ${ORIGIN}/de/1.0/guides/first/ does not map to any built public page or public route.`,
      `sitemap.xml: ${ORIGIN}/de/1.0/guides/first/ does not map to any built public page or public route.`,
    ]);
  });
});
