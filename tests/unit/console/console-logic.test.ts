import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffSnapshots } from '../../../src/console/diff.ts';
import { decodePermalink, encodePermalink } from '../../../src/console/permalink.ts';
import { buildRequest, encodeBody, fillPath, MULTIPART_BOUNDARY, toLocalSandbox } from '../../../src/console/request.ts';
import { checkSchema } from '../../../src/console/schema-check.ts';
import { toConsoleSpec } from '../../../src/console/spec.ts';
import { statusMeaning } from '../../../src/console/status-text.ts';
import { validateInputs } from '../../../src/console/validate.ts';
import { captureVariables, fillPlaceholders } from '../../../src/console/variables.ts';
import { describeApi, requireOperation } from '../../../src/openapi/describe.ts';
import { loadVersionApi, readOpenApi } from '../../../src/openapi/openapi-fs.ts';
import { exampleRequest } from '../../../src/reference/example-request.ts';

const ROOT = join(import.meta.dirname, '../../..');
const api = loadVersionApi(ROOT, '1.2', { origin: 'https://docs.caravan.example' })!;
const bases = { baseUrl: 'https://api.caravan.example/v1', partnersBaseUrl: 'https://partners.caravan.example/v2' };
const specOf = (id: string, options: Partial<Parameters<typeof toConsoleSpec>[1]> = {}) => toConsoleSpec(requireOperation(api, id), { version: '1.2', document: api.document, ...options });

const weather = describeApi(readOpenApi(ROOT, 'tests/fixtures/openapi/security-schemes.yaml'), { source: 'security-schemes.yaml' });
const weatherSpec = (id: string) => toConsoleSpec(requireOperation(weather, id), { version: 'v1', document: weather.document });
/** A spec as a request shape whose lone credential string is for its first alternative's first scheme. */
const firstScheme = (spec: ReturnType<typeof toConsoleSpec>) => ({ ...spec, credential: spec.security?.[0]?.[0] });

describe('toConsoleSpec', () => {
  it('takes the operation\'s base URL from the description and the example body', () => {
    const spec = specOf('publishRoute');
    expect(spec.baseUrl).toBe(bases.partnersBaseUrl);
    expect(specOf('listCaravans').baseUrl).toBe(bases.baseUrl);
    expect(spec.version).toBe('1.2');
    expect(JSON.parse(spec.bodyText!)).toEqual({ name: 'Nile Incense Road', region: 'Egypt', waypoints: ['Alexandria', 'Cairo', 'Luxor', 'Aswan'] });
  });

  it('presets path parameters with examples and author values, query parameters empty', () => {
    expect(specOf('listMarketOrders').params).toEqual({ marketId: 'marrakesh', page: '', per_page: '', priority: '', status: '' });
    expect(specOf('listMarketOrders', { params: { marketId: 'cairo', per_page: 5 } }).params).toMatchObject({ marketId: 'cairo', per_page: '5' });
  });

  it('refuses a parameter the operation does not have', () => {
    expect(() => specOf('dispatchCaravan', { params: { caravan: 'car_004' } })).toThrow(/`dispatchCaravan` has no path, query or header parameter `caravan` \(it has: caravanId\)/);
  });

  it('offers the operation\'s security alternatives, each with the schemes a browser sends and their sandbox credentials', () => {
    expect(specOf('listCaravans').security).toEqual([
      [
        {
          scheme: 'bearerAuth',
          kind: 'bearer',
          sandbox: [
            { value: 'sandbox-trader', label: 'trader: read and write v1' },
            { value: 'sandbox-viewer', label: 'viewer: read v1 only' },
            { value: 'sandbox-partner', label: 'partner: read v1, publish routes on v2' },
          ],
        },
      ],
    ]);
    expect(weatherSpec('getHealth').security).toBeUndefined();
    expect(weatherSpec('createStation').security).toMatchObject([[{ scheme: 'oauthAll', kind: 'bearer', issuer: 'oauth2' }]]);
    expect(weatherSpec('listMeasurements').security).toMatchObject([
      [{ kind: 'apiKey', in: 'query', name: 'api_key' }],
      [{ kind: 'apiKey', in: 'cookie', name: 'station_session' }],
      [{ kind: 'bearer', issuer: 'openIdConnect' }],
    ]);
    // An AND: both schemes of the one alternative.
    expect(weatherSpec('rotateKeys').security).toMatchObject([[{ scheme: 'basicAuth', kind: 'basic' }, { scheme: 'apiKeyHeader', kind: 'apiKey', in: 'header' }]]);
  });

  it('inlines named schemas for the browser', () => {
    expect(JSON.stringify(specOf('addCargoLot').body!.schema)).not.toContain('$ref');
  });
});

