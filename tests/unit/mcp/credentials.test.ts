import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AGENT_TOKEN_PREFIX, AgentTokenError, hashToken, agentTokensIn, MAX_TOKENS_PER_READER } from '../../../src/mcp/agent-tokens.ts';
import { createMemoryStore } from '../../../src/server/store/memory.ts';
import { createRedisStore } from '../../../src/server/store/redis.ts';
import type { SharedStore } from '../../../src/server/store/index.ts';
import { startRedis, type RunningRedis } from '../../e2e/support/redis-server.ts';

/** A fresh in-memory store, as the server reads it (a getter). */
const memoryStore = () => {
  const store = createMemoryStore();
  return () => store;
};
import { createCredentialCheck } from '../../../src/mcp/credentials.ts';

const partner = { id: 'fixpartner', name: 'Fay Partner', roles: ['partner'] };

describe('agent tokens follow their reader', () => {
  const users = [
    { username: 'fixpartner', name: 'Fay Partner', roles: ['partner', 'admin'] },
    { username: 'reader', name: 'Rita Reader', roles: [] },
  ];
  const oidc = { issuer: 'https://sso.example', clientId: 'docs', rolesClaim: 'roles', name: 'SSO' };
  async function tokenFor(reader: Parameters<ReturnType<typeof agentTokensIn>['create']>[0], current: typeof users, withOidc = false) {
    const tokens = agentTokensIn(memoryStore());
    const { token } = await tokens.create(reader, 'agent');
    return createCredentialCheck({ tokens, users: current, audiences: [], ...(withOidc ? { oidc } : {}) })(`Bearer ${token}`);
  }

  test('a reader removed from users.yml: their token is refused', async () => {
    const admin = { id: 'fixpartner', name: 'Fay Partner', roles: ['partner', 'admin'], source: 'users' as const };
    const caller = await tokenFor(admin, users.filter((user) => user.username !== 'fixpartner'));
    expect(caller).toEqual({ kind: 'invalid', reason: 'The reader this token acts for is no longer in users.yml.' });
    // On a site that also offers single sign-on, too: the token remembers how its reader signed in.
    expect((await tokenFor(admin, users.filter((user) => user.username !== 'fixpartner'), true)).kind).toBe('invalid');
  });

  test("roles that shrank: the token gets the reader's current roles, never more than it was created with", async () => {
    const admin = { id: 'fixpartner', name: 'Fay Partner', roles: ['partner', 'admin'], source: 'users' as const };
    const shrunk = users.map((user) => (user.username === 'fixpartner' ? { ...user, name: 'Fay P.', roles: ['partner', 'support'] } : user));
    expect(await tokenFor(admin, shrunk)).toEqual({ kind: 'reader', via: 'agent-token', reader: { id: 'fixpartner', name: 'Fay P.', roles: ['partner'], source: 'users' } });
  });

  test("a token from before readers were recorded is read as a users.yml reader's when the id is one, or the site has no single sign-on", async () => {
    const legacy = { id: 'fixpartner', name: 'Fay Partner', roles: ['partner', 'admin'] };
    const shrunk = users.map((user) => (user.username === 'fixpartner' ? { ...user, roles: ['partner'] } : user));
    expect(await tokenFor(legacy, shrunk, true)).toMatchObject({ kind: 'reader', reader: { roles: ['partner'] } });
    expect((await tokenFor(legacy, [])).kind).toBe('invalid');
  });

  test("a single-sign-on reader's token keeps its creation roles (the known limit), and ends when the site drops single sign-on", async () => {
    const olga = { id: 'olga-sub-123', name: 'Olga', roles: ['partner'], source: 'oidc' as const };
    expect(await tokenFor(olga, users, true)).toMatchObject({ kind: 'reader', reader: { id: 'olga-sub-123', roles: ['partner'] } });
    expect((await tokenFor(olga, users, false)).kind).toBe('invalid');
    // An id that is also a username does not make a single-sign-on token a users.yml one (or the reverse).
    expect(await tokenFor({ ...olga, id: 'reader' }, users, true)).toMatchObject({ kind: 'reader', reader: { roles: ['partner'] } });
  });
});

