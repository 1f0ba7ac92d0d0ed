import { Auth, type AuthConfig } from '@auth/core';
import { decode } from '@auth/core/jwt';
import { users } from 'virtual:caravan-docs/users';
import { serverSecretsFrom, type ServerSecrets } from '../config/env.ts';
import { DocsInputError } from '../config/errors.ts';
import { nextParam, safeNextPath } from '../auth/next-path.ts';
import { createSignInGate, normalUsername, signInLimitsFrom, throttledAddress, type AttemptOutcome, type SignInGate } from '../auth/sign-in-gate.ts';
import type { Reader } from '../model/access.ts';
import { config } from '../lib/site.ts';
import { tokenReader } from '../mcp/token-reader.ts';
import { createAuthConfig, readerFromToken, SESSION_MAX_AGE_SECONDS } from './auth-config.ts';
import { authAction, canonicalAuthPost, readerAddress, refusedForCsrf } from './auth-request.ts';
import { readableSearchGroups } from './gated-search.ts';
import { PRIVATE_HEADERS } from './private-response.ts';
import { isRevoked, pendingSignOuts, revokeSession, type SessionIdentity } from './revocation.ts';
import { asReaderSent, publicOrigin, untrustedForwardingNotice } from './forwarded.ts';
import { clearsSession, sessionCookieName, sessionToken } from './session-cookie.ts';
import { sharedStore, StoreUnavailableError } from './store/index.ts';
import { createMemoryStore } from './store/memory.ts';
import { storeUnavailable } from './store-unavailable.ts';

/**
 * The sign-in server's state: secrets from the environment, the Auth.js configuration, the
 * session-cookie reader and the sign-in throttle. A session lives in its encrypted cookie;
 * what instances share beyond the secret (ended sessions, failed sign-ins) is in the shared store.
 */
let secrets: ServerSecrets | undefined;

/** The secrets, read once; a missing one is logged as the fix to apply, never as a stack trace. */
export function serverSecrets(): ServerSecrets {
  if (!secrets) {
    try {
      secrets = serverSecretsFrom(process.env, config);
    } catch (error) {
      // Logged once per request that needs it until the variable is set; never with a stack trace.
      if (error instanceof DocsInputError) console.error(`[caravan-docs] Cannot serve sign-in. ${error.format()}`);
      throw error;
    }
  }
  return secrets;
}

const authConfigs = new Map<boolean, AuthConfig>();

/**
 * The Auth.js configuration for plain-http or https requests (cookie names and `Secure` differ).
 * A password sign-in gets one of its own, told the result of its password check.
 */
function authConfig(request: Request, onPasswordChecked?: (valid: boolean) => void): AuthConfig {
  const secure = secureRequest(request);
  const { session, oidcClient } = serverSecrets();
  const settings = { config, users, secret: session, oidcClientSecret: oidcClient, secureCookies: secure };
  if (onPasswordChecked) return createAuthConfig({ ...settings, onPasswordChecked });
  let cached = authConfigs.get(secure);
  if (!cached) {
    cached = createAuthConfig(settings);
    authConfigs.set(secure, cached);
  }
  return cached;
}

interface Session {
  reader: Reader;
  identity: SessionIdentity;
}

/** Decoded sessions by cookie value: the same cookie always decodes the same, so only expiry is re-checked. */
const sessionCache = new Map<string, { session: Session; expiresAt: number }>();
const SESSION_CACHE_SIZE = 10_000;

/**
 * The signed-in reader of a request, or undefined (no cookie; tampered, truncated, expired or
 * signed-out session). The revocation check runs on every request, after the decode cache, so a
 * sign-out on any instance takes effect at once. Throws StoreUnavailableError when the store does not answer.
 */
export async function readerOf(request: Request): Promise<Reader | undefined> {
  const session = await sessionOf(request);
  if (!session || unrecordedSignOuts.has(session.identity.sid)) return undefined;
  return (await isRevoked(sharedStore(), session.identity, { guardDataLoss: Boolean(serverSecrets().redisUrl) })) ? undefined : session.reader;
}

