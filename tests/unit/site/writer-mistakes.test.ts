import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../src/config/load.ts';
import { closest } from '../../../src/config/suggest.ts';
import { parseYamlFile } from '../../../src/config/yaml-file.ts';
import { DocsInputError } from '../../../src/config/errors.ts';
import { codeLines, writerPath } from '../../../src/integration/input-errors.ts';
import { loadError, siteWith } from './support.ts';

const NAV = 'content/1.0/nav.yml';

function yamlError(text: string): DocsInputError {
  try {
    parseYamlFile('config/x.yml', text);
  } catch (error) {
    if (error instanceof DocsInputError) return error;
    throw error;
  }
  throw new Error('expected a YAML error');
}

describe('YAML syntax errors point at the mistake', () => {
  it('an unclosed flow list is reported on its own line, at its bracket (not on the next line)', () => {
    const error = yamlError('- title: Partner network\n  roles: [partner\n  children:\n    - slug: partners/routes\n');
    expect([error.line, error.column]).toEqual([2, 10]);
    expect(error.message).toMatch(/^config\/x\.yml:2:10: is not valid YAML: Flow sequence/);
  });

  it('the same mistake in the default site’s nav.yml names the line the writer broke', () => {
    const text = readFileSync(join(process.cwd(), 'content/1.2/nav.yml'), 'utf8').split('\n');
    const line = text.findIndex((row) => row.includes('roles: [partner]')) + 1;
    text[line - 1] = text[line - 1]!.replace('[partner]', '[partner');
    const error = yamlError(text.join('\n'));
    expect(error.line).toBe(line);
    expect(error.column).toBe(text[line - 1]!.indexOf('[') + 1);
  });

  it('an unclosed quote is reported at the opening quote', () => {
    const error = yamlError('title: "Caravan\ndescription: Docs\n');
    expect([error.line, error.column]).toEqual([1, 8]);
    expect(yamlError("- slug: a\n- slug: 'b\n- slug: c\n")).toMatchObject({ line: 2, column: 9 });
  });

  it('aliases the reader will not expand (too many, or one before its anchor) are a DocsInputError naming the file, not a bare ReferenceError', () => {
    const many = `shared: &x [1]\n${Array.from({ length: 200 }, (_, index) => `k${index}: *x`).join('\n')}\n`;
    expect(yamlError(many).message).toMatch(/^config\/x\.yml: cannot be read: Excessive alias count/);
    expect(yamlError(many).hint).toContain('define each anchor (&name) before its first alias');
  });

  it('an error at a line’s indentation points at its first character', () => {
    expect(yamlError('- slug: a\n- title: G\n  children:\n    - slug: b\n   - slug: c\n')).toMatchObject({ line: 5, column: 4 });
    expect(yamlError('- slug: a\n- title: Guides: more\n')).toMatchObject({ line: 2, column: 10 });
  });

  it('schema errors carry the column of the value, and of the key when the key is unknown', () => {
    const file = parseYamlFile('config/x.yml', 'title: Docs\nauth:\n  enabled: yes please\n');
    expect([file.lineOf(['auth', 'enabled']), file.columnOf(['auth', 'enabled'])]).toEqual([3, 12]);
    expect(file.columnOf(['auth', 'enabled'], 'key')).toBe(3);
  });
});

describe('did you mean', () => {
  it('finds the nearest known name within a typo’s distance, and nothing for unrelated words', () => {
    expect(closest('guides/dispach', ['overview', 'guides/dispatch', 'guides/first'])).toBe('guides/dispatch');
    expect(closest('vip', ['partner', 'admin'])).toBeUndefined();
    expect(closest('parnter', ['partner', 'admin'])).toBe('partner');
    expect(closest('chidlren', ['slug', 'children', 'title'])).toBe('children');
    expect(closest('completely-different', ['overview'])).toBeUndefined();
  });

  it('a mistyped nav slug suggests the page that exists', () => {
    const message = loadError(siteWith({ [NAV]: '- slug: overview\n- title: Guides\n  children:\n    - slug: guides/frist\n' }));
    expect(message).toBe('content/1.0/nav.yml:4:13: `slug` "guides/frist" has no page file.\n  Fix: did you mean "guides/first"? If not, create content/1.0/guides/frist.md (or .mdx), or correct the slug.');
  });

  it('a mistyped key in nav.yml suggests the key, pointing at its column', () => {
    const message = loadError(siteWith({ [NAV]: '- slug: overview\n- title: Guides\n  chilren:\n    - slug: guides/first\n' }));
    expect(message).toMatch(/^content\/1\.0\/nav\.yml:3:3: `\[1\]\.chilren` unknown key `chilren`\.\n {2}Fix: did you mean "children"\? If not, remove/);
  });

  it('a mistyped value suggests the allowed one', () => {
    const message = loadError(siteWith({ 'config/site.yml': 'title: Docs\nurl: https://docs.example\nai:\n  sitemap:\n    includeVersions: stabel\n' }));
    expect(message).toContain('Fix: did you mean "stable"? If not, use one of: "stable", "all".');
  });
});

