/**
 * The configuration reference page of the manual, written from the JSON Schemas of the config
 * files (src/config/json-schemas.ts), and the list of files `npm run schemas` writes. Pure.
 */
import { CONFIG_FILES, configJsonSchemas, frontmatterJsonSchema, schemaFileText, type ConfigFileName, type JsonSchema } from './json-schemas.ts';

/** The manual's page, relative to the repository root. */
const REFERENCE_PAGE = 'docs/content/latest/configuration.md';

/** Every file `npm run schemas` writes, with its text. */
export function generatedFiles(): Array<{ file: string; text: string }> {
  const schemas = configJsonSchemas();
  return [
    ...(Object.keys(CONFIG_FILES) as ConfigFileName[]).map((name) => ({ file: `schemas/${name}.schema.json`, text: schemaFileText(schemas[name]) })),
    { file: REFERENCE_PAGE, text: configurationReference(schemas, frontmatterJsonSchema()) },
  ];
}

/** One key of a file: its dotted path, its schema and whether its parent needs it. */
interface Key {
  path: string;
  schema: JsonSchema;
  required: boolean;
}

/** Names written for the keys of a map, by the map's path (`i18n.strings.<locale>`). */
const MAP_KEY_NAMES: Record<string, string> = { 'api.servers': 'server URL', 'i18n.strings': 'locale', 'security.contentSecurityPolicy': 'directive' };

const SCHEMA_LINE = (schema: string, up: string) => `# yaml-language-server: $schema=${up}node_modules/caravan-docs/schemas/${schema}`;

