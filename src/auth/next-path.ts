/** The `?next=` target after signing in: only a path on this site, never an open redirect. */

const PROBE_ORIGIN = 'http://next.invalid';
// Backslash, ASCII controls, space, and any other whitespace: browsers strip or reinterpret them.
// Encoded "/" and "\" too: a server or proxy on the way may decode them into "//host".
const FORBIDDEN = /[\\\u0000-\u0020\u007f]|\s|%2f|%5c/iu;

function isSafeShape(path: string): boolean {
  // Starting with a single "/" also rules out any "scheme:" URL.
  return path.startsWith('/') && !path.startsWith('//') && !FORBIDDEN.test(path);
}

/** `value` normalised (`pathname + search + hash`) when it is a same-site path under `base` ('/' or '/docs/'), else undefined. */
export function safeNextPath(value: string | null | undefined, base: string): string | undefined {
  if (value === null || value === undefined || !isSafeShape(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PROBE_ORIGIN) return undefined;
  const result = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can collapse to "//host" ("/.//evil.example"), so check the normalised form again.
  if (!isSafeShape(result)) return undefined;
  if (!(url.pathname.startsWith(base) || url.pathname === base.slice(0, -1))) return undefined;
  return result;
}

/** The `next=` query parameter, slashes left readable: `next=/1.2/page/`. */
export function nextParam(next: string): string {
  // "/" needs no escaping in a query (RFC 3986 §3.4); every other reserved character stays encoded.
  return `next=${encodeURIComponent(next).replaceAll('%2F', '/')}`;
}

/** The sign-in page, returning to `next` afterwards: `/login?next=/1.2/page/`. */
export function loginUrl(base: string, next: string): string {
  return `${base}login?${nextParam(next)}`;
}
