/**
 * JSON Schemas of the config files, made from their zod schemas (`z.toJSONSchema`, draft 2020-12)
 * as a user writes the files (`io: 'input'`: before transforms, with defaults). Editors read them
 * through a `# yaml-language-server: $schema=` line; `npm run schemas` writes them to schemas/ and
 * the configuration reference from them. Pure.
 *
 * What JSON Schema cannot say is left to the build: refinements (a colour's contrast, reserved
 * slugs and version ids, unique ids, a locale that must be listed) are not here, and a few checks
 * are here as patterns given with the zod schema (`.meta({ pattern })`).
 */
import { z } from 'zod';
import { navPageSchema, navSectionSchema, navTopicSchema } from './schemas/nav.ts';
import { pageFrontmatterSchema } from './schemas/page.ts';
import { siteSchema } from './schemas/site.ts';
import { usersFileSchema, usersSchema } from './schemas/users.ts';
import { versionsSchema } from './schemas/versions.ts';

export type JsonSchema = z.core.JSONSchema.BaseSchema;

export type ConfigFileName = 'site' | 'versions' | 'nav' | 'users';

/** Where each file lives in a site, what its schema is called, and what it says about itself. */
export const CONFIG_FILES: Record<ConfigFileName, { path: string; title: string; description: string }> = {
  site: { path: 'config/site.yml', title: 'Caravan Docs config/site.yml', description: 'Site-wide settings of a Caravan Docs site. Only `title` and `url` are required.' },
  versions: { path: 'config/versions.yml', title: 'Caravan Docs config/versions.yml', description: 'The versions of the documentation, in display order; each names its folder content/<id>/.' },
  nav: { path: 'content/<version>/nav.yml', title: 'Caravan Docs nav.yml', description: "A version's navigation: a list of pages, sections and groups, in sidebar order." },
  users: { path: 'config/users.yml', title: 'Caravan Docs config/users.yml', description: 'Readers who sign in with a password: a list of readers, or the same list under a `users:` key.' },
};

/** The address each schema names itself by (`$id`); the package ships the files under schemas/. */
const SCHEMA_BASE_URL = 'https://caravan-docs.dev/schemas/';

/**
 * nav.yml for JSON Schema. nav.ts reads `children` as unknown values that nav-file.ts validates one
 * by one (so errors carry their own path); here children are entries again, making the schema
 * recursive. The section's own refinement becomes `if`/`then`: a `slug` needs `dropdown: false`.
 */
const navSection = z
  .strictObject({
    ...navSectionSchema.shape,
    get children() {
      return z
        .array(navEntry)
        .min(1)
        .describe(navSectionSchema.shape.children.description ?? '');
    },
  })
  .meta({
    description: navSectionSchema.description,
    if: { required: ['slug'] },
    then: { properties: { dropdown: { const: false } }, required: ['dropdown'] },
  });
const navEntry: z.ZodType = z.union([navPageSchema, navSection]).meta({ id: 'entry', description: 'A page, or a section or group.' });
const navTopic = z
  .strictObject({
    ...navTopicSchema.shape,
    get children() {
      return z
        .array(navEntry)
        .min(1)
        .optional()
        .describe(navTopicSchema.shape.children.description ?? '');
    },
  })
  .meta({ id: 'topic', description: navTopicSchema.description });
// A list of entries, or of topics (the build also refuses a list that mixes them, which a schema cannot say simply).
const navFile = z.array(z.union([navEntry, navTopic]));

/** users.yml: the list, the list under `users:`, or an empty file (no readers), as load.ts reads it. The list is written once. */
const readers = usersSchema.meta({ id: 'readers' });
const usersFile = z.union([readers, usersFileSchema.extend({ users: readers }).describe(usersFileSchema.description ?? ''), z.null().describe('An empty file: no readers.')]);

/** The JSON Schema of each config file, with `$id`, `title` and `description`. */
export function configJsonSchemas(): Record<ConfigFileName, JsonSchema> {
  return {
    site: fileSchema('site', siteSchema),
    versions: fileSchema('versions', versionsSchema),
    nav: fileSchema('nav', navFile),
    users: fileSchema('users', usersFile),
  };
}

/** A page's front matter (not a file of its own, so not shipped; the reference lists it). */
export function frontmatterJsonSchema(): JsonSchema {
  return toJsonSchema(pageFrontmatterSchema);
}

function fileSchema(name: ConfigFileName, schema: z.ZodType): JsonSchema {
  const { $schema, ...body } = toJsonSchema(schema);
  const { title, description } = CONFIG_FILES[name];
  return { $schema, $id: `${SCHEMA_BASE_URL}${name}.schema.json`, title, ...body, description };
}

function toJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'throw', cycles: 'ref', reused: 'inline', override: inputDefault });
}

/**
 * z.toJSONSchema drops the default of a schema that transforms (it is an output value). Where the
 * default reads back as itself (`defaultLocale: en`), a user could write it, so it is kept.
 */
function inputDefault({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodType; jsonSchema: JsonSchema }): void {
  const def = zodSchema._zod.def;
  if (def.type !== 'default' || jsonSchema.default !== undefined) return;
  const { defaultValue, innerType } = def as z.core.$ZodDefaultDef;
  const parsed = z.safeParse(innerType, defaultValue);
  if (parsed.success && JSON.stringify(parsed.data) === JSON.stringify(defaultValue)) jsonSchema.default = defaultValue as JsonSchema['default'];
}

/** Keywords in reading order; any other keyword follows, by name. Maps of names keep their order. */
const KEYWORD_ORDER = [
  '$schema', '$id', '$ref', 'title', 'description', 'deprecated', 'type', 'const', 'enum', 'format', 'pattern',
  'minLength', 'maxLength', 'minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum', 'minItems', 'maxItems',
  'default', 'anyOf', 'oneOf', 'allOf', 'items', 'properties', 'required', 'propertyNames', 'additionalProperties',
  'if', 'then', 'else', 'not', '$defs',
];
const NAME_MAPS = new Set(['properties', '$defs', 'patternProperties']);
/** Values that are data, not schemas: written as they are. */
const DATA = new Set(['default', 'const', 'enum', 'examples']);

/** A schema as a file: two-space JSON, keywords in a fixed order, a final newline. */
export function schemaFileText(schema: JsonSchema): string {
  return `${JSON.stringify(ordered(schema), null, 2)}\n`;
}

/** `schema` with its keywords in KEYWORD_ORDER, throughout; the members of a name map are schemas. */
function ordered(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(ordered);
  if (schema === null || typeof schema !== 'object') return schema;
  const entries = Object.entries(schema).sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0) * Number(rank(a) === KEYWORD_ORDER.length));
  return Object.fromEntries(
    entries.map(([key, value]) => {
      if (DATA.has(key)) return [key, value];
      if (NAME_MAPS.has(key) && value !== null && typeof value === 'object') return [key, Object.fromEntries(Object.entries(value).map(([name, member]) => [name, ordered(member)]))];
      return [key, ordered(value)];
    }),
  );
}

function rank(keyword: string): number {
  const index = KEYWORD_ORDER.indexOf(keyword);
  return index === -1 ? KEYWORD_ORDER.length : index;
}
