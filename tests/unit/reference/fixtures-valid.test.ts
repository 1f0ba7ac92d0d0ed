import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

// The OpenAPI fixtures (tests/fixtures/openapi/, listed with their origin and licence in its
// README.md) and the description of the any-api site must be valid OpenAPI 3.0/3.1, so a
// reference test that fails on them points at the generator, not at the fixture.

const PROJECT_ROOT = join(import.meta.dirname, '../../..');
const FIXTURE_DIR = join(PROJECT_ROOT, 'tests/fixtures/openapi');
const ANY_API = join(PROJECT_ROOT, 'tests/fixtures/any-api/content/v1/openapi.yaml');
const FIXTURE_FILES = readdirSync(FIXTURE_DIR)
  .filter((file) => /\.(ya?ml|json)$/.test(file))
  .sort();
const FILES = [...FIXTURE_FILES.map((file) => join(FIXTURE_DIR, file)), ANY_API];
const label = (file: string) => relative(PROJECT_ROOT, file);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const read = (file: string): Json => parse(readFileSync(file, 'utf8')) as Json;

describe('OpenAPI fixtures parse as OpenAPI 3.x documents', () => {
  it('there are fixtures to check, and the README lists every one of them (and no other)', () => {
    expect(FIXTURE_FILES.length).toBeGreaterThanOrEqual(10);
    const readme = readFileSync(join(FIXTURE_DIR, 'README.md'), 'utf8');
    const listed = [...readme.matchAll(/^### `([^`]+)`/gm)].map((match) => match[1]!).sort();
    expect(listed).toEqual(FIXTURE_FILES);
  });

  for (const file of FILES) {
    it(`${label(file)}: an object with openapi 3.0/3.1, info, and paths or webhooks`, () => {
      const document = read(file);
      expect(isObject(document)).toBe(true);
      expect(document.openapi).toMatch(/^3\.[01]\.\d+$/);
      expect(isObject(document.info)).toBe(true);
      expect(typeof (document.info as Json).title).toBe('string');
      expect(typeof (document.info as Json).version).toBe('string');
      expect(isObject(document.paths) || isObject(document.webhooks)).toBe(true);
      if (!('paths' in document)) expect(document.openapi, 'a description without paths needs 3.1').toMatch(/^3\.1\./);
    });
  }
});

/** Redocly's lint (the CLI, as tests/unit/sandbox/openapi-lint.test.ts runs it) of one file, as JSON. */
function redoclyLint(file: string, ruleset: string): { totals: { errors: number }; problems: { ruleId: string; severity: string; message: string; location: { pointer?: string }[] }[] } {
  const run = spawnSync(process.execPath, [join(PROJECT_ROOT, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', file, `--extends=${ruleset}`, '--format=json', '--max-problems=1000'], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  try {
    return JSON.parse(run.stdout);
  } catch {
    throw new Error(`redocly lint printed no JSON for ${label(file)}:\n${run.stdout}\n${run.stderr}`);
  }
}

// Redocly's `minimal` ruleset: every structural rule (`struct`: the OpenAPI schema of each
// object) and unresolvable $refs are errors; style rules are warnings. The `recommended` set
// is too strict for public descriptions and for fixtures whose point is a lint-unfriendly shape
// (operations without operationId or security, a webhooks-only file without servers), so its
// style findings are not asserted on.
describe('OpenAPI fixtures pass Redocly lint (minimal ruleset) with no error', () => {
  for (const file of FILES) {
    it(label(file), () => {
      const result = redoclyLint(file, 'minimal');
      const errors = result.problems.filter((problem) => problem.severity === 'error');
      const structural = result.problems.filter((problem) => ['struct', 'no-unresolved-refs'].includes(problem.ruleId));
      const show = (list: typeof errors) => list.map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
      expect(show(errors)).toEqual([]);
      expect(show(structural)).toEqual([]);
      expect(result.totals.errors).toBe(0);
    });
  }

  it('the check can fail: a structurally broken description gets struct and $ref errors', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-fixture-'));
    try {
      const file = join(dir, 'broken.yaml');
      writeFileSync(
        file,
        [
          'openapi: 3.1.0',
          'info: { title: Broken }',
          'paths:',
          '  /a:',
          '    get:',
          '      parameters: [{ name: q, in: body, schema: { type: string } }]',
          "      responses: { '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/Nope' } } } } }",
          '',
        ].join('\n'),
      );
      const result = redoclyLint(file, 'minimal');
      expect(result.totals.errors).toBeGreaterThanOrEqual(3);
      expect(new Set(result.problems.filter((problem) => problem.severity === 'error').map((problem) => problem.ruleId))).toEqual(new Set(['struct', 'no-unresolved-refs']));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// What each fixture is there for (tests/fixtures/openapi/README.md says the same in words):
// the shapes are detected in the parsed documents, so a fixture edited into a different shape
// fails here instead of silently testing less.
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

function operationsOf(pathItems: unknown): Json[][] {
  if (!isObject(pathItems)) return [];
  return Object.values(pathItems).filter(isObject).map((item) => METHODS.map((method) => item[method]).filter(isObject));
}

/** Every object in the document, depth first. */
function* objects(value: unknown): Generator<Json> {
  if (Array.isArray(value)) for (const item of value) yield* objects(item);
  else if (isObject(value)) {
    yield value;
    for (const child of Object.values(value)) yield* objects(child);
  }
}

function hasCircularSchema(document: Json): boolean {
  const schemas = isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {};
  const edges = new Map(Object.entries(schemas).map(([name, schema]) => [name, [...objects(schema)].map((o) => o.$ref).filter((ref): ref is string => typeof ref === 'string').map((ref) => ref.match(/^#\/components\/schemas\/([^/]+)/)?.[1]).filter((target): target is string => Boolean(target))]));
  const reaches = (from: string, target: string, seen = new Set<string>()): boolean =>
    (edges.get(from) ?? []).some((next) => next === target || (!seen.has(next) && (seen.add(next), reaches(next, target, seen))));
  return [...edges.keys()].some((name) => reaches(name, name));
}

function shapesOf(document: Json): Set<string> {
  const shapes = new Set<string>();
  const add = (condition: unknown, shape: string) => condition && shapes.add(shape);
  const pathOps = operationsOf(document.paths);
  const allOps = [...pathOps, ...operationsOf(document.webhooks)].flat();
  const all = [...objects(document)];
  const components = isObject(document.components) ? document.components : {};
  const schemes = Object.values(isObject(components.securitySchemes) ? components.securitySchemes : {}).filter(isObject);
  const parameters = all.filter((o) => typeof o.in === 'string' && typeof o.name === 'string');
  const info = document.info as Json;

  add(pathOps.some((ops) => ops.filter((op) => !op.operationId).length >= 2), 'operations without operationId, two on one path');
  add(String(document.openapi).startsWith('3.1.') && isObject(document.webhooks) && Object.keys(document.webhooks).length > 0 && !('paths' in document), 'webhooks and no paths');
  add(isObject(document.webhooks) && isObject(document.paths), 'webhooks and paths');
  const tags = Array.isArray(document.tags) ? document.tags.filter(isObject) : [];
  add(Array.isArray(document['x-tagGroups']) && document['x-tagGroups'].length > 0 && tags.length > 0 && tags.every((tag) => typeof tag.description === 'string'), 'tags with descriptions and x-tagGroups');
  for (const scheme of schemes) shapes.add(`security: ${scheme.type}${scheme.scheme ? ` ${scheme.scheme}` : ''}${scheme.in ? ` in ${scheme.in}` : ''}`);
  add(schemes.some((scheme) => scheme.type === 'oauth2' && isObject(scheme.flows) && Object.keys(scheme.flows).length >= 2), 'security: oauth2 with several flows');
  add(Array.isArray(document.security) && document.security.length > 0, 'global security');
  add(allOps.some((op) => Array.isArray(op.security) && op.security.length > 0), 'per-operation security');
  add(allOps.some((op) => Array.isArray(op.security) && op.security.length === 0), 'public operation (security: [])');
  add(all.some((o) => isObject(o.variables) && Object.values(o.variables).some((v) => isObject(v) && Array.isArray(v.enum) && 'default' in v)), 'server variables with enum and default');
  add(Object.values(isObject(document.paths) ? document.paths : {}).some((item) => isObject(item) && Array.isArray(item.servers)), 'path-level servers');
  add(all.some((o) => Array.isArray(o.oneOf)), 'oneOf');
  add(all.some((o) => Array.isArray(o.anyOf)), 'anyOf');
  add(all.some((o) => Array.isArray(o.allOf)), 'allOf');
  add(all.some((o) => isObject(o.discriminator) && isObject(o.discriminator.mapping)), 'discriminator with mapping');
  add(hasCircularSchema(document), 'circular schema');
  add(all.some((o) => o.readOnly === true) && all.some((o) => o.writeOnly === true), 'readOnly and writeOnly');
  add(all.some((o) => o.nullable === true), 'nullable (3.0)');
  add(all.some((o) => Array.isArray(o.type) && o.type.includes('null')), 'type array with null (3.1)');
  add(all.some((o) => isObject(o.additionalProperties)) && all.some((o) => typeof o.additionalProperties === 'boolean'), 'additionalProperties as schema and boolean');
  add(all.some((o) => Array.isArray(o.enum)) && all.some((o) => typeof o.format === 'string') && all.some((o) => 'minimum' in o || 'maxLength' in o), 'enums, formats and constraints');
  add(all.some((o) => 'example' in o) && all.some((o) => 'examples' in o), 'example and examples');
  add(all.some((o) => Array.isArray(o.examples)), 'schema examples array (3.1)');
  const bodies = all.filter((o) => isObject(o.content)).map((o) => o.content as Json);
  const requestMedia = new Set(allOps.flatMap((op) => (isObject(op.requestBody) && isObject(op.requestBody.content) ? Object.keys(op.requestBody.content) : [])));
  add(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/xml'].every((type) => requestMedia.has(type)), 'request bodies: JSON, form, multipart, XML');
  add(bodies.some((content) => isObject(content['multipart/form-data']) && [...objects(content['multipart/form-data'])].some((o) => o.format === 'binary')), 'multipart file (format: binary)');
  add(bodies.some((content) => isObject(content['multipart/form-data']) && [...objects(content['multipart/form-data'])].some((o) => typeof o.contentMediaType === 'string')), 'multipart file (contentMediaType)');
  const responses = allOps.flatMap((op) => Object.values(isObject(op.responses) ? op.responses : {})).filter(isObject);
  add(responses.some((response) => isObject(response.headers)), 'response headers');
  add(responses.some((response) => isObject(response.links)), 'response links');
  add(parameters.some((p) => p.in === 'header'), 'header parameter');
  add(parameters.some((p) => p.in === 'cookie'), 'cookie parameter');
  for (const style of ['form', 'deepObject', 'simple', 'matrix', 'label']) add(parameters.some((p) => p.style === style), `style: ${style}`);
  add(allOps.some((op) => isObject(op.callbacks)), 'callbacks');
  add(allOps.some((op) => op.deprecated === true), 'deprecated operation');
  add(parameters.some((p) => p.deprecated === true), 'deprecated parameter');
  const markdown = (text: unknown) => typeof text === 'string' && /^> \[!NOTE\]$/m.test(text) && /^> \[!(WARNING|CAUTION)\]$/m.test(text) && /^## \S/m.test(text);
  add(markdown(info.description), 'alerts and headings in info.description');
  add(allOps.some((op) => typeof op.description === 'string' && /^> \[!\w+\]$/m.test(op.description) && /^##+ \S/m.test(op.description)), 'alerts and headings in an operation description');
  add(pathOps.flat().length >= 20 && pathOps.flat().length <= 80, 'mid-size (20 to 80 operations)');
  return shapes;
}

const EXPECTED_SHAPES: Record<string, string[]> = {
  'adyen-report-webhooks.json': ['webhooks and no paths'],
  'callbacks-and-deprecation.yaml': ['callbacks', 'deprecated operation', 'deprecated parameter', 'operations without operationId, two on one path', 'header parameter'],
  'lending-library.yaml': [
    'operations without operationId, two on one path',
    'tags with descriptions and x-tagGroups',
    'security: http bearer',
    'security: apiKey in header',
    'security: oauth2 with several flows',
    'global security',
    'per-operation security',
    'public operation (security: [])',
    'server variables with enum and default',
    'webhooks and paths',
    'oneOf',
    'discriminator with mapping',
    'circular schema',
    'type array with null (3.1)',
    'alerts and headings in info.description',
    'alerts and headings in an operation description',
    'deprecated operation',
    'deprecated parameter',
  ],
  'markdown-descriptions.yaml': ['alerts and headings in info.description', 'alerts and headings in an operation description'],
  'opentargets.json': ['tags with descriptions and x-tagGroups', 'mid-size (20 to 80 operations)'],
  'request-baskets.json': ['operations without operationId, two on one path', 'mid-size (20 to 80 operations)'],
  'request-bodies.yaml': ['request bodies: JSON, form, multipart, XML', 'multipart file (format: binary)', 'multipart file (contentMediaType)', 'allOf'],
  'schemas-3.0.yaml': [
    'oneOf',
    'anyOf',
    'allOf',
    'discriminator with mapping',
    'circular schema',
    'readOnly and writeOnly',
    'nullable (3.0)',
    'additionalProperties as schema and boolean',
    'enums, formats and constraints',
    'example and examples',
  ],
  'schemas-3.1.yaml': ['oneOf', 'discriminator with mapping', 'circular schema', 'readOnly and writeOnly', 'type array with null (3.1)', 'enums, formats and constraints', 'schema examples array (3.1)'],
  'security-schemes.yaml': [
    'security: http bearer',
    'security: http basic',
    'security: apiKey in header',
    'security: apiKey in query',
    'security: apiKey in cookie',
    'security: oauth2',
    'security: oauth2 with several flows',
    'security: openIdConnect',
    'global security',
    'per-operation security',
    'public operation (security: [])',
  ],
  'servers-and-parameters.yaml': [
    'server variables with enum and default',
    'path-level servers',
    'response headers',
    'response links',
    'header parameter',
    'cookie parameter',
    'style: form',
    'style: deepObject',
    'style: simple',
    'style: matrix',
    'style: label',
  ],
  'traccar.json': ['operations without operationId, two on one path', 'mid-size (20 to 80 operations)', 'global security', 'security: http basic'],
  'webhooks-only.yaml': ['webhooks and no paths', 'header parameter'],
};

describe('the fixtures cover the shapes the generator must handle', () => {
  it('every fixture has an entry here', () => {
    expect(Object.keys(EXPECTED_SHAPES).sort()).toEqual(FIXTURE_FILES);
  });

  for (const [file, expected] of Object.entries(EXPECTED_SHAPES)) {
    it(`${file}: ${expected.join('; ')}`, () => {
      const found = shapesOf(read(join(FIXTURE_DIR, file)));
      expect(expected.filter((shape) => !found.has(shape))).toEqual([]);
    });
  }

  it('the any-api site uses the combined fixture (a copy of lending-library.yaml)', () => {
    expect(read(ANY_API)).toEqual(read(join(FIXTURE_DIR, 'lending-library.yaml')));
  });

  it('shape detection can fail: a description with none of the shapes has none', () => {
    const plain = { openapi: '3.0.3', info: { title: 'Plain', version: '1' }, paths: { '/a': { get: { operationId: 'a', responses: { '200': { description: 'OK' } } } } } };
    expect([...shapesOf(plain)]).toEqual([]);
  });
});
