import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocsInputError } from '../../../src/config/errors.ts';
import {
  dereference,
  describeApi,
  listOperationIds,
  listOperations,
  OperationNotFoundError,
  requireOperation,
  type OpenApiInput,
} from '../../../src/openapi/index.ts';
import { checkDescription, descriptionWarnings } from '../../../src/openapi/check.ts';
import { forgetOpenApi, loadVersionApi, openApiFile, readOpenApi } from '../../../src/openapi/openapi-fs.ts';

const ROOT = join(import.meta.dirname, '../../..');
const caravan = (version: string) => loadVersionApi(ROOT, version, { origin: 'https://docs.caravan.example' })!;

describe('the Caravan descriptions (the sample site)', () => {
  const v12 = caravan('1.2');

  it('lists the seven operations with their slugs', () => {
    expect(listOperationIds(v12.document)).toEqual(['listCaravans', 'updateCaravan', 'addCargoLot', 'updateCargoLot', 'dispatchCaravan', 'listMarketOrders', 'publishRoute']);
    expect(v12.operations.map((ref) => ref.slug)).toEqual(['list-caravans', 'update-caravan', 'add-cargo-lot', 'update-cargo-lot', 'dispatch-caravan', 'list-market-orders', 'publish-route']);
  });

  it('resolves parameters with their schemas, defaults, limits and enums', () => {
    const operation = requireOperation(v12, 'listMarketOrders');
    expect(operation).toMatchObject({ method: 'get', path: '/markets/{marketId}/orders', serverUrl: 'https://api.caravan.example/v1', requiresAuth: true, hasOperationId: true });
    expect(operation.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['path:marketId', 'query:page', 'query:per_page', 'query:priority', 'query:status']);
    expect(operation.parameters[2]).toMatchObject({ required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 }, example: 20 });
    expect(operation.parameters[0]).toMatchObject({ required: true, example: 'marrakesh' });
    expect(operation.security.map((alternative) => alternative.map((entry) => entry.scheme.key))).toEqual([['bearerAuth']]);
  });

  it('keeps named schemas as references, so each is rendered once', () => {
    const operation = requireOperation(v12, 'updateCargoLot');
    expect(operation.parameters.map((p) => p.name)).toEqual(['caravanId', 'lotId']);
    expect(operation.requestBody).toMatchObject({ required: true, contentType: 'application/json', example: { status: 'weighed', weight_kg: 180.5 } });
    expect(operation.requestBody!.schema).toEqual({ $ref: '#/components/schemas/CargoLotReplace' });
    expect(operation.requestBody!.contents.map((media) => media.contentType)).toEqual(['application/json']);
  });

  it('takes the partner interface from the path-level servers of the description', () => {
    expect(requireOperation(v12, 'publishRoute').serverUrl).toBe('https://partners.caravan.example/v2');
  });

  it('lists responses with descriptions, media types, headers and examples', () => {
    const operation = requireOperation(v12, 'dispatchCaravan');
    expect(operation.requestBody).toBeUndefined();
    const conflict = operation.responses.find((response) => response.status === '409')!;
    expect(conflict.contentType).toBe('application/problem+json');
    expect(operation.responses.find((response) => response.status === '200')!.headers.map((header) => header.name)).toContain('X-Request-Id');
  });

  it('is JSON-serialisable as is', () => {
    for (const ref of v12.operations) {
      const operation = v12.resolve(ref);
      expect(JSON.parse(JSON.stringify(operation))).toEqual(operation);
    }
  });

  it('names the known operations when one is missing', () => {
    expect(() => requireOperation(v12, 'nope')).toThrow(OperationNotFoundError);
    expect(() => requireOperation(v12, 'nope')).toThrow(/content\/1\.2\/openapi\.yaml has no operation `nope`.*listCaravans/);
  });

  it('works for every version: 1.1 has no paging on market orders', () => {
    expect(requireOperation(caravan('1.1'), 'listMarketOrders').parameters.map((p) => p.name)).not.toContain('page');
  });
});

