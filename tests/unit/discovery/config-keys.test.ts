import robotsParser from 'robots-parser';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LLMS_DIRECTIVE } from '../../../src/config/schemas/ai.ts';
import { ROBOTS_DISABLED, robotsTxt } from '../../../src/discovery/robots-txt.ts';
import { filesOf, locs, modelOf, siteWith } from './support.ts';

const site = (ai: string) => siteWith({ 'config/site.yml': `title: Fixture Docs\ndescription: A small site for tests.\nurl: https://docs.fixture.example\nai:\n${ai}` });

describe('configuration keys under ai:', () => {
  it('llmsTxt.enabled: true by default builds /llms.txt, /llms-full.txt and both per version', () => {
    expect([...filesOf('basic').keys()].filter((path) => path.endsWith('.txt') && path !== 'robots.txt').sort()).toEqual(['1.0/llms-full.txt', '1.0/llms.txt', '2.0/llms-full.txt', '2.0/llms.txt', 'llms-full.txt', 'llms.txt']);
  });

  it('llmsTxt.enabled: false builds no llms.txt file at all (they answer 404); .md sources stay', () => {
    const files = filesOf('discovery-disabled');
    expect([...files.keys()].filter((path) => path.includes('llms'))).toEqual([]);
    expect(files.has('1.0/overview.md')).toBe(true);
  });

  it('llmsTxt.directive: the default tells agents to fetch the .md sources', () => {
    expect(filesOf('basic').get('llms.txt')).toContain(DEFAULT_LLMS_DIRECTIVE);
    expect(DEFAULT_LLMS_DIRECTIVE).toContain('.md');
  });

  it('llmsTxt.directive: a configured directive replaces the default in every index', () => {
    const files = filesOf('discovery-versions');
    for (const path of ['llms.txt', '1.1/llms.txt', '2.0-beta/llms.txt']) {
      expect(files.get(path)).toContain('\nCustom directive: read the .md links.\n');
      expect(files.get(path)).not.toContain(DEFAULT_LLMS_DIRECTIVE);
    }
  });

  it('robotsTxt.enabled: false makes robots.txt exactly "User-agent: *" and "Disallow: /", with no sitemap reference', () => {
    const text = filesOf('discovery-disabled').get('robots.txt')!;
    expect(text).toBe(ROBOTS_DISABLED);
    expect(text.trim().split('\n')).toEqual(['User-agent: *', 'Disallow: /']);
    expect(robotsParser('https://docs.fixture.example/robots.txt', text).isAllowed('https://docs.fixture.example/1.0/overview/', 'GPTBot')).toBe(false);
  });

  it('robotsTxt.enabled: true (default) references the absolute sitemap URL', () => {
    expect(filesOf('basic').get('robots.txt')).toMatch(/\nSitemap: https:\/\/docs\.fixture\.example\/sitemap\.xml\n$/);
    expect(filesOf('discovery-versions').get('robots.txt')).toContain('\nSitemap: https://docs.versions.example/docs/sitemap.xml\n');
  });

  it('robotsTxt.contentSignal.search: its value is the search= field of every group', () => {
    const text = filesOf(site('  robotsTxt: { contentSignal: { search: "no" } }\n')).get('robots.txt')!;
    expect(text.match(/^Content-Signal: .+$/gm)).toHaveLength(13);
    expect(new Set(text.match(/^Content-Signal: .+$/gm))).toEqual(new Set(['Content-Signal: search=no, ai-input=yes, ai-train=yes']));
  });

  it('robotsTxt.contentSignal.aiInput: its value is the ai-input= field of every group', () => {
    const text = filesOf(site('  robotsTxt: { contentSignal: { aiInput: "no" } }\n')).get('robots.txt')!;
    expect(new Set(text.match(/^Content-Signal: .+$/gm))).toEqual(new Set(['Content-Signal: search=yes, ai-input=no, ai-train=yes']));
  });

  it('robotsTxt.contentSignal.aiTrain: its value is the ai-train= field of every group (YAML booleans read as yes/no)', () => {
    const text = filesOf(site('  robotsTxt: { contentSignal: { aiTrain: false } }\n')).get('robots.txt')!;
    expect(new Set(text.match(/^Content-Signal: .+$/gm))).toEqual(new Set(['Content-Signal: search=yes, ai-input=yes, ai-train=no']));
  });

  it('robotsTxt.contentSignal: defaults are yes, yes, yes', () => {
    expect(filesOf('basic').get('robots.txt')).toContain('Content-Signal: search=yes, ai-input=yes, ai-train=yes');
  });

  it('sitemap.enabled: false serves a valid, empty urlset', () => {
    const xml = filesOf('discovery-disabled').get('sitemap.xml')!;
    expect(xml).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n</urlset>\n');
    expect(locs(xml)).toEqual([]);
  });

  it('sitemap.includeVersions: stable (default) lists stable versions only', () => {
    expect(locs(filesOf('basic').get('sitemap.xml')!).filter((url) => url.includes('/2.0/'))).toEqual([]);
  });

  it('sitemap.includeVersions: all adds unstable versions to the sitemap and allows them in robots.txt', () => {
    const files = filesOf(site('  sitemap: { includeVersions: all }\n'));
    expect(locs(files.get('sitemap.xml')!)).toContain('https://docs.fixture.example/2.0/guides/new-in-two/');
    expect(files.get('robots.txt')).not.toContain('Disallow: /2.0/');
  });
});

describe('ai.sitemap.includeVersions: stable keeps unstable indexes readable', () => {
  it('an unstable version is disallowed, but its llms.txt (linked from /llms.txt) stays allowed', () => {
    const robots = robotsParser('https://docs.fixture.example/robots.txt', robotsTxt(modelOf('basic')));
    for (const agent of ['GPTBot', 'ClaudeBot', 'Googlebot']) {
      expect(robots.isAllowed('https://docs.fixture.example/2.0/overview/', agent)).toBe(false);
      expect(robots.isAllowed('https://docs.fixture.example/2.0/overview.md', agent)).toBe(false);
      expect(robots.isAllowed('https://docs.fixture.example/2.0/llms.txt', agent)).toBe(true);
      expect(robots.isAllowed('https://docs.fixture.example/2.0/llms-full.txt', agent)).toBe(true);
    }
  });
});
