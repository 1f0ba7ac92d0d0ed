import { describe, expect, it } from 'vitest';
import { api, callOutsideOperations, MAIN, PARTNERS, useSandbox } from './support/sandbox-client.ts';

useSandbox();

describe('authentication', () => {
  it('answers 401 with WWW-Authenticate: Bearer when the header is missing', async () => {
    const { status, body, response } = await api.listCaravans('', { token: null });
    expect(status).toBe(401);
    expect(body.code).toBe('missing_token');
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
  });

  it.each(['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer two tokens', 'sandbox-trader', 'Bearer sandbox trader'])(
    'answers 401 with WWW-Authenticate: Bearer for the malformed header %j',
    async (authorization) => {
      const { status, body, response } = await api.listCaravans('', { token: null, headers: { Authorization: authorization } });
      expect(status).toBe(401);
      expect(body.code).toBe('malformed_authorization');
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
    },
  );

  it('answers 401 invalid_token for an unknown token', async () => {
    const { status, body, response } = await api.listCaravans('', { token: 'sandbox-admin' });
    expect(status).toBe(401);
    expect(body.code).toBe('invalid_token');
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('accepts the scheme name in any case', async () => {
    expect((await api.listCaravans('', { token: null, headers: { Authorization: 'bearer sandbox-viewer' } })).status).toBe(200);
  });

  it('checks the token before the body', async () => {
    expect((await api.addCargoLot('car_001', 'not json', { token: null })).status).toBe(401);
  });
});

describe('routing', () => {
  it.each([
    [`${MAIN}/caravan`],
    [`${MAIN}/`],
    [`${MAIN}/caravans/car_001/manifest`],
    [`${MAIN}/routes`],
    [`${PARTNERS}/caravans`],
    [`${PARTNERS}/routes/123`],
  ])('answers 404 endpoint_not_found for %s', async (url) => {
    const { status, body } = await callOutsideOperations('GET', url);
    expect(status).toBe(404);
    expect(body.code).toBe('endpoint_not_found');
  });

  it.each([
    ['DELETE', `${MAIN}/caravans`, 'GET, HEAD, OPTIONS'],
    ['POST', `${MAIN}/caravans`, 'GET, HEAD, OPTIONS'],
    ['GET', `${MAIN}/caravans/car_001`, 'PATCH, OPTIONS'],
    ['PUT', `${MAIN}/caravans/car_001`, 'PATCH, OPTIONS'],
    ['GET', `${MAIN}/caravans/car_001/dispatch`, 'POST, OPTIONS'],
    ['DELETE', `${MAIN}/caravans/car_001/manifest/lots/lot_0001`, 'PUT, OPTIONS'],
    ['GET', `${PARTNERS}/routes`, 'POST, OPTIONS'],
  ])('answers %s %s with 405 and Allow: %s', async (method, url, allow) => {
    const { status, body, response } = await callOutsideOperations(method, url);
    expect(status).toBe(405);
    expect(body.code).toBe('method_not_allowed');
    expect(response.headers.get('allow')).toBe(allow);
  });

  it('answers OPTIONS with 204 and Allow', async () => {
    const { status, response } = await callOutsideOperations('OPTIONS', `${MAIN}/caravans/car_001`);
    expect(status).toBe(204);
    expect(response.headers.get('allow')).toBe('PATCH, OPTIONS');
  });

  it('answers HEAD like GET without a body', async () => {
    const { status, response } = await callOutsideOperations('HEAD', `${MAIN}/caravans`);
    expect(status).toBe(200);
    expect(response.headers.get('x-request-id')).toMatch(/^req_/);
  });
});
