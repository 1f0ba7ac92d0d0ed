/**
 * The JSON Schemas in schemas/ and the configuration reference: generated from the zod schemas and
 * committed as generated; every config file of the repository valid against them; the mistakes an
 * editor should mark refused by them as by zod; every key on the reference page.
 */
import { existsSync, globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { generatedFiles } from '../../../src/config/config-reference.ts';
import { configJsonSchemas, frontmatterJsonSchema, type ConfigFileName, type JsonSchema } from '../../../src/config/json-schemas.ts';
import { parseNav } from '../../../src/config/nav-file.ts';
import { siteSchema } from '../../../src/config/schemas/site.ts';
import { versionsSchema } from '../../../src/config/schemas/versions.ts';
import { usersSchema } from '../../../src/config/schemas/users.ts';
import { parseYamlFile } from '../../../src/config/yaml-file.ts';

const ROOT = join(import.meta.dirname, '../../..');

// ajv-formats is CommonJS; depending on the loader its default export is the plugin or a namespace.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as typeof addFormatsModule;

const schemas = configJsonSchemas();
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv as never);
const validators = Object.fromEntries((Object.keys(schemas) as ConfigFileName[]).map((name) => [name, ajv.compile(schemas[name])])) as Record<ConfigFileName, ReturnType<typeof ajv.compile>>;

/** The errors of `data` against the schema of `name`; empty when it is valid. */
function errorsOf(name: ConfigFileName, data: unknown): ErrorObject[] {
  const validate = validators[name];
  return validate(data) ? [] : (validate.errors ?? []);
}

describe('generated files', () => {
  it.each(generatedFiles().map(({ file, text }) => [file, text]))('%s is what `npm run schemas` writes now', (file, text) => {
    const path = join(ROOT, file);
    const committed = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    expect(committed, `${file} is not what the zod schemas give: run \`npm run schemas\` and commit the result.`).toBe(text);
  });
});

/** Every config file of the repository, by the schema it must meet. */
const CONFIG_GLOBS: Record<ConfigFileName, string[]> = {
  site: ['config/site.yml', 'tests/fixtures/*/config/site.yml', 'src/cli/template/config/site.yml', 'docs/config/site.yml'],
  versions: ['config/versions.yml', 'tests/fixtures/*/config/versions.yml', 'src/cli/template/config/versions.yml', 'docs/config/versions.yml'],
  users: ['config/users.yml', 'tests/fixtures/*/config/users.yml', 'src/cli/template/config/users.yml', 'docs/config/users.yml'],
  nav: ['content/*/nav.yml', 'tests/fixtures/*/content/*/nav.yml', 'src/cli/template/content/*/nav.yml', 'docs/content/*/nav.yml'],
};
const configFiles = (Object.entries(CONFIG_GLOBS) as Array<[ConfigFileName, string[]]>).flatMap(([name, patterns]) => globSync(patterns, { cwd: ROOT }).sort().map((file) => [file, name] as const));

/** A file's YAML as the site reads it; the template's placeholders filled as `caravan-docs new` fills them. */
function readConfig(file: string): unknown {
  return parse(readFileSync(join(ROOT, file), 'utf8').replaceAll('{{title}}', 'Example Docs').replaceAll('{{name}}', 'example-docs'));
}

describe('every config file of the repository meets its JSON Schema', () => {
  it('finds the files of the site, the fixtures, the template and the manual', () => {
    const files = configFiles.map(([file]) => file);
    expect(files).toEqual(expect.arrayContaining(['config/site.yml', 'config/versions.yml', 'config/users.yml', 'content/1.2/nav.yml', 'tests/fixtures/basic/config/site.yml', 'tests/fixtures/auth/config/users.yml', 'tests/fixtures/basic/content/1.0/nav.yml']));
    for (const name of Object.keys(CONFIG_GLOBS)) expect(configFiles.filter(([, schema]) => schema === name).length, name).toBeGreaterThan(0);
  });

  it.each(configFiles)('%s (%s.schema.json)', (file, name) => {
    expect(errorsOf(name, readConfig(file))).toEqual([]);
  });
});

const SITE = { title: 'Docs', url: 'https://docs.example.com' };
const HASH = 'scrypt$16384$8$1$3q2-7wAAAAAAAAAAAAAAAA$3q2-7wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const navSource = (text: string) => parseYamlFile('content/1.0/nav.yml', text);

