import { describe, expect, it } from 'vitest';
import { assistantLinks, assistantPrompt } from '../../../src/discovery/assistant-links.ts';
import { llmsTxt } from '../../../src/discovery/llms-txt.ts';
import { links, LOGIN_ONLY_ENV, modelOf } from './support.ts';

describe('"Open in …" links', () => {
  const md = 'https://docs.example.com/docs/1.2/guides/a b&c.md';

  it('each assistant gets the prompt with the absolute .md URL as one encoded query value', () => {
    const found = assistantLinks(md);
    expect(found.map((link) => link.name)).toEqual(['ChatGPT', 'Claude', 'Perplexity']);
    for (const { href } of found) {
      const url = new URL(href);
      expect(url.protocol).toBe('https:');
      expect(url.searchParams.get('q')).toBe(assistantPrompt(md));
      expect(href).toContain(encodeURIComponent(md));
      expect(href).not.toContain(' ');
    }
    expect(assistantPrompt(md)).toBe(`Read ${md} so I can ask questions about it.`);
    expect(found[1]!.href).toBe(`https://claude.ai/new?q=Read%20${encodeURIComponent(md)}%20so%20I%20can%20ask%20questions%20about%20it.`);
  });
});

describe('llms.txt: the MCP endpoint', () => {
  // The note is prose, so it sits before the first H2 section (the reference parser's rule).
  const section = (text: string) => text.slice(text.indexOf(' has a Model Context Protocol server'), text.indexOf('\n## '));

  it('a static site has none (no endpoint), and its llms.txt is unchanged', () => {
    expect(llmsTxt(modelOf('basic'))).not.toContain('MCP');
  });

  it('with sign-in: a paragraph naming {url}{base}mcp and the transport, before the first section, as code rather than a link', () => {
    const text = llmsTxt(modelOf('basic', { CARAVAN_DOCS_AUTH_ENABLED: 'true' }));
    expect(section(text)).toContain('at `https://docs.fixture.example/mcp` (Streamable HTTP transport)');
    expect(section(text)).toContain('Without a credential it answers with the public pages this index lists');
    expect(section(text)).toContain('`npx caravan-docs mcp`');
    expect(text).not.toContain('## MCP server');
    // Every link of an llms.txt stays a page or file of the site (the leak guard checks them).
    expect(links(text).some((link) => link.includes('/mcp'))).toBe(false);
    const versioned = llmsTxt(modelOf('basic', { CARAVAN_DOCS_AUTH_ENABLED: 'true' }), '2.0');
    expect(section(versioned)).toBe(section(text));
  });

  it('under a base path, and on a login-only site (a credential for everything but the tool list)', () => {
    expect(llmsTxt(modelOf('discovery-versions', { CARAVAN_DOCS_AUTH_ENABLED: 'true' }))).toContain('`https://docs.versions.example/docs/mcp`');
    const text = llmsTxt(modelOf('basic', LOGIN_ONLY_ENV));
    expect(section(text)).toContain('Every request except listing the tools needs a bearer token');
    expect(text).toContain('This documentation requires signing in, so no page is listed here.');
  });
});
