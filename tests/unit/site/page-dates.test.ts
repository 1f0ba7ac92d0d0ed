import { execFileSync } from 'node:child_process';
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../src/config/load.ts';
import { markdownOfPage } from '../../../src/discovery/markdown.ts';
import { fileDates } from '../../../src/integration/page-dates-fs.ts';
import { datedModel } from '../../../src/model/page-dates.ts';
import { flattenPages } from '../../../src/model/tree.ts';
import type { Page, SiteModel } from '../../../src/model/types.ts';
import { loadError, siteWith } from './support.ts';

const SITE = 'title: Fixture Docs\ndescription: A small site for tests.\nurl: https://docs.fixture.example\n';
const pageOf = (model: SiteModel, slug: string, versionId = '1.0'): Page => flattenPages(model.versions.find((site) => site.version.id === versionId)!.nav).find((page) => page.slug === slug)!;

describe('edit links', () => {
  it('editLink.baseUrl + the page\'s file, on every page unless its front matter says editLink: false', () => {
    const root = siteWith({
      'config/site.yml': `${SITE}editLink:\n  baseUrl: https://github.com/acme/docs/edit/main/\n`,
      'content/1.0/guides/first.md': '---\ntitle: First guide\neditLink: false\n---\n\nText.\n',
    });
    const { model } = loadSite(root, {});
    expect(pageOf(model, 'overview').editUrl).toBe('https://github.com/acme/docs/edit/main/content/1.0/overview.md');
    expect(pageOf(model, 'guides/first').editUrl).toBeUndefined();
    expect(pageOf(loadSite(siteWith({}), {}).model, 'overview').editUrl).toBeUndefined();
  });

  it('a base URL without its closing slash is refused at its line, with the fix', () => {
    expect(loadError(siteWith({ 'config/site.yml': `${SITE}editLink:\n  baseUrl: https://github.com/acme/docs/edit/main\n` }))).toBe(
      'config/site.yml:5:12: `editLink.baseUrl` must end with "/"\n  Fix: end it with "/": the page\'s file (like content/1.0/overview.md) is appended to it.',
    );
  });
});

describe('when a page last changed', () => {
  const files = {
    'content/1.0/overview.md': '---\ntitle: Overview\nlastUpdated: 2025-03-04\n---\n\nText.\n',
    'content/1.0/guides/first.md': '---\ntitle: First guide\nlastUpdated: false\n---\n\nText.\n',
    'content/1.0/guides/second.md': '---\ntitle: Second guide\nlastUpdated: "2024-12-31T23:30:00+01:00"\n---\n\nText.\n',
  };

  it('the front matter\'s date wins (an unquoted YAML date, or a date and time); false means none; otherwise the file\'s date', () => {
    const { model } = loadSite(siteWith(files), {});
    const dated = datedModel(model, (file) => (file === 'content/1.0/guides/first.md' || file === 'content/1.0/overview.md' ? '2020-01-01T00:00:00Z' : `date of ${file}`));
    expect(pageOf(dated, 'overview').updated).toBe('2025-03-04T00:00:00Z');
    expect(pageOf(dated, 'guides/first').updated).toBeUndefined();
    expect(pageOf(dated, 'guides/second').updated).toBe('2024-12-31T22:30:00Z');
    expect(pageOf(dated, 'partners').updated).toBe('date of content/1.0/partners.md');
  });

  it('lastUpdated: false in site.yml dates no page', () => {
    const { model } = loadSite(siteWith({ ...files, 'config/site.yml': `${SITE}lastUpdated: false\n` }), {});
    expect(flattenPages(datedModel(model, () => '2020-01-01T00:00:00Z').versions[0]!.nav).map((page) => page.updated)).toEqual(flattenPages(model.versions[0]!.nav).map(() => undefined));
  });

  it('a front matter date that is not a date names the field and the forms it takes', () => {
    expect(loadError(siteWith({ 'content/1.0/overview.md': '---\ntitle: Overview\nlastUpdated: last week\n---\n\nText.\n' }))).toMatch(/^content\/1\.0\/overview\.md:1: `lastUpdated` must be a date \(2026-11-20\), a date and time \(2026-11-20T09:30:00Z\) or false/);
  });

  it('files: the last commit that touched the file, else its modification time', () => {
    const root = siteWith({});
    const git = (...args: string[]) => execFileSync('git', args, { cwd: root, env: { ...process.env, GIT_AUTHOR_DATE: '2024-02-03T04:05:06Z', GIT_COMMITTER_DATE: '2024-02-03T04:05:06Z', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
    git('init', '-q');
    git('add', 'content/1.0/overview.md');
    git('commit', '-q', '-m', 'one page');
    const later = new Date('2025-07-08T09:10:11Z');
    utimesSync(join(root, 'content/1.0/guides/first.md'), later, later);
    const dateOf = fileDates(root);
    expect(dateOf('content/1.0/overview.md')).toBe('2024-02-03T04:05:06Z');
    expect(dateOf('content/1.0/guides/first.md')).toBe('2025-07-08T09:10:11Z');
    expect(dateOf('content/1.0/missing.md')).toBeUndefined();
  });

  it('the page\'s Markdown source carries the date under its description', () => {
    const root = siteWith(files);
    const page = pageOf(datedModel(loadSite(root, {}).model, () => undefined), 'overview');
    const markdown = markdownOfPage({ url: 'https://docs.fixture.example', base: '/' }, '1.0', page, files['content/1.0/overview.md']);
    expect(markdown).toBe('# Overview\n\nLast updated: 2025-03-04\n\nText.\n');
  });
});
