import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  acceptCallback,
  callbackUrl,
  CALLBACK_MESSAGE,
  clientCredentialsRequest,
  codeTokenRequest,
  consoleFlows,
  devicePollStep,
  flowsFromDiscovery,
  initialScopes,
  pkceChallenge,
  randomToken,
  readDeviceStart,
  readTokenResponse,
  scopeChoices,
  startAuthorization,
} from '../../../src/console/oauth.ts';
import { toConsoleSpec } from '../../../src/console/spec.ts';
import { describeApi, requireOperation } from '../../../src/openapi/describe.ts';
import type { OpenApiInput } from '../../../src/openapi/types.ts';

describe('PKCE and state', () => {
  it('computes the S256 challenge of RFC 7636 appendix B', async () => {
    expect(await pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes verifiers of 43 URL-safe characters, different each time', () => {
    const first = randomToken();
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(first);
  });

  it('starts an authorization with code, S256 challenge of its own verifier, a fresh state, the scopes and (OpenID Connect) a nonce', async () => {
    const started = await startAuthorization({ authorizationUrl: 'https://id.example/authorize?audience=api', clientId: 'docs-console', redirectUri: 'https://docs.example/oauth-callback.html', scopes: ['openid', 'items:read'], openIdConnect: true });
    const url = new URL(started.url);
    expect(url.origin + url.pathname).toBe('https://id.example/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      audience: 'api',
      response_type: 'code',
      client_id: 'docs-console',
      redirect_uri: 'https://docs.example/oauth-callback.html',
      scope: 'openid items:read',
      state: started.state,
      code_challenge_method: 'S256',
      code_challenge: createHash('sha256').update(started.verifier).digest('base64url'),
    });
    expect(url.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const again = await startAuthorization({ authorizationUrl: 'https://id.example/authorize', clientId: 'c', redirectUri: 'https://docs.example/cb', scopes: [] });
    expect(again.state).not.toBe(started.state);
    expect(new URL(again.url).searchParams.has('scope')).toBe(false);
    expect(new URL(again.url).searchParams.has('nonce')).toBe(false);
  });

  it('accepts the callback only from the site origin, of its type, with the state it sent', () => {
    const expected = { origin: 'https://docs.example', state: 'S1' };
    const data = { type: CALLBACK_MESSAGE, state: 'S1', code: 'C1' };
    expect(acceptCallback({ origin: 'https://docs.example', data }, expected)).toEqual({ code: 'C1' });
    expect(acceptCallback({ origin: 'https://evil.example', data }, expected)).toBeUndefined();
    expect(acceptCallback({ origin: 'https://docs.example', data: { ...data, state: 'S2' } }, expected)).toBeUndefined();
    expect(acceptCallback({ origin: 'https://docs.example', data: { ...data, type: 'other' } }, expected)).toBeUndefined();
    expect(acceptCallback({ origin: 'https://docs.example', data: 'C1' }, expected)).toBeUndefined();
    expect(acceptCallback({ origin: 'https://docs.example', data: { type: CALLBACK_MESSAGE, state: 'S1', code: null, error: 'access_denied', errorDescription: 'no' } }, expected)).toEqual({ error: 'access_denied: no' });
  });

  it('puts the callback page at the root of the site, under its base', () => {
    expect(callbackUrl('https://docs.example', '/')).toBe('https://docs.example/oauth-callback.html');
    expect(callbackUrl('https://docs.example', '/docs')).toBe('https://docs.example/docs/oauth-callback.html');
  });
});

describe('flows and scopes', () => {
  it('keeps the flows the console can run, in a stable order, with URLs read against the server', () => {
    const flows = consoleFlows(
      [
        { flow: 'clientCredentials', tokenUrl: '/oauth/token', scopes: { 'items:write': 'Change items' } },
        { flow: 'implicit', authorizationUrl: 'https://id.example/authorize', scopes: {} },
        { flow: 'password', tokenUrl: 'https://id.example/token', scopes: {} },
        { flow: 'authorizationCode', authorizationUrl: 'https://id.example/authorize', tokenUrl: 'https://id.example/token', scopes: { 'items:read': 'Read items' } },
        { flow: 'deviceAuthorization', tokenUrl: 'https://id.example/token', scopes: {} },
      ],
      'https://api.example/v1',
    );
    expect(flows).toEqual([
      { flow: 'authorizationCode', authorizationUrl: 'https://id.example/authorize', tokenUrl: 'https://id.example/token', scopes: { 'items:read': 'Read items' } },
      { flow: 'clientCredentials', tokenUrl: 'https://api.example/oauth/token', scopes: { 'items:write': 'Change items' } },
    ]);
  });

  it('reads the flows of an OpenID Connect discovery document', () => {
    const flows = flowsFromDiscovery(
      { issuer: 'https://id.example', authorization_endpoint: 'https://id.example/auth', token_endpoint: 'https://id.example/token', device_authorization_endpoint: 'https://id.example/device', grant_types_supported: ['authorization_code', 'client_credentials'], scopes_supported: ['openid', 'email'] },
      'https://id.example/.well-known/openid-configuration',
    );
    expect(flows.map((flow) => flow.flow)).toEqual(['authorizationCode', 'clientCredentials', 'deviceAuthorization']);
    expect(flows[0]).toEqual({ flow: 'authorizationCode', authorizationUrl: 'https://id.example/auth', tokenUrl: 'https://id.example/token', scopes: { openid: '', email: '' } });
    expect(flows[2]!.deviceAuthorizationUrl).toBe('https://id.example/device');
    // Without grant_types_supported: the authorization code only (the specification's default).
    expect(flowsFromDiscovery({ issuer: 'https://id.example', authorization_endpoint: 'https://id.example/auth', token_endpoint: 'https://id.example/token' }, 'u').map((flow) => flow.flow)).toEqual(['authorizationCode']);
    expect(() => flowsFromDiscovery({ hello: 1 }, 'https://id.example/x')).toThrow('https://id.example/x is not an OpenID Connect discovery document');
  });

  it('ticks the operation’s scopes (and openid for OpenID Connect sign-ins) and offers every declared one', () => {
    const flow = { flow: 'authorizationCode' as const, scopes: { 'items:read': 'Read', 'items:write': 'Change' } };
    expect(initialScopes(['items:write'], flow, false)).toEqual(['items:write']);
    expect(initialScopes(['items:write'], flow, true)).toEqual(['openid', 'items:write']);
    expect(initialScopes(['items:write'], { ...flow, flow: 'clientCredentials' }, true)).toEqual(['items:write']);
    expect(scopeChoices(['items:write', 'admin'], flow)).toEqual([
      { scope: 'items:read', description: 'Read' },
      { scope: 'items:write', description: 'Change' },
      { scope: 'admin', description: 'needed by this operation' },
    ]);
  });
});

describe('token requests and answers', () => {
  it('exchanges the code as a public client with the verifier', () => {
    const request = codeTokenRequest({ tokenUrl: 'https://id.example/token', clientId: 'docs', code: 'C 1', redirectUri: 'https://docs.example/oauth-callback.html', verifier: 'V' });
    expect(request.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({ grant_type: 'authorization_code', code: 'C 1', redirect_uri: 'https://docs.example/oauth-callback.html', client_id: 'docs', code_verifier: 'V' });
  });

  it('sends client credentials with HTTP Basic, id and secret form-encoded first', () => {
    const request = clientCredentialsRequest({ tokenUrl: 'https://id.example/token', clientId: 'svc:1', clientSecret: 's3cr et', scopes: ['a', 'b'] });
    expect(request.headers['Authorization']).toBe(`Basic ${Buffer.from('svc%3A1:s3cr+et').toString('base64')}`);
    expect(request.body).toBe('grant_type=client_credentials&scope=a+b');
  });

  it('reads a bearer token, and names what the provider refused', () => {
    expect(readTokenResponse(200, { access_token: 'T', token_type: 'Bearer', expires_in: 600, scope: 'a' })).toEqual({ accessToken: 'T', expiresIn: 600, scope: 'a' });
    expect(() => readTokenResponse(400, { error: 'invalid_grant', error_description: 'code expired' })).toThrow('the provider refused (400 invalid_grant: code expired)');
    expect(() => readTokenResponse(200, { token_type: 'Bearer' })).toThrow('without an access_token');
    expect(() => readTokenResponse(200, { access_token: 'T', token_type: 'DPoP' })).toThrow('DPoP');
  });

  it('bounds the device code: interval at least 1 s, at most 15 minutes, slow_down adds 5 s', () => {
    const started = readDeviceStart(200, { device_code: 'D', user_code: 'ABCD-EFGH', verification_uri: 'https://id.example/device', interval: 0, expires_in: 7200 });
    expect(started).toMatchObject({ deviceCode: 'D', userCode: 'ABCD-EFGH', intervalSeconds: 1, expiresInSeconds: 900 });
    expect(readDeviceStart(200, { device_code: 'D', user_code: 'U', verification_uri: 'https://id.example/device' }).intervalSeconds).toBe(5);
    expect(() => readDeviceStart(200, { user_code: 'U' })).toThrow('device_code');
    expect(devicePollStep(400, { error: 'authorization_pending' }, 5, 10, 600)).toEqual({ kind: 'wait', intervalSeconds: 5 });
    expect(devicePollStep(400, { error: 'slow_down' }, 5, 10, 600)).toEqual({ kind: 'wait', intervalSeconds: 10 });
    expect(devicePollStep(400, { error: 'authorization_pending' }, 5, 598, 600)).toMatchObject({ kind: 'stop', reason: expect.stringContaining('expired') });
    expect(devicePollStep(400, { error: 'access_denied' }, 5, 10, 600)).toEqual({ kind: 'stop', reason: 'the sign-in was declined' });
    expect(devicePollStep(400, { error: 'invalid_client' }, 5, 10, 600)).toMatchObject({ kind: 'stop', reason: expect.stringContaining('invalid_client') });
    expect(devicePollStep(200, { access_token: 'T', token_type: 'bearer' }, 5, 10, 600)).toEqual({ kind: 'token', token: { accessToken: 'T' } });
  });
});

describe('the console spec of an OAuth 2 or OpenID Connect operation', () => {
  const document: OpenApiInput = {
    openapi: '3.1.0',
    info: { title: 'Items', version: '1' },
    servers: [{ url: 'https://api.example/v1' }],
    paths: {
      '/items': {
        get: { operationId: 'listItems', security: [{ oidc: ['items:read'] }], responses: { '200': { description: 'ok' } } },
        post: { operationId: 'addItem', security: [{ oauth: ['items:write'] }], responses: { '201': { description: 'ok' } } },
      },
    },
    components: {
      securitySchemes: {
        oauth: {
          type: 'oauth2',
          flows: {
            authorizationCode: { authorizationUrl: 'https://id.example/authorize', tokenUrl: 'https://id.example/token', scopes: { 'items:write': 'Change items' } },
            deviceAuthorization: { deviceAuthorizationUrl: '/device', tokenUrl: '/token', scopes: {} },
          },
        },
        oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://id.example/.well-known/openid-configuration' },
      },
    },
  } as unknown as OpenApiInput;
  const api = describeApi(document, { source: 'items.yaml' });

  it('carries the flows (a 3.2 device authorization too) and the operation’s scopes in real-API mode only', () => {
    const spec = toConsoleSpec(requireOperation(api, 'addItem'), { version: 'v1', document, realApi: true });
    const credential = spec.security![0]![0]!;
    expect(credential).toMatchObject({ kind: 'bearer', scheme: 'oauth', issuer: 'oauth2' });
    expect(credential.oauth).toEqual({
      scopes: ['items:write'],
      flows: [
        { flow: 'authorizationCode', authorizationUrl: 'https://id.example/authorize', tokenUrl: 'https://id.example/token', scopes: { 'items:write': 'Change items' } },
        { flow: 'deviceAuthorization', deviceAuthorizationUrl: 'https://api.example/device', tokenUrl: 'https://api.example/token', scopes: {} },
      ],
    });
    expect(toConsoleSpec(requireOperation(api, 'addItem'), { version: 'v1', document }).security![0]![0]!.oauth).toBeUndefined();
  });

  it('names the discovery document of an OpenID Connect scheme', () => {
    const spec = toConsoleSpec(requireOperation(api, 'listItems'), { version: 'v1', document, realApi: true });
    expect(spec.security![0]![0]!.oauth).toEqual({ flows: [], discoveryUrl: 'https://id.example/.well-known/openid-configuration', scopes: ['items:read'] });
  });
});
