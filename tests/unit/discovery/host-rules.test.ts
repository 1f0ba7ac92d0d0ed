import { describe, expect, it } from 'vitest';
import { guardDiscoveryOutput } from '../../../src/discovery/leak-guard.ts';
import {
  CLOUDFLARE_MAX_RULES,
  hostRules,
  hostTarget,
  markdownPages,
  MARKDOWN_ACCEPT,
  VERCEL_MAX_ROUTES,
} from '../../../src/discovery/host-rules.ts';
import { filesOf, modelOf } from './support.ts';

const config = (base = '/', llms = true) => ({ base, ai: { llmsTxt: { enabled: llms } } });
const OUTPUT = ['index.html', '1.0/overview/index.html', '1.0/overview.md', '1.0/guides/first/index.html', '1.0/guides/first.md', '1.0/reference/index.html', '1.0/reference.md', '1.0/all-pages/index.html', 'llms.txt', 'robots.txt', 'stray.md'];
const manyPages = (count: number) => Array.from({ length: count }, (_, i) => ({ html: `1.0/p${String(i).padStart(4, '0')}/`, markdown: `1.0/p${String(i).padStart(4, '0')}.md` }));

describe('static host rules: which host', () => {
  it('an explicit host wins; none writes nothing; auto follows the build environment of Netlify and Cloudflare Pages only', () => {
    expect(hostTarget('vercel', {})).toBe('vercel');
    expect(hostTarget('netlify', { CF_PAGES: '1' })).toBe('netlify');
    expect(hostTarget('none', { NETLIFY: 'true' })).toBeUndefined();
    expect(hostTarget('auto', { NETLIFY: 'true' })).toBe('netlify');
    expect(hostTarget('auto', { CF_PAGES: '1' })).toBe('cloudflare');
    expect(hostTarget('auto', { VERCEL: '1' })).toBeUndefined();
    expect(hostTarget('auto', {})).toBeUndefined();
  });
});

describe('static host rules: pages', () => {
  it('only built pages with a .md beside them, sorted (the reference overview included; all-pages and stray .md files not)', () => {
    expect(markdownPages(OUTPUT)).toEqual([
      { html: '1.0/guides/first/', markdown: '1.0/guides/first.md' },
      { html: '1.0/overview/', markdown: '1.0/overview.md' },
      { html: '1.0/reference/', markdown: '1.0/reference.md' },
    ]);
    expect(markdownPages([...OUTPUT].reverse())).toEqual(markdownPages(OUTPUT));
  });
});

