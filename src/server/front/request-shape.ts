/**
 * Requests the front refuses for their shape, before anything behind it builds a URL from them. Pure.
 */
import type { IncomingMessage } from 'node:http';
import { requestHost } from '../host.ts';

/**
 * Why a request cannot be served at all (400), or undefined: its Host is not one host (the adapter
 * would build `http://a@localhost/…`, which fetch's Request refuses: a 500), or its target is not
 * a path (an absolute or asterisk target).
 */
export function malformedRequest(req: Pick<IncomingMessage, 'rawHeaders' | 'url'>): string | undefined {
  if (requestHost(req.rawHeaders) === 'malformed') return 'The Host header must be one host name or address and an optional port.';
  if (!(req.url ?? '').startsWith('/')) return 'The request target must be a path (origin-form).';
  return undefined;
}

/** A segment a URL parser removes or climbs with: `.`, `..`, and their percent-encoded spellings. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * The path with its dot segments resolved, or undefined when it has none (URL parsers also take
 * `\` for `/`). Resolved on a fixed origin, so a path starting `//` cannot name a host (it stays a
 * path starting `//`, which the caller must not send anyone to).
 */
export function withoutDotSegments(path: string): string | undefined {
  if (!path.split(/[/\\]/).some((segment) => DOT_SEGMENT.test(segment))) return undefined;
  return new URL(`http://front.invalid${path}`).pathname;
}
