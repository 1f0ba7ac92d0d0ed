import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_API_BASES } from '../../../src/mocks/api-bases.ts';
import * as enums from '../../../src/mocks/domain/enums.ts';
import { createSandboxStore } from '../../../src/mocks/domain/store.ts';
import { createSandboxHandlers } from '../../../src/mocks/handlers.ts';
import { OPERATION_IMPLEMENTATIONS } from '../../../src/mocks/http/operations.ts';
import { describeOperations, type OpenApiDocument } from '../../../src/mocks/openapi/document.ts';
import { readOpenApiFile } from '../../../src/mocks/openapi/read-openapi-file.ts';
import { OPENAPI_JSON_PATH, toOpenApiJson } from '../../../src/mocks/openapi/write-openapi-json.ts';
import { openapi } from './support/openapi-contract.ts';

function resolveBody(pointer: string): unknown {
  const segments = pointer.split('/').slice(1).map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
  let node: unknown = openapi;
  for (const segment of segments) node = (node as Record<string, unknown>)[segment];
  const ref = (node as { $ref?: string }).$ref;
  return ref === undefined ? node : (openapi.components?.['schemas'] as Record<string, unknown>)[ref.split('/').pop()!];
}

const schemas = openapi.components?.['schemas'] as Record<string, { enum?: string[] }>;
const versions = {
  '1.1': readOpenApiFile('content/1.1/openapi.yaml'),
  '2.0-beta': readOpenApiFile('content/2.0-beta/openapi.yaml'),
};

function operationParameters(document: OpenApiDocument, path: string, method: 'get' | 'post') {
  return (document.paths[path]?.[method]?.parameters ?? []).map((parameter) => ('$ref' in parameter ? parameter.$ref : parameter.name));
}

describe('the OpenAPI description and the sandbox agree', () => {
  it.each([
    ['TradeRoute', enums.TRADE_ROUTES],
    ['CaravanStatus', enums.CARAVAN_STATUSES],
    ['ManifestStatus', enums.MANIFEST_STATUSES],
    ['LotCategory', enums.LOT_CATEGORIES],
    ['LotStatus', enums.LOT_STATUSES],
    ['Unit', enums.UNITS],
    ['InspectionStatus', enums.INSPECTION_STATUSES],
    ['OrderPriority', enums.ORDER_PRIORITIES],
    ['OrderStatus', enums.ORDER_STATUSES],
  ])('enum %s', (name, values) => {
    expect(schemas[name]?.enum).toEqual([...values]);
  });

  it('describes exactly the implemented operations, with the interface each belongs to', () => {
    const operations = describeOperations(openapi);
    expect(operations.map((operation) => operation.operationId).sort()).toEqual(Object.keys(OPERATION_IMPLEMENTATIONS).sort());
    expect(operations.filter((operation) => operation.apiInterface === 'partner').map((operation) => operation.operationId)).toEqual(['publishRoute']);
    expect(openapi.servers?.[0]?.url).toBe(DEFAULT_API_BASES.baseUrl);
    expect(openapi.paths['/routes']?.servers?.[0]?.url).toBe(DEFAULT_API_BASES.partnersBaseUrl);
  });

  it('uses no `format` in request schemas (the sandbox validates requests without ajv-formats)', () => {
    const requestSide = describeOperations(openapi).map((operation) => JSON.stringify([operation.queryParameters, operation.bodySchemaPointer && resolveBody(operation.bodySchemaPointer)]));
    for (const text of requestSide) expect(text).not.toContain('"format"');
  });

  it('ships the browser JSON copy of content/1.2/openapi.yaml up to date', () => {
    expect(readFileSync(OPENAPI_JSON_PATH, 'utf8'), 'run: node src/mocks/openapi/write-openapi-json.ts').toBe(toOpenApiJson(openapi));
  });
});

describe('the version differences', () => {
  it('1.1 has unpaged market orders and no null description on PATCH', () => {
    const v11 = versions['1.1'];
    expect(v11.info.version).toBe('1.1.0');
    expect(operationParameters(v11, '/markets/{marketId}/orders', 'get')).toEqual(['priority', 'status']);
    const v11Schemas = v11.components?.['schemas'] as Record<string, { properties: Record<string, { type: unknown }> }>;
    expect(v11Schemas['CaravanUpdate']?.properties['description']?.type).toBe('string');
    expect(Object.keys(v11Schemas['MarketOrderList']?.properties ?? {})).not.toContain('page');
  });

  it('2.0-beta is 1.2 marked beta, with the planned Idempotency-Key on dispatch', () => {
    const beta = versions['2.0-beta'];
    expect(beta.info.version).toMatch(/beta/);
    expect(operationParameters(beta, '/caravans/{caravanId}/dispatch', 'post')).toEqual(['Idempotency-Key']);
    expect(beta.components).toEqual(openapi.components);
  });

  it('builds sandbox handlers from every version', () => {
    for (const document of Object.values(versions)) {
      expect(() => createSandboxHandlers({ ...DEFAULT_API_BASES, store: createSandboxStore(), openapi: document })).not.toThrow();
    }
  });
});