describe('credentials go where the scheme says', () => {
  const inputs = { params: { stationId: 'st 1' }, bodyText: '' };
  it('bearer and OAuth 2 in Authorization, basic as base64, API keys in the query, a cookie or a header', () => {
    expect(buildRequest(firstScheme(weatherSpec('createStation')), { params: {}, bodyText: '{}' }, 'tok').headers[0]).toEqual(['Authorization', 'Bearer tok']);
    expect(buildRequest(firstScheme(weatherSpec('rotateKeys')), { params: {}, bodyText: '' }, 'ops:sécret').headers).toEqual([['Authorization', `Basic ${Buffer.from('ops:sécret').toString('base64')}`]]);
    expect(buildRequest(firstScheme(weatherSpec('listMeasurements')), inputs, 'k&1').url).toBe('https://weather.example.net/api/v2/stations/st%201/measurements?api_key=k%261');
    const cookie = { ...firstScheme(weatherSpec('listMeasurements')), credential: { scheme: 'sessionCookie', kind: 'apiKey' as const, in: 'cookie' as const, name: 'station_session', sandbox: [] } };
    expect(buildRequest(cookie, inputs, 's1').headers).toEqual([['Cookie', 'station_session=s1']]);
    const header = { ...cookie, credential: { ...cookie.credential, in: 'header' as const, name: 'X-API-Key' } };
    expect(buildRequest(header, inputs, 'k1').headers).toEqual([['X-API-Key', 'k1']]);
    expect(buildRequest(header, inputs, '  ').headers).toEqual([]);
  });

  it('reference samples use the first sandbox credential, else a placeholder', () => {
    expect(exampleRequest(requireOperation(api, 'listCaravans')).headers).toEqual([['Authorization', 'Bearer sandbox-trader']]);
    expect(exampleRequest(requireOperation(weather, 'createStation')).headers[0]).toEqual(['Authorization', 'Bearer <token>']);
    expect(exampleRequest(requireOperation(weather, 'rotateKeys')).headers[0]).toEqual(['Authorization', 'Basic <base64 of user:password>']);
    expect(exampleRequest(requireOperation(weather, 'listMeasurements')).url).toContain('api_key=%3Capi+key%3E');
    expect(exampleRequest(requireOperation(weather, 'getHealth')).headers).toEqual([]);
  });

  it('form bodies are sent from the JSON editor\'s object', () => {
    expect(encodeBody('application/x-www-form-urlencoded', '{"a": 1, "b": "x y", "c": [1, 2]}')).toEqual({ contentType: 'application/x-www-form-urlencoded', body: 'a=1&b=x+y&c=1&c=2' });
    const multipart = encodeBody('multipart/form-data', '{"name": "n"}');
    expect(multipart.contentType).toBe(`multipart/form-data; boundary=${MULTIPART_BOUNDARY}`);
    expect(multipart.body).toBe(`--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nn\r\n--${MULTIPART_BOUNDARY}--\r\n`);
    expect(encodeBody('application/x-www-form-urlencoded', 'not json')).toEqual({ contentType: 'application/x-www-form-urlencoded', body: 'not json' });
  });
});