describe('static host rules: _headers (Netlify, Cloudflare Pages)', () => {
  it('one rule per page and per .md source, under the base', () => {
    const { files, warnings } = hostRules(config('/docs/'), 'netlify', markdownPages(OUTPUT));
    expect(warnings).toEqual([]);
    const text = files.get('_headers')!;
    expect([...files.keys()]).toEqual(['_headers']);
    expect(text).toMatch(/^# Written by caravan-docs for Netlify/);
    expect(text).toContain(
      '/docs/1.0/overview/\n  Link: </docs/1.0/overview.md>; rel="alternate"; type="text/markdown", </docs/llms.txt>; rel="describedby"\n' +
        '/docs/1.0/overview.md\n  Link: </docs/1.0/overview/>; rel="canonical"; type="text/html", </docs/llms.txt>; rel="describedby"\n  Content-Type: text/markdown; charset=utf-8\n',
    );
    expect(text.match(/^\/\S*$/gm)).toHaveLength(6);
    // Nothing varies on a static host, so no Vary header.
    expect(text).not.toContain('Vary');
  });

  it('Cloudflare: past its 100 rules, one rule for every path with the llms.txt link, and a warning; nothing at all without llms.txt', () => {
    const fits = hostRules(config(), 'cloudflare', manyPages(CLOUDFLARE_MAX_RULES / 2));
    expect(fits.warnings).toEqual([]);
    expect(fits.files.get('_headers')!.match(/^\/\S*$/gm)).toHaveLength(CLOUDFLARE_MAX_RULES);
    const over = hostRules(config(), 'cloudflare', manyPages(CLOUDFLARE_MAX_RULES / 2 + 1));
    expect(over.warnings[0]).toMatch(/^hosting: cloudflare: 51 pages need 102 header rules, past Cloudflare Pages' limit of 100/);
    expect(over.files.get('_headers')).toMatch(/\n\/\*\n {2}Link: <\/llms\.txt>; rel="describedby"\n$/);
    expect(hostRules(config('/', false), 'cloudflare', manyPages(60)).files.size).toBe(0);
  });
});

describe('static host rules: vercel.json', () => {
  it('rewrites a page to its .md when Accept names text/markdown, with Link and Vary: Accept on the page', () => {
    const { files } = hostRules(config('/docs/'), 'vercel', markdownPages(OUTPUT));
    const rules = JSON.parse(files.get('vercel.json')!);
    expect(rules.rewrites[1]).toEqual({ source: '/docs/1.0/overview/', has: [{ type: 'header', key: 'accept', value: MARKDOWN_ACCEPT }], destination: '/docs/1.0/overview.md' });
    expect(rules.headers[1]).toEqual({
      source: '/docs/1.0/overview/',
      headers: [
        { key: 'Link', value: '</docs/1.0/overview.md>; rel="alternate"; type="text/markdown", </docs/llms.txt>; rel="describedby"' },
        { key: 'Vary', value: 'Accept' },
      ],
    });
    expect(rules.rewrites).toHaveLength(3);
  });

  it('the Accept pattern is a plain regular expression: it matches any Accept naming text/markdown, whatever its q-value', () => {
    const matches = (accept: string) => new RegExp(`^${MARKDOWN_ACCEPT}$`).test(accept);
    expect(matches('text/markdown')).toBe(true);
    expect(matches('text/html;q=0.9, text/markdown')).toBe(true);
    expect(matches('text/html,application/xhtml+xml,*/*;q=0.8')).toBe(false);
    // What static hosting cannot do (README): a refusal by q=0 still gets Markdown.
    expect(matches('text/markdown;q=0, text/html')).toBe(true);
  });

  it("path-to-regexp characters in a base are escaped; past Vercel's route limit no file and a warning", () => {
    const { files } = hostRules(config('/docs(v)/'), 'vercel', [{ html: '1.0/a/', markdown: '1.0/a.md' }]);
    expect(JSON.parse(files.get('vercel.json')!).rewrites[0].source).toBe('/docs\\(v\\)/1.0/a/');
    const over = hostRules(config(), 'vercel', manyPages(VERCEL_MAX_ROUTES / 2 + 1));
    expect(over.files.size).toBe(0);
    expect(over.warnings[0]).toMatch(/^hosting: vercel: 513 pages need 1026 routes, past Vercel's limit of 1024; no vercel.json was written/);
  });

  it('deterministic: the same pages in any order give the same bytes', () => {
    const pages = markdownPages(OUTPUT);
    for (const target of ['netlify', 'cloudflare', 'vercel'] as const) {
      expect(hostRules(config(), target, [...pages])).toEqual(hostRules(config(), target, markdownPages([...OUTPUT].reverse())));
    }
  });
});

describe('leak guard over the rules files', () => {
  const model = modelOf('basic');
  const publicHtml = ['index.html', 'home/index.html', '1.0/overview/index.html', '1.0/guides/first/index.html', '1.0/guides/second/index.html', '1.0/guides/deep/index.html', '1.0/resources/index.html', '1.0/resources/faq/index.html', '1.0/changelog/index.html', '2.0/overview/index.html', '2.0/guides/first/index.html', '2.0/guides/new-in-two/index.html'];
  const output = () => [...[...filesOf('basic')].map(([path, text]) => ({ path, text })), ...publicHtml.map((path) => ({ path, text: '<p>public</p>' }))];
  const withRules = (target: 'netlify' | 'vercel') => {
    const files = output();
    const rules = hostRules(model.config, target, markdownPages(files.map((file) => file.path))).files;
    return [...files, ...[...rules].map(([path, text]) => ({ path, text }))];
  };

  it('passes on the generated rules of a normal site', () => {
    for (const target of ['netlify', 'vercel'] as const) expect(guardDiscoveryOutput({ model, files: withRules(target), publicSources: [] }).problems).toEqual([]);
  });

  it('fails on a rule for a path that is not built, and on a gated path', () => {
    const files = withRules('netlify');
    files.find((file) => file.path === '_headers')!.text += '/1.0/gone/\n  Link: </1.0/gone.md>; rel="alternate"\n/1.0/ops/runbook/\n  X: y\n';
    expect(guardDiscoveryOutput({ model, files, publicSources: [] }).problems).toEqual([
      '_headers: /1.0/gone/ does not map to any built public page or public route.',
      '_headers: /1.0/ops/runbook/ does not map to any built public page or public route.',
      '_headers: /1.0/gone.md does not map to any built public page or public route.',
      '_headers: contains "1.0/ops/runbook/", which belongs to a gated page.',
    ]);
    const vercel = withRules('vercel');
    const file = vercel.find((entry) => entry.path === 'vercel.json')!;
    file.text = file.text.replace('"destination": "/1.0/overview.md"', '"destination": "/1.0/partners/secret-routes.md"');
    expect(guardDiscoveryOutput({ model, files: vercel, publicSources: [] }).problems).toEqual([
      'vercel.json: /1.0/partners/secret-routes.md does not map to any built public page or public route.',
      'vercel.json: contains "1.0/partners/secret-routes.md", which belongs to a gated page.',
    ]);
  });
});