const petstore: OpenApiInput = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  servers: [{ url: 'https://{region}.pets.example/v{major}', variables: { region: { default: 'eu', enum: ['eu', 'us'] }, major: { default: '2' } } }],
  security: [{ key: [] }],
  paths: {
    '/pets': {
      get: { summary: 'List pets', security: [], responses: { 200: { description: 'ok' } } },
      post: { security: [{ oauth: ['write'] }, { basic: [] }], requestBody: { content: { 'application/xml': { schema: { type: 'object' } }, 'multipart/form-data': { schema: { type: 'object', properties: { photo: { type: 'string', format: 'binary' } } } } } }, responses: { 201: { description: 'made' } } },
    },
    '/pets/{petId}': {
      servers: [{ url: '/files' }],
      parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { operationId: 'get pet!', deprecated: true, responses: { 200: { description: 'a pet', headers: { 'X-Rate': { description: 'left', schema: { type: 'integer' } } }, links: { owner: { operationId: 'getOwner', description: 'the owner' } } } } },
      delete: { parameters: [{ name: 'session', in: 'cookie', schema: { type: 'string' } }, { name: 'filter', in: 'query', style: 'deepObject', explode: true, schema: { type: 'object' } }], responses: { 204: { description: 'gone' } } },
    },
  },
  components: {
    securitySchemes: {
      key: { type: 'apiKey', in: 'header', name: 'X-Api-Key', 'x-sandbox-credentials': ['demo-key', { value: 'other', label: 'Other key' }] },
      basic: { type: 'http', scheme: 'Basic' },
      oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.example/token', scopes: { write: 'Write pets' } } } },
    },
  },
};

describe('any description', () => {
  const api = describeApi(petstore, { source: 'openapi.yaml', origin: 'https://docs.example.com' });

  it('gives every operation a page, with a slug from method and path when it has no operationId', () => {
    expect(api.operations.map((ref) => ref.slug)).toEqual(['get-pets', 'post-pets', 'get-pet', 'delete-pets-pet-id']);
    expect(listOperationIds(petstore)).toEqual(['get pet!']);
    expect(requireOperation(api, 'POST /pets')).toMatchObject({ operationId: 'POST /pets', hasOperationId: false, method: 'post' });
    expect(requireOperation(api, 'get pet!')).toMatchObject({ deprecated: true, hasOperationId: true });
  });

  it('fills server variables with their defaults and resolves relative servers against the docs site', () => {
    expect(requireOperation(api, 'GET /pets').serverUrl).toBe('https://eu.pets.example/v2');
    expect(requireOperation(api, 'get pet!').serverUrl).toBe('https://docs.example.com/files');
  });

  it('lets the site override servers: baseUrl for the top level, servers by their URL in the description', () => {
    const overridden = describeApi(petstore, {
      source: 'openapi.yaml',
      origin: 'https://docs.example.com',
      overrides: { baseUrl: 'https://staging.pets.example/v2/', servers: { '/files': 'https://files.example' } },
    });
    expect(requireOperation(overridden, 'GET /pets').serverUrl).toBe('https://staging.pets.example/v2');
    expect(requireOperation(overridden, 'get pet!').serverUrl).toBe('https://files.example');
  });

  it('reads security: the global requirement, per-operation overrides, an empty list opening an operation', () => {
    expect(requireOperation(api, 'GET /pets')).toMatchObject({ security: [], requiresAuth: false });
    const post = requireOperation(api, 'POST /pets');
    expect(post.security.map((alternative) => alternative.map((entry) => `${entry.scheme.key}:${entry.scopes.join(',')}`))).toEqual([['oauth:write'], ['basic:']]);
    expect(post.requiresAuth).toBe(true);
    const key = api.schemes.get('key')!;
    expect(key).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
    expect(key.sandboxCredentials).toEqual([{ value: 'demo-key' }, { value: 'other', label: 'Other key' }]);
    expect(api.schemes.get('basic')!.scheme).toBe('basic');
    expect(api.schemes.get('oauth')!.flows).toEqual([{ flow: 'clientCredentials', tokenUrl: 'https://auth.example/token', scopes: { write: 'Write pets' } }]);
  });

  it('keeps every media type, response headers, links, cookie parameters and parameter styles', () => {
    const post = requireOperation(api, 'POST /pets');
    expect(post.requestBody!.contents.map((media) => media.contentType)).toEqual(['application/xml', 'multipart/form-data']);
    expect(post.requestBody!.contentType).toBe('application/xml');
    const pet = requireOperation(api, 'get pet!');
    expect(pet.responses[0]).toMatchObject({ headers: [{ name: 'X-Rate', description: 'left', schema: { type: 'integer' } }], links: [{ name: 'owner', operation: 'getOwner', description: 'the owner' }] });
    const remove = requireOperation(api, 'DELETE /pets/{petId}');
    expect(remove.parameters.map((p) => `${p.in}:${p.name}:${p.style ?? ''}`)).toEqual(['path:petId:', 'query:filter:deepObject', 'cookie:session:']);
  });

  it('documents 3.1 webhooks, with or without paths', () => {
    const hooks: OpenApiInput = {
      openapi: '3.1.0',
      info: { title: 'Hooks', version: '1' },
      webhooks: { 'pet.created': { post: { summary: 'A pet was created', requestBody: { content: { 'application/json': { schema: { type: 'object' } } } }, responses: { 200: { description: 'ack' } } } } },
    };
    const described = describeApi(checkDescription('openapi.yaml', hooks), { source: 'openapi.yaml' });
    expect(described.operations.map((ref) => [ref.kind, ref.slug, ref.pointer])).toEqual([['webhook', 'webhook-pet-created-post', '/webhooks/pet.created/post']]);
    expect(described.resolve(described.operations[0]!)).toMatchObject({ kind: 'webhook', path: 'pet.created', method: 'post' });
  });

  it('documents callbacks of an operation', () => {
    const withCallback: OpenApiInput = {
      openapi: '3.0.3',
      paths: {
        '/subscriptions': {
          post: {
            operationId: 'subscribe',
            responses: { 201: { description: 'ok' } },
            callbacks: { onEvent: { '{$request.body#/callbackUrl}': { post: { summary: 'Event', requestBody: { content: { 'application/json': { schema: { type: 'object' } } } }, responses: { 200: { description: 'ack' } } } } } },
          },
        },
      },
    };
    const operation = requireOperation(describeApi(withCallback, { source: 'x' }), 'subscribe');
    expect(operation.callbacks).toMatchObject([{ name: 'onEvent', expression: '{$request.body#/callbackUrl}', method: 'post', summary: 'Event' }]);
  });

  it('gives clashing slugs a number, in document order', () => {
    const clash: OpenApiInput = { openapi: '3.1.0', paths: { '/a-b': { get: { responses: {} } }, '/a/b': { get: { responses: {} } }, '/x': { get: { operationId: 'getAB', responses: {} } } } };
    expect(listOperations(clash).map((ref) => ref.slug)).toEqual(['get-a-b', 'get-a-b-2', 'get-ab']);
  });
});