describe('buildRequest and samples', () => {
  const spec = firstScheme(specOf('updateCaravan'));
  const inputs = { params: { caravanId: 'car 002' }, bodyText: '{"name": "It\'s \\"new\\""}' };

  it('fills the path (encoded), leaves empty query parameters out and keeps the body text exactly', () => {
    expect(fillPath('/a/{x}/b/{y}', { x: 'a/b', y: 'é' })).toBe('/a/a%2Fb/b/%C3%A9');
    const request = buildRequest(spec, inputs, ' sandbox-trader ');
    expect(request).toEqual({
      method: 'PATCH',
      url: 'https://api.caravan.example/v1/caravans/car%20002',
      headers: [['Authorization', 'Bearer sandbox-trader'], ['Content-Type', 'application/json']],
      body: inputs.bodyText,
    });
    const list = buildRequest(firstScheme(specOf('listCaravans')), { params: { page: '2', per_page: '', status: 'ready' }, bodyText: '' }, '');
    expect(list).toEqual({ method: 'GET', url: 'https://api.caravan.example/v1/caravans?page=2&status=ready', headers: [] });
  });
});

describe('samples for the local sandbox', () => {
  it('keep the path (the local server serves each server under its path) and change only the origin', () => {
    const request = buildRequest(firstScheme(specOf('publishRoute')), { params: {}, bodyText: '{}' }, 'sandbox-partner');
    expect(toLocalSandbox(request, bases.partnersBaseUrl).url).toBe('http://127.0.0.1:4010/v2/routes');
    const list = buildRequest(firstScheme(specOf('listCaravans')), { params: { page: '2', per_page: '', status: '' }, bodyText: '' }, '');
    expect(toLocalSandbox(list, bases.baseUrl, 'http://127.0.0.1:5000').url).toBe('http://127.0.0.1:5000/v1/caravans?page=2');
    expect(toLocalSandbox(list, 'https://elsewhere.example')).toBe(list);
  });
});

describe('validation before sending', () => {
  it('checks parameters by their schema', () => {
    const spec = specOf('listMarketOrders');
    expect(validateInputs(spec, { params: { marketId: '', page: '0', per_page: '1.5', priority: 'imperial', status: '' }, bodyText: '' })).toEqual([
      { target: { kind: 'param', name: 'marketId' }, detail: 'is required' },
      { target: { kind: 'param', name: 'page' }, detail: 'must be at least 1' },
      { target: { kind: 'param', name: 'per_page' }, detail: 'must be a whole number' },
      { target: { kind: 'param', name: 'priority' }, detail: 'must be one of: royal, urgent, standard, low' },
    ]);
    expect(validateInputs(spec, { params: { marketId: 'siwa', page: '2', per_page: '100', priority: '', status: 'open' }, bodyText: '' })).toEqual([]);
  });

  it('checks the body: JSON syntax, then the schema with pointers', () => {
    const spec = specOf('addCargoLot');
    expect(validateInputs(spec, { params: { caravanId: 'car_001' }, bodyText: '{"commodity": ' })[0]).toMatchObject({ target: { kind: 'body', pointer: '' }, detail: expect.stringMatching(/^The body is not valid JSON/) });
    expect(validateInputs(spec, { params: { caravanId: 'car_001' }, bodyText: '{"category": "spices", "weight_kg": 0, "colour": "red"}' })).toEqual([
      { target: { kind: 'body', pointer: '/commodity' }, detail: 'is required' },
      { target: { kind: 'body', pointer: '/category' }, detail: 'must be one of: spice, textile, pottery, gemstone, artifact, provision, other' },
      { target: { kind: 'body', pointer: '/weight_kg' }, detail: 'must be greater than 0' },
      { target: { kind: 'body', pointer: '/colour' }, detail: 'is not a known field' },
    ]);
  });

  it('flags placeholders left by a step that has not run', () => {
    expect(validateInputs(specOf('dispatchCaravan'), { params: { caravanId: '$caravanId' }, bodyText: '' })[0]!.detail).toMatch(/placeholder/);
  });

  it('knows nullable types, arrays and string lengths', () => {
    expect(checkSchema({ type: ['string', 'null'], maxLength: 2 }, null)).toEqual([]);
    expect(checkSchema({ type: ['string', 'null'], maxLength: 2 }, 'abc')).toEqual([{ pointer: '', detail: 'must have at most 2 characters' }]);
    expect(checkSchema({ type: 'array', minItems: 2, items: { type: 'string', minLength: 1 } }, [''])).toEqual([
      { pointer: '', detail: 'must have at least 2 items' },
      { pointer: '/0', detail: 'must not be empty' },
    ]);
    expect(checkSchema({ type: 'integer' }, 1.5)).toEqual([{ pointer: '', detail: 'must be an integer' }]);
    expect(checkSchema({ type: 'number' }, 2)).toEqual([]);
  });
});

