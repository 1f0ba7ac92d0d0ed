import { describe, expect, it } from 'vitest';
import { siteSchema } from '../../../src/config/schemas/site.ts';
import { hashPassword } from '../../../src/auth/password.ts';
import { createAuthConfig, readerFromToken, rolesFromClaim } from '../../../src/server/auth-config.ts';
import { sessionCookieName, sessionToken } from '../../../src/server/session-cookie.ts';

const config = (auth: object = { enabled: true }, base = '/') => siteSchema.parse({ title: 'Docs', url: 'https://docs.example', base, auth });
const users = async () => [{ username: 'Pat', name: 'Pat Partner', roles: ['partner'], passwordHash: await hashPassword('right-password') }];

describe('roles from a claim', () => {
  it('takes an array or a space-separated string, and drops what is not a role name', () => {
    expect(rolesFromClaim(['partner', 'admin', 'partner'])).toEqual(['partner', 'admin']);
    expect(rolesFromClaim('partner admin')).toEqual(['partner', 'admin']);
    expect(rolesFromClaim(['Partner', 'a b', 7, null, '../admin', 'ok_role'])).toEqual(['ok_role']);
    expect(rolesFromClaim(undefined)).toEqual([]);
    expect(rolesFromClaim({ roles: ['admin'] })).toEqual([]);
  });
});

describe('reader from a decoded session', () => {
  const now = 1_800_000_000;
  it('needs a subject; roles and name come from the token', () => {
    expect(readerFromToken({ sub: 'pat', name: 'Pat', roles: ['partner'], signedInAt: now }, now)).toEqual({ id: 'pat', name: 'Pat', roles: ['partner'] });
    expect(readerFromToken({ sub: 'pat', signedInAt: now }, now)).toEqual({ id: 'pat', name: 'pat', roles: [] });
    expect(readerFromToken({ name: 'No subject', roles: ['admin'], signedInAt: now }, now)).toBeUndefined();
    expect(readerFromToken(null, now)).toBeUndefined();
  });

  it('says how the reader signed in, when the session recorded it (agent tokens follow users.yml readers)', () => {
    expect(readerFromToken({ sub: 'pat', roles: [], signedInAt: now, source: 'users' }, now)).toEqual({ id: 'pat', name: 'pat', roles: [], source: 'users' });
    expect(readerFromToken({ sub: 'o', roles: [], signedInAt: now, source: 'oidc' }, now)?.source).toBe('oidc');
    expect(readerFromToken({ sub: 'o', roles: [], signedInAt: now, source: 'forged' }, now)?.source).toBeUndefined();
  });

  it('lasts twelve hours from signing in, however often the cookie was renewed', () => {
    const token = { sub: 'pat', roles: ['partner'], signedInAt: now };
    expect(readerFromToken(token, now + 12 * 3600)).toBeDefined();
    expect(readerFromToken(token, now + 12 * 3600 + 1)).toBeUndefined();
    expect(readerFromToken({ sub: 'pat', roles: ['partner'] }, now)).toBeUndefined();
  });
});

