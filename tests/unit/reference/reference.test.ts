import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { OpenApiInput } from '../../../src/openapi/index.ts';
import { operationSlug, referenceCatalog, referenceSidebarGroup } from '../../../src/reference/catalog.ts';
import { exampleRequest } from '../../../src/reference/example-request.ts';
import { constraints, schemaRows, typeLabel } from '../../../src/reference/schema-rows.ts';

const document = (version: string) => parse(readFileSync(join(import.meta.dirname, `../../../content/${version}/openapi.yaml`), 'utf8')) as OpenApiInput;

describe('reference catalog', () => {
  it('has one page per operation, in document order, with kebab-case slugs', () => {
    const catalog = referenceCatalog(document('1.2'));
    expect(catalog.operations.map((entry) => entry.slug)).toEqual([
      'reference/list-caravans',
      'reference/update-caravan',
      'reference/add-cargo-lot',
      'reference/update-cargo-lot',
      'reference/dispatch-caravan',
      'reference/list-market-orders',
      'reference/publish-route',
    ]);
    expect(catalog.operations[0]?.title).toBe('List caravans');
    expect(operationSlug('getHTTPThing2')).toBe('reference/get-httpthing2');
  });

  it('the sidebar section lists the overview and every operation, open on a reference page', () => {
    const catalog = referenceCatalog(document('1.2'));
    const closed = referenceSidebarGroup(catalog, 'guides/dispatch');
    expect(closed).toMatchObject({ title: 'API reference', dropdown: true, open: false });
    expect(closed.items).toHaveLength(8);
    const open = referenceSidebarGroup(catalog, 'reference/dispatch-caravan');
    expect(open.open).toBe(true);
    expect(open.items.filter((item) => item.kind === 'link' && item.current).map((item) => item.title)).toEqual(['Dispatch a caravan']);
  });

  it('versions document their own API: 1.1 market orders have no paging', () => {
    const orders = (version: string) => referenceCatalog(document(version)).operations.find((entry) => entry.operation.operationId === 'listMarketOrders')!;
    expect(orders('1.2').operation.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['page', 'per_page']));
    expect(orders('1.1').operation.parameters.map((p) => p.name)).not.toContain('per_page');
  });
});

describe('schema tables', () => {
  it('flattens nested objects and arrays of objects with dotted names', () => {
    const rows = schemaRows({
      type: 'object',
      required: ['id'],
      properties: {
        id: { type: 'string', description: 'The id.' },
        lots: { type: 'array', items: { type: 'object', properties: { weight_kg: { type: ['number', 'null'], minimum: 0 } } } },
      },
    });
    expect(rows.map((row) => [row.name, row.type, row.required])).toEqual([
      ['id', 'string', true],
      ['lots', 'array of object', false],
      ['lots[].weight_kg', 'number | null', false],
    ]);
  });

  it('states enums, defaults, formats and limits', () => {
    expect(constraints({ type: 'string', enum: ['a', 'b'], default: 'a' })).toEqual(['one of a, b', 'default "a"']);
    expect(constraints({ type: 'integer', minimum: 1, maximum: 100 })).toEqual(['≥ 1', '≤ 100']);
    expect(constraints({ type: 'string', minLength: 1, maxLength: 120, format: 'date-time' })).toEqual(['format date-time', '1–120 characters']);
    expect(constraints({ type: 'array', minItems: 2 })).toEqual(['at least 2 items']);
    expect(typeLabel({})).toBe('any');
  });
});

describe('code samples of a reference page', () => {
  it('fill path parameters and the body from the examples, with the configured base URL', () => {
    const catalog = referenceCatalog(document('1.2'));
    const add = catalog.operations.find((entry) => entry.operation.operationId === 'addCargoLot')!.operation;
    const request = exampleRequest(add, 'https://api.example.test/v1');
    expect(request.method).toBe('POST');
    expect(request.url).toMatch(/^https:\/\/api\.example\.test\/v1\/caravans\/[^/{}]+\/manifest\/lots$/);
    expect(request.headers).toEqual([
      ['Authorization', 'Bearer sandbox-trader'],
      ['Content-Type', 'application/json'],
    ]);
    expect(JSON.parse(request.body!)).toHaveProperty('commodity');
  });

  it('send no body and no optional query parameters for a list', () => {
    const list = referenceCatalog(document('1.2')).operations[0]!.operation;
    const request = exampleRequest(list, 'https://api.example.test/v1');
    expect(request).toEqual({ method: 'GET', url: 'https://api.example.test/v1/caravans', headers: [['Authorization', 'Bearer sandbox-trader']] });
  });
});
