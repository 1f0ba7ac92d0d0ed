/**
 * CSRF tokens for the server's own forms (the account page): an HMAC of the reader's session
 * cookie under the session secret, so a token is valid only with the session it was made for and
 * cannot be made without the secret. Pure.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function formToken(secret: string, sessionToken: string): string {
  return createHmac('sha256', secret).update(`form:${sessionToken}`).digest('base64url');
}

export function validFormToken(secret: string, sessionToken: string, presented: unknown): boolean {
  if (typeof presented !== 'string') return false;
  const expected = Buffer.from(formToken(secret, sessionToken));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