describe('the Auth.js configuration', () => {
  it('offers credentials only with users, OpenID Connect only when configured', async () => {
    expect(createAuthConfig({ config: config(), users: [], secret: 's', secureCookies: false }).providers).toHaveLength(0);
    const oidc = { enabled: true, oidc: { issuer: 'https://id.example/realms/docs', clientId: 'docs' } };
    const both = createAuthConfig({ config: config(oidc), users: await users(), secret: 's', oidcClientSecret: 'c', secureCookies: true });
    expect(both.providers.map((provider) => (provider as { id?: string }).id ?? (provider as { options?: { id?: string } }).options?.id)).toEqual(['credentials', 'oidc']);
    expect(both.useSecureCookies).toBe(true);
    expect(both.session).toEqual({ strategy: 'jwt', maxAge: 12 * 60 * 60 });
  });

  it('mounts under the base and sends sign-in pages to /login', () => {
    const auth = createAuthConfig({ config: config({ enabled: true }, '/docs'), users: [], secret: 's', secureCookies: false });
    expect(auth.basePath).toBe('/docs/api/auth');
    expect(auth.pages).toMatchObject({ signIn: '/docs/login', error: '/docs/login' });
  });

  it('the credentials check accepts the right password (any username case) and nothing else', async () => {
    const auth = createAuthConfig({ config: config(), users: await users(), secret: 's', secureCookies: false });
    const authorize = (auth.providers[0] as unknown as { options: { authorize: (c: Record<string, unknown>) => Promise<unknown> } }).options.authorize;
    expect(await authorize({ username: ' pat ', password: 'right-password' })).toEqual({ id: 'Pat', name: 'Pat Partner', roles: ['partner'] });
    expect(await authorize({ username: 'Pat', password: 'wrong' })).toBeNull();
    expect(await authorize({ username: 'nobody', password: 'right-password' })).toBeNull();
    expect(await authorize({ username: ['Pat'], password: 'right-password' })).toBeNull();
  });

  it('tells onPasswordChecked the result of every password check, known username or not', async () => {
    const results: boolean[] = [];
    const auth = createAuthConfig({ config: config(), users: await users(), secret: 's', secureCookies: false, onPasswordChecked: (valid) => results.push(valid) });
    const authorize = (auth.providers[0] as unknown as { options: { authorize: (c: Record<string, unknown>) => Promise<unknown> } }).options.authorize;
    await authorize({ username: 'Pat', password: 'wrong' });
    await authorize({ username: 'pat', password: 'right-password' });
    await authorize({ username: 'nobody', password: 'right-password' });
    expect(results).toEqual([false, true, false]);
  });

  it('redirects only to same-site paths under the base', () => {
    const auth = createAuthConfig({ config: config({ enabled: true }, '/docs'), users: [], secret: 's', secureCookies: false });
    const redirect = (url: string) => auth.callbacks!.redirect!({ url, baseUrl: 'https://docs.example' });
    expect(redirect('/docs/1.2/partners/?a=1#x')).toBe('https://docs.example/docs/1.2/partners/?a=1#x');
    expect(redirect('https://docs.example/docs/1.2/x/')).toBe('https://docs.example/docs/1.2/x/');
    for (const evil of ['https://evil.example/docs/', '//evil.example/docs/', '/\\evil.example', 'javascript:alert(1)', '/other/']) {
      expect(redirect(evil), evil).toBe('https://docs.example/docs/');
    }
  });

  it('copies roles into the session token at sign-in, from users.yml or from the OpenID Connect claim', async () => {
    const oidc = { enabled: true, oidc: { issuer: 'https://id.example', clientId: 'docs', rolesClaim: 'groups' } };
    const jwt = createAuthConfig({ config: config(oidc), users: [], secret: 's', oidcClientSecret: 'c', secureCookies: false }).callbacks!.jwt!;
    const fromUser = await jwt({ token: { sub: 'pat' }, user: { id: 'pat', name: 'Pat', roles: ['partner'] } as never, trigger: 'signIn', account: { provider: 'credentials', type: 'credentials', providerAccountId: 'pat' } });
    expect(fromUser).toMatchObject({ roles: ['partner'], name: 'Pat', signedInAt: expect.any(Number), source: 'users' });
    const fromClaim = await jwt({ token: { sub: 'o' }, user: { id: 'o', name: 'O' }, profile: { groups: ['admin', 'Not A Role'] }, trigger: 'signIn', account: { provider: 'oidc', type: 'oidc', providerAccountId: 'o' } });
    expect(fromClaim).toMatchObject({ roles: ['admin'], source: 'oidc' });
    // Later requests keep the token as it is, until its lifetime from signing in ends.
    const signedInAt = Math.floor(Date.now() / 1000) - 60;
    expect(await jwt({ token: { sub: 'pat', roles: ['partner'], signedInAt } } as never)).toEqual({ sub: 'pat', roles: ['partner'], signedInAt });
    expect(await jwt({ token: { sub: 'pat', roles: ['partner'], signedInAt: signedInAt - 12 * 3600 } } as never)).toBeNull();
    expect(await jwt({ token: { sub: 'pat', roles: ['partner'] } } as never)).toBeNull();
  });
});

describe('session cookies', () => {
  it('are __Secure- prefixed over https (src/server/forwarded.ts decides what https is)', () => {
    expect(sessionCookieName(true)).toBe('__Secure-authjs.session-token');
    expect(sessionCookieName(false)).toBe('authjs.session-token');
  });

  it('are read whole or from Auth.js chunks, and only under their own name', () => {
    const name = 'authjs.session-token';
    expect(sessionToken(`a=1; ${name}=abc; b=2`, name)).toBe('abc');
    expect(sessionToken(`${name}.1=def; ${name}.0=abc`, name)).toBe('abcdef');
    expect(sessionToken(`x${name}=abc; __Secure-${name}=zzz`, name)).toBeUndefined();
    expect(sessionToken('', name)).toBeUndefined();
  });
});