describe('agent tokens', () => {
  test('a token is 256 random bits, shown once, kept only as its SHA-256 hash; revoking ends it', async () => {
    const store = agentTokensIn(memoryStore(), () => new Date('2026-01-02T03:04:05Z'));
    const { token, record } = await store.create(partner, '  Claude Desktop  ');
    expect(token).toMatch(new RegExp(`^${AGENT_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(record).toMatchObject({ name: 'Claude Desktop', hash: hashToken(token), createdAt: '2026-01-02T03:04:05.000Z', reader: partner });
    expect(JSON.stringify(await store.list(partner.id))).not.toContain(token);
    expect((await store.verify(token))?.reader.roles).toEqual(['partner']);
    expect((await store.list(partner.id))[0]!.lastUsedAt).toBe('2026-01-02T03:04:05.000Z');
    expect(await store.revoke('someone-else', record.id)).toBe(false);
    expect(await store.verify(token)).toBeDefined();
    expect(await store.revoke(partner.id, record.id)).toBe(true);
    expect(await store.verify(token)).toBeUndefined();
  });

  test('a revoke that lands while a token is being checked is not undone by the check (last use is kept apart)', async () => {
    const inner = createMemoryStore();
    let duringRead: (() => Promise<unknown>) | undefined;
    const racing = {
      ...inner,
      async getMany(keys: readonly string[]) {
        const values = await inner.getMany(keys);
        const hook = duringRead;
        duringRead = undefined;
        await hook?.();
        return values;
      },
    };
    const tokens = agentTokensIn(() => racing);
    const { token, record } = await tokens.create(partner, 'Claude Code');
    duringRead = () => tokens.revoke(partner.id, record.id);
    expect(await tokens.verify(token)).toBeDefined(); // it read the record before the revoke
    expect(await tokens.verify(token)).toBeUndefined();
    expect(await tokens.list(partner.id)).toEqual([]);
  });

  test('revokeAll (an admin signs the reader out everywhere) ends every token of that reader only', async () => {
    const tokens = agentTokensIn(memoryStore());
    const [one, two] = [await tokens.create(partner, 'one'), await tokens.create(partner, 'two')];
    const other = await tokens.create({ id: 'someone', name: 'Someone', roles: [] }, 'theirs');
    expect(await tokens.revokeAll(partner.id)).toBe(2);
    expect(await tokens.verify(one.token)).toBeUndefined();
    expect(await tokens.verify(two.token)).toBeUndefined();
    expect(await tokens.list(partner.id)).toEqual([]);
    expect(await tokens.verify(other.token)).toBeDefined();
  });

  test('a name is required, and a reader has at most MAX_TOKENS_PER_READER tokens', async () => {
    const store = agentTokensIn(memoryStore());
    await expect(store.create(partner, '   ')).rejects.toBeInstanceOf(AgentTokenError);
    for (let n = 0; n < MAX_TOKENS_PER_READER; n += 1) await store.create(partner, `t${n}`);
    await expect(store.create(partner, 'one more')).rejects.toThrow(/revoke one/);
  });
});

describe('agent tokens in Redis (a fleet)', () => {
  let redis: RunningRedis;
  const opened: SharedStore[] = [];
  const instance = () => {
    const store = createRedisStore(redis.url, { connectTimeoutMs: 1_000, onError: () => {}, onReady: () => {} });
    opened.push(store);
    return agentTokensIn(() => store);
  };
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(opened.map((store) => store.close()));
    await redis?.stop();
  });

  test('a token created on one instance works on another; revoked on that one, the first refuses it at once', async () => {
    const [a, b] = [instance(), instance()];
    const { token, record } = await a.create(partner, 'Cursor');
    expect((await b.verify(token))?.reader).toEqual(partner);
    expect((await b.list(partner.id)).map((listed) => listed.name)).toEqual(['Cursor']);
    expect(await b.revoke(partner.id, record.id)).toBe(true);
    expect(await a.verify(token)).toBeUndefined();
    expect(await a.list(partner.id)).toEqual([]);
  });
});

describe('bearer credentials', () => {
  let server: Server;
  let issuer: string;
  let sign: (claims: Record<string, unknown>, options?: { issuer?: string; audience?: string; expires?: string }) => Promise<string>;
  const olga = { sub: 'olga', name: 'Olga Oidc', caravan_roles: ['partner'] };
  const userinfo = new Map<string, Record<string, unknown>>([
    ['opaque-partner-token', olga],
    ['opaque-other-app-token', olga],
  ]);
  // Introspection (RFC 7662) tells which client each token was issued to; it needs the site's client secret.
  const introspection = new Map<string, Record<string, unknown>>([
    ['opaque-partner-token', { active: true, client_id: 'caravan-docs-test', sub: 'olga' }],
    ['opaque-other-app-token', { active: true, client_id: 'another-app', sub: 'olga' }],
  ]);
  const CLIENT_AUTH = `Basic ${Buffer.from('caravan-docs-test:site-client-secret').toString('base64')}`;
  let userinfoCalls = 0;

  beforeAll(async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    server = createServer((request, response) => {
      const json = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (request.url === '/.well-known/openid-configuration') return json(200, { issuer, jwks_uri: `${issuer}/jwks`, userinfo_endpoint: `${issuer}/me`, introspection_endpoint: `${issuer}/introspect` });
      if (request.url === '/introspect') {
        let body = '';
        request.on('data', (chunk) => (body += chunk));
        request.on('end', () => {
          if (request.headers.authorization !== CLIENT_AUTH) return json(401, { error: 'invalid_client' });
          json(200, introspection.get(new URLSearchParams(body).get('token') ?? '') ?? { active: false });
        });
        return;
      }
      if (request.url === '/jwks') return json(200, { keys: [jwk] });
      if (request.url === '/me') {
        userinfoCalls += 1;
        const claims = userinfo.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
        return claims ? json(200, claims) : json(401, { error: 'invalid_token' });
      }
      json(404, {});
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    sign = (claims, options = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(options.issuer ?? issuer)
        .setAudience(options.audience ?? 'caravan-docs-test')
        .setSubject('olga')
        .setIssuedAt()
        .setExpirationTime(options.expires ?? '5m')
        .sign(privateKey);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const check = ({ clientSecret }: { clientSecret?: string } = { clientSecret: 'site-client-secret' }) =>
    createCredentialCheck({ tokens: agentTokensIn(memoryStore()), users: [], oidc: { issuer, clientId: 'caravan-docs-test', rolesClaim: 'caravan_roles', name: 'SSO' }, audiences: ['caravan-docs-test', 'https://docs.example/mcp'], clientSecret });

  test('no header is anonymous; a malformed one or another scheme is invalid', async () => {
    const verify = check();
    expect(await verify(null)).toEqual({ kind: 'anonymous' });
    for (const header of ['Basic abc', 'Bearer', 'Bearer two words', 'Token x']) expect((await verify(header)).kind, header).toBe('invalid');
  });

  test('an issuer JWT access token: roles from the configured claim, as at sign-in', async () => {
    const caller = await check()(`Bearer ${await sign({ name: 'Olga Oidc', caravan_roles: ['partner', 'Not A Role'] })}`);
    expect(caller).toEqual({ kind: 'reader', via: 'oidc', reader: { id: 'olga', name: 'Olga Oidc', roles: ['partner'] } });
    expect((await check()(`Bearer ${await sign({ caravan_roles: 'partner admin' }, { audience: 'https://docs.example/mcp' })}`)).kind).toBe('reader');
  });

  test('a JWT of another issuer or audience, expired, or signed with another key is refused', async () => {
    const verify = check();
    expect((await verify(`Bearer ${await sign({}, { issuer: 'https://other.example' })}`)).kind).toBe('invalid');
    expect((await verify(`Bearer ${await sign({}, { audience: 'some-other-api' })}`)).kind).toBe('invalid');
    expect((await verify(`Bearer ${await sign({}, { expires: '-1m' })}`)).kind).toBe('invalid');
    const { privateKey } = await generateKeyPair('RS256');
    const foreign = await new SignJWT({}).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuer(issuer).setAudience('caravan-docs-test').setSubject('olga').setExpirationTime('5m').sign(privateKey);
    expect((await verify(`Bearer ${foreign}`)).kind).toBe('invalid');
  });

  test('an opaque token issued to another application of the provider is refused, although userinfo answers for it', async () => {
    expect((await check()('Bearer opaque-other-app-token')).kind).toBe('invalid');
    // Without the site's client secret opaque tokens cannot be introspected: refused.
    expect((await check({})('Bearer opaque-partner-token')).kind).toBe('invalid');
  });

  test('an opaque access token issued to the site is introspected, then read at the userinfo endpoint (the answer kept a minute)', async () => {
    const verify = check();
    const before = userinfoCalls;
    expect(await verify('Bearer opaque-partner-token')).toEqual({ kind: 'reader', via: 'oidc', reader: { id: 'olga', name: 'Olga Oidc', roles: ['partner'] } });
    await verify('Bearer opaque-partner-token');
    expect(userinfoCalls - before).toBe(1);
    expect((await verify('Bearer opaque-unknown-token')).kind).toBe('invalid');
  });
});