/** Sign-outs made while the store did not answer: refused here at once, recorded when it answers. */
const unrecordedSignOuts = pendingSignOuts(sharedStore);

/** The decoded session of a request, without the revocation check. */
async function sessionOf(request: Request): Promise<Session | undefined> {
  const secure = secureRequest(request);
  const name = sessionCookieName(secure);
  const token = sessionToken(request.headers.get('cookie') ?? '', name);
  if (!token) return undefined;
  const now = Date.now();
  // Keyed by cookie name too: the name is the token's key-derivation salt.
  const key = `${name}=${token}`;
  const cached = sessionCache.get(key);
  if (cached) {
    if (cached.expiresAt > now) return cached.session;
    sessionCache.delete(key);
    return undefined;
  }
  let payload: Record<string, unknown> | null = null;
  try {
    payload = await decode({ token, secret: serverSecrets().session, salt: name });
  } catch {
    payload = null;
  }
  const claimed = readerFromToken(payload);
  // A session without an id cannot be signed out, so it is not accepted (sessions from before ids existed sign in again).
  if (!claimed || typeof payload?.sid !== 'string' || payload.sid === '') return undefined;
  // The reader as users.yml has them now, as for agent tokens: removed, the session ends; roles
  // taken away, it loses them (it never gains one). The readers come with the build, so the
  // answer is cached with the decoded cookie.
  const current = tokenReader({ reader: claimed, source: claimed.source }, { users, oidc: Boolean(config.auth.oidc) });
  if (!current.ok) return undefined;
  const reader = current.reader;
  const session = { reader, identity: { sid: payload.sid, readerId: reader.id, signedInAt: payload.signedInAt as number } };
  // Cached until the cookie expires or the session's lifetime from signing in ends, whichever is first.
  const expiresAt = typeof payload.exp === 'number' ? Math.min(payload.exp, session.identity.signedInAt + SESSION_MAX_AGE_SECONDS) * 1000 : 0;
  if (expiresAt <= now) return undefined;
  if (sessionCache.size >= SESSION_CACHE_SIZE) sessionCache.delete(sessionCache.keys().next().value!);
  sessionCache.set(key, { session, expiresAt });
  return session;
}

let gate: SignInGate | undefined;

/**
 * The sign-in throttle (`security.signInLimits`): counted in the shared store for a fleet; on one
 * instance in a memory store of its own, so sign-in counters never evict a recorded sign-out.
 * Attempts that count nothing leave no keys (the gate deletes a counter given back to 0), so only
 * failures fill it: 20 per address (an IPv6 /64) per 15 minutes, a few keys each.
 */
function signInGate(): SignInGate {
  gate ??= createSignInGate(serverSecrets().redisUrl ? sharedStore() : createMemoryStore(), signInLimitsFrom(config.security.signInLimits));
  return gate;
}

/**
 * What `/api/auth/*` answers: Auth.js, with password sign-ins throttled (src/auth/sign-in-gate.ts),
 * and sign-outs recorded in the shared store. While the store does not answer: 503.
 * `reader` is the request's signed-in reader as the middleware read it (`readerOf`).
 */
export async function handleAuthRequest(request: Request, peerAddress: string, reader: Reader | undefined): Promise<Response> {
  try {
    return privately(await authAnswer(readerRequest(request), peerAddress, reader));
  } catch (error) {
    if (error instanceof StoreUnavailableError) return storeUnavailable();
    throw error;
  }
}

