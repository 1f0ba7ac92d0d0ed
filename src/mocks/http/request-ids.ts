/** Request identifiers for `X-Request-Id` and `request_id`. */

export type RequestIdSource = () => string;

/** `req_` and 16 random hex digits (Web Crypto, available in browsers and Node). */
export const randomRequestIds: RequestIdSource = () => {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(8));
  return `req_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
};

/** `req_000001`, `req_000002`, ... for tests that compare whole responses. */
export function sequentialRequestIds(): RequestIdSource {
  let counter = 0;
  return () => `req_${String(++counter).padStart(6, '0')}`;
}
