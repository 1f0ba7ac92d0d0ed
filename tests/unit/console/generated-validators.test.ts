import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REQUEST_VALIDATORS } from '../../../src/mocks/generated/request-validators-1.2.ts';
import { createPrecompiledRegistry } from '../../../src/mocks/openapi/precompiled-registry.ts';
import { readOpenApiFile } from '../../../src/mocks/openapi/read-openapi-file.ts';
import { createSchemaRegistry } from '../../../src/mocks/openapi/schema-registry.ts';
import { requestSchemaPointers, validatorsSource, VALIDATORS_PATH } from '../../../src/mocks/openapi/write-validators.ts';
import { bodyIssues } from '../../../src/mocks/openapi/schema-issues.ts';

const openapi = readOpenApiFile();

describe('validators generated for the browser sandbox', () => {
  it('are up to date with content/1.2/openapi.yaml', () => {
    expect(readFileSync(VALIDATORS_PATH, 'utf8'), 'run: node src/mocks/openapi/write-validators.ts').toBe(validatorsSource(openapi));
  });

  it('cover every request schema the pipeline checks', () => {
    expect(Object.keys(REQUEST_VALIDATORS).sort()).toEqual(requestSchemaPointers(openapi).sort());
    expect(() => createPrecompiledRegistry(REQUEST_VALIDATORS).validatorAt('/nope')).toThrow(/no generated validator for #\/nope; run `node src\/mocks\/openapi\/write-validators.ts`/);
  });

  it('give the same verdicts and issues as Ajv compiling the document at run time', () => {
    const compiled = createSchemaRegistry(openapi);
    const generated = createPrecompiledRegistry(REQUEST_VALIDATORS);
    const samples: unknown[] = [
      {},
      { commodity: 'Saffron' },
      { commodity: '', category: 'spices', quantity: 1 },
      { name: 'x'.repeat(121), camel_count: -1, route: 'nowhere', description: null },
      { status: 'sealed', weight_kg: null, declared_value: 'a lot' },
      { name: 'N', region: 'R', waypoints: ['Cairo'] },
      { name: '😀'.repeat(120), region: 'R', waypoints: ['Cairo', 'Luxor'] },
      [],
      null,
      7,
      'forming',
      101,
    ];
    fc.assert(fc.property(fc.oneof(fc.constantFrom(...samples), fc.jsonValue()), (value) => {
      for (const pointer of requestSchemaPointers(openapi)) {
        const a = compiled.validatorAt(pointer);
        const b = generated.validatorAt(pointer);
        expect(b(value)).toBe(a(value));
        expect(bodyIssues(b.errors)).toEqual(bodyIssues(a.errors));
      }
    }), { numRuns: 300 });
  });
});

describe('the browser sandbox (runtime document + generated validators)', () => {
  it('answers exactly like the Node sandbox', async () => {
    const { getResponse } = await import('msw');
    const { DEFAULT_API_BASES } = await import('../../../src/mocks/api-bases.ts');
    const { steppingClock } = await import('../../../src/mocks/domain/clock.ts');
    const { createSandboxStore } = await import('../../../src/mocks/domain/store.ts');
    const { createSandboxHandlers } = await import('../../../src/mocks/handlers.ts');
    const { buildSandboxHandlers } = await import('../../../src/mocks/sandbox-handlers.ts');
    const { sequentialRequestIds } = await import('../../../src/mocks/http/request-ids.ts');
    const { RUNTIME_OPENAPI } = await import('../../../src/mocks/generated/request-validators-1.2.ts');
    const make = (browser: boolean) => {
      const options = { ...DEFAULT_API_BASES, store: createSandboxStore({ clock: steppingClock('2025-03-20T10:00:00Z') }), requestIds: sequentialRequestIds() };
      return browser
        ? buildSandboxHandlers({ ...options, openapi: RUNTIME_OPENAPI as typeof openapi, schemas: createPrecompiledRegistry(REQUEST_VALIDATORS) })
        : createSandboxHandlers({ ...options, openapi });
    };
    const node = make(false);
    const browser = make(true);
    const main = DEFAULT_API_BASES.baseUrl;
    const json = { 'Content-Type': 'application/json', Authorization: 'Bearer sandbox-trader' };
    const requests: Array<[string, RequestInit?]> = [
      [`${main}/caravans?status=forming&per_page=2`, { headers: json }],
      [`${main}/caravans?page=0`, { headers: json }],
      [`${main}/caravans?per_page=abc&status=lost`, { headers: json }],
      [`${main}/caravans/car_002`, { method: 'PATCH', headers: json, body: '{"route":"oasis_loop","camel_count":3,"colour":1}' }],
      [`${main}/caravans/car_002`, { method: 'PATCH', headers: json, body: '{"route":"oasis_loop","camel_count":3}' }],
      [`${main}/caravans/car_002/manifest/lots`, { method: 'POST', headers: json, body: '{"commodity":"Dates","weight_kg":5}' }],
      [`${main}/caravans/car_002/manifest/lots`, { method: 'POST', headers: json, body: '{"category":"spices"}' }],
      [`${main}/caravans/car_002/manifest/lots/lot_0018`, { method: 'PUT', headers: json, body: '{"status":"weighed"}' }],
      [`${main}/caravans/car_002/dispatch`, { method: 'POST', headers: json }],
      [`${main}/markets/marrakesh/orders?priority=royal&page=2&per_page=3`, { headers: json }],
      [`${main}/markets/marrakesh/orders?priority=imperial`, { headers: json }],
      ['https://partners.caravan.example/v2/routes', { method: 'POST', headers: { ...json, Authorization: 'Bearer sandbox-partner' }, body: '{"name":"N","region":"R","waypoints":["Cairo","Atlantis"]}' }],
      ['https://partners.caravan.example/v2/routes', { method: 'POST', headers: { ...json, Authorization: 'Bearer sandbox-partner' }, body: '{"name":"N","region":"R","waypoints":["Cairo","Luxor"]}' }],
    ];
    for (const [url, init] of requests) {
      const a = await getResponse(node, new Request(url, init));
      const b = await getResponse(browser, new Request(url, init));
      expect(b?.status, url).toBe(a?.status);
      const [textA, textB] = [await a!.text(), await b!.text()];
      // Published routes get random UUIDs; everything else is deterministic.
      const clean = (text: string) => text.replace(/"id":"[0-9a-f-]{36}"/, '"id":"uuid"');
      expect(clean(textB), url).toBe(clean(textA));
    }
  });
});
