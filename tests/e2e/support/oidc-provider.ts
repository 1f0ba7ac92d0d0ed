/**
 * A real OpenID Connect provider (`oidc-provider` v9) for end-to-end tests, on plain http at
 * `http://127.0.0.1:{port}` (the issuer, no trailing slash, exactly as discovery reports it).
 *
 * One confidential client (`client_secret_basic`, `client_secret_post` accepted too), authorization
 * code flow only, PKCE (S256) required. Options add what the console's OAuth tests need
 * (tests/e2e/console-oauth.spec.ts): more clients (public ones too), API scopes, client
 * credentials, the device flow, CORS for a docs site's origin and a resource server that may
 * introspect every token. The ID token carries `name`, `email`, `email_verified` and
 * the roles claim (`options.rolesClaim`, an array of strings) already under the `openid` scope
 * (`conformIdTokenClaims: false`), so an Auth.js `type: 'oidc'` provider reads them from the ID
 * token whatever scopes it asks for.
 *
 * Login: a custom interaction instead of oidc-provider's dev interactions (disabled). The
 * authorization endpoint redirects the browser to `/interaction/{uid}`, a page titled "Sign in"
 * with one form:
 *   <input name="login">                  user id (label "Login")
 *   <input name="password" type="password"> (label "Password")
 *   <button type="submit">Sign in</button>
 * A Playwright test fills both and clicks "Sign in"; consent is granted automatically, so there is
 * no second page: the browser goes straight back to the client's redirect URI with `code`.
 *   await page.getByLabel('Login').fill('partner-1');
 *   await page.getByLabel('Password').fill('secret');
 *   await page.getByRole('button', { name: 'Sign in' }).click();
 * A wrong login or password re-renders the form with status 401 and
 * `<p role="alert">Invalid login or password.</p>`. A user without `password` accepts any password.
 *
 * The provider keeps its own session cookie (`_session`, on host 127.0.0.1: cookies ignore ports,
 * so it is also sent to the app; names do not clash with Auth.js's). While it lives, a second
 * sign-in in the same browser context skips the form and signs in as the same user again; use a
 * new browser context (or a new provider) to sign in as someone else.
 *
 * Everything (sessions, codes, grants) lives in memory and goes away with `stop()`.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

interface OidcTestUser {
  id: string;
  password?: string;
  name: string;
  email: string;
  roles: string[];
}

export interface OidcTestProvider {
  issuer: string;
  stop(): Promise<void>;
}

export interface OidcProviderOptions {
  /** Listen on 127.0.0.1:port; the issuer is `http://127.0.0.1:${port}`. */
  port: number;
  clientId: string;
  clientSecret: string;
  /** e.g. http://127.0.0.1:4599/api/auth/callback/oidc */
  redirectUris: string[];
  /** Name of the ID token claim carrying the user's roles, e.g. "caravan_roles". */
  rolesClaim: string;
  users: OidcTestUser[];
  /** More clients, as oidc-provider's client metadata (the API console's public client, a client-credentials client, a resource server). */
  extraClients?: Array<Record<string, unknown>>;
  /** Origins whose browser calls to the token, device and introspection endpoints are allowed (CORS); none by default. */
  corsOrigins?: string[];
  /** Scopes beyond OpenID Connect's that the provider grants (an API's own). */
  scopes?: string[];
  /** Turns on the client credentials grant (RFC 6749 4.4). */
  clientCredentials?: boolean;
  /** Turns on the device authorization grant (RFC 8628), with oidc-provider's own code entry pages. */
  deviceFlow?: boolean;
  /** Client ids that may introspect every token (a resource server); other clients only their own. */
  introspectors?: string[];
}

// ---------------------------------------------------------------------------------------------
// The slice of oidc-provider's API used here (the package ships no type declarations).

interface Interaction {
  uid: string;
  prompt: { name: string; details: Record<string, unknown> };
  params: Record<string, unknown>;
  session?: { accountId?: string };
}

interface Grant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  save(): Promise<string>;
}

interface InteractionResult {
  login?: { accountId: string };
  consent?: { grantId: string };
}

