import { describe, expect, it } from 'vitest';
import { siteSchema } from '../../../src/config/schemas/site.ts';
import { loadError, siteWith } from './support.ts';

const NAV = 'content/1.0/nav.yml';

describe('errors docs writers can act on', () => {
  it('invalid YAML names the file and line', () => {
    const message = loadError(siteWith({ 'config/site.yml': 'title: Docs\ndescription: Move: cargo\nurl: https://docs.example\n' }));
    expect(message).toMatch(/^config\/site\.yml:2:14: is not valid YAML: /);
    expect(message).toContain('Fix: check the indentation and quoting');
  });

  it('an unknown key in site.yml names the key, its line and the allowed keys', () => {
    const message = loadError(siteWith({ 'config/site.yml': 'title: Docs\nurl: https://docs.example\ntitel: Oops\n' }));
    expect(message).toBe(
      `config/site.yml:3:1: \`titel\` unknown key \`titel\`.\n  Fix: did you mean "title"? If not, remove \`titel\` or correct its spelling; allowed keys here: ${Object.keys(siteSchema.shape).join(', ')}.`,
    );
  });

  it('a CSP source that would break the header names its line and what a source is', () => {
    const message = loadError(siteWith({ 'config/site.yml': "title: Docs\nurl: https://docs.example\nsecurity:\n  contentSecurityPolicy:\n    script-src: [\"https://a.example; script-src *\"]\n" }));
    expect(message).toMatch(/^config\/site\.yml:5:18: `security\.contentSecurityPolicy\.script-src\[0\]` .*must be one CSP source/);
  });

  it('a sign-in limit that could never pass names its line, field and the bound', () => {
    const message = loadError(siteWith({ 'config/site.yml': 'title: Docs\nurl: https://docs.example\nsecurity:\n  signInLimits:\n    perAddress: { failures: 0, minutes: 15 }\n' }));
    expect(message).toMatch(/^config\/site\.yml:5:29: `security\.signInLimits\.perAddress\.failures` .*must be at least 1/);
    const typo = loadError(siteWith({ 'config/site.yml': 'title: Docs\nurl: https://docs.example\nsecurity:\n  signInLimits:\n    perAdress: { failures: 5, minutes: 15 }\n' }));
    expect(typo).toContain('did you mean "perAddress"');
  });

  it('an unknown host names the line and the choices', () => {
    const message = loadError(siteWith({ 'config/site.yml': 'title: Docs\nurl: https://docs.example\nhosting: heroku\n' }));
    expect(message).toBe('config/site.yml:3:10: `hosting` is the string "heroku", which is not allowed.\n  Fix: use one of: "auto", "netlify", "cloudflare", "vercel", "none".');
  });

  it('an unknown nested key in the ai block names the full path', () => {
    const message = loadError(siteWith({ 'config/site.yml': 'title: Docs\nurl: https://docs.example\nai:\n  sitemap:\n    enable: false\n' }));
    expect(message).toContain('config/site.yml:5:5: `ai.sitemap.enable` unknown key `enable`.');
    expect(message).toContain('allowed keys here: enabled, includeVersions');
  });

  it('a wrong type names the field, the value and the expected type', () => {
    const message = loadError(siteWith({ 'config/site.yml': 'title: Docs\nurl: https://docs.example\nauth:\n  enabled: "maybe"\n' }));
    expect(message).toBe('config/site.yml:4:12: `auth.enabled` must be true or false, but is the string "maybe".\n  Fix: change it to true or false.');
  });

  it('a bad enum value lists the allowed values', () => {
    const message = loadError(siteWith({ 'config/site.yml': 'title: Docs\nurl: https://docs.example\nai:\n  sitemap:\n    includeVersions: some\n' }));
    expect(message).toContain('config/site.yml:5:22: `ai.sitemap.includeVersions` is the string "some", which is not allowed.');
    expect(message).toContain('Fix: use one of: "stable", "all".');
  });

  it('a missing required field says which and how to add it', () => {
    const message = loadError(siteWith({ 'config/site.yml': 'url: https://docs.example\n' }));
    expect(message).toBe('config/site.yml:1:1: `title` is required but missing.\n  Fix: add `title` (a string).');
  });

  it('a url with a path asks for base instead', () => {
    const message = loadError(siteWith({ 'config/site.yml': 'title: Docs\nurl: https://docs.example/docs\n' }));
    expect(message).toContain('config/site.yml:2:6: `url` must be an origin only');
    expect(message).toContain('move the path part into `base`');
  });

  it('an unknown key in nav.yml names the entry path and line', () => {
    const message = loadError(siteWith({ [NAV]: '- slug: overview\n- slug: changelog\n  role: [admin]\n' }));
    expect(message).toContain('content/1.0/nav.yml:3:3: `[1].role` unknown key `role`.');
    expect(message).toContain('allowed keys here: slug, roles');
  });

  it('a wrong type in nav.yml (roles as a string) is reported at its line', () => {
    const message = loadError(siteWith({ [NAV]: '- slug: overview\n  roles: partner\n' }));
    expect(message).toBe('content/1.0/nav.yml:2:10: `[0].roles` must be a list, but is the string "partner".\n  Fix: change it to a list.');
  });

  it('a nav slug with no page file names the file to create', () => {
    const message = loadError(siteWith({ [NAV]: '- slug: overview\n- title: Guides\n  children:\n    - slug: guides/missing\n' }));
    expect(message).toBe(
      'content/1.0/nav.yml:4:13: `slug` "guides/missing" has no page file.\n  Fix: create content/1.0/guides/missing.md (or .mdx), or correct the slug.',
    );
  });

  it('a duplicate slug names both lines', () => {
    const message = loadError(siteWith({ [NAV]: '- slug: overview\n- title: Guides\n  children:\n    - slug: overview\n' }));
    expect(message).toBe('content/1.0/nav.yml:4:13: `slug` "overview" is listed twice (first on line 1).\n  Fix: each page appears once per version; remove one of the entries.');
  });

  it('a version without a content folder is an error in versions.yml', () => {
    const message = loadError(siteWith({ 'config/versions.yml': '- { id: "1.0", stable: true }\n- { id: "3.0", stable: false }\n' }));
    expect(message).toBe('config/versions.yml:2: `[1].id` version "3.0" has no content folder.\n  Fix: create content/3.0/ with a nav.yml and its pages, or remove the version.');
  });

  it('a duplicate version id is an error', () => {
    const message = loadError(siteWith({ 'config/versions.yml': '- { id: "1.0", stable: true }\n- { id: "1.0", stable: false }\n' }));
    expect(message).toContain('config/versions.yml:2: `[1].id` "1.0" is listed twice.');
  });

  it('a page without a title names the page file and the field', () => {
    const message = loadError(siteWith({ 'content/1.0/guides/first.md': '---\ndescription: No title here.\n---\n\nBody.\n' }));
    expect(message).toBe('content/1.0/guides/first.md:1: `title` is required but missing.\n  Fix: add `title` (a string).');
  });

  it('a page with no front matter at all explains the expected header', () => {
    const message = loadError(siteWith({ 'content/1.0/guides/first.md': '# Just a heading\n' }));
    expect(message).toContain('content/1.0/guides/first.md:1: `title` has no front matter, so the page has no title.');
    expect(message).toContain('---\ntitle: Your page title');
  });

  it('invalid YAML in front matter names the page, and the line and column of the mistake', () => {
    const message = loadError(siteWith({ 'content/1.0/guides/first.md': '---\ntitle: ok\ndescription: [unclosed\n---\n' }));
    expect(message).toMatch(/^content\/1\.0\/guides\/first\.md:3:14: has front matter that is not valid YAML/);
    const quote = loadError(siteWith({ 'content/1.0/guides/first.md': '---\ntitle: "Unclosed\ndescription: x\n---\n' }));
    expect(quote).toMatch(/^content\/1\.0\/guides\/first\.md:2:8: has front matter that is not valid YAML/);
  });

  it('a collapsible section with a slug asks for dropdown: false', () => {
    const message = loadError(siteWith({ [NAV]: '- title: Guides\n  slug: overview\n  children:\n    - slug: guides/first\n' }));
    expect(message).toContain('content/1.0/nav.yml:2:9: `[0].slug` a collapsible section cannot link a page of its own');
    expect(message).toContain('add `dropdown: false`');
  });

  it('reserved and malformed slugs are refused', () => {
    expect(loadError(siteWith({ [NAV]: '- slug: reference\n' }))).toContain('`[0].slug` is reserved for pages the generator makes');
    expect(loadError(siteWith({ [NAV]: '- slug: /Guides/First\n' }))).toContain('`[0].slug` is not a valid slug');
  });

  it('an empty nav.yml says how to start', () => {
    expect(loadError(siteWith({ [NAV]: '' }))).toContain('content/1.0/nav.yml: is empty.');
  });

  it('a missing config file says where it was looked for', () => {
    const root = siteWith({ 'config/versions.yml': null });
    expect(loadError(root)).toContain(`config/versions.yml: not found in ${root}.`);
  });

  it('CARAVAN_DOCS_AUTH_* accept only true and false', () => {
    const message = loadError(siteWith({}), { CARAVAN_DOCS_AUTH_ENABLED: 'yes' });
    expect(message).toBe(
      'environment variable CARAVAN_DOCS_AUTH_ENABLED: `auth.enabled` is "yes", which is not allowed.\n  Fix: set CARAVAN_DOCS_AUTH_ENABLED=true or CARAVAN_DOCS_AUTH_ENABLED=false, or unset it to use config/site.yml.',
    );
    expect(loadError(siteWith({}), { CARAVAN_DOCS_AUTH_REQUIRE_LOGIN: '' })).toContain('CARAVAN_DOCS_AUTH_REQUIRE_LOGIN');
  });
});

describe('more mistakes with a precise message', () => {
  it('a page entry with a title says pages take their title from front matter', () => {
    const message = loadError(siteWith({ 'content/1.0/nav.yml': '- slug: overview\n  title: Start here\n' }));
    expect(message).toBe(
      'content/1.0/nav.yml:2: `[0].title` is not a key of a page entry (a page takes its title from its front matter).\n  Fix: remove it, or add `children:` to make this entry a section or group.',
    );
  });

  it('a version id that a site route uses is refused', () => {
    const message = loadError(siteWith({ 'config/versions.yml': '- { id: "home", stable: true }\n' }));
    expect(message).toContain('config/versions.yml:1:9: `[0].id` is a path the site itself uses');
  });
});
