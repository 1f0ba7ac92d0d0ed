import { readBoundedText } from './bounded-body.ts';

/**
 * Pure helpers for the sign-in post: one canonical form of it, so Auth.js and the throttle read
 * the same username from the same action; the reader's address; and what Auth.js answered. (The
 * throttle learns a password check's result from the check itself, src/server/auth-config.ts;
 * Auth.js's answer only tells it when an attempt was refused before any check.)
 */

/** The Auth.js action a path names, as Auth.js reads it: segments after the base path, empty ones dropped. */
export function authAction(pathname: string, basePath: string): string[] {
  if (!pathname.startsWith(basePath)) return [];
  return pathname.slice(basePath.length).split('/').filter(Boolean);
}

export type CanonicalPost = { request: Request; fields: ReadonlyMap<string, string>; action: string[] } | { refused: 400 | 413 | 415; reason: string };

/**
 * A form post to `/api/auth/*`, rebuilt so that Auth.js and the limiter read the same fields: only
 * `application/x-www-form-urlencoded`, no field twice, and the path with empty segments removed.
 */
export async function canonicalAuthPost(request: Request, basePath: string, maxBodyBytes: number): Promise<CanonicalPost> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return { refused: 415, reason: 'Sign-in and sign-out take an HTML form post (application/x-www-form-urlencoded).' };
  const body = await readBoundedText(request, maxBodyBytes);
  if (!body.ok) return { refused: 413, reason: `A sign-in form is never larger than ${maxBodyBytes} bytes.` };
  const params = new URLSearchParams(body.text);
  const names = [...params.keys()];
  if (new Set(names).size !== names.length) return { refused: 400, reason: 'A form field is repeated.' };
  const url = new URL(request.url);
  const action = authAction(url.pathname, basePath);
  url.pathname = `${basePath}/${action.join('/')}`;
  const headers = new Headers(request.headers);
  headers.set('content-type', 'application/x-www-form-urlencoded');
  headers.delete('content-length');
  return { request: new Request(url, { method: 'POST', headers, body: params.toString() }), fields: new Map(params), action };
}

/**
 * The reader's address for the per-address limit. With no trusted proxy it is the connection's
 * peer; behind `hops` proxies that each append to X-Forwarded-For, the entry the outermost one
 * added (entries to its left are whatever the client sent, so they are never trusted).
 */
export function readerAddress(forwardedFor: string | null, peer: string, hops: number): string {
  if (hops === 0 || !forwardedFor) return peer;
  const entries = forwardedFor.split(',').map((entry) => entry.trim()).filter(Boolean);
  return entries.length >= hops ? entries[entries.length - hops]! : peer;
}

/**
 * Auth.js refused the post for its CSRF token, before any password check: its answer sends the
 * reader to `?error=MissingCSRF` (in `Location`, or as the JSON `url` with `X-Auth-Return-Redirect`).
 */
export function refusedForCsrf(target: string | null | undefined): boolean {
  if (!target) return false;
  try {
    return new URL(target, 'http://location.invalid').searchParams.get('error') === 'MissingCSRF';
  } catch {
    return false;
  }
}