interface Provider {
  callback(): (request: IncomingMessage, response: ServerResponse) => void;
  interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<Interaction>;
  interactionFinished(
    request: IncomingMessage,
    response: ServerResponse,
    result: InteractionResult,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  Grant: new (init: { accountId: string; clientId: string }) => Grant;
  on(event: 'server_error', listener: (ctx: unknown, error: Error) => void): unknown;
}

type ProviderConstructor = new (issuer: string, configuration: Record<string, unknown>) => Provider;

// A non-literal specifier keeps TypeScript from looking for declarations oidc-provider lacks.
const OIDC_PROVIDER_MODULE: string = 'oidc-provider';

// ---------------------------------------------------------------------------------------------
// Minimal in-memory storage. oidc-provider's default adapter is the same thing but prints a
// "development-only" warning on every start.

interface Stored {
  payload: Record<string, unknown>;
  expiresAt: number;
}

function createMemoryAdapter() {
  const store = new Map<string, Stored>();
  const live = (key: string | undefined) => {
    if (key === undefined) return undefined;
    const entry = store.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      store.delete(key);
      return undefined;
    }
    return entry;
  };
  return class MemoryAdapter {
    readonly model: string;
    constructor(model: string) {
      this.model = model;
    }
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: Record<string, unknown>, expiresIn?: number) {
      const expiresAt = typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : Infinity;
      store.set(this.key(id), { payload, expiresAt });
    }
    async find(id: string) {
      return live(this.key(id))?.payload;
    }
    async findByUid(uid: string) {
      for (const [key, entry] of store) {
        if (key.startsWith(`${this.model}:`) && entry.payload.uid === uid) return live(key)?.payload;
      }
      return undefined;
    }
    async findByUserCode(userCode: string) {
      for (const [key, entry] of store) {
        if (key.startsWith(`${this.model}:`) && entry.payload.userCode === userCode) return live(key)?.payload;
      }
      return undefined;
    }
    async consume(id: string) {
      const entry = live(this.key(id));
      if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, entry] of store) {
        if (entry.payload.grantId === grantId) store.delete(key);
      }
    }
  };
}

