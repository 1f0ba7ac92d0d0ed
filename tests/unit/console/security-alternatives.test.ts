import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildRequest } from '../../../src/console/request.ts';
import { toConsoleSpec } from '../../../src/console/spec.ts';
import { describeApi, requireOperation } from '../../../src/openapi/describe.ts';
import { readOpenApi } from '../../../src/openapi/openapi-fs.ts';

// Scalar's Galaxy (npm package @scalar/galaxy, MIT), tried as a new user would: its operations
// accept every kind of credential OpenAPI has, and the console must offer each of them.
const GALAXY = fileURLToPath(import.meta.resolve('@scalar/galaxy/3.1.yaml'));
const document = readOpenApi(dirname(GALAXY), '3.1.yaml');
const galaxy = describeApi(document, { source: '3.1.yaml' });
const specOf = (id: string, realApi = false) => toConsoleSpec(requireOperation(galaxy, id), { version: '1.0', document, realApi });

/** Each alternative as its schemes' keys and kinds. */
const shape = (id: string) => specOf(id).security?.map((alternative) => alternative.map(({ scheme, kind, issuer, in: where, name }) => [scheme, kind, issuer ?? where ?? '', name ?? ''].filter(Boolean).join(' ')));

describe('the security alternatives of Scalar’s Galaxy', () => {
  it('getMe: basic, OAuth 2, bearer, an API key in a header or in the query, in the description’s order', () => {
    expect(shape('getMe')).toEqual([['basicAuth basic'], ['oAuth2 bearer oauth2'], ['bearerAuth bearer'], ['apiKeyHeader apiKey header X-API-Key'], ['apiKeyQuery apiKey query api_key']]);
  });

  it('operations without `security` take the top-level seven, a cookie API key and OpenID Connect among them', () => {
    for (const id of ['createPlanet', 'updatePlanet', 'deletePlanet', 'uploadImage']) {
      expect(shape(id), id).toEqual([
        ['bearerAuth bearer'],
        ['basicAuth basic'],
        ['apiKeyQuery apiKey query api_key'],
        ['apiKeyHeader apiKey header X-API-Key'],
        ['apiKeyCookie apiKey cookie api_key'],
        ['oAuth2 bearer oauth2'],
        ['openIdConnect bearer openIdConnect'],
      ]);
    }
  });

  it('public operations (`security: [{}]`) get no credential control', () => {
    for (const id of ['getAllData', 'getPlanet', 'createUser', 'getToken']) expect(specOf(id).security, id).toBeUndefined();
  });

  it('with the real API, OAuth 2 offers the flows the console runs (not implicit or password) with the operation’s scope, OpenID Connect its discovery document', () => {
    const [, oauth] = specOf('getMe', true).security!;
    expect(oauth![0]!.oauth).toEqual({
      scopes: ['read:account'],
      flows: [
        { flow: 'authorizationCode', authorizationUrl: 'https://galaxy.scalar.com/oauth/authorize', tokenUrl: 'https://galaxy.scalar.com/oauth/token', scopes: expect.objectContaining({ 'read:account': 'read your account information' }) },
        { flow: 'clientCredentials', tokenUrl: 'https://galaxy.scalar.com/oauth/token', scopes: expect.objectContaining({ 'read:planets': 'read your planets' }) },
      ],
    });
    const openId = specOf('deletePlanet', true).security!.at(-1)![0]!;
    expect(openId.oauth).toEqual({ flows: [], discoveryUrl: 'https://galaxy.scalar.com/.well-known/openid-configuration', scopes: [] });
    expect(specOf('getMe').security!.flat().some((credential) => credential.oauth !== undefined)).toBe(false);
  });

  it('each alternative’s credential goes where its scheme says', () => {
    const spec = specOf('deletePlanet');
    const sent = spec.security!.map((alternative) => buildRequest(spec, { params: { planetId: '1' }, bodyText: '' }, alternative.map((credential) => ({ credential, value: credential.kind === 'basic' ? 'marc:secret' : 'k1' }))));
    expect(sent.map(({ url, headers }) => [url.replace('https://galaxy.scalar.com', ''), headers])).toEqual([
      ['/planets/1', [['Authorization', 'Bearer k1']]],
      ['/planets/1', [['Authorization', `Basic ${btoa('marc:secret')}`]]],
      ['/planets/1?api_key=k1', []],
      ['/planets/1', [['X-API-Key', 'k1']]],
      ['/planets/1', [['Cookie', 'api_key=k1']]],
      ['/planets/1', [['Authorization', 'Bearer k1']]],
      ['/planets/1', [['Authorization', 'Bearer k1']]],
    ]);
  });
});

describe('an alternative of several schemes', () => {
  const weather = describeApi(readOpenApi(join(import.meta.dirname, '../../fixtures/openapi'), 'security-schemes.yaml'), { source: 'security-schemes.yaml' });
  it('sends all of them at once, an empty one not at all', () => {
    const spec = toConsoleSpec(requireOperation(weather, 'rotateKeys'), { version: 'v1', document: weather.document });
    const [basic, key] = spec.security![0]!;
    const request = buildRequest(spec, { params: {}, bodyText: '' }, [{ credential: basic!, value: 'ops:pw' }, { credential: key!, value: 'k9' }]);
    expect(request.headers).toEqual([['Authorization', `Basic ${btoa('ops:pw')}`], ['X-API-Key', 'k9']]);
    expect(buildRequest(spec, { params: {}, bodyText: '' }, [{ credential: basic!, value: '' }, { credential: key!, value: 'k9' }]).headers).toEqual([['X-API-Key', 'k9']]);
  });

  it('a later `{}` entry becomes the "no credential" alternative', () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 'Optional', version: '1' },
      servers: [{ url: 'https://optional.example' }],
      components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' }, tls: { type: 'mutualTLS' } } },
      paths: {
        '/a': { get: { operationId: 'a', security: [{ key: [] }, {}], responses: { '200': { description: 'OK' } } } },
        '/b': { get: { operationId: 'b', security: [{ tls: [] }, { key: [] }], responses: { '200': { description: 'OK' } } } },
      },
    } as Parameters<typeof describeApi>[0];
    const api = describeApi(document, { source: 'optional.yaml' });
    expect(toConsoleSpec(requireOperation(api, 'a'), { version: 'v1', document }).security).toEqual([[{ scheme: 'key', kind: 'apiKey', in: 'header', name: 'X-Key', sandbox: [] }], []]);
    // Mutual TLS first: nothing a browser sends, and the sandbox lets such calls through.
    expect(toConsoleSpec(requireOperation(api, 'b'), { version: 'v1', document }).security).toBeUndefined();
  });
});
