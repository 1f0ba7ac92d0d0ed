/** Request identifiers for `X-Request-Id` (and for extensions that repeat it in bodies). */

export type RequestIdSource = () => string;

function randomHex(bytes: number): string {
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * `req_` + a random 8-hex-digit prefix chosen at start + a counter: unique per source,
 * unlikely to repeat across reloads, and cheap (no randomness per request).
 */
export function createRequestIds(): RequestIdSource {
  const prefix = randomHex(4);
  let counter = 0;
  return () => `req_${prefix}${(++counter).toString(16).padStart(8, '0')}`;
}

/** `req_000001`, `req_000002`, ... for tests that compare whole responses. */
export function sequentialRequestIds(): RequestIdSource {
  let counter = 0;
  return () => `req_${String(++counter).padStart(6, '0')}`;
}