// ---------------------------------------------------------------------------------------------
// The login page.

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function loginPage(uid: string, login = '', error?: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Sign in</title></head>
<body>
  <main>
    <h1>Sign in</h1>
    ${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
    <form method="post" action="/interaction/${encodeURIComponent(uid)}" autocomplete="off">
      <label for="login">Login</label>
      <input id="login" name="login" type="text" value="${escapeHtml(login)}" required autofocus>
      <label for="password">Password</label>
      <input id="password" name="password" type="password">
      <button type="submit">Sign in</button>
    </form>
  </main>
</body>
</html>`;
}

function devicePage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${title}</title></head>
<body><main><h1>${title}</h1>${body}</main></body>
</html>`;
}

function sendHtml(response: ServerResponse, status: number, html: string) {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(html),
  });
  response.end(html);
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Claims requested through the `claims` authorization parameter (Auth.js does not use it). */
function requestedClaims(claimsParam: unknown): string[] {
  if (typeof claimsParam !== 'string') return [];
  try {
    const parsed = JSON.parse(claimsParam) as { id_token?: object; userinfo?: object };
    return [...Object.keys(parsed.id_token ?? {}), ...Object.keys(parsed.userinfo ?? {})];
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------------------------------------

export async function startOidcProvider(options: OidcProviderOptions): Promise<OidcTestProvider> {
  const { port, clientId, clientSecret, redirectUris, rolesClaim, users, extraClients = [], corsOrigins = [], scopes = [], introspectors = [] } = options;
  const issuer = `http://127.0.0.1:${port}`;
  const usersById = new Map(users.map((user) => [user.id, user]));

  const { default: Provider } = (await import(OIDC_PROVIDER_MODULE)) as { default: ProviderConstructor };

  // Our own signing key (RS256 for ID tokens) instead of the bundled dev keys, which warn.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'oidc-test-rs256', use: 'sig', alg: 'RS256' };

  const provider = new Provider(issuer, {
    adapter: createMemoryAdapter(),
    jwks: { keys: [signingKey] },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // Auth.js's default; client_secret_post is accepted for the same client as well
        // (oidc-provider treats the two secret methods as interchangeable).
        token_endpoint_auth_method: 'client_secret_basic',
      },
      ...extraClients,
    ],
    ...(scopes.length > 0 ? { scopes: ['openid', 'offline_access', ...scopes] } : {}),
    // `none`: public clients (a browser app with PKCE), when a test registers one.
    clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'none'],
    pkce: { required: () => true },
    // Scope → claims. Everything the app needs is released under `openid` alone; `profile` and
    // `email` carry their usual claims too so that those scopes are recognised.
    claims: {
      openid: ['sub', 'name', 'email', 'email_verified', rolesClaim],
      profile: ['name', rolesClaim],
      email: ['email', 'email_verified'],
    },
    // Put the scope-granted claims in the ID token even though an access token is issued too.
    conformIdTokenClaims: false,
    async findAccount(_ctx: unknown, sub: string) {
      const user = usersById.get(sub);
      if (!user) return undefined;
      return {
        accountId: user.id,
        async claims() {
          return { sub: user.id, name: user.name, email: user.email, email_verified: true, [rolesClaim]: [...user.roles] };
        },
      };
    },
    features: {
      devInteractions: { enabled: false },
      // The docs' MCP server checks opaque access tokens here (RFC 7662) before trusting userinfo.
      introspection: {
        enabled: true,
        // A client may introspect only tokens issued to it (the library's default, spelled out: it asks to).
        allowedPolicy: async (_ctx: unknown, client: { clientId: string }, token: { clientId?: string }) => introspectors.includes(client.clientId) || token.clientId === client.clientId,
      },
      clientCredentials: { enabled: options.clientCredentials === true },
      // The device flow's pages, plain (oidc-provider's own load web fonts and print notices):
      // "Device sign-in" (the code, "Continue"), "Confirm the device" ("Continue", "Abort"), "Signed in".
      deviceFlow: {
        enabled: options.deviceFlow === true,
        async userCodeInputSource(ctx: { body: string }, form: string, _out: unknown, error: unknown) {
          ctx.body = devicePage('Device sign-in', `${error ? '<p role="alert">The code is not valid.</p>' : '<p>Enter the code shown on your device.</p>'}${form}<button type="submit" form="op.deviceInputForm">Continue</button>`);
        },
        async userCodeConfirmSource(ctx: { body: string }, form: string, _client: unknown, _device: unknown, userCode: string) {
          ctx.body = devicePage('Confirm the device', `<p>The device shows <code>${escapeHtml(userCode)}</code>.</p>${form}<button type="submit" form="op.deviceConfirmForm">Continue</button> <button type="submit" form="op.deviceConfirmForm" name="abort" value="yes">Abort</button>`);
        },
        async successSource(ctx: { body: string }) {
          ctx.body = devicePage('Signed in', '<p>The device is signed in; you can close this page.</p>');
        },
      },
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    cookies: {
      keys: ['oidc-test-cookie-key-1', 'oidc-test-cookie-key-2'],
    },
    // Fixed lifetimes (the defaults are functions that print "you SHOULD change it" notices).
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 3600,
      Grant: 3600,
      RefreshToken: 3600,
      ClientCredentials: 600,
      DeviceCode: 600,
    },
    clientBasedCORS: (_ctx: unknown, origin: string) => corsOrigins.includes(origin),
    async renderError(ctx: { type: string; body: string }, out: Record<string, string>) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>OpenID provider error</title></head><body><main><h1>OpenID provider error</h1>${Object.entries(
        out,
      )
        .map(([key, value]) => `<p><strong>${escapeHtml(key)}</strong>: ${escapeHtml(String(value))}</p>`)
        .join('')}</main></body></html>`;
    },
  });

  provider.on('server_error', (_ctx, error) => {
    console.error('[oidc-provider] server_error:', error);
  });

  /** Login (and, on the same submit, consent) for `/interaction/:uid`. */
  const interaction = async (request: IncomingMessage, response: ServerResponse, uid: string) => {
    let details: Interaction;
    try {
      details = await provider.interactionDetails(request, response);
    } catch (error) {
      return sendHtml(response, 400, `<!doctype html><title>Sign in</title><p role="alert">${escapeHtml(String(error))}</p>`);
    }
    if (details.uid !== uid) return sendHtml(response, 400, '<!doctype html><title>Sign in</title><p role="alert">Interaction mismatch.</p>');

    const grantConsent = async (accountId: string) => {
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const claims = requestedClaims(details.params.claims);
      if (claims.length) grant.addOIDCClaims(claims);
      return grant.save();
    };

    if (details.prompt.name === 'consent') {
      // Already signed in at the provider, consent missing (e.g. new scopes): grant it silently.
      const accountId = details.session?.accountId;
      if (!accountId) return sendHtml(response, 400, '<!doctype html><title>Sign in</title><p role="alert">No session.</p>');
      return provider.interactionFinished(request, response, { consent: { grantId: await grantConsent(accountId) } }, { mergeWithLastSubmission: true });
    }

    if (request.method === 'GET') return sendHtml(response, 200, loginPage(uid));
    if (request.method !== 'POST') {
      response.writeHead(405, { allow: 'GET, POST' });
      return response.end();
    }

    const form = await readForm(request);
    const login = form.get('login')?.trim() ?? '';
    const password = form.get('password') ?? '';
    const user = usersById.get(login);
    if (!user || (user.password !== undefined && user.password !== password)) {
      return sendHtml(response, 401, loginPage(uid, login, 'Invalid login or password.'));
    }
    const grantId = await grantConsent(user.id);
    return provider.interactionFinished(
      request,
      response,
      { login: { accountId: user.id }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };

  const handleProvider = provider.callback();
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', issuer).pathname;
    const match = /^\/interaction\/([^/]+)\/?$/.exec(path);
    if (!match?.[1]) return handleProvider(request, response);
    interaction(request, response, decodeURIComponent(match[1])).catch((error: unknown) => {
      console.error('[oidc-provider] interaction error:', error);
      if (!response.headersSent) sendHtml(response, 500, '<!doctype html><title>Sign in</title><p role="alert">Interaction failed.</p>');
      else response.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

  let stopped: Promise<void> | undefined;
  return {
    issuer,
    stop() {
      stopped ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return stopped;
    },
  };
}
