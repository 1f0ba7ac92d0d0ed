import { randomUUID } from 'node:crypto';

/** Header carrying the request id, both ways. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An incoming `X-Request-Id` (from a load balancer or the client) when it is well-formed:
 * 1 to 128 characters among letters, digits and `-._:@`, so it can be logged and echoed as it
 * is. Anything else (missing, longer, other characters, repeated header) gets a fresh UUID.
 */
export function requestIdFrom(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && /^[A-Za-z0-9._:@-]{1,128}$/.test(incoming) ? incoming : randomUUID();
}
