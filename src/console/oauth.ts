/**
 * OAuth 2 and OpenID Connect for the console's real-API mode, the logic only (no DOM, no
 * storage): PKCE (S256, Web Crypto), `state`, the authorization URL, token requests for the
 * authorization code, client credentials and device code grants, the scopes an operation asks
 * for, the flows an OpenID Connect discovery document offers, the callback page's message check
 * and the device code's polling bounds. `oauth-panel.ts` (loaded only when a reader opens the
 * flows) does the I/O.
 */
import type { UiKey } from '../i18n/strings/en.ts';

/** The grants the console runs (implicit and password are deprecated and not offered). */
export type OAuthFlowName = 'authorizationCode' | 'clientCredentials' | 'deviceAuthorization';

export interface ConsoleOAuthFlow {
  flow: OAuthFlowName;
  authorizationUrl?: string;
  tokenUrl: string;
  deviceAuthorizationUrl?: string;
  /** Scope -> its description, as declared. */
  scopes: Record<string, string>;
}

/** What a console's OAuth 2 or OpenID Connect scheme offers (embedded in the page in real-API mode). */
export interface ConsoleOAuth {
  /** The description's `flows` (OAuth 2); empty for OpenID Connect until discovery fills it. */
  flows: ConsoleOAuthFlow[];
  /** OpenID Connect: the discovery document's URL (`openIdConnectUrl`). */
  discoveryUrl?: string;
  /** The scopes the operation's security requirement names for this scheme. */
  scopes: string[];
}

/** The interface text naming each flow (src/i18n/strings/en-oauth.ts). */
export const FLOW_LABEL_KEYS = {
  authorizationCode: 'oauth.flowAuthorizationCode',
  clientCredentials: 'oauth.flowClientCredentials',
  deviceAuthorization: 'oauth.flowDeviceAuthorization',
} as const satisfies Record<OAuthFlowName, UiKey>;

/** The callback page's message type (public/oauth-callback.js posts it). */
export const CALLBACK_MESSAGE = 'caravan-docs:oauth-callback';

const FLOW_ORDER: OAuthFlowName[] = ['authorizationCode', 'clientCredentials', 'deviceAuthorization'];

const asRecord = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const asString = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** An absolute URL: relative ones are read against the operation's base URL (OpenAPI allows them). */
function absolute(url: string, base: string): string | undefined {
  try {
    return new URL(url, base).href;
  } catch {
    return undefined;
  }
}

/**
 * The flows of an `oauth2` scheme the console can run, in a stable order: each needs its token
 * URL (and the authorization or device authorization URL its grant starts at).
 */
export function consoleFlows(flows: ReadonlyArray<{ flow: string; authorizationUrl?: string; tokenUrl?: string; deviceAuthorizationUrl?: string; scopes: Record<string, string> }>, baseUrl: string): ConsoleOAuthFlow[] {
  const usable: ConsoleOAuthFlow[] = [];
  for (const name of FLOW_ORDER) {
    const declared = flows.find((entry) => entry.flow === name);
    const tokenUrl = declared?.tokenUrl && absolute(declared.tokenUrl, baseUrl);
    if (!declared || !tokenUrl) continue;
    const flow: ConsoleOAuthFlow = { flow: name, tokenUrl, scopes: { ...declared.scopes } };
    if (name === 'authorizationCode') {
      const url = declared.authorizationUrl && absolute(declared.authorizationUrl, baseUrl);
      if (!url) continue;
      flow.authorizationUrl = url;
    }
    if (name === 'deviceAuthorization') {
      const url = declared.deviceAuthorizationUrl && absolute(declared.deviceAuthorizationUrl, baseUrl);
      if (!url) continue;
      flow.deviceAuthorizationUrl = url;
    }
    usable.push(flow);
  }
  return usable;
}

/**
 * The flows an OpenID Connect provider offers, from its discovery document: the authorization
 * code (always, when it has both endpoints), client credentials when `grant_types_supported`
 * names it, the device code when it has a device authorization endpoint. Throws with the reason
 * when the document is not one.
 */
export function flowsFromDiscovery(document: unknown, discoveryUrl: string): ConsoleOAuthFlow[] {
  const doc = asRecord(document);
  const issuer = asString(doc['issuer']);
  const tokenUrl = asString(doc['token_endpoint']);
  if (!issuer || !tokenUrl) throw new Error(`${discoveryUrl} is not an OpenID Connect discovery document (no issuer or token_endpoint)`);
  const supported = Array.isArray(doc['scopes_supported']) ? doc['scopes_supported'].filter((scope): scope is string => typeof scope === 'string') : ['openid'];
  const scopes = Object.fromEntries(supported.map((scope) => [scope, '']));
  const grants = Array.isArray(doc['grant_types_supported']) ? doc['grant_types_supported'] : ['authorization_code'];
  const flows: ConsoleOAuthFlow[] = [];
  const authorizationUrl = asString(doc['authorization_endpoint']);
  if (authorizationUrl && grants.includes('authorization_code')) flows.push({ flow: 'authorizationCode', authorizationUrl, tokenUrl, scopes });
  if (grants.includes('client_credentials')) flows.push({ flow: 'clientCredentials', tokenUrl, scopes });
  const deviceAuthorizationUrl = asString(doc['device_authorization_endpoint']);
  if (deviceAuthorizationUrl) flows.push({ flow: 'deviceAuthorization', deviceAuthorizationUrl, tokenUrl, scopes });
  return flows;
}

