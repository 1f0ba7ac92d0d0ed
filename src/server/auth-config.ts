import type { AuthConfig } from '@auth/core';
import Credentials from '@auth/core/providers/credentials';
import type { OIDCConfig } from '@auth/core/providers';
import type { SiteConfig } from '../config/schemas/site.ts';
import type { UserRecord } from '../config/schemas/users.ts';
import { safeNextPath } from '../auth/next-path.ts';
import { verifyPassword, verifyUnknownUser } from '../auth/password.ts';
import type { Reader } from '../model/access.ts';

/** Sessions last a working day; signing in again picks up changed roles. */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

const CREDENTIALS_PROVIDER = 'credentials';
const OIDC_PROVIDER = 'oidc';

export interface AuthSettings {
  config: SiteConfig;
  users: readonly UserRecord[];
  secret: string;
  /** Required when `auth.oidc` is configured. */
  oidcClientSecret?: string | undefined;
  /** Secure, `__Secure-`-prefixed cookies: the request reached the site over https. */
  secureCookies: boolean;
  /**
   * Told the result of each password check, where it happens: the sign-in throttle learns it
   * whatever shape Auth.js then gives its answer (a redirect, or JSON with `X-Auth-Return-Redirect`).
   */
  onPasswordChecked?: ((valid: boolean) => void) | undefined;
}

/** The Auth.js configuration: credentials from users.yml, OpenID Connect from site.yml, roles in a JWT session cookie. */
export function createAuthConfig(settings: AuthSettings): AuthConfig {
  const { config, users, secret, oidcClientSecret, secureCookies, onPasswordChecked } = settings;
  const base = config.base;
  const byUsername = new Map(users.map((user) => [user.username.toLowerCase(), user]));
  const providers: AuthConfig['providers'] = [];
  if (users.length > 0) {
    providers.push(
      Credentials({
        id: CREDENTIALS_PROVIDER,
        name: 'Username and password',
        credentials: { username: { label: 'Username' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials) {
          const username = typeof credentials.username === 'string' ? credentials.username.trim().toLowerCase() : '';
          const password = typeof credentials.password === 'string' ? credentials.password : '';
          const user = byUsername.get(username);
          // Unknown users cost one hash too, so timing does not tell which usernames exist.
          const valid = user ? await verifyPassword(password, user.passwordHash) : await verifyUnknownUser(password);
          onPasswordChecked?.(Boolean(user && valid));
          return user && valid ? { id: user.username, name: user.name ?? user.username, roles: user.roles } : null;
        },
      }),
    );
  }
  const oidc = config.auth.oidc;
  if (oidc) {
    const provider: OIDCConfig<Record<string, unknown>> = {
      id: OIDC_PROVIDER,
      name: oidc.name,
      type: 'oidc',
      issuer: oidc.issuer,
      clientId: oidc.clientId,
      clientSecret: oidcClientSecret ?? '',
      checks: ['pkce', 'state', 'nonce'],
      profile: (claims) => ({
        id: String(claims.sub),
        name: typeof claims.name === 'string' ? claims.name : typeof claims.email === 'string' ? claims.email : String(claims.sub),
        roles: rolesFromClaim(claims[oidc.rolesClaim]),
      }),
    };
    providers.push(provider);
  }
  return {
    providers,
    secret,
    basePath: `${base}api/auth`,
    trustHost: true,
    useSecureCookies: secureCookies,
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: `${base}login`, error: `${base}login`, signOut: `${base}login` },
    callbacks: {
      jwt({ token, user, profile, account }) {
        // `user` is present only at sign-in: copy what the role check needs into the cookie.
        if (user) {
          token.roles = rolesFromClaim((user as { roles?: unknown }).roles);
          token.name = user.name ?? null;
          token.signedInAt = Math.floor(Date.now() / 1000);
          // The session's id: sign-out records it as ended in the shared store.
          token.sid = crypto.randomUUID();
          // Agent tokens created in this session follow a users.yml reader's entry (src/mcp/token-reader.ts).
          token.source = account?.provider === OIDC_PROVIDER ? 'oidc' : 'users';
        }
        if (oidc && profile && account?.provider === OIDC_PROVIDER) token.roles = rolesFromClaim(profile[oidc.rolesClaim]);
        // Past its lifetime from signing in, Auth.js's own endpoints end the session too.
        if (typeof token.signedInAt !== 'number' || Date.now() / 1000 - token.signedInAt > SESSION_MAX_AGE_SECONDS) return null;
        return token;
      },
      redirect({ url, baseUrl }) {
        const target = new URL(url, baseUrl);
        const path = target.origin === baseUrl ? safeNextPath(`${target.pathname}${target.search}${target.hash}`, base) : undefined;
        return `${baseUrl}${path ?? base}`;
      },
    },
    logger: quietLogger,
  };
}

/**
 * The reader a decoded session token describes, or undefined when it lacks what a session needs
 * or was signed in more than a session lifetime ago: Auth.js renews the cookie's expiry whenever
 * its session endpoint is called, so the lifetime is counted from signing in, and changed roles
 * or removed readers take effect within it.
 */
export function readerFromToken(token: Record<string, unknown> | null | undefined, nowSeconds = Math.floor(Date.now() / 1000)): Reader | undefined {
  if (!token || typeof token.sub !== 'string' || token.sub === '') return undefined;
  if (typeof token.signedInAt !== 'number' || nowSeconds - token.signedInAt > SESSION_MAX_AGE_SECONDS) return undefined;
  const source = token.source === 'users' || token.source === 'oidc' ? token.source : undefined;
  return { id: token.sub, name: typeof token.name === 'string' ? token.name : token.sub, roles: rolesFromClaim(token.roles), ...(source ? { source } : {}) };
}

/** Roles from a claim: an array of names or one space-separated string; anything that is not a role name is dropped. */
export function rolesFromClaim(claim: unknown): string[] {
  const values = Array.isArray(claim) ? claim : typeof claim === 'string' ? claim.split(/\s+/) : [];
  return [...new Set(values.filter((value): value is string => typeof value === 'string' && /^[a-z][a-z0-9_-]*$/.test(value)))];
}

/** Failed sign-ins are expected traffic: log one line, never a stack trace. */
const quietLogger: NonNullable<AuthConfig['logger']> = {
  error(error) {
    const kind = (error as { type?: string }).type ?? error.name;
    if (kind === 'CredentialsSignin') return;
    console.error(`[auth] ${kind}: ${error.message.split('\n')[0]}`);
  },
  warn(code) {
    if (code !== 'debug-enabled') console.warn(`[auth] ${code}`);
  },
  debug() {},
};
