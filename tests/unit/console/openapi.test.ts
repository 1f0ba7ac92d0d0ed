import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dereference, listOperationIds, OperationNotFoundError, resolveOperation, type OpenApiInput } from '../../../src/openapi/index.ts';
import { readVersionOpenApi } from '../../../src/openapi/openapi-fs.ts';

const ROOT = join(import.meta.dirname, '../../..');
const v12 = readVersionOpenApi(ROOT, '1.2');

describe('resolveOperation on content/1.2/openapi.yaml', () => {
  it('lists the seven operations', () => {
    expect(listOperationIds(v12)).toEqual(['listCaravans', 'updateCaravan', 'addCargoLot', 'updateCargoLot', 'dispatchCaravan', 'listMarketOrders', 'publishRoute']);
  });

  it('resolves parameters with their schemas, defaults, limits and enums', () => {
    const operation = resolveOperation(v12, 'listMarketOrders');
    expect(operation).toMatchObject({ method: 'get', path: '/markets/{marketId}/orders', serverUrl: 'https://api.caravan.example/v1', interface: 'main', requiresAuth: true });
    expect(operation.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['path:marketId', 'query:page', 'query:per_page', 'query:priority', 'query:status']);
    expect(operation.parameters[2]).toMatchObject({ required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 }, example: 20 });
    expect(operation.parameters[3]!.schema).toMatchObject({ type: 'string', enum: ['royal', 'urgent', 'standard', 'low'] });
    expect(operation.parameters[0]).toMatchObject({ required: true, example: 'marrakesh' });
  });

  it('orders path parameters as the template does and inlines body $refs', () => {
    const operation = resolveOperation(v12, 'updateCargoLot');
    expect(operation.parameters.map((p) => p.name)).toEqual(['caravanId', 'lotId']);
    expect(operation.requestBody).toMatchObject({ required: true, contentType: 'application/json', example: { status: 'weighed', weight_kg: 180.5 } });
    expect(operation.requestBody!.schema['properties']).toMatchObject({ status: { type: 'string', enum: ['pending', 'weighed', 'sealed', 'loaded'] } });
    expect(JSON.stringify(operation)).not.toContain('$ref');
  });

  it('marks operations with a server override as the partner interface', () => {
    const operation = resolveOperation(v12, 'publishRoute');
    expect(operation).toMatchObject({ interface: 'partner', serverUrl: 'https://partners.caravan.example/v2' });
    expect(operation.requestBody!.schema['required']).toEqual(['name', 'region', 'waypoints']);
  });

  it('lists responses with descriptions, media types and examples', () => {
    const operation = resolveOperation(v12, 'dispatchCaravan');
    expect(operation.requestBody).toBeUndefined();
    const statuses = operation.responses.map((response) => response.status);
    expect(statuses).toContain('200');
    expect(statuses).toContain('409');
    const conflict = operation.responses.find((response) => response.status === '409')!;
    expect(conflict.contentType).toBe('application/problem+json');
    expect(operation.responses.find((response) => response.status === '200')!.headers).toContain('X-Request-Id');
  });

  it('is JSON-serialisable as is', () => {
    for (const id of listOperationIds(v12)) {
      const operation = resolveOperation(v12, id);
      expect(JSON.parse(JSON.stringify(operation))).toEqual(operation);
    }
  });

  it('names the known operations when one is missing', () => {
    expect(() => resolveOperation(v12, 'nope', 'content/1.2/openapi.yaml')).toThrow(OperationNotFoundError);
    expect(() => resolveOperation(v12, 'nope', 'content/1.2/openapi.yaml')).toThrow(/content\/1\.2\/openapi\.yaml has no operation `nope`.*listCaravans/);
  });

  it('works for every version: 1.1 has no paging on market orders', () => {
    const v11 = resolveOperation(readVersionOpenApi(ROOT, '1.1'), 'listMarketOrders');
    expect(v11.parameters.map((p) => p.name)).not.toContain('page');
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

  it('reports a missing operation on an empty document', () => {
    const empty: OpenApiInput = { openapi: '3.1.0', paths: {} };
    expect(() => resolveOperation(empty, 'x')).toThrow(/Known operations: \(none\)/);
  });
});

describe('readVersionOpenApi', () => {
  it('names the missing file and the fix', () => {
    expect(() => readVersionOpenApi(ROOT, '9.9')).toThrow(/version 9\.9 has no description at content\/9\.9\/openapi\.yaml/);
  });
});

describe('examples', () => {
  it('builds one from the schema when the document gives none', async () => {
    const { exampleFromSchema, mediaTypeExample } = await import('../../../src/openapi/example.ts');
    expect(exampleFromSchema({ type: 'object', required: ['name', 'waypoints'], properties: { name: { type: 'string' }, waypoints: { type: 'array', minItems: 2, items: { type: 'string', enum: ['Cairo'] } }, note: { type: 'string' } } })).toEqual({ name: 'string', waypoints: ['Cairo', 'Cairo'] });
    expect(exampleFromSchema({ type: ['integer', 'null'], minimum: 1 })).toBe(1);
    expect(exampleFromSchema({ type: 'number', exclusiveMinimum: 0 })).toBe(1);
    expect(mediaTypeExample({ examples: { a: { value: { x: 1 } }, b: { value: 2 } } })).toEqual({ x: 1 });
    expect(mediaTypeExample(undefined)).toBeUndefined();
  });
});
