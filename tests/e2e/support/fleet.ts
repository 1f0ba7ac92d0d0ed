import { encode } from '@auth/core/jwt';
import { join } from 'node:path';
import { OIDC_TEST, PROJECT_ROOT } from './sites.ts';
import { startNodeServer, TEST_AUTH_SECRET, type RunningServer } from './node-server.ts';

/**
 * A fleet of sign-in servers for the fleet tests: instances of one build of the auth fixture
 * (tests/fixtures/auth) sharing one redis-server, and plain-fetch helpers that sign in and out
 * as a browser would (CSRF cookie and token, then the form post).
 */
export const FLEET_PAGES = {
  /** Needs the `partner` role. */
  gated: '/1.0/partners/routes/',
  /** Every gated page's title starts with this marker. */
  marker: 'AUTHGATED',
  /** A public page: a static file. */
  public: '/1.0/overview/',
} as const;

/**
 * Every request of the fleet tests gives up after this: a longer wait is a hang, and a failure.
 * The store's own deadline is 250 ms; the rest is room for a machine shared with other builds.
 */
export const REQUEST_DEADLINE_MS = 5_000;

/**
 * Starts an instance and waits until it is ready, as a load balancer's readiness check would: its
 * first on-demand answers load the server's modules, and the store connects at its first use.
 */
export async function startInstance(out: string, redisUrl: string, docsRoot = join(PROJECT_ROOT, 'tests/fixtures/auth')): Promise<RunningServer> {
  const server = await startNodeServer(out, '/', { CARAVAN_DOCS_REDIS_URL: redisUrl, CARAVAN_DOCS_OIDC_CLIENT_SECRET: OIDC_TEST.clientSecret }, { docsRoot });
  for (const path of ['/api/auth/csrf', FLEET_PAGES.gated, '/login']) await fetch(`${server.url}${path.slice(1)}`, { redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  const probe = await sealedSession({ sub: 'readiness-probe', name: 'Probe', roles: [] });
  for (const deadline = Date.now() + 30_000; ; ) {
    const status = await fetch(`${server.url}api/auth/reader`, { headers: { cookie: probe }, signal: AbortSignal.timeout(30_000) }).then((response) => response.status);
    if (status === 200) break;
    if (Date.now() > deadline) throw new Error(`${server.url} did not reach its store in 30 s:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return server;
}

const origin = (server: RunningServer) => server.url.replace(/\/$/, '');
const cookiesOf = (response: Response) => response.headers.getSetCookie().map((value) => value.split(';')[0]!);

/**
 * A GET with exactly this cookie, never following redirects, bounded by REQUEST_DEADLINE_MS.
 * Retried once when a kept-alive connection was closed by the server as it was reused (the
 * server's idle timeout racing the client); a crashed server then refuses the retry.
 */
export async function get(server: RunningServer, path: string, cookie = ''): Promise<Response> {
  const once = () => fetch(`${origin(server)}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual', signal: AbortSignal.timeout(REQUEST_DEADLINE_MS) });
  try {
    return await once();
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET' || server.process.exitCode !== null || server.process.signalCode !== null) throw error;
    return once();
  }
}

/** A CSRF token and the cookies it pairs with (a form's hidden field, as a rendered page holds it). */
export async function csrf(server: RunningServer, cookie = ''): Promise<{ token: string; cookie: string }> {
  const response = await get(server, '/api/auth/csrf', cookie);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { token: csrfToken, cookie: [cookie, ...cookiesOf(response)].filter(Boolean).join('; ') };
}

function post(server: RunningServer, path: string, cookie: string, form: Record<string, string>): Promise<Response> {
  return fetch(`${origin(server)}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, origin: origin(server), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
    signal: AbortSignal.timeout(REQUEST_DEADLINE_MS),
  });
}

/** The credentials post; returns the response (a session cookie when the password was right). */
export async function tryPassword(server: RunningServer, username: string, password: string): Promise<Response> {
  const { token, cookie } = await csrf(server);
  return post(server, '/api/auth/callback/credentials', cookie, { csrfToken: token, username, password, callbackUrl: '/' });
}

/** Signs in and returns the session cookie (`name=value`). */
export async function signIn(server: RunningServer, username: string, password: string): Promise<string> {
  const response = await tryPassword(server, username, password);
  const session = cookiesOf(response).find((value) => value.startsWith('authjs.session-token=') && !value.endsWith('='));
  if (!session) throw new Error(`signing in as ${username} failed (${response.status} ${response.headers.get('location')})`);
  return session;
}

/** Signs out with the session cookie, as the header's "Sign out" button does. */
export async function signOut(server: RunningServer, session: string): Promise<Response> {
  return postSignOut(server, await csrf(server, session));
}

/** The sign-out form's post, with a token taken earlier (from a page rendered before). */
export function postSignOut(server: RunningServer, form: { token: string; cookie: string }): Promise<Response> {
  return post(server, '/api/auth/signout', form.cookie, { csrfToken: form.token, callbackUrl: '/' });
}

/** A session cookie sealed with the test secret, as the server would issue for this reader (for an admin the fixture lacks). */
export async function sealedSession(claims: { sub: string; name: string; roles: string[] }): Promise<string> {
  const token = await encode({ token: { ...claims, signedInAt: Math.floor(Date.now() / 1000), sid: crypto.randomUUID() }, secret: TEST_AUTH_SECRET, salt: 'authjs.session-token', maxAge: 3600 });
  return `authjs.session-token=${token}`;
}
