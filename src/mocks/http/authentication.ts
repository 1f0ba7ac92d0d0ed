/** Bearer authentication (RFC 6750) against the sandbox tokens, and permission checks. */
import { isAllowed, principalForToken, type Permission, type Principal } from '../domain/tokens.ts';
import type { Problem } from './responses.ts';

/** `Bearer` followed by an RFC 6750 b64token. The scheme name is case-insensitive. */
const BEARER_HEADER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

const TOKEN_HINT = 'the sandbox accepts sandbox-trader, sandbox-viewer and sandbox-partner';

export type Authentication = { ok: true; principal: Principal } | { ok: false; problem: Problem };

export function authenticate(authorization: string | null): Authentication {
  if (authorization === null || authorization.trim() === '') {
    return {
      ok: false,
      problem: {
        status: 401,
        code: 'missing_token',
        detail: `Send \`Authorization: Bearer <token>\`; ${TOKEN_HINT}.`,
        headers: { 'WWW-Authenticate': 'Bearer' },
      },
    };
  }
  const match = BEARER_HEADER.exec(authorization);
  if (match === null) {
    return {
      ok: false,
      problem: {
        status: 401,
        code: 'malformed_authorization',
        detail: `The Authorization header must read \`Bearer <token>\`; ${TOKEN_HINT}.`,
        headers: { 'WWW-Authenticate': 'Bearer' },
      },
    };
  }
  const principal = principalForToken(match[1]!);
  if (principal === undefined) {
    return {
      ok: false,
      problem: {
        status: 401,
        code: 'invalid_token',
        detail: `The bearer token is not valid; ${TOKEN_HINT}.`,
        headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
      },
    };
  }
  return { ok: true, principal };
}

/** A 403 problem when the principal lacks the permission, otherwise undefined. */
export function authorize(principal: Principal, permission: Permission): Problem | undefined {
  if (isAllowed(principal, permission)) return undefined;
  return {
    status: 403,
    code: 'insufficient_scope',
    detail: `The token \`${principal.token}\` (${principal.role}) lacks the \`${permission}\` permission.`,
    headers: { 'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${permission}"` },
  };
}
