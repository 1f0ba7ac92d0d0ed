/**
 * Permalinks to a console's request: `#try=<operationId>.<base64url JSON>` in the page URL.
 * They carry the path, query and body inputs, never the token. Pure.
 */
import type { ConsoleInputs } from './request.ts';

const PREFIX = '#try=';

export interface Permalink {
  operationId: string;
  inputs: ConsoleInputs;
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** The URL fragment for a request. */
export function encodePermalink({ operationId, inputs }: Permalink): string {
  return `${PREFIX}${operationId}.${toBase64Url(JSON.stringify({ p: inputs.params, b: inputs.bodyText }))}`;
}

/** The request in a URL fragment, or undefined when the fragment is not a (valid) permalink. */
export function decodePermalink(hash: string): Permalink | undefined {
  if (!hash.startsWith(PREFIX)) return undefined;
  const rest = hash.slice(PREFIX.length);
  const dot = rest.indexOf('.');
  if (dot <= 0) return undefined;
  try {
    const data = JSON.parse(fromBase64Url(rest.slice(dot + 1))) as { p?: unknown; b?: unknown };
    if (typeof data.p !== 'object' || data.p === null || Array.isArray(data.p)) return undefined;
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(data.p)) if (typeof value === 'string') params[name] = value;
    return { operationId: rest.slice(0, dot), inputs: { params, bodyText: typeof data.b === 'string' ? data.b : '' } };
  } catch {
    return undefined;
  }
}