describe('descriptions the generator cannot take', () => {
  const problem = (value: unknown) => {
    try {
      checkDescription('content/v1/openapi.yaml', value);
    } catch (error) {
      expect(error).toBeInstanceOf(DocsInputError);
      return (error as DocsInputError).format();
    }
    throw new Error('accepted');
  };

  it('name the file, the JSON pointer and the fix', () => {
    expect(problem({ swagger: '2.0' })).toBe('content/v1/openapi.yaml: `/swagger` is Swagger 2.0, which the generator does not read.\n  Fix: convert it to OpenAPI 3 (for example with `npx swagger2openapi`), then replace the file.');
    expect(problem({ openapi: '4.0' })).toMatch(/^content\/v1\/openapi\.yaml: `\/openapi` is "4\.0", not an OpenAPI 3\.x version\./);
    expect(problem({ openapi: '3.1.0', paths: [] })).toMatch(/`\/paths` must be a map, but is a list\./);
    expect(problem({ openapi: '3.1.0', info: {} })).toMatch(/has neither `paths`, `webhooks` nor `components`/);
    expect(problem({ openapi: '3.1.0', paths: { '/a': { get: { responses: { 200: { $ref: '#/components/responses/Gone' } } } } } })).toBe(
      'content/v1/openapi.yaml: `/paths/~1a/get/responses/200/$ref` refers to `#/components/responses/Gone`, which does not exist.\n  Fix: correct the name, or add it under `components`.',
    );
    expect(problem({ openapi: '3.1.0', paths: { '/a': { $ref: 'other.yaml#/x' } } })).toMatch(/`\/paths\/~1a\/\$ref` refers to `other\.yaml#\/x`, outside this file\./);
  });

  it('accept percent-encoded references, as URI fragments may be', () => {
    const document = { openapi: '3.0.0', paths: { '/{id}': { get: { responses: { 200: { description: 'ok' } } } }, '/b': { get: { responses: { 200: { $ref: '#/paths/~1%7Bid%7D/get/responses/200' } } } } } };
    expect(() => checkDescription('x', document)).not.toThrow();
    expect(requireOperation(describeApi(document, { source: 'x' }), 'GET /b').responses[0]!.description).toBe('ok');
  });

  it('accept `$ref` inside examples as data, and cycles', () => {
    expect(() => checkDescription('x', { openapi: '3.1.0', paths: {}, components: { schemas: { Node: { properties: { next: { $ref: '#/components/schemas/Node' } }, example: { $ref: 'not-a-ref' } } } } })).not.toThrow();
  });

  it('warn about what the reference leaves out', () => {
    const warnings = descriptionWarnings('openapi.yaml', { openapi: '3.1.0', security: [{ missing: [] }], paths: { '/a': { get: { parameters: [{ name: 'q' }], responses: {} } } } });
    expect(warnings.map((warning) => warning.message)).toEqual([
      '/security/0: the security scheme `missing` is not under components/securitySchemes, so that requirement is left out of the reference.',
      '/paths/~1a/get/parameters/0: a parameter needs `name` and `in` (path, query, header or cookie); it is left out.',
    ]);
  });

  it('reads JSON and YAML files, and says where a syntax error is', () => {
    const root = mkdtempSync(join(tmpdir(), 'openapi-'));
    mkdirSync(join(root, 'content/v1'), { recursive: true });
    writeFileSync(join(root, 'content/v1/openapi.json'), JSON.stringify({ openapi: '3.1.0', webhooks: {} }));
    expect(openApiFile(root, 'v1')).toBe('content/v1/openapi.json');
    expect(readOpenApi(root, 'content/v1/openapi.json').openapi).toBe('3.1.0');
    expect(openApiFile(root, 'v2')).toBeUndefined();
    writeFileSync(join(root, 'content/v1/broken.yaml'), 'openapi: 3.1.0\npaths: [\n');
    expect(() => readOpenApi(root, 'content/v1/broken.yaml')).toThrow(/content\/v1\/broken\.yaml: is not valid YAML: /);
  });
});