describe('a mistake an editor should mark is refused by the JSON Schema as by zod', () => {
  it('an unknown key in site.yml', () => {
    const data = { ...SITE, colour: 'red' };
    expect(siteSchema.safeParse(data).error?.issues.map((issue) => issue.code)).toEqual(['unrecognized_keys']);
    expect(errorsOf('site', data)).toMatchObject([{ keyword: 'additionalProperties', instancePath: '', params: { additionalProperty: 'colour' } }]);
  });

  it('an unknown key in a block of site.yml', () => {
    const data = { ...SITE, ai: { llmsTxt: { enable: false } } };
    expect(siteSchema.safeParse(data).success).toBe(false);
    expect(errorsOf('site', data)).toMatchObject([{ keyword: 'additionalProperties', instancePath: '/ai/llmsTxt', params: { additionalProperty: 'enable' } }]);
  });

  it('a value of the wrong type', () => {
    const data = { ...SITE, ai: { sitemap: { enabled: 'sometimes' } }, build: { searchBundleMegabytes: '40' } };
    expect(siteSchema.safeParse(data).error?.issues.map((issue) => issue.path.join('.'))).toEqual(['ai.sitemap.enabled', 'build.searchBundleMegabytes']);
    expect(errorsOf('site', data).map(({ keyword, instancePath }) => [keyword, instancePath])).toEqual([
      ['type', '/ai/sitemap/enabled'],
      ['type', '/build/searchBundleMegabytes'],
    ]);
  });

  it('a value outside its enum, and a missing required key', () => {
    const data = { title: 'Docs', hosting: 'github-pages' };
    expect(siteSchema.safeParse(data).error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['hosting', 'url']);
    expect(errorsOf('site', data).map(({ keyword, instancePath }) => [keyword, instancePath])).toEqual([
      ['required', ''],
      ['enum', '/hosting'],
    ]);
  });

  it('a nav entry with a slug and an unknown key, at any depth', () => {
    for (const text of ['- slug: overview\n  colour: red\n', '- title: Guides\n  children:\n    - title: Deeper\n      children:\n        - slug: guides/one\n          colour: red\n']) {
      expect(() => parseNav(navSource(text).data, navSource(text))).toThrow(/colour/);
      expect(errorsOf('nav', parse(text)).filter((error) => error.keyword === 'additionalProperties').map((error) => error.params)).toContainEqual({ additionalProperty: 'colour' });
    }
    expect(errorsOf('nav', parse('- title: Guides\n  children:\n    - title: Deeper\n      children:\n        - slug: guides/one\n'))).toEqual([]);
  });

  it('a nav section that links a page without `dropdown: false`, a section without children, a bad slug', () => {
    for (const text of ['- title: Guides\n  slug: guides\n  children:\n    - slug: guides/one\n', '- title: Guides\n  children: []\n', '- slug: Guides/One\n']) {
      expect(() => parseNav(navSource(text).data, navSource(text)), text).toThrow();
      expect(errorsOf('nav', parse(text)), text).not.toEqual([]);
    }
    expect(errorsOf('nav', parse('- title: Guides\n  dropdown: false\n  slug: guides\n  children:\n    - slug: guides/one\n'))).toEqual([]);
  });

  it('a version without an id, or with an id that is no URL segment', () => {
    for (const data of [[{ label: '1.0', stable: true }], [{ id: '1.0/beta' }], []]) {
      expect(versionsSchema.safeParse(data).success, JSON.stringify(data)).toBe(false);
      expect(errorsOf('versions', data), JSON.stringify(data)).not.toEqual([]);
    }
    expect(errorsOf('versions', [{ label: '1.0' }])).toMatchObject([{ keyword: 'required', params: { missingProperty: 'id' } }]);
  });

  it('a reader with a password instead of its hash, or with an unknown key', () => {
    for (const data of [[{ username: 'ada', passwordHash: 'correct horse' }], [{ username: 'ada', passwordHash: HASH, password: 'x' }], { users: [{ username: 'ada', passwordHash: 'x' }] }]) {
      const list = Array.isArray(data) ? data : data.users;
      expect(usersSchema.safeParse(list).success, JSON.stringify(data)).toBe(false);
      expect(errorsOf('users', data), JSON.stringify(data)).not.toEqual([]);
    }
    expect(usersSchema.safeParse([{ username: 'ada', passwordHash: HASH, roles: ['partner'] }]).success).toBe(true);
    expect(errorsOf('users', [{ username: 'ada', passwordHash: HASH, roles: ['partner'] }])).toEqual([]);
    expect(errorsOf('users', { users: [{ username: 'ada', passwordHash: HASH }] })).toEqual([]);
  });

  it('a default of every key is a value the key accepts', () => {
    const defaults = (Object.keys(schemas) as ConfigFileName[]).flatMap((name) => keyPaths(schemas[name]).filter((key) => key.schema.default !== undefined).map((key) => ({ name, ...key })));
    expect(defaults.length).toBeGreaterThan(40);
    for (const { name, path, schema } of defaults) {
      const validate = ajv.compile({ ...schema, $defs: schemas[name].$defs });
      expect(validate(schema.default), `${name}: ${path}`).toBe(true);
    }
  });
});

