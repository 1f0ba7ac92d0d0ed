import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../src/config/load.ts';
import { DocsInputError } from '../../../src/config/errors.ts';
import { serverSecretsFrom } from '../../../src/config/env.ts';
import { hashPassword } from '../../../src/auth/password.ts';
import { loadError, siteWith } from './support.ts';

const hash = await hashPassword('demo-password');

describe('config/users.yml', () => {
  it('loads readers with their roles', () => {
    const root = siteWith({ 'config/users.yml': `- username: pat\n  name: Pat\n  roles: [partner]\n  passwordHash: ${hash}\n` });
    expect(loadSite(root, {}).users).toEqual([{ username: 'pat', name: 'Pat', roles: ['partner'], passwordHash: hash }]);
  });

  it('also takes the list under a `users:` key, with lines and fields named from there', () => {
    const root = siteWith({ 'config/users.yml': `users:\n  - username: pat\n    roles: [partner]\n    passwordHash: ${hash}\n` });
    expect(loadSite(root, {}).users.map((user) => user.username)).toEqual(['pat']);
    const message = loadError(siteWith({ 'config/users.yml': 'users:\n  - username: pat\n    passwordHash: hunter22\n' }));
    expect(message).toContain('config/users.yml:3:19: `users[0].passwordHash` is not a password hash.');
    expect(loadError(siteWith({ 'config/users.yml': `users: []\nadmins: []\n` }))).toContain('unknown key `admins`');
  });

  it('a plain-text password is an error that says how to make a hash', () => {
    const message = loadError(siteWith({ 'config/users.yml': '- username: pat\n  roles: [partner]\n  passwordHash: hunter22\n' }));
    expect(message).toBe('config/users.yml:3:17: `[0].passwordHash` is not a password hash.\n  Fix: run `npx caravan-docs hash-password`, type the password, and paste the printed `scrypt$…` line here. Never store the password itself.');
  });

  it('a `password` key is refused as unknown, naming the allowed keys', () => {
    const message = loadError(siteWith({ 'config/users.yml': `- username: pat\n  password: hunter22\n  passwordHash: ${hash}\n` }));
    expect(message).toContain('config/users.yml:2:3: `[0].password` unknown key `password`.');
    expect(message).toContain('allowed keys here: username, name, roles, passwordHash');
  });

  it('a duplicate username (ignoring case) names the line', () => {
    const message = loadError(siteWith({ 'config/users.yml': `- username: pat\n  passwordHash: ${hash}\n- username: PAT\n  passwordHash: ${hash}\n` }));
    expect(message).toBe('config/users.yml:3: `[1].username` "PAT" is listed twice.\n  Fix: give every reader a unique username (case does not count).');
  });

  it('an invalid role name is refused', () => {
    const message = loadError(siteWith({ 'config/users.yml': `- username: pat\n  roles: [Partner]\n  passwordHash: ${hash}\n` }));
    expect(message).toContain('config/users.yml:2:11: `[0].roles[0]` is not a valid role name');
  });

  it('sign-in enabled with no users and no OpenID Connect warns that no one can sign in', () => {
    const { warnings } = loadSite(siteWith({}), { CARAVAN_DOCS_AUTH_ENABLED: 'true' });
    expect(warnings.map((warning) => warning.message).join('\n')).toContain('no one can sign in');
    expect(loadSite(siteWith({}), {}).warnings.map((warning) => warning.message).join('\n')).not.toContain('no one can sign in');
  });
});

describe('auth.publicPaths', () => {
  it('"/" is a warning: it would open every gated page', () => {
    const root = siteWith({ 'config/site.yml': 'title: Docs\nurl: https://docs.example\nauth:\n  enabled: true\n  publicPaths: [/login, /]\n' });
    expect(loadSite(root, {}).warnings.map((warning) => warning.message).join('\n')).toContain('opens every gated page to anyone');
  });
});

describe('auth.oidc in site.yml', () => {
  it('needs an absolute issuer URL', () => {
    const message = loadError(siteWith({ 'config/site.yml': 'title: Docs\nurl: https://docs.example\nauth:\n  enabled: true\n  oidc:\n    issuer: login.example\n    clientId: docs\n' }));
    expect(message).toContain('config/site.yml:6:13: `auth.oidc.issuer` must be the absolute http(s) URL of the OpenID Connect issuer');
  });

  it('defaults the roles claim and the button label', () => {
    const root = siteWith({ 'config/site.yml': 'title: Docs\nurl: https://docs.example\nauth:\n  enabled: true\n  oidc:\n    issuer: https://login.example\n    clientId: docs\n' });
    expect(loadSite(root, {}).model.config.auth.oidc).toEqual({ issuer: 'https://login.example', clientId: 'docs', rolesClaim: 'roles', name: 'Single sign-on' });
  });
});

describe('server secrets from the environment', () => {
  const auth = (oidc?: object) => ({ auth: { enabled: true, requireLogin: false, publicPaths: [], ...(oidc ? { oidc } : {}) } }) as never;
  const errorOf = (env: Record<string, string>, oidc?: object) => {
    try {
      serverSecretsFrom(env, auth(oidc));
    } catch (error) {
      if (error instanceof DocsInputError) return error.format();
      throw error;
    }
    throw new Error('expected an error');
  };

  it('a missing session secret names the variable and how to make one', () => {
    expect(errorOf({})).toBe('environment variable CARAVAN_DOCS_AUTH_SECRET: `session secret` is not set, and the sign-in server cannot start without it.\n  Fix: set it to a random value, the same on every server instance: export CARAVAN_DOCS_AUTH_SECRET="$(openssl rand -base64 33)"');
  });

  it('a short session secret is refused', () => {
    expect(errorOf({ CARAVAN_DOCS_AUTH_SECRET: 'short' })).toContain('is 5 characters long; it needs at least 32.');
  });

  it('OpenID Connect needs its client secret', () => {
    expect(errorOf({ CARAVAN_DOCS_AUTH_SECRET: 'x'.repeat(40) }, { issuer: 'https://id.example', clientId: 'docs' })).toContain('CARAVAN_DOCS_OIDC_CLIENT_SECRET');
    expect(serverSecretsFrom({ CARAVAN_DOCS_AUTH_SECRET: 'x'.repeat(40), CARAVAN_DOCS_OIDC_CLIENT_SECRET: 'c' }, auth({ issuer: 'https://id.example', clientId: 'docs' }))).toEqual({ session: 'x'.repeat(40), oidcClient: 'c', proxyHops: 0 });
  });

  it('the trusted proxy count is a small number', () => {
    expect(serverSecretsFrom({ CARAVAN_DOCS_AUTH_SECRET: 'x'.repeat(40), CARAVAN_DOCS_TRUSTED_PROXY_HOPS: '1' }, auth())).toEqual({ session: 'x'.repeat(40), proxyHops: 1 });
    expect(errorOf({ CARAVAN_DOCS_AUTH_SECRET: 'x'.repeat(40), CARAVAN_DOCS_TRUSTED_PROXY_HOPS: 'yes' })).toContain('environment variable CARAVAN_DOCS_TRUSTED_PROXY_HOPS: `trusted proxy hops` is "yes", which is not a number of proxies.');
  });
});
