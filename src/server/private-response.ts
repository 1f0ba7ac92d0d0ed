/** Headers of every per-reader answer of the server: no shared cache may store or replay it. */
export const PRIVATE_HEADERS = { 'cache-control': 'private, no-store', vary: 'cookie' } as const;

/** A body-less per-reader answer: a redirect (with `location`), 204 or 404. */
export function privateAnswer(status: 204 | 301 | 302 | 404, location?: string): Response {
  return new Response(null, { status, headers: { ...PRIVATE_HEADERS, ...(location === undefined ? {} : { location }) } });
}

/** Marks the response Astro is rendering as per-reader. */
export function markPrivate(headers: Headers): void {
  for (const [name, value] of Object.entries(PRIVATE_HEADERS)) headers.set(name, value);
}