/**
 * The scopes to start from: the operation's (its security requirement for this scheme), in the
 * flow's order when it declares them, and `openid` first for OpenID Connect sign-ins (client
 * credentials have no user, so no `openid`).
 */
export function initialScopes(required: readonly string[], flow: Pick<ConsoleOAuthFlow, 'flow' | 'scopes'>, openIdConnect: boolean): string[] {
  const chosen = [...new Set(required)];
  if (openIdConnect && flow.flow !== 'clientCredentials' && !chosen.includes('openid')) chosen.unshift('openid');
  return chosen;
}

/** Every scope a reader may tick for a flow: the declared ones, then any the operation needs that the flow does not declare. */
export function scopeChoices(required: readonly string[], flow: Pick<ConsoleOAuthFlow, 'scopes'>): Array<{ scope: string; description: string }> {
  const choices = Object.entries(flow.scopes).map(([scope, description]) => ({ scope, description }));
  for (const scope of required) if (!Object.hasOwn(flow.scopes, scope)) choices.push({ scope, description: 'needed by this operation' });
  return choices;
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** A random URL-safe string from `bytes` random bytes (32 bytes: a 43-character PKCE verifier, RFC 7636's minimum length and more). */
export function randomToken(bytes = 32, random: (array: Uint8Array) => Uint8Array = (array) => crypto.getRandomValues(array)): string {
  return base64url(random(new Uint8Array(bytes)));
}

/** RFC 7636 S256: base64url(SHA-256(verifier)). */
export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

export interface AuthorizationStart {
  url: string;
  state: string;
  verifier: string;
}

/** The authorization request (code, PKCE S256, a fresh `state`; `nonce` too for OpenID Connect). */
export async function startAuthorization(options: { authorizationUrl: string; clientId: string; redirectUri: string; scopes: readonly string[]; openIdConnect?: boolean; random?: (array: Uint8Array) => Uint8Array }): Promise<AuthorizationStart> {
  const verifier = randomToken(32, options.random);
  const state = randomToken(16, options.random);
  const url = new URL(options.authorizationUrl);
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    state,
    code_challenge: await pkceChallenge(verifier),
    code_challenge_method: 'S256',
  };
  if (options.scopes.length > 0) params['scope'] = options.scopes.join(' ');
  if (options.openIdConnect) params['nonce'] = randomToken(16, options.random);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return { url: url.href, state, verifier };
}

export interface TokenRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const form = (fields: Record<string, string | undefined>) => new URLSearchParams(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')).toString();
const FORM_HEADERS = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' };

/** Exchanging the authorization code (a public client: the PKCE verifier proves it is the one that asked). */
export function codeTokenRequest(options: { tokenUrl: string; clientId: string; code: string; redirectUri: string; verifier: string }): TokenRequest {
  return { url: options.tokenUrl, headers: { ...FORM_HEADERS }, body: form({ grant_type: 'authorization_code', code: options.code, redirect_uri: options.redirectUri, client_id: options.clientId, code_verifier: options.verifier }) };
}

/** Client credentials, the secret sent with HTTP Basic (RFC 6749 2.3.1: id and secret form-encoded first). */
export function clientCredentialsRequest(options: { tokenUrl: string; clientId: string; clientSecret: string; scopes: readonly string[] }): TokenRequest {
  const user = `${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`.replaceAll('%20', '+');
  return { url: options.tokenUrl, headers: { ...FORM_HEADERS, Authorization: `Basic ${btoa(user)}` }, body: form({ grant_type: 'client_credentials', scope: options.scopes.join(' ') }) };
}

/** The device authorization request (RFC 8628 3.1). */
export function deviceAuthorizationRequest(options: { deviceAuthorizationUrl: string; clientId: string; scopes: readonly string[] }): TokenRequest {
  return { url: options.deviceAuthorizationUrl, headers: { ...FORM_HEADERS }, body: form({ client_id: options.clientId, scope: options.scopes.join(' ') }) };
}

/** One poll of the token endpoint for a device code (RFC 8628 3.4). */
export function deviceTokenRequest(options: { tokenUrl: string; clientId: string; deviceCode: string }): TokenRequest {
  return { url: options.tokenUrl, headers: { ...FORM_HEADERS }, body: form({ grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: options.deviceCode, client_id: options.clientId }) };
}

export interface ObtainedToken {
  accessToken: string;
  /** Seconds, when the provider says. */
  expiresIn?: number;
  scope?: string;
}

/** The token from a token endpoint's JSON answer, or an error saying what the provider answered. */
export function readTokenResponse(status: number, body: unknown): ObtainedToken {
  const record = asRecord(body);
  const error = asString(record['error']);
  if (status >= 400 || error) {
    const detail = asString(record['error_description']);
    throw new Error(`the provider refused (${status}${error ? ` ${error}` : ''}${detail ? `: ${detail}` : ''})`);
  }
  const accessToken = asString(record['access_token']);
  if (!accessToken) throw new Error('the provider answered without an access_token');
  const type = asString(record['token_type']);
  if (type && type.toLowerCase() !== 'bearer') throw new Error(`the provider issued a ${type} token; the console sends bearer tokens only`);
  const token: ObtainedToken = { accessToken };
  if (typeof record['expires_in'] === 'number') token.expiresIn = record['expires_in'];
  const scope = asString(record['scope']);
  if (scope) token.scope = scope;
  return token;
}

/**
 * What the callback page posted, if it is the answer this console waits for: from the site's own
 * origin (the callback page is on it), of the callback's type, with the `state` this console
 * sent. Anything else is ignored (another window, a stale or forged answer).
 */
export function acceptCallback(message: { origin: string; data: unknown }, expected: { origin: string; state: string }): { code: string } | { error: string } | undefined {
  if (message.origin !== expected.origin) return undefined;
  const data = asRecord(message.data);
  if (data['type'] !== CALLBACK_MESSAGE || data['state'] !== expected.state) return undefined;
  const code = asString(data['code']);
  if (code) return { code };
  const error = asString(data['error']) ?? 'no code';
  const detail = asString(data['errorDescription']);
  return { error: detail ? `${error}: ${detail}` : error };
}

/** The callback page's URL: one static page at the root of the site (under its base). */
export function callbackUrl(origin: string, base: string): string {
  return `${origin}${base.endsWith('/') ? base : `${base}/`}oauth-callback.html`;
}

/** Bounds of the device code's polling: the provider's interval, never under 1 s, and at most 15 minutes in all. */
const DEVICE_POLL = { minIntervalSeconds: 1, defaultIntervalSeconds: 5, slowDownSeconds: 5, maxSeconds: 900 } as const;

export interface DeviceStart {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  verificationUriComplete?: string;
  intervalSeconds: number;
  /** Seconds from now after which polling stops. */
  expiresInSeconds: number;
}

/** The device authorization answer (RFC 8628 3.2), bounded. */
export function readDeviceStart(status: number, body: unknown): DeviceStart {
  const record = asRecord(body);
  if (status >= 400 || asString(record['error'])) return readTokenResponse(status, body) as never;
  const deviceCode = asString(record['device_code']);
  const userCode = asString(record['user_code']);
  const verificationUri = asString(record['verification_uri']);
  if (!deviceCode || !userCode || !verificationUri) throw new Error('the provider answered without device_code, user_code or verification_uri');
  const interval = typeof record['interval'] === 'number' ? record['interval'] : DEVICE_POLL.defaultIntervalSeconds;
  const expires = typeof record['expires_in'] === 'number' ? record['expires_in'] : DEVICE_POLL.maxSeconds;
  const start: DeviceStart = {
    deviceCode,
    userCode,
    verificationUri,
    intervalSeconds: Math.max(DEVICE_POLL.minIntervalSeconds, interval),
    expiresInSeconds: Math.min(DEVICE_POLL.maxSeconds, Math.max(0, expires)),
  };
  const complete = asString(record['verification_uri_complete']);
  if (complete) start.verificationUriComplete = complete;
  return start;
}

/** What to do after one poll: the token, wait (maybe longer) and poll again, or stop with the reason. */
export type DevicePollStep = { kind: 'token'; token: ObtainedToken } | { kind: 'wait'; intervalSeconds: number } | { kind: 'stop'; reason: string };

export function devicePollStep(status: number, body: unknown, intervalSeconds: number, elapsedSeconds: number, expiresInSeconds: number): DevicePollStep {
  const error = asString(asRecord(body)['error']);
  if (status < 400 && !error) {
    try {
      return { kind: 'token', token: readTokenResponse(status, body) };
    } catch (problem) {
      return { kind: 'stop', reason: (problem as Error).message };
    }
  }
  const next = error === 'slow_down' ? intervalSeconds + DEVICE_POLL.slowDownSeconds : intervalSeconds;
  if (error === 'authorization_pending' || error === 'slow_down') {
    if (elapsedSeconds + next > expiresInSeconds) return { kind: 'stop', reason: 'the code expired before it was confirmed; start again' };
    return { kind: 'wait', intervalSeconds: next };
  }
  if (error === 'access_denied') return { kind: 'stop', reason: 'the sign-in was declined' };
  if (error === 'expired_token') return { kind: 'stop', reason: 'the code expired before it was confirmed; start again' };
  try {
    readTokenResponse(status, body);
  } catch (problem) {
    return { kind: 'stop', reason: (problem as Error).message };
  }
  return { kind: 'stop', reason: `the provider answered ${status}` };
}
