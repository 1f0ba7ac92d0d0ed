/**
 * Dev check for the e2e OpenID provider harness (not part of any test suite):
 *   npx node tests/e2e/support/oidc-provider.check.ts
 * Starts the provider on 127.0.0.1:4598 and walks the authorization code flow with PKCE the way a
 * browser + Auth.js would, using plain fetch with manual redirects and a tiny cookie jar:
 * discovery → authorization endpoint → login form → POST login (wrong password first) → redirect
 * URI with `code` → token endpoint (client_secret_basic) → ID token claims. Then a second
 * authorization in the same "browser" (provider session reused, no form) redeemed with
 * client_secret_post. Exits non-zero on the first failed expectation.
 */
import { createHash, randomBytes } from 'node:crypto';
import { strict as assert } from 'node:assert';
import { startOidcProvider } from './oidc-provider.ts';

const PORT = 4598;
const CLIENT_ID = 'caravan-docs';
const CLIENT_SECRET = 'caravan-docs-test-secret';
const REDIRECT_URI = 'http://127.0.0.1:4599/api/auth/callback/oidc';
const ROLES_CLAIM = 'caravan_roles';

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** Cookie jar keyed by name (paths and expiry ignored, except deletions): enough for one host. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [key = '', val = ''] = a.trim().split('=');
        return (key.toLowerCase() === 'expires' && Date.parse(val) <= Date.now()) || (key.toLowerCase() === 'max-age' && Number(val) <= 0);
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const jar = new CookieJar();

async function request(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
  jar.store(response);
  console.log(`  ${init.method ?? 'GET'} ${url} → ${response.status}`);
  return response;
}

/** Follows redirects (GET) until leaving the provider; returns the first URL outside it. */
async function followUntil(start: Response, from: string, stopAt: string): Promise<{ url: string; response?: Response }> {
  let response = start;
  let url = from;
  for (let hops = 0; hops < 10; hops++) {
    if (response.status < 300 || response.status >= 400) return { url, response };
    const location = response.headers.get('location');
    assert.ok(location, `redirect ${response.status} without Location`);
    url = new URL(location, url).href;
    if (url.startsWith(stopAt)) return { url };
    response = await request(url);
  }
  throw new Error('too many redirects');
}

function decodeJwtPayload(jwt: string): Record<string, unknown> {
  const [, payload] = jwt.split('.');
  assert.ok(payload, 'id_token is not a JWS');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

function authorizationRequest(authorizationEndpoint: string) {
  const verifier = base64url(randomBytes(32));
  const state = base64url(randomBytes(16));
  const nonce = base64url(randomBytes(16));
  const url = new URL(authorizationEndpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    scope: 'openid profile email',
    state,
    nonce,
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
  }).toString();
  return { url: url.href, verifier, state, nonce };
}

async function redeem(
  tokenEndpoint: string,
  code: string,
  verifier: string,
  auth: 'client_secret_basic' | 'client_secret_post',
): Promise<Record<string, unknown>> {
  const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if (auth === 'client_secret_basic') {
    const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
    headers.authorization = `Basic ${Buffer.from(`${enc(CLIENT_ID)}:${enc(CLIENT_SECRET)}`).toString('base64')}`;
  } else {
    body.set('client_id', CLIENT_ID);
    body.set('client_secret', CLIENT_SECRET);
  }
  const response = await fetch(tokenEndpoint, { method: 'POST', headers, body });
  const json = (await response.json()) as Record<string, unknown>;
  console.log(`  POST ${tokenEndpoint} (${auth}) → ${response.status}`);
  assert.equal(response.status, 200, `token endpoint: ${JSON.stringify(json)}`);
  return json;
}

function checkIdToken(idToken: unknown, issuer: string, nonce: string) {
  assert.equal(typeof idToken, 'string', 'token response has an id_token');
  const claims = decodeJwtPayload(idToken as string);
  console.log('  id_token payload:', JSON.stringify(claims, null, 2).replace(/\n/g, '\n  '));
  assert.equal(claims.iss, issuer);
  assert.equal(claims.aud, CLIENT_ID);
  assert.equal(claims.sub, 'partner-1');
  assert.equal(claims.nonce, nonce);
  assert.equal(claims.name, 'Pat Partner');
  assert.equal(claims.email, 'pat@example.test');
  assert.deepEqual(claims[ROLES_CLAIM], ['partner']);
}