describe('permalinks', () => {
  it('round-trips the inputs, including non-ASCII text, and never holds a token', () => {
    const inputs = { params: { caravanId: 'car_002' }, bodyText: '{"name": "Caravane d’été ☀"}' };
    const hash = encodePermalink({ operationId: 'updateCaravan', inputs });
    expect(hash).toMatch(/^#try=updateCaravan\.[\w-]+$/);
    expect(decodePermalink(hash)).toEqual({ operationId: 'updateCaravan', inputs });
    expect(hash).not.toContain('sandbox');
  });

  it('ignores fragments that are not permalinks', () => {
    expect(decodePermalink('#dispatch')).toBeUndefined();
    expect(decodePermalink('#try=x.%%%')).toBeUndefined();
    expect(decodePermalink('#try=.e30')).toBeUndefined();
    expect(decodePermalink(`#try=x.${btoa('[1]')}`)).toBeUndefined();
  });
});

describe('snapshot diff', () => {
  it('reports added, removed and changed records with their fields', () => {
    const before = { format: 1, caravans: [{ id: 'car_1', status: 'ready', camel_count: 2 }], lots: { lot_1: { id: 'lot_1', status: 'pending' } }, sequences: { lot: 1 } };
    const after = { format: 1, caravans: [{ id: 'car_1', status: 'in_transit', camel_count: 2, eta: 'x' }], lots: { lot_2: { id: 'lot_2', status: 'pending' } }, sequences: { lot: 2 } };
    expect(diffSnapshots(before, after)).toEqual([
      { kind: 'changed', collection: 'caravans', id: 'car_1', fields: [{ field: 'eta', before: undefined, after: 'x' }, { field: 'status', before: 'ready', after: 'in_transit' }] },
      { kind: 'removed', collection: 'lots', id: 'lot_1', fields: [] },
      { kind: 'added', collection: 'lots', id: 'lot_2', fields: [] },
    ]);
    expect(diffSnapshots(before, before)).toEqual([]);
  });
});

describe('variables and statuses', () => {
  it('captures scalars by pointer and fills placeholders', () => {
    expect(captureVariables({ caravanId: '/items/1/id', total: '/total', missing: '/nope' }, { items: [{ id: 'a' }, { id: 'b' }], total: 13 })).toEqual({ caravanId: 'b', total: '13' });
    expect(fillPlaceholders('/c/$caravanId/$lotId', { caravanId: 'car_002' })).toBe('/c/car_002/$lotId');
  });

  it('prefers the operation’s own description of a status', () => {
    expect(statusMeaning(409, { '409': 'The caravan is not ready.' })).toBe('The caravan is not ready.');
    expect(statusMeaning(401, {})).toBe('Unauthorized');
    expect(statusMeaning(409, { '409': 'Not ready (`dispatch_precondition_failed`, **twice**).' })).toBe('Not ready (dispatch_precondition_failed, twice).');
  });
});