function configurationReference(schemas: Record<ConfigFileName, JsonSchema>, frontmatter: JsonSchema): string {
  const site = schemas.site;
  const nav = schemas.nav;
  const [entryRef, topicRef] = (nav.items as JsonSchema).anyOf as [JsonSchema, JsonSchema];
  const navEntry = resolve(nav, entryRef);
  const navTopic = resolve(nav, topicRef);
  const [navPage, navSection] = navEntry.anyOf as [JsonSchema, JsonSchema];
  const readers = resolve(schemas.users, (schemas.users.anyOf as JsonSchema[])[0]!);
  const lines = [
    '---',
    'title: Configuration reference',
    'description: Every key of config/site.yml, config/versions.yml, nav.yml, config/users.yml and page front matter, with its type, default and meaning.',
    '---',
    '',
    'A site is set up by four YAML files and the front matter of its pages: `config/site.yml` (site-wide settings), `config/versions.yml` (the versions), `content/<version>/nav.yml` (the navigation of each version) and, for sign-in with passwords, `config/users.yml`. A mistake in any of them stops the build with the file, the line, the key and how to fix it.',
    '',
    'This page and the JSON Schemas in the package (`node_modules/caravan-docs/schemas/`) are generated from the same zod schemas the build checks the files with, by `npm run schemas` in the Caravan Docs repository, so they list the same keys.',
    '',
    '## Completion in the editor',
    '',
    'An editor with a YAML language server (the YAML extension of VS Code, for example) completes keys, shows the descriptions below and marks unknown keys and wrong types as you type, once the file names its schema on a line of its own, usually the first:',
    '',
    '```yaml',
    SCHEMA_LINE('site.schema.json', '../'),
    '```',
    '',
    'The path is relative to the file:',
    '',
    '| File | First line |',
    '| --- | --- |',
    ...(['site', 'versions', 'users', 'nav'] as const).map((name) => row([code(CONFIG_FILES[name].path), code(SCHEMA_LINE(`${name}.schema.json`, name === 'nav' ? '../../' : '../'))])),
    '',
    'The editor catches less than the build. A schema cannot say what needs code or other files to check, so these mistakes are reported by the build only: a URL that is not http(s), or a site `url` with a path; a colour that cannot be read or does not reach the contrast WCAG AA asks for, and `accentDark` without `accent`; a locale id that is not a BCP 47 tag, a `defaultLocale` missing from `locales`, and `strings` for a locale the site lacks; ids and usernames listed twice; version ids and page slugs the generator keeps for its own pages; a password hash that does not decode; a text of spaces only where text is required; files named in site.yml (logo, favicon, CSS, components) or nav.yml (pages) that do not exist; and roles no reader can hold.',
    '',
    '## How to read the tables',
    '',
    'A key written `a.b` is `b` inside `a`; `a[]` stands for each entry of the list `a`; a name in angle brackets, like `<locale>`, stands for a name you choose. A *required* key must be written whenever the block holding it is; every other key may be left out and then takes its default.',
    '',
    '## config/site.yml',
    '',
    text(`${CONFIG_FILES.site.description} Its top-level keys:`),
    '',
    ...siteTables(site),
    '## config/versions.yml',
    '',
    text(`${CONFIG_FILES.versions.description} A list with at least one entry; each entry has these keys:`),
    '',
    ...table(keysOf(schemas.versions.items as JsonSchema, '')),
    '## content/\\<version\\>/nav.yml',
    '',
    text(`${CONFIG_FILES.nav.description} Each entry of the list, and of a section's \`children\`, is a page or a section. An entry with \`title\` or \`children\` is a section. The list may instead be a list of topics, each holding such entries.`),
    '',
    '### Page entry',
    '',
    text(navPage.description ?? ''),
    '',
    ...table(keysOf(navPage, '')),
    '### Section or group',
    '',
    text(navSection.description ?? ''),
    '',
    ...table(keysOf(navSection, '')),
    '### Topic',
    '',
    text(navTopic.description ?? ''),
    '',
    ...table(keysOf(navTopic, '')),
    '## config/users.yml',
    '',
    text(`${CONFIG_FILES.users.description} An empty file has no readers. Each reader has these keys:`),
    '',
    ...table(keysOf(readers.items as JsonSchema, '')),
    '## Page front matter',
    '',
    text(`${frontmatter.description ?? ''} The block between two \`---\` lines at the top of a page's .md or .mdx file:`),
    '',
    ...table(keysOf(frontmatter, '')),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}

/** site.yml: the top-level keys in one table, then a section per block (an object or a list of objects). */
function siteTables(site: JsonSchema): string[] {
  const properties = Object.entries(site.properties ?? {}) as Array<[string, JsonSchema]>;
  const required = new Set(site.required ?? []);
  const out = table(properties.map(([name, schema]) => ({ path: name, schema, required: required.has(name) })));
  for (const [name, schema] of properties) {
    const keys = keysOf(schema, name);
    if (keys.length === 0) continue;
    // A map whose entries are objects (i18n.strings) gets a table of its own, after its block's.
    const maps = keys.filter((key) => isMapOfObjects(key.schema));
    const inner = (key: Key) => maps.some((map) => key.path.startsWith(`${map.path}.`));
    out.push(`### ${code(name)}`, '', text(schema.description ?? ''), '', ...table(keys.filter((key) => !inner(key))));
    for (const map of maps) {
      out.push(`### ${code(map.path)}`, '', text(map.schema.description ?? ''), '', ...table(keys.filter((key) => key.path.startsWith(`${map.path}.`))));
    }
  }
  return out;
}

/** Every key below `schema`, depth first, with `prefix` as the path of `schema` itself. */
function keysOf(schema: JsonSchema, prefix: string): Key[] {
  // A named definition (nav.yml's entries inside `children`) is listed where it is defined.
  if (typeof schema.$ref === 'string') return [];
  const join = (name: string) => (prefix === '' ? name : `${prefix}.${name}`);
  const keys: Key[] = [];
  for (const branch of (schema.anyOf ?? []) as JsonSchema[]) keys.push(...keysOf(branch, prefix));
  if (schema.items && typeof schema.items === 'object') keys.push(...keysOf(schema.items as JsonSchema, `${prefix}[]`));
  const required = new Set(schema.required ?? []);
  for (const [name, property] of Object.entries(schema.properties ?? {}) as Array<[string, JsonSchema]>) {
    keys.push({ path: join(name), schema: property, required: required.has(name) }, ...keysOf(property, join(name)));
  }
  if (isMapOfObjects(schema)) keys.push(...keysOf(schema.additionalProperties as JsonSchema, join(`<${MAP_KEY_NAMES[prefix] ?? 'name'}>`)));
  // The same key in two branches of a union (a logo as text or as an object) is listed once.
  return keys.filter((key, index) => keys.findIndex((other) => other.path === key.path) === index);
}

function isMapOfObjects(schema: JsonSchema): boolean {
  const values = schema.additionalProperties;
  return typeof values === 'object' && values !== null && values.properties !== undefined;
}

function resolve(root: JsonSchema, schema: JsonSchema): JsonSchema {
  if (typeof schema.$ref !== 'string') return schema;
  const name = schema.$ref.replace('#/$defs/', '');
  const target = root.$defs?.[name];
  if (typeof target !== 'object') throw new Error(`The schema has no definition for ${schema.$ref}.`);
  return target;
}

function table(keys: readonly Key[]): string[] {
  if (keys.length === 0) return [];
  return ['| Key | Type | Default | Description |', '| --- | --- | --- | --- |', ...keys.map(keyRow), ''];
}

function keyRow({ path, schema, required }: Key): string {
  const fallback = defaultText(schema);
  const long = fallback !== undefined && fallback.length > 40;
  const description = [text(schema.description ?? '').replace(/^(?=.)/, schema.deprecated ? '**Deprecated.** ' : '').replace('**Deprecated.** Deprecated:', '**Deprecated:**'), long ? `Default: ${code(fallback)}.` : ''];
  return row([code(path), typeText(schema, path), required ? '*required*' : fallback === undefined ? '' : long ? 'see description' : code(fallback), description.filter(Boolean).join(' ')]);
}

/** The type in words a writer reads: string, true/false, list of strings, one of "a", "b". */
function typeText(schema: JsonSchema, path = ''): string {
  if (typeof schema.$ref === 'string') return schema.$ref.replace('#/$defs/', '');
  if (schema.anyOf) return (schema.anyOf as JsonSchema[]).map((branch) => typeText(branch, path)).join(' or ');
  if (schema.enum) return `one of ${schema.enum.map((value) => code(JSON.stringify(value))).join(', ')}`;
  if (schema.const !== undefined) return code(JSON.stringify(schema.const));
  switch (schema.type) {
    case 'string':
      return schema.format === 'uri' ? 'URL' : 'string';
    case 'boolean':
      return 'true/false';
    case 'integer':
      return `whole number${range(schema)}`;
    case 'number':
      return `number${range(schema)}`;
    case 'null':
      return 'nothing';
    case 'array': {
      const items = schema.items as JsonSchema;
      const counted = schema.minItems !== undefined && schema.maxItems !== undefined ? `, ${schema.minItems} to ${schema.maxItems}` : schema.maxItems !== undefined ? `, at most ${schema.maxItems}` : schema.minItems !== undefined ? `, at least ${schema.minItems}` : '';
      return `list of ${plural(items)}${counted}`;
    }
    case 'object': {
      const values = schema.additionalProperties;
      if (typeof values === 'object' && values !== null && !schema.properties) {
        const keyNames = (schema.propertyNames as JsonSchema | undefined)?.enum;
        const names = keyNames ? keyNames.map((name) => code(JSON.stringify(name))).join(', ') : (MAP_KEY_NAMES[path] ?? 'name');
        return `map of ${names} to ${isMapOfObjects(schema) ? 'object' : typeText(values)}`;
      }
      return 'object';
    }
    default:
      return 'any';
  }
}

function plural(items: JsonSchema): string {
  if (typeof items.$ref === 'string') return items.$ref.replace('#/$defs/', '').replace(/y$/, 'ie') + 's';
  const single = typeText(items);
  return single === 'URL' || single === 'string' || single === 'object' ? `${single}s` : single;
}

function range(schema: JsonSchema): string {
  const low = schema.minimum !== undefined ? `${schema.minimum}` : schema.exclusiveMinimum !== undefined ? `more than ${schema.exclusiveMinimum}` : undefined;
  const high = schema.maximum;
  if (low !== undefined && high !== undefined) return schema.minimum !== undefined ? `, ${low} to ${high}` : `, ${low}, at most ${high}`;
  if (low !== undefined) return schema.minimum !== undefined ? `, at least ${low}` : `, ${low}`;
  return high !== undefined ? `, at most ${high}` : '';
}

/** The default as YAML would write it; none for a block's `{}` (its keys have their own). */
function defaultText(schema: JsonSchema): string | undefined {
  if (schema.default === undefined) return undefined;
  if (schema.properties && typeof schema.default === 'object' && schema.default !== null && Object.keys(schema.default).length === 0) return undefined;
  return flowYaml(schema.default);
}

function flowYaml(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(flowYaml).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([key, inner]) => `${key}: ${flowYaml(inner)}`).join(', ')} }`;
  }
  if (typeof value === 'string') return /^[A-Za-z0-9/][\w./ -]*$/.test(value) && !/^(?:true|false|yes|no|null|~|[0-9.]+)$/i.test(value) ? value : JSON.stringify(value);
  return String(value);
}

function row(cells: readonly string[]): string {
  return `| ${cells.map((cell) => cell.replaceAll('|', '\\|').replaceAll('\n', ' ')).join(' | ')} |`;
}

/** A code span that holds any text (backticks inside get a longer fence). */
function code(value: string): string {
  const longest = Math.max(0, ...[...value.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return longest === 0 ? `${fence}${value}${fence}` : `${fence} ${value} ${fence}`;
}

/** Prose from a description as Markdown: outside code spans, characters Markdown would read as markup are escaped. */
function text(prose: string): string {
  return prose
    .split(/(`[^`]*`)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/[\\<>*_[\]]/g, (char) => `\\${char}`)))
    .join('');
}
