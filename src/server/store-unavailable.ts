import { config } from '../lib/site.ts';

/**
 * The answer while the shared store does not answer: the server cannot tell whether a session was
 * signed out or how many guesses an account has had, so it refuses (fails closed) instead of guessing.
 */
export function storeUnavailable(setCookies: readonly string[] = []): Response {
  const body = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Sign-in is unavailable</title><main><h1>Sign-in is briefly unavailable</h1><p>The server cannot check sessions right now. Public pages still work. Try again in a few seconds.</p><p><a href="${config.base}">Home</a></p></main></html>`;
  const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', 'retry-after': '5', 'cache-control': 'private, no-store', vary: 'cookie' });
  for (const cookie of setCookies) headers.append('set-cookie', cookie);
  return new Response(body, { status: 503, headers });
}