describe('dereference', () => {
  const document = {
    components: { schemas: { Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } }, Name: { type: 'string' } } },
  };

  it('keeps siblings of a $ref and leaves cycles as $ref', () => {
    expect(dereference(document, { $ref: '#/components/schemas/Name', description: 'x' })).toEqual({ type: 'string', description: 'x' });
    const node = dereference(document, { $ref: '#/components/schemas/Node' }) as unknown as { properties: { next: unknown } };
    expect(node.properties.next).toEqual({ $ref: '#/components/schemas/Node' });
  });

  it('says which reference does not resolve', () => {
    expect(() => dereference(document, { $ref: '#/components/schemas/Missing' })).toThrow(/`#\/components\/schemas\/Missing`.*does not resolve/);
  });
});

describe('examples', () => {
  it('builds one from the schema when the document gives none, following references', async () => {
    const { exampleFromSchema, mediaTypeExample } = await import('../../../src/openapi/example.ts');
    expect(exampleFromSchema({ type: 'object', required: ['name', 'waypoints'], properties: { name: { type: 'string' }, waypoints: { type: 'array', minItems: 2, items: { type: 'string', enum: ['Cairo'] } }, note: { type: 'string' } } })).toEqual({ name: 'string', waypoints: ['Cairo', 'Cairo'] });
    expect(exampleFromSchema({ type: ['integer', 'null'], minimum: 1 })).toBe(1);
    expect(exampleFromSchema({ type: 'number', exclusiveMinimum: 0 })).toBe(1);
    expect(exampleFromSchema({ type: 'string', format: 'uuid' })).toBe('00000000-0000-4000-8000-000000000000');
    const lookup = (ref: string) => (ref === '#/components/schemas/Id' ? { type: 'integer', example: 7 } : undefined);
    expect(exampleFromSchema({ type: 'object', properties: { id: { $ref: '#/components/schemas/Id' } } }, 0, lookup)).toEqual({ id: 7 });
    expect(exampleFromSchema({ oneOf: [{ type: 'boolean' }, { type: 'string' }] })).toBe(false);
    expect(mediaTypeExample({ examples: { a: { value: { x: 1 } }, b: { value: 2 } } })).toEqual({ x: 1 });
    expect(mediaTypeExample(undefined)).toBeUndefined();
  });
});

describe('parsed descriptions kept for a build', () => {
  it('are read once, and read again from the file once a build step has let them go', () => {
    const root = mkdtempSync(join(tmpdir(), 'caravan-openapi-forget-'));
    mkdirSync(join(root, 'content/1.0'), { recursive: true });
    const description = (title: string) => `openapi: 3.1.0\ninfo: { title: ${title}, version: '1' }\npaths: {}\n`;
    writeFileSync(join(root, 'content/1.0/openapi.yaml'), description('First'));
    const first = readOpenApi(root, 'content/1.0/openapi.yaml');
    writeFileSync(join(root, 'content/1.0/openapi.yaml'), description('Second'));
    expect(readOpenApi(root, 'content/1.0/openapi.yaml')).toBe(first);
    forgetOpenApi(root, 'content/1.0/openapi.yaml');
    expect(readOpenApi(root, 'content/1.0/openapi.yaml').info?.title).toBe('Second');
  });
});
