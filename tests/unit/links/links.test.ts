import { describe, expect, it } from 'vitest';
import { checkLinks, outputTargets, resolveTarget, type LinkingPage } from '../../../src/links/check.ts';
import { collectLinks } from '../../../src/links/collect.ts';

describe('collectLinks', () => {
  it('finds Markdown links, images, reference definitions and raw HTML targets with their line and column', () => {
    const text = [
      '---',
      'title: Page',
      '---',
      '',
      'See [dispatch](/1.2/guides/dispatch/) and ![map](/1.2/map.png).',
      '',
      'Read [the FAQ][faq] or <a href="../nowhere/">this</a>.',
      '',
      '[faq]: /1.2/faq/#top-questions',
      '',
      '```md',
      '[not a link](/in/code/)',
      '```',
    ].join('\n');
    expect(collectLinks(text, false)).toEqual([
      { url: '/1.2/guides/dispatch/', line: 5, column: 5, kind: 'link', text: 'dispatch' },
      { url: '/1.2/map.png', line: 5, column: 43, kind: 'image' },
      { url: '../nowhere/', line: 7, column: 24, kind: 'link' },
      { url: '/1.2/faq/#top-questions', line: 9, column: 1, kind: 'link' },
    ]);
  });

  it('reads href and src of MDX components', () => {
    const text = "import Card from './card.astro';\n\n# Title\n\n<Card href=\"/1.2/quickstart/\" title=\"Start\" />\n";
    expect(collectLinks(text, true)).toEqual([{ url: '/1.2/quickstart/', line: 5, column: 1, kind: 'link' }]);
  });

  it('skips parsing pages with no link syntax at all', () => {
    expect(collectLinks('# Title\n\nPlain words only.\n', false)).toEqual([]);
  });
});

describe('resolveTarget', () => {
  it('resolves relative, root-relative and fragment targets against the page URL, without the base', () => {
    expect(resolveTarget('../nowhere/', '/1.2/guides/dispatch/', '/')).toEqual({ path: '/1.2/guides/nowhere/', hash: '' });
    expect(resolveTarget('#no-such-heading', '/1.2/guides/dispatch/', '/')).toEqual({ path: '/1.2/guides/dispatch/', hash: 'no-such-heading' });
    expect(resolveTarget('/docs/1.2/x/#a%20b', '/1.2/y/', '/docs/')).toEqual({ path: '/1.2/x/', hash: 'a b' });
    expect(resolveTarget('/1.2/x/', '/1.2/y/', '/docs/')).toEqual({ path: '/1.2/x/', hash: '' });
  });

  it('a target no browser could follow is kept as written (reported as broken); backslash hosts leave the site', () => {
    expect(resolveTarget('/\\', '/1.2/a/', '/')).toEqual({ path: '/\\', hash: '' });
    expect(resolveTarget('\\\\evil.example/x', '/1.2/a/', '/')).toBeUndefined();
  });

  it('leaves out other sites, other schemes and the top of the page', () => {
    for (const url of ['https://example.com/', '//cdn.example/x.js', 'mailto:a@b.c', '#', '#top', '']) expect(resolveTarget(url, '/1.2/a/', '/')).toBeUndefined();
  });
});

describe('checkLinks', () => {
  const files = new Set(['1.2/quickstart/index.html', '1.2/guides/dispatch/index.html', '1.3/guides/dispatch/index.html', '1.3/quickstart/index.html', '1.2/guides/dispatch.md', 'favicon.svg', '1.2/reference/add-lot/index.html', 'llms.txt']);
  const ids: Record<string, string[]> = { '1.2/quickstart/index.html': ['intro'], '1.2/guides/dispatch/index.html': ['send-it'], '1.3/quickstart/index.html': ['first-call'], '1.2/reference/add-lot/index.html': ['request-body'] };
  const targets = outputTargets({
    base: '/',
    versions: [
      { id: '1.3', label: '1.3' },
      { id: '1.2', label: '1.2' },
    ],
    files,
    idsOfFile: (file) => (ids[file] ? new Set(ids[file]) : undefined),
    extra: (path) => path === '/1.2/partners/',
  });
  const page = (version: string, links: Array<[string, string?]>): LinkingPage => ({
    file: `content/${version}/quickstart.md`,
    path: `/${version}/quickstart/`,
    version,
    links: links.map(([url, text], index) => ({ url, line: index + 1, column: 1, kind: url.endsWith('.png') ? 'image' : 'link', ...(text === undefined ? {} : { text }) })),
  });

  it('accepts pages, sources, generated files, reference anchors, pages rendered on demand and existing anchors', () => {
    const ok = page('1.2', [['/1.2/guides/dispatch/#send-it'], ['../guides/dispatch/'], ['/1.2/guides/dispatch.md'], ['/favicon.svg'], ['/1.2/reference/add-lot/#request-body'], ['/llms.txt'], ['/1.2/partners/'], ['/1.2/guides/dispatch']]);
    expect(checkLinks([ok], targets)).toEqual([]);
  });

  it('reports missing pages, relative targets, images, anchors on this page and on another', () => {
    const bad = page('1.2', [['/1.2/guides/nope/'], ['../nowhere/'], ['/1.2/nope.png'], ['#no-such-heading'], ['/1.2/guides/dispatch/#missing']]);
    expect(checkLinks([bad], targets).map((problem) => `${problem.file}:${problem.line} ${problem.target} ${problem.message}`)).toEqual([
      'content/1.2/quickstart.md:1 /1.2/guides/nope/ links to a page that does not exist.',
      'content/1.2/quickstart.md:2 ../nowhere/ links to /1.2/nowhere/, a page that does not exist.',
      'content/1.2/quickstart.md:3 /1.2/nope.png links to an image that does not exist.',
      'content/1.2/quickstart.md:4 #no-such-heading links to #no-such-heading, but this page has no heading or element with that id.',
      'content/1.2/quickstart.md:5 /1.2/guides/dispatch/#missing links to #missing, but /1.2/guides/dispatch/ has no heading or element with that id.',
    ]);
  });

  it('warns about links into another version, suggesting this version’s page, unless the link text names the version', () => {
    const copied = page('1.3', [['/1.2/guides/dispatch/#send-it', 'Dispatch'], ['/1.2/reference/add-lot/', 'Add a lot'], ['/1.2/guides/dispatch/', 'the 1.2 guide']]);
    const problems = checkLinks([copied], targets);
    expect(problems.map((problem) => [problem.kind, problem.line, problem.message])).toEqual([
      ['cross-version', 1, expect.stringMatching(/^links into version 1\.2 from a page of version 1\.3\. Did you mean \/1\.3\/guides\/dispatch\/#send-it\? \(The folder may have been copied from 1\.2\.\)/)],
      ['cross-version', 2, expect.stringMatching(/^links into version 1\.2 from a page of version 1\.3\. \(Was the folder copied from 1\.2\?\)/)],
    ]);
  });
});
