/**
 * Who an MCP request over HTTP acts for, from its `Authorization: Bearer` header: an agent token
 * (src/mcp/agent-tokens.ts), acting for its reader as they are now (src/mcp/token-reader.ts), or
 * an access token of the site's OpenID Connect issuer (a JWT checked against the issuer's keys and
 * the site's audiences; else an opaque token, which the issuer's introspection endpoint must say
 * is active and issued to this site's client before its userinfo endpoint gives the claims), with
 * roles from the configured claim as at sign-in. No header: anonymous. Anything else: invalid.
 */
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { AuthConfig } from '../config/schemas/auth.ts';
import type { Reader } from '../model/access.ts';
import { rolesFromClaim } from '../server/auth-config.ts';
import { AGENT_TOKEN_PREFIX, hashToken, type AgentTokenStore } from './agent-tokens.ts';
import { tokenReader, type ReaderDirectory } from './token-reader.ts';

export type Caller = { kind: 'anonymous' } | { kind: 'reader'; reader: Reader; via: 'agent-token' | 'oidc' } | { kind: 'invalid'; reason: string };

type Oidc = NonNullable<AuthConfig['oidc']>;

export interface CredentialOptions {
  tokens: AgentTokenStore;
  /** The readers of config/users.yml as the server has them now: an agent token follows its reader's entry. */
  users: ReaderDirectory['users'];
  oidc?: Oidc | undefined;
  /** Audiences an OpenID Connect JWT access token may name (the client id, the MCP endpoint's URL). */
  audiences: readonly string[];
  /** The site's client secret at the issuer: it authenticates the introspection of opaque tokens (none: they are refused). */
  clientSecret?: string | undefined;
  fetch?: typeof fetch;
}

export function createCredentialCheck(options: CredentialOptions): (authorization: string | null) => Promise<Caller> {
  const oidc = options.oidc ? oidcVerifier(options.oidc, options.audiences, options.clientSecret, options.fetch ?? fetch) : undefined;
  const directory: ReaderDirectory = { users: options.users, oidc: Boolean(options.oidc) };
  return async (authorization) => {
    if (authorization === null || authorization.trim() === '') return { kind: 'anonymous' };
    const match = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)$/i.exec(authorization.trim());
    if (!match) return { kind: 'invalid', reason: 'The Authorization header must be "Bearer <token>".' };
    const token = match[1]!;
    if (token.startsWith(AGENT_TOKEN_PREFIX)) {
      const record = await options.tokens.verify(token);
      if (!record) return { kind: 'invalid', reason: 'The token is unknown or was revoked.' };
      const now = tokenReader(record, directory);
      return now.ok ? { kind: 'reader', reader: now.reader, via: 'agent-token' } : { kind: 'invalid', reason: now.reason };
    }
    if (!oidc) return { kind: 'invalid', reason: 'The token is unknown or was revoked.' };
    const reader = await oidc(token);
    return reader ? { kind: 'reader', reader, via: 'oidc' } : { kind: 'invalid', reason: 'The access token was not accepted by the identity provider.' };
  };
}

interface Discovery {
  jwks_uri?: string;
  userinfo_endpoint?: string;
  introspection_endpoint?: string;
}

const USERINFO_CACHE_MS = 60_000;
const USERINFO_CACHE_SIZE = 5_000;

/** How long the provider's discovery document and userinfo endpoint may take before the token counts as not accepted. */
const PROVIDER_TIMEOUT_MS = 3_000;

/** Checks an issuer's access tokens; the discovery document is fetched once it is first needed. */
function oidcVerifier(oidc: Oidc, audiences: readonly string[], clientSecret: string | undefined, fetcher: typeof fetch): (token: string) => Promise<Reader | undefined> {
  let discovery: Promise<Discovery> | undefined;
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
  const discover = () => {
    discovery ??= fetcher(`${oidc.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) }).then((response) => {
      if (!response.ok) throw new Error(`discovery answered ${response.status}`);
      return response.json() as Promise<Discovery>;
    });
    // A failed discovery is retried by the next request.
    discovery.catch(() => (discovery = undefined));
    return discovery;
  };
  const userinfoCache = new Map<string, { reader: Reader | undefined; until: number }>();
  const readerFrom = (claims: JWTPayload | Record<string, unknown>): Reader | undefined => {
    if (typeof claims.sub !== 'string' || claims.sub === '') return undefined;
    const name = typeof claims.name === 'string' ? claims.name : typeof claims.email === 'string' ? claims.email : claims.sub;
    return { id: claims.sub, name, roles: rolesFromClaim(claims[oidc.rolesClaim]) };
  };
  /** RFC 7662: active, and issued to the site's client (or naming one of its audiences). */
  const issuedToThisSite = async (endpoint: string, token: string): Promise<boolean> => {
    const answer = await fetcher(endpoint, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${encodeURIComponent(oidc.clientId)}:${encodeURIComponent(clientSecret!)}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ token, token_type_hint: 'access_token' }).toString(),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    }).catch(() => undefined);
    const result = answer?.ok ? ((await answer.json().catch(() => undefined)) as { active?: unknown; client_id?: unknown; aud?: unknown } | undefined) : undefined;
    if (!result || result.active !== true) return false;
    const named = Array.isArray(result.aud) ? result.aud : [result.aud];
    return result.client_id === oidc.clientId || named.some((audience) => typeof audience === 'string' && audiences.includes(audience));
  };
  return async (token) => {
    let found: Discovery;
    try {
      found = await discover();
    } catch (error) {
      console.error(`[mcp] cannot read the OpenID Connect discovery document of ${oidc.issuer}: ${(error as Error).message}`);
      return undefined;
    }
    if (token.split('.').length === 3 && found.jwks_uri) {
      jwks ??= createRemoteJWKSet(new URL(found.jwks_uri));
      try {
        const { payload } = await jwtVerify(token, jwks, { issuer: oidc.issuer, audience: [...audiences] });
        return readerFrom(payload);
      } catch {
        return undefined;
      }
    }
    if (!found.userinfo_endpoint || !found.introspection_endpoint || !clientSecret) return undefined;
    const key = hashToken(token);
    const cached = userinfoCache.get(key);
    if (cached && cached.until > Date.now()) return cached.reader;
    // Userinfo answers for any token of the provider; introspection says whom this one was issued to.
    const response = !(await issuedToThisSite(found.introspection_endpoint, token)) ? undefined : await fetcher(found.userinfo_endpoint, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) }).catch(() => undefined);
    // A provider that does not answer in time, or answers with something other than JSON, accepts nothing (401), never a 500.
    const claims = response?.ok ? ((await response.json().catch(() => undefined)) as Record<string, unknown> | undefined) : undefined;
    const reader = claims && typeof claims === 'object' ? readerFrom(claims) : undefined;
    if (userinfoCache.size >= USERINFO_CACHE_SIZE) userinfoCache.delete(userinfoCache.keys().next().value!);
    userinfoCache.set(key, { reader, until: Date.now() + USERINFO_CACHE_MS });
    return reader;
  };
}