const provider = await startOidcProvider({
  port: PORT,
  clientId: CLIENT_ID,
  clientSecret: CLIENT_SECRET,
  redirectUris: [REDIRECT_URI],
  rolesClaim: ROLES_CLAIM,
  users: [
    { id: 'partner-1', password: 'secret', name: 'Pat Partner', email: 'pat@example.test', roles: ['partner'] },
    { id: 'staff-1', name: 'Sam Staff', email: 'sam@example.test', roles: ['staff', 'partner'] },
  ],
});

try {
  console.log('discovery');
  const discoveryResponse = await fetch(`${provider.issuer}/.well-known/openid-configuration`);
  assert.equal(discoveryResponse.status, 200);
  const discovery = (await discoveryResponse.json()) as Record<string, unknown>;
  console.log(`  issuer: ${JSON.stringify(discovery.issuer)}`);
  assert.equal(discovery.issuer, provider.issuer);
  assert.equal(discovery.issuer, `http://127.0.0.1:${PORT}`);
  const authorizationEndpoint = String(discovery.authorization_endpoint);
  const tokenEndpoint = String(discovery.token_endpoint);
  const userinfoEndpoint = String(discovery.userinfo_endpoint);
  console.log(`  authorization ${authorizationEndpoint}, token ${tokenEndpoint}, userinfo ${userinfoEndpoint}`);
  assert.ok((discovery.claims_supported as string[]).includes(ROLES_CLAIM));
  assert.ok((discovery.token_endpoint_auth_methods_supported as string[]).includes('client_secret_basic'));
  assert.ok((discovery.token_endpoint_auth_methods_supported as string[]).includes('client_secret_post'));
  assert.ok((discovery.code_challenge_methods_supported as string[]).includes('S256'));

  console.log('authorization without PKCE is refused');
  {
    const url = new URL(authorizationRequest(authorizationEndpoint).url);
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const { url: landed } = await followUntil(await request(url.href), url.href, REDIRECT_URI);
    assert.equal(new URL(landed).searchParams.get('error'), 'invalid_request');
  }

  console.log('first sign-in: login form, client_secret_basic');
  {
    const auth = authorizationRequest(authorizationEndpoint);
    const { url: formUrl, response: formResponse } = await followUntil(await request(auth.url), auth.url, REDIRECT_URI);
    assert.ok(formResponse, 'landed on a provider page');
    assert.equal(formResponse.status, 200);
    assert.match(new URL(formUrl).pathname, /^\/interaction\/[^/]+$/);
    const html = await formResponse.text();
    assert.match(html, /<input[^>]*name="login"/);
    assert.match(html, /<input[^>]*name="password"[^>]*type="password"/);
    assert.match(html, /<button type="submit">Sign in<\/button>/);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    assert.ok(action, 'form has an action');
    const actionUrl = new URL(action, formUrl).href;
    const post = (login: string, password: string) =>
      request(actionUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ login, password }) });

    const wrong = await post('partner-1', 'nope');
    assert.equal(wrong.status, 401);
    assert.match(await wrong.text(), /role="alert">Invalid login or password\./);

    const { url: callback } = await followUntil(await post('partner-1', 'secret'), actionUrl, REDIRECT_URI);
    console.log(`  callback: ${callback}`);
    const params = new URL(callback).searchParams;
    assert.equal(params.get('state'), auth.state);
    assert.equal(params.get('iss'), provider.issuer);
    const code = params.get('code');
    assert.ok(code, `callback has a code (${callback})`);

    const tokens = await redeem(tokenEndpoint, code, auth.verifier, 'client_secret_basic');
    checkIdToken(tokens.id_token, provider.issuer, auth.nonce);

    const userinfo = await fetch(userinfoEndpoint, { headers: { authorization: `Bearer ${String(tokens.access_token)}` } });
    const userinfoClaims = (await userinfo.json()) as Record<string, unknown>;
    console.log(`  GET ${userinfoEndpoint} → ${userinfo.status} ${JSON.stringify(userinfoClaims)}`);
    assert.equal(userinfo.status, 200);
    assert.deepEqual(userinfoClaims[ROLES_CLAIM], ['partner']);
  }

  console.log('second sign-in: provider session reused (no form), client_secret_post');
  {
    const auth = authorizationRequest(authorizationEndpoint);
    const { url: callback } = await followUntil(await request(auth.url), auth.url, REDIRECT_URI);
    const params = new URL(callback).searchParams;
    assert.equal(params.get('state'), auth.state);
    const code = params.get('code');
    assert.ok(code, `callback has a code (${callback})`);
    const tokens = await redeem(tokenEndpoint, code, auth.verifier, 'client_secret_post');
    checkIdToken(tokens.id_token, provider.issuer, auth.nonce);
  }

  console.log('oidc-provider check: OK');
} finally {
  await provider.stop();
}
