import { describe, expect, it } from 'vitest';
import * as enums from '../../../content/_sandbox/caravan/domain/enums.ts';
import { sandbox as caravanExtension } from '../../../content/_sandbox/caravan/extension.ts';
import type { OpenApiInput } from '../../../src/openapi/types.ts';
import { listOperations } from '../../../src/openapi/operations.ts';
import { runtimeApi } from '../../../src/sandbox/build/runtime-api.ts';
import { createNodeSandbox } from '../../../src/sandbox/node/server.ts';
import { loadVersionSandbox } from '../../../src/sandbox/node/load.ts';
import { openapi, readDescription, ROOT } from './support/openapi-contract.ts';

type OpenApiDocument = OpenApiInput & { paths: Record<string, any> };
const MAIN = 'https://api.caravan.example/v1';
const PARTNERS = 'https://partners.caravan.example/v2';
/** The operations the Caravan extension implements. */
const IMPLEMENTED: string[] = [];
caravanExtension({ seed() {}, authenticate() {}, authorize() {}, problem() {}, operation: (id: string) => void IMPLEMENTED.push(id) } as never);

function resolveBody(pointer: string): unknown {
  const segments = pointer.split('/').slice(1).map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
  let node: unknown = openapi;
  for (const segment of segments) node = (node as Record<string, unknown>)[segment];
  const ref = (node as { $ref?: string }).$ref;
  return ref === undefined ? node : (openapi.components?.['schemas'] as Record<string, unknown>)[ref.split('/').pop()!];
}

const schemas = openapi.components?.['schemas'] as Record<string, { enum?: string[] }>;
const versions = {
  '1.1': readDescription('1.1') as OpenApiDocument,
  '2.0-beta': readDescription('2.0-beta') as OpenApiDocument,
};

function operationParameters(document: OpenApiDocument, path: string, method: 'get' | 'post') {
  return ((document.paths[path]?.[method]?.parameters ?? []) as Array<{ $ref?: string; name?: string }>).map((parameter) => parameter.$ref ?? parameter.name);
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
    const operations = runtimeApi(openapi).operations;
    expect(operations.map((operation) => operation.id).sort()).toEqual([...IMPLEMENTED].sort());
    expect(operations.filter((operation) => operation.baseUrl === PARTNERS).map((operation) => operation.id)).toEqual(['publishRoute']);
    expect(openapi.servers?.[0]?.url).toBe(MAIN);
    expect((openapi.paths as OpenApiDocument['paths'])['/routes']?.servers?.[0]?.url).toBe(PARTNERS);
  });

  it('uses no `format` in request schemas (the sandbox validates requests without ajv-formats)', () => {
    const requestSide = runtimeApi(openapi).operations.map((operation) =>
      JSON.stringify([operation.parameters.map((parameter) => parameter.schema && resolveBody(parameter.schema)), operation.body?.media.map((media) => media.schema && resolveBody(media.schema))]),
    );
    for (const text of requestSide) expect(text).not.toContain('"format"');
  });

  it('declares the sandbox tokens on the bearer scheme (x-sandbox-credentials), the same in every version', () => {
    for (const document of [openapi, ...Object.values(versions)]) {
      const scheme = (document.components?.['securitySchemes'] as Record<string, Record<string, unknown>>)['bearerAuth']!;
      expect((scheme['x-sandbox-credentials'] as Array<{ value: string }>).map((credential) => credential.value)).toEqual(['sandbox-trader', 'sandbox-viewer', 'sandbox-partner']);
    }
  });
});

describe('the version differences', () => {
  it('1.1 has unpaged market orders and no null description on PATCH', () => {
    const v11 = versions['1.1'];
    expect(v11.info?.version).toBe('1.1.0');
    expect(operationParameters(v11, '/markets/{marketId}/orders', 'get')).toEqual(['priority', 'status']);
    const v11Schemas = v11.components?.['schemas'] as Record<string, { properties: Record<string, { type: unknown }> }>;
    expect(v11Schemas['CaravanUpdate']?.properties['description']?.type).toBe('string');
    expect(Object.keys(v11Schemas['MarketOrderList']?.properties ?? {})).not.toContain('page');
  });

  it('2.0-beta is 1.2 marked beta, with the planned Idempotency-Key on dispatch', () => {
    const beta = versions['2.0-beta'];
    expect(beta.info?.version).toMatch(/beta/);
    expect(operationParameters(beta, '/caravans/{caravanId}/dispatch', 'post')).toEqual(['Idempotency-Key']);
    expect(beta.components).toEqual(openapi.components);
  });

  it("builds a sandbox from every version, with the version's own extension file", async () => {
    for (const document of Object.values(versions)) {
      expect(() => createNodeSandbox({ document, extension: caravanExtension })).not.toThrow();
    }
    for (const version of ['1.1', '1.2', '2.0-beta']) {
      const loaded = await loadVersionSandbox(ROOT, version);
      expect(loaded.extensionFile).toBe(`content/${version}/sandbox.ts`);
      expect(loaded.extension).toBeTypeOf('function');
    }
  });

  it('1.1 lists every market order without paging fields, as its description says', async () => {
    const sandbox = createNodeSandbox({ document: versions['1.1'], extension: caravanExtension });
    const response = await sandbox.answer(new Request(`${MAIN}/markets/marrakesh/orders`, { headers: { Authorization: 'Bearer sandbox-trader' } }));
    const body = (await response!.json()) as Record<string, unknown>;
    expect(response!.status).toBe(200);
    expect(body['total']).toBe(26);
    expect(body['items']).toHaveLength(26);
    expect(Object.keys(body).sort()).toEqual(['items', 'market_id', 'request_id', 'total']);
  });
});
