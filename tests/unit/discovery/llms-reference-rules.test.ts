import { describe, expect, it } from 'vitest';
import { llmsTxt } from '../../../src/discovery/llms-txt.ts';
import { parseLikeReference } from './llms-reference-parser.ts';
import { filesOf, LOGIN_ONLY_ENV, modelOf, siteWith } from './support.ts';

const SIGN_IN = { CARAVAN_DOCS_AUTH_ENABLED: 'true' };
const FIXTURES = ['basic', 'auth', 'discovery-private', 'discovery-versions', 'any-api'];
const MODES: Array<[string, Record<string, string>]> = [['static', {}], ['sign-in', SIGN_IN], ['login-only', LOGIN_ONLY_ENV]];

describe('every llms.txt reads with the reference llms.txt parser', () => {
  for (const fixture of FIXTURES) {
    for (const [mode, env] of MODES) {
      it(`${fixture}, ${mode}: every index parses, and every link the file holds is one of its items`, () => {
        const indexes = [...filesOf(fixture, env)].filter(([path]) => path.endsWith('llms.txt'));
        expect(indexes.length).toBeGreaterThan(0);
        for (const [path, text] of indexes) {
          const parsed = parseLikeReference(text);
          expect(parsed.title, path).not.toBe('');
          const items = [...parsed.sections.values()].flat();
          // Nothing is lost: each Markdown link of the file is an item of some section.
          expect(items.length, path).toBe([...text.matchAll(/^- \[/gm)].length);
          expect(parsed.sections.has('Versions'), path).toBe(true);
        }
      });
    }
  }

  it('with sign-in, the MCP endpoint is prose before the first H2 section, not a section of its own', () => {
    const parsed = parseLikeReference(llmsTxt(modelOf('basic', SIGN_IN)));
    expect(parsed.info).toContain('`https://docs.fixture.example/mcp` (Streamable HTTP transport)');
    expect(parsed.info).toContain('`npx caravan-docs mcp`');
    expect([...parsed.sections.keys()].some((name) => /mcp/i.test(name))).toBe(false);
    const loginOnly = parseLikeReference(llmsTxt(modelOf('basic', LOGIN_ONLY_ENV)));
    expect(loginOnly.info).toContain('Every request except listing the tools needs a bearer token');
  });

  it('a title with square brackets and a URL with parentheses still read as one item each', () => {
    const root = siteWith({
      'content/1.0/nav.yml': '- slug: overview\n- slug: odd\n',
      'content/1.0/odd.md': '---\ntitle: "Arrays [beta] and (maps)"\ndescription: "Notes with [a link](https://example.com/x_(y)) and ] brackets."\n---\nBody.\n',
    });
    const parsed = parseLikeReference(llmsTxt(modelOf(root)));
    const items = [...parsed.sections.values()].flat();
    const odd = items.find((item) => item.url.endsWith('/odd.md'));
    expect(odd?.title).toContain('beta');
    expect(odd?.notes).toContain('brackets');
  });
});