interface KeyPath {
  path: string;
  schema: JsonSchema;
  leaf: boolean;
}

/** Every key below `schema` as the reference writes it (`a.b`, `a[].b`, `a.<name>.b`; the entries of a file that is a list have no prefix). Each definition is followed once. */
function keyPaths(root: JsonSchema): KeyPath[] {
  const followed = new Set<string>();
  const walk = (schema: JsonSchema, prefix: string): KeyPath[] => {
    if (typeof schema.$ref === 'string') {
      if (followed.has(schema.$ref)) return [];
      followed.add(schema.$ref);
      return walk(root.$defs![schema.$ref.replace('#/$defs/', '')] as JsonSchema, prefix);
    }
    const below: KeyPath[] = [];
    for (const branch of (schema.anyOf ?? []) as JsonSchema[]) below.push(...walk(branch, prefix));
    if (typeof schema.items === 'object') below.push(...walk(schema.items as JsonSchema, prefix === '' ? '' : `${prefix}[]`));
    if (typeof schema.additionalProperties === 'object' && schema.additionalProperties.properties) below.push(...walk(schema.additionalProperties, `${prefix}.<*>`));
    for (const [name, property] of Object.entries(schema.properties ?? {}) as Array<[string, JsonSchema]>) {
      const path = prefix === '' ? name : `${prefix}.${name}`;
      const inner = walk(property, path);
      // A key holding a definition (nav.yml's `children`, users.yml's `users`) is not a leaf: the definition's keys are listed once.
      const holdsDefinition = typeof property.$ref === 'string' || typeof (property.items as JsonSchema | undefined)?.$ref === 'string';
      below.push({ path, schema: property, leaf: inner.length === 0 && !holdsDefinition }, ...inner);
    }
    return below;
  };
  return walk(root, '');
}

describe('the configuration reference', () => {
  const page = generatedFiles().find(({ file }) => file.endsWith('.md'))!.text;
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  it.each([...(Object.keys(schemas) as ConfigFileName[]).map((name) => [name, schemas[name]] as const), ['front matter', frontmatterJsonSchema()] as const])('lists every leaf key of %s with its path', (_name, schema) => {
    const leaves = keyPaths(schema).filter((key) => key.leaf);
    expect(leaves.length).toBeGreaterThan(1);
    const missing = leaves.filter(({ path }) => !new RegExp(`\`${escape(path).replaceAll('<\\*>', '<[a-z ]+>')}\``).test(page));
    expect(missing.map(({ path }) => path)).toEqual([]);
  });

  it('marks a deprecated key as such, with its replacement', () => {
    expect(page).toMatch(/^\| `api\.partnersBaseUrl` \| URL \|  \| \*\*Deprecated:\*\* .*`api\.servers`/m);
  });

  it('has the sections other pages link to, and a table row for every key of a block', () => {
    for (const heading of ['## config/site.yml', '## config/versions.yml', '## content/\\<version\\>/nav.yml', '## config/users.yml', '## Page front matter']) expect(page.split('\n')).toContain(heading);
    let header = '';
    const keyRows = page.split('\n').filter((line) => {
      if (!line.startsWith('|')) header = '';
      else if (header === '') header = line;
      else return header === '| Key | Type | Default | Description |' && !line.startsWith('| ---');
      return false;
    });
    expect(keyRows.length).toBeGreaterThan(100);
    for (const line of keyRows) expect(line.split(/(?<!\\)\|/).length, line).toBe(6);
  });
});