/** Every `/api/auth/*` answer is per reader (a CSRF token, a session, a redirect with cookies): no cache may keep one. */
function privately(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set('cache-control', PRIVATE_HEADERS['cache-control']);
  const vary = headers.get('vary');
  if (!vary?.split(',').some((token) => token.trim().toLowerCase() === 'cookie')) headers.set('vary', vary ? `${vary}, cookie` : 'cookie');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function authAnswer(request: Request, peerAddress: string, reader: Reader | undefined): Promise<Response> {
  const basePath = `${config.base}api/auth`;
  const action = request.method === 'GET' ? authAction(new URL(request.url).pathname, basePath).join('/') : '';
  if (action === 'reader') return readerResponse(reader);
  // Auth.js's own session endpoint knows nothing of sign-outs: a signed-out session gets what no session gets.
  if (action === 'session' && !reader) return Response.json(null, { headers: PRIVATE_HEADERS });
  if (request.method !== 'POST') return Auth(request, authConfig(request));

  // Auth.js and the throttle must read the same username from the same action.
  const post = await canonicalAuthPost(request, basePath, config.security.bodyLimits.signIn);
  if ('refused' in post) return new Response(`${post.reason}\n`, { status: post.refused, headers: { 'content-type': 'text/plain; charset=utf-8', ...(post.refused === 413 ? { connection: 'close' } : {}) } });
  if (post.action.join('/') === 'signout') return signOut(post.request);
  // Its POST (Auth.js's session update) answers and renews the session too: the same rule as for GET.
  if (post.action.join('/') === 'session' && !reader) return Response.json(null, { headers: PRIVATE_HEADERS });
  if (post.action.join('/') !== 'callback/credentials') return Auth(post.request, authConfig(post.request));

  const username = normalUsername(post.fields.get('username') ?? '');
  // The socket's peer, unless trusted proxies are declared: a client's own X-Forwarded-For never counts.
  const forwardedFor = request.headers.get('x-forwarded-for');
  noticeUntrustedForwarding(forwardedFor, serverSecrets().proxyHops);
  const address = readerAddress(forwardedFor, peerAddress, serverSecrets().proxyHops);
  // The gate's slots already bound parallel guesses. One check at a time per address keeps one
  // client from taking every hashing thread; none per username, so a stranger's queued guesses
  // never delay the reader's own sign-in.
  return inTurn(`address:${throttledAddress(address)}`, () => checkPassword(post.request, post.fields, username, address));
}

const noticeUntrustedForwarding = untrustedForwardingNotice((message) => console.warn(message));

/**
 * One throttled password sign-in. The outcome is what the password check itself found (whatever
 * shape Auth.js gives its answer); it fails closed: an attempt counts nothing only when Auth.js
 * provably refused it before the check (its CSRF token), and anything else unexplained counts as a failure.
 */
async function checkPassword(request: Request, fields: ReadonlyMap<string, string>, username: string, address: string): Promise<Response> {
  const attempt = await signInGate().begin(username, address);
  if (!attempt.allowed) return tooManyAttempts(attempt.retryAfter);
  let checked: boolean | undefined;
  let response: Response;
  try {
    response = await Auth(request, authConfig(request, (valid) => (checked = valid)));
  } catch (error) {
    await attempt.settle(checked === true ? 'success' : 'failure');
    throw error;
  }
  const outcome: AttemptOutcome = checked === undefined ? ((await refusedBeforeCheck(response)) ? 'unchecked' : 'failure') : checked ? 'success' : 'failure';
  await attempt.settle(outcome);
  return outcome === 'success' ? response : keepNext(response, safeNextPath(fields.get('callbackUrl') ?? '', config.base));
}

/** Auth.js answered a CSRF refusal, as a redirect or (with `X-Auth-Return-Redirect`) as JSON naming the URL. */
async function refusedBeforeCheck(response: Response): Promise<boolean> {
  if (refusedForCsrf(response.headers.get('location'))) return true;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return false;
  const body: unknown = await response.clone().json().catch(() => undefined);
  return typeof body === 'object' && body !== null && refusedForCsrf(String((body as { url?: unknown }).url ?? ''));
}

/**
 * Sign-out: Auth.js checks the CSRF token and clears the cookie; then the session's id is recorded
 * as ended, so a copy of the cookie is refused by every instance. If the store cannot record it,
 * the cookie is still cleared in this browser and the reader is told (503).
 */
async function signOut(request: Request): Promise<Response> {
  const session = await sessionOf(request);
  const response = await Auth(request, authConfig(request));
  if (!session || !clearsSession(response.headers.getSetCookie(), sessionCookieName(secureRequest(request)))) return response;
  try {
    await revokeSession(sharedStore(), session.identity);
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    unrecordedSignOuts.add(session.identity);
    return storeUnavailable(response.headers.getSetCookie());
  }
  return response;
}

/** The last task queued per key; a task starts when the one before it on the same key has settled. */
const turns = new Map<string, Promise<unknown>>();

function inTurn<T>(key: string, task: () => Promise<T>): Promise<T> {
  const result = (turns.get(key) ?? Promise.resolve()).then(task, task);
  const settled = result.catch(() => undefined);
  turns.set(key, settled);
  void settled.then(() => {
    if (turns.get(key) === settled) turns.delete(key);
  });
  return result;
}

/** Auth.js sends a failed sign-in back to /login without the page the reader asked for: add it as `next`. */
function keepNext(response: Response, next: string | undefined): Response {
  const location = response.headers.get('location');
  if (!next || !location) return response;
  const target = new URL(location, 'http://location.invalid');
  if (target.pathname !== `${config.base}login` || target.searchParams.has('next')) return response;
  target.search = target.search ? `${target.search}&${nextParam(next)}` : `?${nextParam(next)}`;
  const headers = new Headers(response.headers);
  headers.set('location', location.startsWith('/') ? `${target.pathname}${target.search}` : target.href);
  return new Response(response.body, { status: response.status, headers });
}

/**
 * `/api/auth/reader`: who is signed in (for the header of pages that are the same for everyone)
 * and the gated search indexes their roles open.
 * Unlike Auth.js's session endpoint it never renews the cookie, and it answers with the same
 * check the server applies to pages.
 */
function readerResponse(reader: Reader | undefined): Response {
  const body = reader ? { name: reader.name, searchIndexes: readableSearchGroups(reader).map((id) => `${config.base}api/search/${id}/`) } : null;
  return Response.json(body, { headers: PRIVATE_HEADERS });
}

function tooManyAttempts(seconds: number): Response {
  const minutes = Math.ceil(seconds / 60);
  const body = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Too many sign-in attempts</title><main><h1>Too many sign-in attempts</h1><p>After repeated failures, sign-in to this account from your address (or any sign-in from your address) is paused. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.</p><p><a href="${config.base}login">Back to sign-in</a></p></main></html>`;
  return new Response(body, { status: 429, headers: { 'content-type': 'text/html; charset=utf-8', 'retry-after': String(seconds), 'cache-control': 'no-store' } });
}

/** A CSRF token for the sign-in and sign-out forms, with the cookie it pairs with when the reader has none yet. */
export async function csrfFor(sent: Request): Promise<{ token: string; setCookies: string[] }> {
  const request = readerRequest(sent);
  const url = new URL(`${config.base}api/auth/csrf`, request.url);
  const headers = { cookie: request.headers.get('cookie') ?? '', 'x-forwarded-proto': request.headers.get('x-forwarded-proto') ?? '', 'x-forwarded-host': request.headers.get('x-forwarded-host') ?? '' };
  const response = await Auth(new Request(url, { headers }), authConfig(request));
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { token: csrfToken, setCookies: response.headers.getSetCookie() };
}

/** Which sign-in methods the site offers, for the sign-in page. */
export function signInMethods(): { credentials: boolean; oidc: { name: string } | undefined } {
  return { credentials: users.length > 0, oidc: config.auth.oidc ? { name: config.auth.oidc.name } : undefined };
}

/**
 * The request on the origin the reader used: the site's `url` for its own host, and forwarded
 * headers believed only from the trusted proxies, so Auth.js's URLs and the cookies' `Secure`
 * flag agree with what the reader's browser sees.
 */
function readerRequest(request: Request): Request {
  return asReaderSent(request, config.url, serverSecrets().proxyHops);
}

/** Whether the reader's request came over https: the session cookie is then `Secure` and `__Secure-` named. */
export function secureRequest(request: Request): boolean {
  return publicOrigin(request, config.url, serverSecrets().proxyHops).protocol === 'https:';
}
