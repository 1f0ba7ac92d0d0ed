import { defineMiddleware } from 'astro:middleware';
import { buildId } from 'virtual:caravan-docs/build';
import { DocsInputError } from '../config/errors.ts';
import { rolesKey } from '../model/access.ts';
import { config } from '../lib/site.ts';
import { readerOf, serverSecrets } from './auth-runtime.ts';
import { authAction } from './auth-request.ts';
import { receivedPath } from './request-target.ts';
import { StoreUnavailableError } from './store/index.ts';
import { storeUnavailable } from './store-unavailable.ts';

/** Header by which the page route marks a response as the same for every reader with these roles. */
export const CACHEABLE_HEADER = 'x-caravan-docs-cacheable';
const MAX_ENTRIES = 500;

/**
 * Server builds only. Reads the session once per on-demand request (into `locals.reader`), and
 * keeps rendered pages per path and role set: an on-demand page depends on nothing else (the
 * reader's name is filled in by the browser), and the build's content never changes while the
 * server runs. Only responses the page route marks after its role check are kept, so a cached
 * page is only ever replayed to a reader whose roles passed that same check. Entries are keyed
 * by the build id too, and stay in this instance: rendering is cheap, and a hit must not cost a
 * round trip to the shared store.
 */
// Bodies are kept encoded, so a hit costs no UTF-8 encoding (a Response copies an ArrayBuffer body).
const cache = new Map<string, { body: ArrayBuffer; status: number; headers: [string, string][] }>();

/** A sign-out post (`{base}api/auth/signout`, spelled as Auth.js reads it). */
function isSignOut(request: Request): boolean {
  return request.method === 'POST' && authAction(new URL(request.url).pathname, `${config.base}api/auth`).join('/') === 'signout';
}

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  let reader;
  try {
    serverSecrets();
    reader = await readerOf(context.request);
  } catch (error) {
    // The shared store does not answer: whether this session was signed out is unknown, so fail
    // closed; but a sign-out goes on, to clear the cookie in this browser (the route says 503).
    if (error instanceof StoreUnavailableError) return isSignOut(context.request) ? next() : storeUnavailable();
    // A missing secret (the server was started without `npm run serve`'s check): serverSecrets()
    // has logged the variable and the fix; readers get a short answer, not a stack trace.
    if (!(error instanceof DocsInputError)) throw error;
    return new Response('Sign-in is not configured on this server yet. The server log says what is missing.\n', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '60' } });
  }
  context.locals.reader = reader;
  if (context.request.method !== 'GET') return next();

  // The path as received: the page route decides on it (decoded once), so two spellings are two entries.
  const key = `${buildId}|${receivedPath(context.request)}|${reader ? rolesKey(reader.roles) : '-'}`;
  const hit = cache.get(key);
  if (hit) return new Response(hit.body, { status: hit.status, headers: hit.headers });

  const response = await next();
  if (!response.headers.has(CACHEABLE_HEADER)) return response;
  const headers = [...response.headers].filter(([name]) => name !== CACHEABLE_HEADER && name !== 'set-cookie');
  const body = await response.arrayBuffer();
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, { body, status: response.status, headers });
  return new Response(body, { status: response.status, headers });
});
