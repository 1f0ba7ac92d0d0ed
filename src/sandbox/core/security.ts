/**
 * Credentials from the operation's security requirements: where each scheme's credential
 * travels (bearer and basic in `Authorization`, API keys in a header, query parameter or
 * cookie), whether the request carries one of the right form, and whether the sandbox accepts
 * it (the extension decides, else the scheme's `x-sandbox-credentials`, else any non-empty one).
 */
import type { Credential, RuntimeOperation, RuntimeScheme, SandboxProblem } from './types.ts';

/** RFC 6750 b64token after `Bearer`, scheme name in any case. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;
const BASIC = /^Basic +([A-Za-z0-9+/]+=*) *$/i;

type CredentialReading = { kind: 'missing' } | { kind: 'malformed'; detail: string } | { kind: 'present'; credential: Credential };

export function readCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    if (!cookies.has(name)) cookies.set(name, part.slice(index + 1).trim());
  }
  return cookies;
}

function decodeBase64(text: string): string | undefined {
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(text), (char) => char.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/** Where the scheme's credential goes, for messages: `Authorization: Bearer <token>`, the header `X-API-Key`, … */
function placement(scheme: RuntimeScheme): string {
  switch (scheme.type) {
    case 'bearer':
      return '`Authorization: Bearer <token>`';
    case 'basic':
      return '`Authorization: Basic <base64 of user:password>`';
    case 'apiKey':
      return scheme.in === 'query' ? `the query parameter \`${scheme.name}\`` : scheme.in === 'cookie' ? `the cookie \`${scheme.name}\`` : `the header \`${scheme.name}\``;
    default:
      return 'a credential';
  }
}

function readCredential(scheme: RuntimeScheme, request: Request, url: URL): CredentialReading {
  if (scheme.type === 'bearer' || scheme.type === 'basic') {
    const header = request.headers.get('Authorization');
    if (header === null || header.trim() === '') return { kind: 'missing' };
    const match = (scheme.type === 'bearer' ? BEARER : BASIC).exec(header);
    if (match === null) return { kind: 'malformed', detail: `The Authorization header must read ${scheme.type === 'bearer' ? '`Bearer <token>`' : '`Basic <base64 of user:password>`'}.` };
    if (scheme.type === 'bearer') return { kind: 'present', credential: { scheme: scheme.key, value: match[1]! } };
    const decoded = decodeBase64(match[1]!);
    if (decoded === undefined || !decoded.includes(':')) return { kind: 'malformed', detail: 'Basic credentials must be the base64 of `user:password`.' };
    return { kind: 'present', credential: { scheme: scheme.key, value: decoded } };
  }
  if (scheme.type === 'apiKey' && scheme.name !== undefined) {
    const value = scheme.in === 'query' ? url.searchParams.get(scheme.name) : scheme.in === 'cookie' ? readCookies(request.headers.get('Cookie')).get(scheme.name) : request.headers.get(scheme.name);
    return value === null || value === undefined || value.trim() === '' ? { kind: 'missing' } : { kind: 'present', credential: { scheme: scheme.key, value: value.trim() } };
  }
  // Mutual TLS and unknown schemes cannot be checked in a sandbox: they let everyone through.
  return { kind: 'present', credential: { scheme: scheme.key, value: '' } };
}

function challenge(scheme: RuntimeScheme, error?: string): Record<string, string> {
  if (scheme.type === 'bearer') return { 'WWW-Authenticate': error ? `Bearer error="${error}"` : 'Bearer' };
  if (scheme.type === 'basic') return { 'WWW-Authenticate': 'Basic realm="sandbox"' };
  return {};
}

function accepted(scheme: RuntimeScheme): string {
  return scheme.credentials.length > 0 ? `; the sandbox accepts ${scheme.credentials.join(', ')}` : '; the sandbox accepts any non-empty value';
}

export type Authentication<Principal> = { ok: true; principal: Principal | undefined } | { ok: false; problem: SandboxProblem };

/**
 * Checks the operation's alternatives in order; the first one fully satisfied lets the request
 * through, with the principal of its first checked credential. Otherwise the problem is the
 * most telling one: a refused or malformed credential over a missing one.
 */
export function authenticate<Principal>(
  operation: RuntimeOperation,
  schemes: Readonly<Record<string, RuntimeScheme>>,
  request: Request,
  url: URL,
  resolve: ((credential: Credential) => Principal | undefined) | undefined,
): Authentication<Principal> {
  if (operation.security.length === 0 || operation.security.some((alternative) => alternative.length === 0)) return { ok: true, principal: undefined };
  let best: { rank: number; problem: SandboxProblem } | undefined;
  const consider = (rank: number, problem: SandboxProblem) => {
    if (best === undefined || rank > best.rank) best = { rank, problem };
  };
  for (const [index, alternative] of operation.security.entries()) {
    let principal: Principal | undefined;
    let failed = false;
    for (const key of alternative) {
      const scheme = schemes[key];
      if (scheme === undefined) continue;
      const reading = readCredential(scheme, request, url);
      if (reading.kind === 'missing') {
        consider(0, { status: 401, reason: 'missing_credential', detail: `Send ${placement(scheme)}${accepted(scheme)}.`, headers: challenge(scheme) });
        failed = true;
        break;
      }
      if (reading.kind === 'malformed') {
        consider(1, { status: 401, reason: 'malformed_credential', detail: `${reading.detail.replace(/\.$/, '')}${accepted(scheme)}.`, headers: challenge(scheme) });
        failed = true;
        break;
      }
      if (scheme.type === 'other') continue;
      const found = resolve !== undefined ? resolve(reading.credential) : scheme.credentials.length === 0 || scheme.credentials.includes(reading.credential.value) ? (reading.credential as Principal) : undefined;
      if (found === undefined) {
        consider(2, { status: 401, reason: 'invalid_credential', detail: `The credential in ${placement(scheme)} is not valid${accepted(scheme)}.`, headers: challenge(scheme, 'invalid_token') });
        failed = true;
        break;
      }
      // A declared credential that grants listed scopes must grant the ones the operation asks for.
      const granted = resolve === undefined ? scheme.grants?.[reading.credential.value] : undefined;
      const needed = operation.scopes?.[index]?.[key] ?? [];
      const missing = granted === undefined ? [] : needed.filter((scope) => !granted.includes(scope));
      if (missing.length > 0) {
        consider(3, {
          status: 403,
          reason: 'insufficient_scope',
          detail: `The credential lacks the scope${missing.length === 1 ? '' : 's'} ${missing.map((scope) => `\`${scope}\``).join(', ')} this operation needs.`,
          headers: scheme.type === 'bearer' ? { 'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${needed.join(' ')}"` } : {},
        });
        failed = true;
        break;
      }
      principal ??= found;
    }
    if (!failed) return { ok: true, principal };
  }
  return { ok: false, problem: best!.problem };
}