describe('roles no reader can hold', () => {
  const users = 'auth:\n  roles: [partner, admin]\n';
  const site = (extra: string) => `title: Fixture Docs\nurl: https://docs.fixture.example\n${extra}`;

  it('a typo in a nav role is a warning naming the nav file, line, role, known roles and the nearest', () => {
    const nav = readFileSync(join(process.cwd(), 'tests/fixtures/basic', NAV), 'utf8').replace('roles: [partner]', 'roles: [partnr]');
    const { warnings } = loadSite(siteWith({ 'config/site.yml': site(users), [NAV]: nav }));
    const line = nav.split('\n').findIndex((row) => row.includes('[partnr]')) + 1;
    expect(warnings.map((warning) => `${warning.file} ${warning.message}`)).toContain(
      `${NAV}:${line} gates the section "Partner network" (with "partners") to the role "partnr", which no reader can hold, so it is hidden from everyone. Did you mean "partner"? Known roles: admin, partner (from config/users.yml and \`auth.roles\` in config/site.yml; list roles your sign-in provider grants under \`auth.roles\`).`,
    );
  });

  it('a role nothing resembles gets no suggestion; known roles give no warning', () => {
    const nav = readFileSync(join(process.cwd(), 'tests/fixtures/basic', NAV), 'utf8').replace('roles: [admin]', 'roles: [vip]');
    const messages = loadSite(siteWith({ 'config/site.yml': site(users), [NAV]: nav })).warnings.map((warning) => warning.message);
    expect(messages.filter((message) => message.includes('no reader can hold'))).toEqual([expect.stringMatching(/^gates the section "Operations" to the role "vip", which no reader can hold, so it is hidden from everyone\. Known roles: admin, partner/)]);
  });

  it('a role of a gated API (`apis:` in site.yml) that no reader can hold is a warning naming site.yml and its line', () => {
    const { warnings } = loadSite(siteWith({ 'config/site.yml': site(`${users}apis:\n  - { id: admin, roles: [admn, partner] }\n`) }));
    expect(warnings.map((warning) => `${warning.file} ${warning.message}`)).toContain(
      'config/site.yml:6 gates the API "admin" to the role "admn", which no reader can hold, so it is hidden from everyone. Did you mean "admin"? Known roles: admin, partner (from config/users.yml and `auth.roles` in config/site.yml; list roles your sign-in provider grants under `auth.roles`).',
    );
    expect(warnings.filter((warning) => warning.message.includes('"partner", which no reader'))).toEqual([]);
  });

  it('is not checked when roles cannot be known (OpenID Connect without auth.roles) or no one can sign in', () => {
    const nav = readFileSync(join(process.cwd(), 'tests/fixtures/basic', NAV), 'utf8').replace('roles: [admin]', 'roles: [vip]');
    const oidc = 'auth:\n  oidc:\n    issuer: https://id.example\n    clientId: docs\n';
    for (const config of [site(oidc), site('')]) {
      expect(loadSite(siteWith({ 'config/site.yml': config, [NAV]: nav })).warnings.some((warning) => warning.message.includes('no reader can hold'))).toBe(false);
    }
  });
});

describe('how the integration shows a mistake', () => {
  it('names files relative to the docs root when the command runs there, else absolutely', () => {
    expect(writerPath('/site', 'content/1.0/nav.yml', '/site')).toBe('content/1.0/nav.yml');
    expect(writerPath('/elsewhere/site', 'content/1.0/nav.yml', '/project')).toBe('/elsewhere/site/content/1.0/nav.yml');
  });

  it('marks the mistake’s line in the overlay’s code view, escaping the text', () => {
    expect(codeLines('- slug: a\n- slug: <b>\n', 2)).toBe('<pre class="shiki"><code><span class="line">- slug: a</span>\n<span class="line error-line">- slug: &lt;b&gt;</span></code></pre>');
  });
});
